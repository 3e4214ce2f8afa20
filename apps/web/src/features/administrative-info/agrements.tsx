// Agréments: the association's approvals (type required; validity not before attribution, the
// contract's applyAgrementRules), dates entered with DSFR date inputs and shown DD/MM/YYYY. An edit
// sends only the changed fields; association-wide, so read-only for a secondary establishment's
// member.
import { agrementFieldsSchema, type agrementSchema, api, applyAgrementRules } from '@portail/contract';
import { lazy, Suspense } from 'react';
import type { z } from 'zod';
import { callApi } from '../../lib/api/index.ts';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { saveRow } from './changed-fields.ts';
import { formatIsoDay } from './format.ts';
import { formInput, toText, withRules } from './part-forms.ts';
import { PartFormShell } from './part-form-shell.tsx';
import { RowActions } from './part-row-actions.tsx';
import { PartEditor, PartSection, PartTable } from './part-section.tsx';
import { adminKeys } from './use-administrative-data.ts';
import { useEditablePart } from './use-editable-part.ts';

/** Whether an approval's type is the food-aid one (HAA, habilitation aide alimentaire). */
export const isFoodAidApproval = (type: string) => /\bHAA\b|aide alimentaire/i.test(type);
// The food-aid sites (their modal, hours and commune field) load only for an association that holds the approval.
const HaaSitesSection = lazy(() => import('../haa-sites/index.ts').then((m) => ({ default: m.HaaSitesSection })));

export const AGREMENT_ADDED = 'L’agrément a été ajouté.';
export const AGREMENT_UPDATED = 'L’agrément a été modifié.';

type Agrement = z.infer<typeof agrementSchema>;

const TEXTS = [
  'type',
  'numero',
  'niveau',
  'attributeur',
  'origine_instructeur',
  'date_attribution',
  'date_validite',
] as const;
type FormFields = Record<(typeof TEXTS)[number], string>;

const agrementFormSchema = withRules(agrementFieldsSchema, (v) =>
  applyAgrementRules({ date_attribution: v.date_attribution ?? null, date_validite: v.date_validite ?? null }),
);

export function Agrements({ idAsso, readOnly }: { idAsso: string; readOnly: boolean }) {
  const { query, editing, setEditing, onDelete, onSaved } = useEditablePart<Agrement>({
    idAsso,
    part: 'agrements',
    queryKey: adminKeys.part(idAsso, 'agrements'),
    list: () => callApi(api.association.getAgrements, { query: { id_asso: idAsso } }),
    remove: (id) => callApi(api.association.deleteAgrement, { query: { id_asso: idAsso, id } }),
  });

  const name = (g: Agrement) => `l’agrément ${g.type}${g.numero ? ` n° ${g.numero}` : ''}`;
  // The food-aid sites belong to an association holding the food-aid approval (HAA).
  const foodAid = query.data?.some((g) => isFoodAidApproval(g.type)) ?? false;
  return (
    <>
      <PartSection
        id="partie-agrements"
        title="Agréments"
        readOnlyNotice={readOnly && 'Seul le siège de l’association peut modifier ses agréments.'}
      >
        <PartTable
          query={query}
          loading="Chargement des agréments…"
          empty="Aucun agrément n’est enregistré."
          caption="Agréments de l’association"
          headers={[
            'Type',
            'Numéro',
            'Niveau',
            'Attributeur',
            'Origine instructeur',
            'Date d’attribution',
            'Valable jusqu’au',
            ...(readOnly ? [] : ['Actions']),
          ]}
          cells={(g) => [
            g.type,
            g.numero ?? '—',
            g.niveau ?? '—',
            g.attributeur ?? '—',
            g.origine_instructeur ?? '—',
            formatIsoDay(g.date_attribution),
            formatIsoDay(g.date_validite),
            ...(readOnly
              ? []
              : [
                  <RowActions key="actions" what={name(g)} onEdit={() => setEditing(g)} onDelete={() => onDelete(g)} />,
                ]),
          ]}
        />
        {!readOnly && query.data && (
          <PartEditor
            editing={editing}
            addLabel="Ajouter un agrément"
            onAdd={() => setEditing('new')}
            form={(agrement) => (
              <AgrementForm idAsso={idAsso} agrement={agrement} onDone={onSaved} onCancel={() => setEditing(null)} />
            )}
          />
        )}
      </PartSection>
      {foodAid && (
        <Suspense fallback={<p>Chargement des sites d’aide alimentaire…</p>}>
          <HaaSitesSection idAsso={idAsso} readOnly={readOnly} />
        </Suspense>
      )}
    </>
  );
}

interface AgrementFormProps {
  idAsso: string;
  agrement: Agrement | null;
  onDone: () => void;
  onCancel: () => void;
}

function AgrementForm({ idAsso, agrement, onDone, onCancel }: AgrementFormProps) {
  const initial = Object.fromEntries(
    TEXTS.map((k) => [k, k.startsWith('date_') ? toText(agrement?.[k]?.slice(0, 10)) : toText(agrement?.[k])]),
  ) as FormFields;
  const form = useZodForm(agrementFormSchema, initial, (v) => ({
    ...formInput(v, [], TEXTS),
    // The type is required: an empty one stays '' for its own message.
    type: v.type,
  }));

  const onSubmit = form.handleSubmit((data) =>
    saveRow({
      before: agrement && {
        ...agrement,
        date_attribution: initial.date_attribution || null,
        date_validite: initial.date_validite || null,
      },
      keys: TEXTS,
      after: data,
      create: () => callApi(api.association.postAgrement, { query: { id_asso: idAsso }, body: data }),
      patch: (id, body) => callApi(api.association.patchAgrement, { query: { id_asso: idAsso, id }, body }),
      saved: agrement ? AGREMENT_UPDATED : AGREMENT_ADDED,
      onSaved: onDone,
    }),
  );

  const title = agrement ? 'Modifier l’agrément' : 'Ajouter un agrément';
  return (
    <PartFormShell
      title={title}
      form={form}
      onSubmit={onSubmit}
      submitLabel="Enregistrer l’agrément"
      onCancel={onCancel}
    >
      <TextField label="Type d’agrément" {...form.field('type')} />
      <TextField label="Numéro (facultatif)" {...form.field('numero')} />
      <TextField label="Niveau (facultatif)" {...form.field('niveau')} />
      <TextField label="Attributeur (facultatif)" {...form.field('attributeur')} />
      <TextField label="Origine instructeur (facultatif)" {...form.field('origine_instructeur')} />
      <TextField label="Date d’attribution (facultatif)" type="date" {...form.field('date_attribution')} />
      <TextField label="Date de fin de validité (facultatif)" type="date" {...form.field('date_validite')} />
    </PartFormShell>
  );
}
