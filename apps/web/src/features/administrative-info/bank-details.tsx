// Coordonnées bancaires: the RIBs of the establishments the user sees (the server filters them for a
// secondary establishment's member), add and edit forms checked with the contract's IBAN/BIC rules
// before anything is sent (a duplicate is refused by the server, its message next to the IBAN; an
// edit sends only the changed fields), and a confirmed deletion.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Table } from '@codegouvfr/react-dsfr/Table';
import {
  api,
  formatSiret,
  MESSAGES,
  normaliseBic,
  normaliseIban,
  ribFieldsSchema,
  siretSchema,
  type Etablissement,
  type Rib,
} from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { ConfirmAction } from '../../lib/ui/confirm-action.tsx';
import { changedFields } from './changed-fields.ts';
import { formatIban } from './format.ts';
import { adminKeys, useRefreshFile } from './use-administrative-data.ts';

export const RIB_ADDED = 'Le RIB a été ajouté.';
export const RIB_UPDATED = 'Le RIB a été modifié.';

const ribFormSchema = ribFieldsSchema.extend({
  id_siret: z.string().min(1, MESSAGES.required('établissement')).pipe(siretSchema),
});

/** The fields of a RIB that its edit form may change (its establishment stays). */
const RIB_FIELDS = ['titulaire', 'banque', 'domiciliation', 'iban', 'bic'] as const;
type RibFormFields = Record<(typeof RIB_FIELDS)[number], string>;

/** The form's optional texts: '' → null, as the contract stores them. */
const ribInput = <V extends { banque: string; domiciliation: string }>(v: V) => ({
  ...v,
  banque: v.banque.trim() || null,
  domiciliation: v.domiciliation.trim() || null,
});

interface BankDetailsProps {
  idAsso: string;
  /** The establishments the user sees (the add form offers them). */
  etablissements: Etablissement[];
  /** Only this establishment's RIBs (secondary establishment page). */
  siret: string | null;
}

