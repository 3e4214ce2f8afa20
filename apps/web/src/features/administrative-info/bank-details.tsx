// Coordonnées bancaires: the RIBs of the establishments the user sees (the server filters them for a
// secondary establishment's member), add and edit forms checked with the contract's IBAN/BIC rules
// before anything is sent (a duplicate is refused by the server, its message next to the IBAN; an
// edit sends only the changed fields), and a confirmed deletion.
import {
  api,
  MESSAGES,
  normaliseBic,
  normaliseIban,
  ribFieldsSchema,
  siretSchema,
  type Etablissement,
  type Rib,
} from '@portail/contract';
import { z } from 'zod';
import { callApi } from '../../lib/api/index.ts';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm, type FieldBinding } from '../../lib/forms/use-zod-form.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { changedFields } from './changed-fields.ts';
import { etablissementLabel, formatIban } from './format.ts';
import { PartFormShell } from './part-form-shell.tsx';
import { RowActions } from './part-row-actions.tsx';
import { PartSection, PartTable } from './part-section.tsx';
import { adminKeys } from './use-administrative-data.ts';
import { useEditablePart } from './use-editable-part.ts';

export const RIB_ADDED = 'Le RIB a été ajouté.';
export const RIB_UPDATED = 'Le RIB a été modifié.';

const ribFormSchema = ribFieldsSchema.extend({
  id_siret: z.string().min(1, MESSAGES.required('établissement')).pipe(siretSchema),
});

/** The fields of a RIB that its edit form may change (its establishment stays). */
const RIB_FIELDS = ['titulaire', 'banque', 'domiciliation', 'iban', 'bic'] as const;
type RibField = (typeof RIB_FIELDS)[number];
type RibFormFields = Record<RibField, string>;

const RIB_LABELS: Record<RibField, string> = {
  titulaire: 'Titulaire du compte',
  banque: 'Banque (facultatif)',
  domiciliation: 'Domiciliation (facultatif)',
  iban: 'IBAN',
  bic: 'BIC',
};

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
  const { query, editing, setEditing, onDelete, onSaved, refresh } = useEditablePart<Rib>({
    idAsso,
    part: 'ribs',
    queryKey: adminKeys.ribs(idAsso, siret),
    list: () => callApi(api.association.getRibs, { query: { id_asso: idAsso, ...(siret ? { id_siret: siret } : {}) } }),
    remove: (id) => callApi(api.association.deleteRib, { query: { id_asso: idAsso, id } }),
  });
  const label = (s: string) => etablissementLabel(etablissements, s);

  return (
    <PartSection id="coordonnees-bancaires" title="Coordonnées bancaires">
      <PartTable
        query={query}
        loading="Chargement des RIB…"
        empty="Aucun RIB n’est enregistré."
        caption="RIB enregistrés"
        headers={['Établissement', 'Titulaire', 'Banque', 'IBAN', 'BIC', 'Actions']}
        cells={(rib) => [
          label(rib.id_siret),
          rib.titulaire,
          [rib.banque, rib.domiciliation].filter(Boolean).join(' – ') || '—',
          <span key="iban" style={{ whiteSpace: 'nowrap' }}>
            {formatIban(rib.iban)}
          </span>,
          rib.bic,
          <RowActions
            key="actions"
            what={`le RIB ${formatIban(rib.iban)}`}
            onEdit={() => setEditing(rib)}
            onDelete={() => onDelete(rib)}
          />,
        ]}
      />
      {/* The add form stays open; an edit replaces it until saved or cancelled. */}
      {editing && editing !== 'new' ? (
        <EditRibForm
          key={editing.id}
          idAsso={idAsso}
          rib={editing}
          label={label}
          onDone={onSaved}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <AddRibForm
          idAsso={idAsso}
          sirets={etablissements.map((e) => e.siret)}
          label={label}
          defaultSiret={siret}
          onAdded={refresh}
        />
      )}
    </PartSection>
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
    <PartFormShell title="Ajouter un RIB" form={form} onSubmit={onSubmit} submitLabel="Ajouter le RIB">
      <SelectField
        label="Établissement"
        placeholder="Sélectionnez un établissement"
        options={sirets.map((s) => ({ value: s, label: label(s) }))}
        {...form.field('id_siret')}
      />
      <RibFields field={form.field} />
    </PartFormShell>
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
    <PartFormShell
      title="Modifier le RIB"
      intro={<p>Établissement : {label(rib.id_siret)}</p>}
      form={form}
      onSubmit={onSubmit}
      submitLabel="Enregistrer le RIB"
      onCancel={onCancel}
    >
      <RibFields field={form.field} />
    </PartFormShell>
  );
}

/** The RIB's own fields, the same in the add and edit forms. */
function RibFields({ field }: { field: (name: RibField) => FieldBinding }) {
  return RIB_FIELDS.map((k) => <TextField key={k} label={RIB_LABELS[k]} {...field(k)} />);
}
