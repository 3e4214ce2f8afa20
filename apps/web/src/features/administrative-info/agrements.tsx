// Agréments: the association's approvals (type required; validity not before attribution, the
// contract's applyAgrementRules), dates entered with DSFR date inputs and shown DD/MM/YYYY. An edit
// sends only the changed fields; association-wide, so read-only for a secondary establishment's
// member.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Table } from '@codegouvfr/react-dsfr/Table';
import { agrementFieldsSchema, type agrementSchema, api, applyAgrementRules, MESSAGES } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { ConfirmAction } from '../../lib/ui/confirm-action.tsx';
import { changedFields } from './changed-fields.ts';
import { formatIsoDay } from './format.ts';
import { formInput, toText, withRules } from './part-forms.ts';
import { adminKeys, useRefreshFile } from './use-administrative-data.ts';

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
  const refresh = useRefreshFile(idAsso);
  const [editing, setEditing] = useState<Agrement | 'new' | null>(null);
  const agrements = useQuery({
    queryKey: adminKeys.part(idAsso, 'agrements'),
    queryFn: () => callApi(api.association.getAgrements, { query: { id_asso: idAsso } }),
    retry: false,
  });

  async function onDelete(g: Agrement) {
    try {
      const { message } = await callApi(api.association.deleteAgrement, { query: { id_asso: idAsso, id: g.id } });
      toast.success(message);
      if (editing !== 'new' && editing?.id === g.id) setEditing(null);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
    refresh('agrements');
  }

  const name = (g: Agrement) => `l’agrément ${g.type}${g.numero ? ` n° ${g.numero}` : ''}`;
  return (
    <section aria-labelledby="partie-agrements">
      <h2 id="partie-agrements" className={fr.cx('fr-h4')}>
        Agréments
      </h2>
      {readOnly && (
        <Alert
          severity="info"
          small
          className={fr.cx('fr-mb-3w')}
          description="Seul le siège de l’association peut modifier ses agréments."
        />
      )}
      {agrements.isPending && <p>Chargement des agréments…</p>}
      {agrements.isError && (
        <Alert severity="error" small role="alert" description={errorMessage(agrements.error, MESSAGES.httpEmpty)} />
      )}
      {agrements.data &&
        (agrements.data.length === 0 ? (
          <p>Aucun agrément n’est enregistré.</p>
        ) : (
          <Table
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
            data={agrements.data.map((g) => [
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
                    <div key="actions" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
                      <Button
                        size="small"
                        priority="secondary"
                        onClick={() => setEditing(g)}
                        nativeButtonProps={{ 'aria-label': `Modifier ${name(g)}` }}
                      >
                        Modifier
                      </Button>
                      <ConfirmAction
                        label="Supprimer"
                        ariaLabel={`Supprimer ${name(g)}`}
                        confirmLabel="Confirmer la suppression"
                        confirmAriaLabel={`Confirmer la suppression de ${name(g)}`}
                        onConfirm={() => onDelete(g)}
                      />
                    </div>,
                  ]),
            ])}
          />
        ))}
      {!readOnly &&
        agrements.data &&
        (editing === null ? (
          <Button
            priority="secondary"
            iconId="fr-icon-add-line"
            onClick={() => setEditing('new')}
            className={fr.cx('fr-mt-2w')}
          >
            Ajouter un agrément
          </Button>
        ) : (
          <AgrementForm
            key={editing === 'new' ? 'new' : editing.id}
            idAsso={idAsso}
            agrement={editing === 'new' ? null : editing}
            onDone={() => {
              setEditing(null);
              refresh('agrements');
            }}
            onCancel={() => setEditing(null)}
          />
        ))}
    </section>
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

  const onSubmit = form.handleSubmit(async (data) => {
    if (!agrement) {
      await callApi(api.association.postAgrement, { query: { id_asso: idAsso }, body: data });
      toast.success(AGREMENT_ADDED);
      onDone();
      return;
    }
    const before = {
      ...agrement,
      date_attribution: initial.date_attribution || null,
      date_validite: initial.date_validite || null,
    };
    const changes = changedFields(TEXTS, before, data);
    if (!changes) return;
    await callApi(api.association.patchAgrement, { query: { id_asso: idAsso, id: agrement.id }, body: changes });
    toast.success(AGREMENT_UPDATED);
    onDone();
  });

  const title = agrement ? 'Modifier l’agrément' : 'Ajouter un agrément';
  return (
    <div className={fr.cx('fr-mt-4w')}>
      <h3 className={fr.cx('fr-h5')}>{title}</h3>
      <SubmitForm form={form} onSubmit={onSubmit} label={title} submitLabel="Enregistrer l’agrément">
        <TextField label="Type d’agrément" {...form.field('type')} />
        <TextField label="Numéro (facultatif)" {...form.field('numero')} />
        <TextField label="Niveau (facultatif)" {...form.field('niveau')} />
        <TextField label="Attributeur (facultatif)" {...form.field('attributeur')} />
        <TextField label="Origine instructeur (facultatif)" {...form.field('origine_instructeur')} />
        <TextField label="Date d’attribution (facultatif)" type="date" {...form.field('date_attribution')} />
        <TextField label="Date de fin de validité (facultatif)" type="date" {...form.field('date_validite')} />
      </SubmitForm>
      <Button priority="tertiary" size="small" onClick={onCancel} className={fr.cx('fr-mt-2w')}>
        Annuler
      </Button>
    </div>
  );
}