export function BankDetails({ idAsso, etablissements, siret }: BankDetailsProps) {
  const refresh = useRefreshFile(idAsso);
  const [editing, setEditing] = useState<Rib | null>(null);
  const ribs = useQuery({
    queryKey: adminKeys.ribs(idAsso, siret),
    queryFn: () =>
      callApi(api.association.getRibs, { query: { id_asso: idAsso, ...(siret ? { id_siret: siret } : {}) } }),
    retry: false,
  });

  async function onDelete(rib: Rib) {
    try {
      const { message } = await callApi(api.association.deleteRib, { query: { id_asso: idAsso, id: rib.id } });
      toast.success(message);
      if (editing?.id === rib.id) setEditing(null);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
    refresh('ribs');
  }

  const label = (s: string) => {
    const e = etablissements.find((x) => x.siret === s);
    return `${formatSiret(s)}${e?.enseigne ? ` – ${e.enseigne}` : ''}${e?.est_siege ? ' (siège)' : ''}`;
  };

  return (
    <section aria-labelledby="coordonnees-bancaires">
      <h2 id="coordonnees-bancaires" className={fr.cx('fr-h4')}>
        Coordonnées bancaires
      </h2>
      {ribs.isPending && <p>Chargement des RIB…</p>}
      {ribs.isError && (
        <Alert severity="error" small role="alert" description={errorMessage(ribs.error, MESSAGES.httpEmpty)} />
      )}
      {ribs.data &&
        (ribs.data.length === 0 ? (
          <p>Aucun RIB n’est enregistré.</p>
        ) : (
          <Table
            caption="RIB enregistrés"
            headers={['Établissement', 'Titulaire', 'Banque', 'IBAN', 'BIC', 'Actions']}
            data={ribs.data.map((rib) => [
              label(rib.id_siret),
              rib.titulaire,
              [rib.banque, rib.domiciliation].filter(Boolean).join(' – ') || '—',
              <span key="iban" style={{ whiteSpace: 'nowrap' }}>
                {formatIban(rib.iban)}
              </span>,
              rib.bic,
              <div key="actions" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
                <Button
                  size="small"
                  priority="secondary"
                  onClick={() => setEditing(rib)}
                  nativeButtonProps={{ 'aria-label': `Modifier le RIB ${formatIban(rib.iban)}` }}
                >
                  Modifier
                </Button>
                <ConfirmAction
                  label="Supprimer"
                  ariaLabel={`Supprimer le RIB ${formatIban(rib.iban)}`}
                  confirmLabel="Confirmer la suppression"
                  confirmAriaLabel={`Confirmer la suppression du RIB ${formatIban(rib.iban)}`}
                  onConfirm={() => onDelete(rib)}
                />
              </div>,
            ])}
          />
        ))}
      {editing ? (
        <EditRibForm
          key={editing.id}
          idAsso={idAsso}
          rib={editing}
          label={label}
          onDone={() => {
            setEditing(null);
            refresh('ribs');
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <AddRibForm
          idAsso={idAsso}
          sirets={etablissements.map((e) => e.siret)}
          label={label}
          defaultSiret={siret}
          onAdded={() => refresh('ribs')}
        />
      )}
    </section>
  );
}

interface AddRibFormProps {
  idAsso: string;
  sirets: string[];
  label: (siret: string) => string;
  defaultSiret: string | null;
  onAdded: () => void;
}

function AddRibForm({ idAsso, sirets, label, defaultSiret, onAdded }: AddRibFormProps) {
  const empty = {
    id_siret: defaultSiret ?? (sirets.length === 1 ? sirets[0]! : ''),
    titulaire: '',
    banque: '',
    domiciliation: '',
    iban: '',
    bic: '',
  };
  const form = useZodForm(ribFormSchema, empty, ribInput);

  const onSubmit = form.handleSubmit(async ({ id_siret, ...body }) => {
    await callApi(api.association.postRib, { query: { id_asso: idAsso, id_siret }, body });
    toast.success(RIB_ADDED);
    form.setValues(empty);
    onAdded();
  });

  return (
    <div className={fr.cx('fr-mt-4w')}>
      <h3 className={fr.cx('fr-h5')}>Ajouter un RIB</h3>
      <SubmitForm form={form} onSubmit={onSubmit} label="Ajouter un RIB" submitLabel="Ajouter le RIB">
        <SelectField
          label="Établissement"
          placeholder="Sélectionnez un établissement"
          options={sirets.map((s) => ({ value: s, label: label(s) }))}
          {...form.field('id_siret')}
        />
        <TextField label="Titulaire du compte" {...form.field('titulaire')} />
        <TextField label="Banque (facultatif)" {...form.field('banque')} />
        <TextField label="Domiciliation (facultatif)" {...form.field('domiciliation')} />
        <TextField label="IBAN" {...form.field('iban')} />
        <TextField label="BIC" {...form.field('bic')} />
      </SubmitForm>
    </div>
  );
}

interface EditRibFormProps {
  idAsso: string;
  rib: Rib;
  label: (siret: string) => string;
  onDone: () => void;
  onCancel: () => void;
}

/** The same checks as the add form; only the changed fields are sent (PATCH /association/ribs). */
function EditRibForm({ idAsso, rib, label, onDone, onCancel }: EditRibFormProps) {
  const initial: RibFormFields = {
    titulaire: rib.titulaire,
    banque: rib.banque ?? '',
    domiciliation: rib.domiciliation ?? '',
    iban: formatIban(rib.iban),
    bic: rib.bic,
  };
  const form = useZodForm(ribFieldsSchema, initial, ribInput);

  const onSubmit = form.handleSubmit(async (data) => {
    // Compared in the contract's normal form: an IBAN or BIC left as it was is not sent.
    const before = { ...rib, iban: normaliseIban(rib.iban) || rib.iban, bic: normaliseBic(rib.bic) };
    const changes = changedFields(RIB_FIELDS, before, data);
    if (!changes) return;
    await callApi(api.association.patchRib, { query: { id_asso: idAsso, id: rib.id }, body: changes });
    toast.success(RIB_UPDATED);
    onDone();
  });

  return (
    <div className={fr.cx('fr-mt-4w')}>
      <h3 className={fr.cx('fr-h5')}>Modifier le RIB</h3>
      <p>Établissement : {label(rib.id_siret)}</p>
      <SubmitForm form={form} onSubmit={onSubmit} label="Modifier le RIB" submitLabel="Enregistrer le RIB">
        <TextField label="Titulaire du compte" {...form.field('titulaire')} />
        <TextField label="Banque (facultatif)" {...form.field('banque')} />
        <TextField label="Domiciliation (facultatif)" {...form.field('domiciliation')} />
        <TextField label="IBAN" {...form.field('iban')} />
        <TextField label="BIC" {...form.field('bic')} />
      </SubmitForm>
      <Button priority="tertiary" size="small" onClick={onCancel} className={fr.cx('fr-mt-2w')}>
        Annuler
      </Button>
    </div>
  );
}
