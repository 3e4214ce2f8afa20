// Ressources humaines: staff figures per year and per establishment (SIRET). The establishments
// offered are those the user sees: a secondary establishment's member sees and writes only theirs
// (the server filters both). Women + men ≤ members (the contract's applyRhRules) is checked before
// anything is sent; an edit sends only the changed fields.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Table } from '@codegouvfr/react-dsfr/Table';
import {
  api,
  applyRhRules,
  fileYearBounds,
  formatSiret,
  MESSAGES,
  rhFieldsSchema,
  type rhSchema,
  siretSchema,
  type Etablissement,
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
import { formatCount, formatEuros } from './format.ts';
import { formInput, requiredChoice, toText, withRules, yearChoice } from './part-forms.ts';
import { adminKeys, useRefreshFile } from './use-administrative-data.ts';

export const RH_ADDED = (annee: number) => `Les effectifs ${annee} ont été enregistrés.`;
export const RH_UPDATED = (annee: number) => `Les effectifs ${annee} ont été modifiés.`;

type Rh = z.infer<typeof rhSchema>;

const FIGURES = [
  'nb_adherents',
  'nb_adherents_f',
  'nb_adherents_h',
  'nb_dirigeants',
  'nb_benevoles',
  'nb_salaries',
  'nb_salaries_etpt',
  'nb_volontaires',
  'cumul_top_5_salaires',
] as const;
type Figure = (typeof FIGURES)[number];
type FormFields = Record<Figure | 'annee' | 'id_siret', string>;

export const RH_LABELS: Record<Figure, string> = {
  nb_adherents: 'Nombre d’adhérents',
  nb_adherents_f: 'dont adhérentes (femmes)',
  nb_adherents_h: 'dont adhérents (hommes)',
  nb_dirigeants: 'Nombre de dirigeants',
  nb_benevoles: 'Nombre de bénévoles',
  nb_salaries: 'Nombre de salariés',
  nb_salaries_etpt: 'Salariés en équivalent temps plein travaillé (ETPT)',
  nb_volontaires: 'Nombre de volontaires',
  cumul_top_5_salaires: 'Cumul des 5 plus hauts salaires (en euros)',
};

const rules = (v: z.output<typeof rhFieldsSchema>) =>
  applyRhRules({
    nb_adherents: v.nb_adherents ?? null,
    nb_adherents_f: v.nb_adherents_f ?? null,
    nb_adherents_h: v.nb_adherents_h ?? null,
  });
const editSchema = withRules(rhFieldsSchema, rules);
const newSchema = withRules(
  rhFieldsSchema.extend({
    annee: yearChoice(),
    id_siret: requiredChoice('établissement').pipe(siretSchema),
  }),
  rules,
);
type RhOut = z.output<typeof rhFieldsSchema> & { annee?: number; id_siret?: string };

/** The years staff figures may be declared for, the current one first. */
export function rhYears(today: Date = new Date()): number[] {
  const { min, max } = fileYearBounds(today);
  return Array.from({ length: max - min + 1 }, (_, i) => max - i);
}

interface HumanResourcesProps {
  idAsso: string;
  /** The establishments the user sees (all of them, or a secondary member's own). */
  etablissements: Etablissement[];
}

export function HumanResources({ idAsso, etablissements }: HumanResourcesProps) {
  const refresh = useRefreshFile(idAsso);
  const [editing, setEditing] = useState<Rh | 'new' | null>(null);
  const rhs = useQuery({
    queryKey: adminKeys.part(idAsso, 'rhs'),
    queryFn: () => callApi(api.association.getRhs, { query: { id_asso: idAsso } }),
    retry: false,
  });
  const sirets = etablissements.map((e) => e.siret);
  const label = (s: string) => {
    const e = etablissements.find((x) => x.siret === s);
    return `${formatSiret(s)}${e?.enseigne ? ` – ${e.enseigne}` : ''}${e?.est_siege ? ' (siège)' : ''}`;
  };

  async function onDelete(r: Rh) {
    try {
      const { message } = await callApi(api.association.deleteRh, { query: { id_asso: idAsso, id: r.id } });
      toast.success(message);
      if (editing !== 'new' && editing?.id === r.id) setEditing(null);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
    refresh('rhs');
  }

  const rows = [...(rhs.data ?? [])].sort((a, b) => b.annee - a.annee || a.id_siret.localeCompare(b.id_siret));
  const what = (r: Rh) => `effectifs ${r.annee} de ${formatSiret(r.id_siret)}`;
  return (
    <section aria-labelledby="partie-rhs">
      <h2 id="partie-rhs" className={fr.cx('fr-h4')}>
        Ressources humaines
      </h2>
      {rhs.isPending && <p>Chargement des effectifs…</p>}
      {rhs.isError && (
        <Alert severity="error" small role="alert" description={errorMessage(rhs.error, MESSAGES.httpEmpty)} />
      )}
      {rhs.data &&
        (rows.length === 0 ? (
          <p>Aucun effectif n’est enregistré.</p>
        ) : (
          <Table
            caption="Effectifs par année et par établissement"
            headers={[
              'Année',
              'Établissement',
              'Adhérents (femmes / hommes)',
              'Dirigeants',
              'Bénévoles',
              'Salariés',
              'Salariés (ETPT)',
              'Volontaires',
              'Cumul des 5 plus hauts salaires',
              'Actions',
            ]}
            data={rows.map((r) => [
              r.annee,
              label(r.id_siret),
              `${formatCount(r.nb_adherents)} (${formatCount(r.nb_adherents_f)} / ${formatCount(r.nb_adherents_h)})`,
              formatCount(r.nb_dirigeants),
              formatCount(r.nb_benevoles),
              formatCount(r.nb_salaries),
              formatCount(r.nb_salaries_etpt),
              formatCount(r.nb_volontaires),
              formatEuros(r.cumul_top_5_salaires),
              sirets.includes(r.id_siret) ? (
                <div key="actions" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
                  <Button
                    size="small"
                    priority="secondary"
                    onClick={() => setEditing(r)}
                    nativeButtonProps={{ 'aria-label': `Modifier les ${what(r)}` }}
                  >
                    Modifier
                  </Button>
                  <ConfirmAction
                    label="Supprimer"
                    ariaLabel={`Supprimer les ${what(r)}`}
                    confirmLabel="Confirmer la suppression"
                    confirmAriaLabel={`Confirmer la suppression des ${what(r)}`}
                    onConfirm={() => onDelete(r)}
                  />
                </div>
              ) : (
                '—'
              ),
            ])}
          />
        ))}
      {rhs.data &&
        sirets.length > 0 &&
        (editing === null ? (
          <Button
            priority="secondary"
            iconId="fr-icon-add-line"
            onClick={() => setEditing('new')}
            className={fr.cx('fr-mt-2w')}
          >
            Ajouter des effectifs
          </Button>
        ) : (
          <RhForm
            key={editing === 'new' ? 'new' : editing.id}
            idAsso={idAsso}
            rh={editing === 'new' ? null : editing}
            sirets={sirets}
            label={label}
            onDone={() => {
              setEditing(null);
              refresh('rhs');
            }}
            onCancel={() => setEditing(null)}
          />
        ))}
    </section>
  );
}

interface RhFormProps {
  idAsso: string;
  rh: Rh | null;
  sirets: string[];
  label: (siret: string) => string;
  onDone: () => void;
  onCancel: () => void;
}

function RhForm({ idAsso, rh, sirets, label, onDone, onCancel }: RhFormProps) {
  const initial = {
    annee: rh ? String(rh.annee) : '',
    id_siret: rh ? rh.id_siret : sirets.length === 1 ? sirets[0]! : '',
    ...Object.fromEntries(FIGURES.map((k) => [k, toText(rh?.[k])])),
  } as FormFields;
  const schema = (rh ? editSchema : newSchema) as z.ZodType<RhOut>;
  const form = useZodForm(schema, initial, (v) => ({
    ...formInput(v, FIGURES, []),
    ...(rh ? {} : { annee: v.annee, id_siret: v.id_siret }),
  }));

  const onSubmit = form.handleSubmit(async ({ annee, id_siret, ...figures }) => {
    if (!rh) {
      const year = annee!;
      await callApi(api.association.postRh, {
        query: { id_asso: idAsso, id_siret: id_siret!, annee: year },
        body: figures,
      });
      toast.success(RH_ADDED(year));
      onDone();
      return;
    }
    const changes = changedFields(FIGURES, rh, figures);
    if (!changes) return;
    await callApi(api.association.patchRh, { query: { id_asso: idAsso, id: rh.id }, body: changes });
    toast.success(RH_UPDATED(rh.annee));
    onDone();
  });

  const title = rh ? `Modifier les effectifs ${rh.annee} de ${formatSiret(rh.id_siret)}` : 'Ajouter des effectifs';
  return (
    <div className={fr.cx('fr-mt-4w')}>
      <h3 className={fr.cx('fr-h5')}>{title}</h3>
      <SubmitForm form={form} onSubmit={onSubmit} label={title} submitLabel="Enregistrer les effectifs">
        {!rh && (
          <>
            <SelectField
              label="Année"
              placeholder="Sélectionnez une année"
              options={rhYears().map((y) => ({ value: String(y), label: String(y) }))}
              {...form.field('annee')}
            />
            <SelectField
              label="Établissement"
              placeholder="Sélectionnez un établissement"
              options={sirets.map((s) => ({ value: s, label: label(s) }))}
              {...form.field('id_siret')}
            />
          </>
        )}
        {FIGURES.map((k) => (
          <TextField key={k} label={RH_LABELS[k]} {...form.field(k)} />
        ))}
      </SubmitForm>
      <Button priority="tertiary" size="small" onClick={onCancel} className={fr.cx('fr-mt-2w')}>
        Annuler
      </Button>
    </div>
  );
}
