// Budgets: one forecast budget per year on the account plan (60-69 charges, 70-79 products, 86/87
// voluntary contributions), totals, surplus and shortfall computed live by the contract's
// computeBudgetTotals (never below zero), amounts shown in euros without decimals; the exercise's
// start and end dates (DSFR date inputs, the end not before the start). An edit sends only the
// changed dates and accounts, once at a time; a refusal is listed in the focused error summary.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { Select } from '@codegouvfr/react-dsfr/Select';
import {
  api,
  BUDGET_ACCOUNT_LABELS as ACCOUNT_LABELS,
  BUDGET_ACCOUNTS,
  CHARGE_ACCOUNTS,
  computeBudgetTotals,
  exerciceProblem,
  isoDateSchema,
  MESSAGES,
  parseBudgetAmount,
  PRODUCT_ACCOUNTS,
  type AssociationBudget,
  type BudgetAccount,
  type BudgetLines,
} from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import type { FieldErrors } from '../../lib/forms/field-errors.ts';
import { useSending } from '../../lib/forms/use-sending.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { changedFields } from './changed-fields.ts';
import { formatEuros } from './format.ts';
import { adminKeys, useRefreshFile } from './use-administrative-data.ts';

export const BUDGET_SAVED = (annee: number) => `Le budget ${annee} a été enregistré.`;


/** The contract's words when the exercise ends before it starts (shared with the server). */
export const EXERCICE_END_BEFORE_START = MESSAGES.exerciceEndBeforeStart;

const EXERCICE = {
  exercice_du: { label: 'Début de l’exercice (facultatif)', schema: isoDateSchema('début d’exercice') },
  exercice_au: { label: 'Fin de l’exercice (facultatif)', schema: isoDateSchema('fin d’exercice') },
} as const;
type ExerciceKey = keyof typeof EXERCICE;
const EXERCICE_KEYS = Object.keys(EXERCICE) as ExerciceKey[];
type Dates = Record<ExerciceKey, string>;

/** The input an error's link leads to: an account's amount, a date; none for another key the server names. */
const fieldIdOf = (key: string): string | null =>
  (BUDGET_ACCOUNTS as readonly string[]).includes(key) ? `field-compte-${key}` : (EXERCICE_KEYS as string[]).includes(key) ? `field-${key}` : null;

/** The exercise's dates: each a calendar date when given, the end not before the start. */
export function exerciceErrors(dates: Dates): FieldErrors {
  const errors: FieldErrors = {};
  for (const k of EXERCICE_KEYS) {
    const parsed = EXERCICE[k].schema.safeParse(dates[k]);
    if (dates[k] !== '' && !parsed.success) errors[k] = parsed.error.issues[0]?.message ?? MESSAGES.httpEmpty;
  }
  if (!errors.exercice_du && !errors.exercice_au) {
    const problem = exerciceProblem(dates.exercice_du, dates.exercice_au);
    if (problem) errors.exercice_au = problem;
  }
  return errors;
}

export function Budgets({ idAsso, readOnly }: { idAsso: string; readOnly: boolean }) {
  const currentYear = new Date().getFullYear();
  const [annee, setAnnee] = useState(currentYear);
  const budgets = useQuery({
    queryKey: adminKeys.budgets(idAsso),
    queryFn: () => callApi(api.association.getBudgets, { query: { id_asso: idAsso } }),
    retry: false,
  });
  const years = [
    ...new Set([
      currentYear + 1,
      currentYear,
      currentYear - 1,
      currentYear - 2,
      ...(budgets.data ?? []).map((b) => b.annee),
    ]),
  ].sort((a, b) => b - a);
  const budget = budgets.data?.find((b) => b.annee === annee) ?? null;

  return (
    <section aria-labelledby="budgets">
      <h2 id="budgets" className={fr.cx('fr-h4')}>
        Budgets
      </h2>
      <Select
        label="Année du budget"
        nativeSelectProps={{
          id: 'field-annee',
          name: 'annee',
          value: String(annee),
          onChange: (e) => setAnnee(Number(e.target.value)),
        }}
      >
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </Select>
      {budgets.isPending && <p>Chargement des budgets…</p>}
      {budgets.isError && (
        <Alert severity="error" small role="alert" description={errorMessage(budgets.error, MESSAGES.httpEmpty)} />
      )}
      {budgets.data && (
        <BudgetForm
          key={`${annee}:${budget?.id ?? 'new'}`}
          idAsso={idAsso}
          annee={annee}
          budget={budget}
          readOnly={readOnly}
        />
      )}
    </section>
  );
}

type Texts = Record<BudgetAccount, string>;

