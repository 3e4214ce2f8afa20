// Ressources humaines: staff figures per year and per establishment (SIRET). The establishments
// offered are those the user sees: a secondary establishment's member sees and writes only theirs
// (the server filters both). Women + men ≤ members (the contract's applyRhRules) is checked before
// anything is sent; an edit sends only the changed fields.
import {
  api,
  applyRhRules,
  fileYearBounds,
  formatSiret,
  rhFieldsSchema,
  type rhSchema,
  siretSchema,
  type Etablissement,
} from '@portail/contract';
import { type z } from 'zod';
import { callApi } from '../../lib/api/index.ts';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { saveRow } from './changed-fields.ts';
import { etablissementLabel, formatCount, formatEuros } from './format.ts';
import { formInput, requiredChoice, toText, withRules, yearChoice } from './part-forms.ts';
import { PartFormShell } from './part-form-shell.tsx';
import { RowActions } from './part-row-actions.tsx';
import { PartEditor, PartSection, PartTable } from './part-section.tsx';
import { adminKeys } from './use-administrative-data.ts';
import { useEditablePart } from './use-editable-part.ts';

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
  const { query, editing, setEditing, onDelete, onSaved } = useEditablePart<Rh>({
    idAsso,
    part: 'rhs',
    queryKey: adminKeys.part(idAsso, 'rhs'),
    list: () => callApi(api.association.getRhs, { query: { id_asso: idAsso } }),
    remove: (id) => callApi(api.association.deleteRh, { query: { id_asso: idAsso, id } }),
  });
  const sirets = etablissements.map((e) => e.siret);
  const label = (s: string) => etablissementLabel(etablissements, s);

  const rows = [...(query.data ?? [])].sort((a, b) => b.annee - a.annee || a.id_siret.localeCompare(b.id_siret));
  return (
    <PartSection id="partie-rhs" title="Ressources humaines">
      <PartTable
        query={query}
        rows={rows}
        loading="Chargement des effectifs…"
        empty="Aucun effectif n’est enregistré."
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
        cells={(r) => [
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
            <RowActions
              key="actions"
              what={`les effectifs ${r.annee} de ${formatSiret(r.id_siret)}`}
              onEdit={() => setEditing(r)}
              onDelete={() => onDelete(r)}
            />
          ) : (
            '—'
          ),
        ]}
      />
      {query.data && sirets.length > 0 && (
        <PartEditor
          editing={editing}
          addLabel="Ajouter des effectifs"
          onAdd={() => setEditing('new')}
          form={(rh) => (
            <RhForm
              idAsso={idAsso}
              rh={rh}
              sirets={sirets}
              label={label}
              onDone={onSaved}
              onCancel={() => setEditing(null)}
            />
          )}
        />
      )}
    </PartSection>
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

  const onSubmit = form.handleSubmit(({ annee, id_siret, ...figures }) =>
    saveRow({
      before: rh,
      keys: FIGURES,
      after: figures,
      create: () =>
        callApi(api.association.postRh, {
          query: { id_asso: idAsso, id_siret: id_siret!, annee: annee! },
          body: figures,
        }),
      patch: (id, body) => callApi(api.association.patchRh, { query: { id_asso: idAsso, id }, body }),
      saved: rh ? RH_UPDATED(rh.annee) : RH_ADDED(annee!),
      onSaved: onDone,
    }),
  );

  const title = rh ? `Modifier les effectifs ${rh.annee} de ${formatSiret(rh.id_siret)}` : 'Ajouter des effectifs';
  return (
    <PartFormShell
      title={title}
      form={form}
      onSubmit={onSubmit}
      submitLabel="Enregistrer les effectifs"
      onCancel={onCancel}
    >
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
    </PartFormShell>
  );
}
