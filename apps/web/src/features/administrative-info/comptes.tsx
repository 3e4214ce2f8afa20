// Comptes: the yearly accounts summaries (charges, produits, dons, subventions; résultat computed
// live as produits − charges by the contract's applyCompteRules), for the years a CRF asks for
// (docs/domain.md « Constantes et affichage »: current year − 1 and − 2). An edit sends only the changed fields; association-wide, so
// read-only for a secondary establishment's member.
import {
  api,
  applyCompteRules,
  compteFieldsSchema,
  type compteSchema,
  euroSchema,
  type CompteFigures,
} from '@portail/contract';
import { type z } from 'zod';
import { callApi } from '../../lib/api/index.ts';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { saveRow } from './changed-fields.ts';
import { formatEuros } from './format.ts';
import { formInput, numberOrNull, toText, yearChoice } from './part-forms.ts';
import { PartFormShell } from './part-form-shell.tsx';
import { RowActions } from './part-row-actions.tsx';
import { PartEditor, PartSection, PartTable } from './part-section.tsx';
import { adminKeys } from './use-administrative-data.ts';
import { useEditablePart } from './use-editable-part.ts';

export const COMPTE_ADDED = (annee: number) => `Les comptes ${annee} ont été enregistrés.`;
export const COMPTE_UPDATED = (annee: number) => `Les comptes ${annee} ont été modifiés.`;

/** docs/domain.md « Constantes et affichage »: the accounts a CRF asks for are those of the previous two years. */
export function compteYears(today: Date = new Date()): number[] {
  const year = today.getFullYear();
  return [year - 1, year - 2];
}

type Compte = z.infer<typeof compteSchema>;

const FIGURES = ['charges', 'produits', 'dons', 'resultat', 'subv'] as const;
const TYPED = ['charges', 'produits', 'dons', 'subv'] as const;
type Typed = (typeof TYPED)[number];
type FormFields = Record<Typed | 'annee', string>;

const newCompteSchema = compteFieldsSchema.extend({ annee: yearChoice() });
type CompteOut = z.output<typeof compteFieldsSchema> & { annee?: number };

/** A typed amount if it is a valid one (for the live result), else null. */
const amount = (text: string, label: string): number | null => {
  const parsed = euroSchema(label).safeParse(numberOrNull(text));
  return parsed.success ? parsed.data : null;
};

/** The figures to store: the typed ones, the result computed from them (or the stored one). */
function figuresOf(values: { [K in Typed]?: number | null }, storedResultat: number | null): CompteFigures {
  return applyCompteRules(
    {
      charges: values.charges ?? null,
      produits: values.produits ?? null,
      dons: values.dons ?? null,
      subv: values.subv ?? null,
      resultat: storedResultat,
    },
    false,
  ).state;
}

export function Comptes({ idAsso, readOnly }: { idAsso: string; readOnly: boolean }) {
  const { query, editing, setEditing, onDelete, onSaved } = useEditablePart<Compte>({
    idAsso,
    part: 'comptes',
    queryKey: adminKeys.part(idAsso, 'comptes'),
    list: () => callApi(api.association.getComptes, { query: { id_asso: idAsso } }),
    remove: (id) => callApi(api.association.deleteCompte, { query: { id_asso: idAsso, id } }),
  });

  const rows = [...(query.data ?? [])].sort((a, b) => b.annee - a.annee);
  return (
    <PartSection
      id="partie-comptes"
      title="Comptes"
      readOnlyNotice={readOnly && 'Seul le siège de l’association peut modifier ses comptes.'}
    >
      <PartTable
        query={query}
        rows={rows}
        loading="Chargement des comptes…"
        empty="Aucun compte n’est enregistré."
        caption="Comptes annuels"
        headers={['Année', 'Charges', 'Produits', 'Résultat', 'Dons', 'Subventions', ...(readOnly ? [] : ['Actions'])]}
        cells={(c) => [
          c.annee,
          formatEuros(c.charges),
          formatEuros(c.produits),
          formatEuros(c.resultat),
          formatEuros(c.dons),
          formatEuros(c.subv),
          ...(readOnly
            ? []
            : [
                <RowActions
                  key="actions"
                  what={`les comptes ${c.annee}`}
                  onEdit={() => setEditing(c)}
                  onDelete={() => onDelete(c)}
                />,
              ]),
        ]}
      />
      {!readOnly && query.data && (
        <PartEditor
          editing={editing}
          addLabel="Ajouter des comptes"
          onAdd={() => setEditing('new')}
          form={(compte) => (
            <CompteForm
              idAsso={idAsso}
              compte={compte}
              takenYears={rows.map((c) => c.annee)}
              onDone={onSaved}
              onCancel={() => setEditing(null)}
            />
          )}
        />
      )}
    </PartSection>
  );
}

interface CompteFormProps {
  idAsso: string;
  compte: Compte | null;
  takenYears: number[];
  onDone: () => void;
  onCancel: () => void;
}

function CompteForm({ idAsso, compte, takenYears, onDone, onCancel }: CompteFormProps) {
  const years = compteYears();
  const free = years.filter((y) => !takenYears.includes(y));
  const initial: FormFields = {
    annee: compte ? String(compte.annee) : free.length === 1 ? String(free[0]) : '',
    charges: toText(compte?.charges),
    produits: toText(compte?.produits),
    dons: toText(compte?.dons),
    subv: toText(compte?.subv),
  };
  const schema = (compte ? compteFieldsSchema : newCompteSchema) as z.ZodType<CompteOut>;
  const form = useZodForm(schema, initial, (v) => ({
    ...formInput(v, TYPED, []),
    ...(compte ? {} : { annee: v.annee }),
  }));
  const storedResultat = compte?.resultat ?? null;
  const live = figuresOf(
    { charges: amount(form.values.charges, 'charges'), produits: amount(form.values.produits, 'produits') },
    storedResultat,
  ).resultat;

  const onSubmit = form.handleSubmit(async ({ annee, ...typed }) => {
    const figures = figuresOf(typed, storedResultat);
    await saveRow({
      before: compte,
      keys: FIGURES,
      after: figures,
      create: () => callApi(api.association.postCompte, { query: { id_asso: idAsso, annee: annee! }, body: figures }),
      patch: (id, body) => callApi(api.association.patchCompte, { query: { id_asso: idAsso, id }, body }),
      saved: compte ? COMPTE_UPDATED(compte.annee) : COMPTE_ADDED(annee!),
      onSaved: onDone,
    });
  });

  const title = compte ? `Modifier les comptes ${compte.annee}` : 'Ajouter des comptes';
  return (
    <PartFormShell
      title={title}
      form={form}
      onSubmit={onSubmit}
      submitLabel="Enregistrer les comptes"
      onCancel={onCancel}
    >
      {!compte && (
        <SelectField
          label="Année des comptes"
          placeholder="Sélectionnez une année"
          options={years.map((y) => ({
            value: String(y),
            label: takenYears.includes(y) ? `${y} (déjà saisie)` : String(y),
            disabled: takenYears.includes(y),
          }))}
          {...form.field('annee')}
        />
      )}
      <TextField label="Charges (en euros, sans centimes)" {...form.field('charges')} />
      <TextField label="Produits (en euros, sans centimes)" {...form.field('produits')} />
      <p aria-live="polite">
        Résultat (produits − charges) : <strong data-testid="resultat-compte">{formatEuros(live)}</strong>
      </p>
      <TextField label="Dons (en euros, sans centimes)" {...form.field('dons')} />
      <TextField label="Subventions (en euros, sans centimes)" {...form.field('subv')} />
    </PartFormShell>
  );
}
