// Comptes: the yearly accounts summaries (charges, produits, dons, subventions; résultat computed
// live as produits − charges by the contract's applyCompteRules), for the years a CRF asks for
// (spec §9: current year − 1 and − 2). An edit sends only the changed fields; association-wide, so
// read-only for a secondary establishment's member.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Table } from '@codegouvfr/react-dsfr/Table';
import {
  api,
  applyCompteRules,
  compteFieldsSchema,
  type compteSchema,
  euroSchema,
  MESSAGES,
  type CompteFigures,
} from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type z } from 'zod';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { ConfirmAction } from '../../lib/ui/confirm-action.tsx';
import { changedFields } from './changed-fields.ts';
import { formatEuros } from './format.ts';
import { formInput, numberOrNull, toText, yearChoice } from './part-forms.ts';
import { adminKeys, useRefreshFile } from './use-administrative-data.ts';

export const COMPTE_ADDED = (annee: number) => `Les comptes ${annee} ont été enregistrés.`;
export const COMPTE_UPDATED = (annee: number) => `Les comptes ${annee} ont été modifiés.`;

/** Spec §9: the accounts a CRF asks for are those of the previous two years. */
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
  const refresh = useRefreshFile(idAsso);
  const [editing, setEditing] = useState<Compte | 'new' | null>(null);
  const comptes = useQuery({
    queryKey: adminKeys.part(idAsso, 'comptes'),
    queryFn: () => callApi(api.association.getComptes, { query: { id_asso: idAsso } }),
    retry: false,
  });

  async function onDelete(c: Compte) {
    try {
      const { message } = await callApi(api.association.deleteCompte, { query: { id_asso: idAsso, id: c.id } });
      toast.success(message);
      if (editing !== 'new' && editing?.id === c.id) setEditing(null);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
    refresh('comptes');
  }

  const rows = [...(comptes.data ?? [])].sort((a, b) => b.annee - a.annee);
  return (
    <section aria-labelledby="partie-comptes">
      <h2 id="partie-comptes" className={fr.cx('fr-h4')}>
        Comptes
      </h2>
      {readOnly && (
        <Alert
          severity="info"
          small
          className={fr.cx('fr-mb-3w')}
          description="Seul le siège de l’association peut modifier ses comptes."
        />
      )}
      {comptes.isPending && <p>Chargement des comptes…</p>}
      {comptes.isError && (
        <Alert severity="error" small role="alert" description={errorMessage(comptes.error, MESSAGES.httpEmpty)} />
      )}
      {comptes.data &&
        (rows.length === 0 ? (
          <p>Aucun compte n’est enregistré.</p>
        ) : (
          <Table
            caption="Comptes annuels"
            headers={[
              'Année',
              'Charges',
              'Produits',
              'Résultat',
              'Dons',
              'Subventions',
              ...(readOnly ? [] : ['Actions']),
            ]}
            data={rows.map((c) => [
              c.annee,
              formatEuros(c.charges),
              formatEuros(c.produits),
              formatEuros(c.resultat),
              formatEuros(c.dons),
              formatEuros(c.subv),
              ...(readOnly
                ? []
                : [
                    <div key="actions" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
                      <Button
                        size="small"
                        priority="secondary"
                        onClick={() => setEditing(c)}
                        nativeButtonProps={{ 'aria-label': `Modifier les comptes ${c.annee}` }}
                      >
                        Modifier
                      </Button>
                      <ConfirmAction
                        label="Supprimer"
                        ariaLabel={`Supprimer les comptes ${c.annee}`}
                        confirmLabel="Confirmer la suppression"
                        confirmAriaLabel={`Confirmer la suppression des comptes ${c.annee}`}
                        onConfirm={() => onDelete(c)}
                      />
                    </div>,
                  ]),
            ])}
          />
        ))}
      {!readOnly &&
        comptes.data &&
        (editing === null ? (
          <Button
            priority="secondary"
            iconId="fr-icon-add-line"
            onClick={() => setEditing('new')}
            className={fr.cx('fr-mt-2w')}
          >
            Ajouter des comptes
          </Button>
        ) : (
          <CompteForm
            key={editing === 'new' ? 'new' : editing.id}
            idAsso={idAsso}
            compte={editing === 'new' ? null : editing}
            takenYears={rows.map((c) => c.annee)}
            onDone={() => {
              setEditing(null);
              refresh('comptes');
            }}
            onCancel={() => setEditing(null)}
          />
        ))}
    </section>
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
    if (!compte) {
      const year = annee!;
      await callApi(api.association.postCompte, { query: { id_asso: idAsso, annee: year }, body: figures });
      toast.success(COMPTE_ADDED(year));
      onDone();
      return;
    }
    const changes = changedFields(FIGURES, compte, figures);
    if (!changes) return;
    await callApi(api.association.patchCompte, { query: { id_asso: idAsso, id: compte.id }, body: changes });
    toast.success(COMPTE_UPDATED(compte.annee));
    onDone();
  });

  const title = compte ? `Modifier les comptes ${compte.annee}` : 'Ajouter des comptes';
  return (
    <div className={fr.cx('fr-mt-4w')}>
      <h3 className={fr.cx('fr-h5')}>{title}</h3>
      <SubmitForm form={form} onSubmit={onSubmit} label={title} submitLabel="Enregistrer les comptes">
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
      </SubmitForm>
      <Button priority="tertiary" size="small" onClick={onCancel} className={fr.cx('fr-mt-2w')}>
        Annuler
      </Button>
    </div>
  );
}