function BudgetForm({
  idAsso,
  annee,
  budget,
  readOnly,
}: {
  idAsso: string;
  annee: number;
  budget: AssociationBudget | null;
  readOnly: boolean;
}) {
  const refresh = useRefreshFile(idAsso);
  const [texts, setTexts] = useState<Texts>(
    () =>
      Object.fromEntries(
        BUDGET_ACCOUNTS.map((a) => [a, budget?.comptes[a] !== undefined ? String(budget.comptes[a]) : '']),
      ) as Texts,
  );
  const [dates, setDates] = useState<Dates>(() => ({
    exercice_du: budget?.exercice_du?.slice(0, 10) ?? '',
    exercice_au: budget?.exercice_au?.slice(0, 10) ?? '',
  }));
  const { summary: errorSummary, errors, refuse, fix, send, sending } = useSending({ targetOf: fieldIdOf });

  const lines: BudgetLines = {};
  for (const a of BUDGET_ACCOUNTS) {
    const amount = parseBudgetAmount(texts[a]);
    if (amount !== null) lines[a] = amount;
  }
  const totals = computeBudgetTotals(lines);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = exerciceErrors(dates);
    for (const a of BUDGET_ACCOUNTS) {
      if (texts[a].trim() !== '' && parseBudgetAmount(texts[a]) === null)
        found[a] = `Le montant du compte ${a} doit être un nombre entier d’euros positif.`;
    }
    if (refuse(found)) return;
    await send(async () => {
      const exercice = {
        exercice_du: dates.exercice_du || null,
        exercice_au: dates.exercice_au || null,
      };
      if (!budget) {
        const given = Object.fromEntries(Object.entries(exercice).filter(([, v]) => v !== null));
        await callApi(api.association.postBudget, {
          query: { id_asso: idAsso, annee },
          body: { ...given, comptes: lines },
        });
      } else {
        const before = {
          ...budget.comptes,
          exercice_du: budget.exercice_du?.slice(0, 10) ?? null,
          exercice_au: budget.exercice_au?.slice(0, 10) ?? null,
        };
        const changes = changedFields([...EXERCICE_KEYS, ...BUDGET_ACCOUNTS], before, { ...exercice, ...lines });
        if (!changes) return;
        await callApi(api.association.patchBudget, { query: { id_asso: idAsso, id: budget.id }, body: changes });
      }
      toast.success(BUDGET_SAVED(annee));
      refresh('budgets');
    });
  }

  const line = (a: BudgetAccount) => (
    <Input
      key={a}
      label={`${a} – ${ACCOUNT_LABELS[a]}`}
      disabled={readOnly}
      state={errors[a] ? 'error' : 'default'}
      stateRelatedMessage={errors[a]}
      nativeInputProps={{
        id: `field-compte-${a}`,
        name: a,
        inputMode: 'numeric',
        value: texts[a],
        'aria-invalid': errors[a] ? true : undefined,
        onChange: (event) => {
          const value = event.target.value;
          setTexts((t) => ({ ...t, [a]: value }));
          fix(a);
        },
      }}
    />
  );

  const date = (k: ExerciceKey) => (
    <Input
      label={EXERCICE[k].label}
      disabled={readOnly}
      state={errors[k] ? 'error' : 'default'}
      stateRelatedMessage={errors[k]}
      nativeInputProps={{
        id: `field-${k}`,
        name: k,
        type: 'date',
        value: dates[k],
        'aria-invalid': errors[k] ? true : undefined,
        onChange: (event) => {
          const value = event.target.value;
          setDates((d) => ({ ...d, [k]: value }));
          fix(k);
        },
      }}
    />
  );

  const summary: [string, number][] = [
    ['Total des charges (60 à 69)', totals.charges],
    ['Total des produits (70 à 79)', totals.produits],
    ['Contributions volontaires – emplois (86)', totals.contributions_charges],
    ['Contributions volontaires – ressources (87)', totals.contributions_produits],
    ['Total général des charges', totals.total_charges],
    ['Total général des produits', totals.total_produits],
    ['Excédent', totals.excedent],
    ['Insuffisance', totals.insuffisance],
  ];

  return (
    <>
      {!budget && <p>Aucun budget n’est encore saisi pour {annee}.</p>}
      <form onSubmit={onSubmit} noValidate aria-label={`Budget ${annee}`}>
        <ErrorSummary {...errorSummary} />
        <fieldset className={fr.cx('fr-fieldset')}>
          <legend className={fr.cx('fr-h6')}>Exercice</legend>
          <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
            {EXERCICE_KEYS.map((k) => (
              <div key={k} className={fr.cx('fr-col-12', 'fr-col-md-6')}>
                {date(k)}
              </div>
            ))}
          </div>
        </fieldset>
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
          <fieldset className={fr.cx('fr-col-12', 'fr-col-md-6', 'fr-fieldset')}>
            <legend className={fr.cx('fr-h6')}>Charges</legend>
            {CHARGE_ACCOUNTS.map(line)}
            {line('86')}
          </fieldset>
          <fieldset className={fr.cx('fr-col-12', 'fr-col-md-6', 'fr-fieldset')}>
            <legend className={fr.cx('fr-h6')}>Produits</legend>
            {PRODUCT_ACCOUNTS.map(line)}
            {line('87')}
          </fieldset>
        </div>
        <dl aria-label="Totaux du budget" className={fr.cx('fr-mb-3w')}>
          {summary.map(([label, amount]) => (
            <div key={label} style={{ display: 'flex', justifyContent: 'space-between', maxWidth: '32rem' }}>
              <dt>{label}</dt>
              <dd data-testid={`total-${label}`}>{formatEuros(amount)}</dd>
            </div>
          ))}
        </dl>
        {!readOnly && (
          <Button type="submit" disabled={sending}>
            {sending ? 'Enregistrement…' : 'Enregistrer le budget'}
          </Button>
        )}
      </form>
    </>
  );
}
