// The SIRET request's form (spec §3, §5): identification, activity, head office (with its
// domiciliation) and management addresses — each commune found by search-as-you-type, which fills
// the postcode and the INSEE code —, the documents REC, STC and LDC of the association's file, the
// attestation. « Enregistrer » saves; « Transmettre » saves then transmits and shows the message
// the server gives. In read mode (§4) the same parts, unchangeable.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Checkbox } from '@codegouvfr/react-dsfr/Checkbox';
import { Input } from '@codegouvfr/react-dsfr/Input';
import {
  associationDocumentRoutes,
  SIRET_ADDRESS_LABELS,
  SIRET_ADDRESS_LIMITS,
  SIRET_DOCUMENT_LABELS,
  SIRET_DOCUMENT_TYPES,
  SIRET_REQUEST_LIMITS,
  siretRequestRoutes,
  type AssociationDocument,
  type SiretDocumentType,
  type SiretRequest,
} from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import { useFocusAfterRender } from '../../lib/focus/focus.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { CommuneCombobox } from '../../lib/ui/commune-combobox.tsx';
import { addressFieldKey, bodyOf, checkDraft, draftOf, fieldId, fieldOfServerKey, type AddressDraft, type AddressKey, type SiretDraft, type Which } from './siret-draft.ts';

const SAVED_ID = 'siret-enregistre';
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const maxOf = (key: AddressKey) => (key === 'code_insee' ? SIRET_ADDRESS_LIMITS.code_insee.max : SIRET_ADDRESS_LIMITS[key]);
const REQUIRED: readonly AddressKey[] = ['code_insee', 'cp', 'commune'];

interface AddressFieldsProps {
  which: Which;
  legend: string;
  address: AddressDraft;
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (changes: Partial<AddressDraft>, ...keys: string[]) => void;
}

function AddressFields({ which, legend, address, errors, readOnly, onChange }: AddressFieldsProps) {
  const input = (key: AddressKey) => {
    const formKey = addressFieldKey(which, key);
    return (
      <div key={key} className={fr.cx('fr-col-12', 'fr-col-md-4')}>
        <Input
          label={`${capital(SIRET_ADDRESS_LABELS[key])}${REQUIRED.includes(key) ? ' *' : ''}`}
          disabled={readOnly}
          state={errors[formKey] ? 'error' : 'default'}
          stateRelatedMessage={errors[formKey]}
          nativeInputProps={{ id: fieldId(formKey), value: address[key], maxLength: maxOf(key), onChange: (e) => onChange({ [key]: e.target.value }, formKey) }}
        />
      </div>
    );
  };
  const communeKey = addressFieldKey(which, 'commune');
  return (
    <fieldset className={fr.cx('fr-fieldset', 'fr-mt-2w')}>
      <legend className={fr.cx('fr-fieldset__legend', 'fr-h6')}>{legend}</legend>
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')} style={{ width: '100%' }}>
        {(['num_voie', 'repet_voie', 'type_voie', 'voie', 'cplt_1', 'bp'] as const).map(input)}
        <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
          {readOnly ? (
            <Input label="Commune" disabled nativeInputProps={{ id: fieldId(communeKey), value: address.commune }} />
          ) : (
            <CommuneCombobox
              id={fieldId(communeKey)}
              label="Commune"
              required
              value={address.commune}
              maxLength={SIRET_ADDRESS_LIMITS.commune}
              error={errors[communeKey]}
              onChange={(commune) => onChange({ commune }, communeKey)}
              onPick={(picked) => onChange(picked, communeKey, addressFieldKey(which, 'cp'), addressFieldKey(which, 'code_insee'))}
            />
          )}
        </div>
        {(['cp', 'code_insee', 'cedex', 'pays'] as const).map(input)}
      </div>
    </fieldset>
  );
}

interface SiretFormProps {
  demande: SiretRequest;
  readOnly: boolean;
  onChanged: (next: SiretRequest) => void;
}

export function SiretForm({ demande, readOnly, onChanged }: SiretFormProps) {
  const [draft, setDraft] = useState<SiretDraft>(() => draftOf(demande));
  const { summary, errors, refuse, fix, send, sending } = useSending({ fieldOfServerKey, targetOf: fieldId });
  const [saved, setSaved] = useState(false);
  const moveFocus = useFocusAfterRender();
  const queryClient = useQueryClient();
  const idAsso = demande.identite.id_correspondance;
  const documents = useQuery({
    queryKey: ['siret-association-documents', idAsso],
    queryFn: () => callApi(associationDocumentRoutes.listDocuments, { query: { id_asso: idAsso } }),
    enabled: !readOnly,
    retry: false,
  });
  const canTransmit = demande.options.events.includes('transmettre');

  const set = (changes: Partial<SiretDraft>, ...keys: string[]) => {
    setSaved(false);
    setDraft((d) => ({ ...d, ...changes }));
    if (keys.length > 0) fix(...keys);
  };
  const setAddress = (which: Which) => (changes: Partial<AddressDraft>, ...keys: string[]) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [which]: { ...d[which], ...changes } }));
    if (keys.length > 0) fix(...keys);
  };

  async function save(): Promise<SiretRequest | null> {
    if (refuse(checkDraft(draft))) return null;
    let next: SiretRequest | null = null;
    const done = await send(async () => {
      next = await callApi(siretRequestRoutes.updateSiretRequest, { params: { id: demande.id }, query: {}, body: bodyOf(draft) });
    });
    if (!done || !next) return null;
    onChanged(next);
    return next;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (await save()) {
      setSaved(true);
      moveFocus(SAVED_ID);
    }
  }

  async function transmit() {
    if (!(await save())) return;
    await send(async () => {
      const answer = await callApi(siretRequestRoutes.transmitSiretRequest, { params: { id: demande.id }, query: {} });
      toast.success(answer.message);
      onChanged(answer.demande);
    });
  }

  async function upload(type: SiretDocumentType, file: File) {
    const formData = new FormData();
    formData.append('file', file);
    await send(async () => {
      const created = await callApi(associationDocumentRoutes.uploadDocument, { query: { id_asso: idAsso, type }, formData });
      await queryClient.invalidateQueries({ queryKey: ['siret-association-documents', idAsso] });
      set({ documents: { ...draft.documents, [type]: { uuid: created.uuid, nom: created.nom } } }, `document.${type}`);
    });
  }

  const candidates = (type: SiretDocumentType): AssociationDocument[] => (documents.data ?? []).filter((d) => d.type === type);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Demande de numéro SIRET">
      <ErrorSummary {...summary} />
      {saved && <Alert id={SAVED_ID} severity="success" small className={fr.cx('fr-mb-2w')} description="La demande est enregistrée." />}

      <h2 className={fr.cx('fr-h4', 'fr-mt-4w')}>Identification de l'association</h2>
      <p>Numéro RNA : {demande.identite.id_rna ?? 'non renseigné'}</p>
      <Input
        label="Dénomination *"
        disabled={readOnly}
        state={errors.nom ? 'error' : 'default'}
        stateRelatedMessage={errors.nom}
        nativeInputProps={{ id: fieldId('nom'), value: draft.nom, maxLength: SIRET_REQUEST_LIMITS.nom, onChange: (e) => set({ nom: e.target.value }, 'nom') }}
      />
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
          <Input label="Sigle" disabled={readOnly} nativeInputProps={{ id: fieldId('sigle'), value: draft.sigle, maxLength: SIRET_REQUEST_LIMITS.sigle, onChange: (e) => set({ sigle: e.target.value }, 'sigle') }} />
        </div>
        <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
          <Input label="Date de création" disabled={readOnly} nativeInputProps={{ id: fieldId('dateCreation'), type: 'date', value: draft.dateCreation, onChange: (e) => set({ dateCreation: e.target.value }) }} />
        </div>
      </div>

      <h2 className={fr.cx('fr-h4', 'fr-mt-4w')}>Activité</h2>
      <Input
        label="Objet de l'association"
        textArea
        disabled={readOnly}
        state={errors.objet ? 'error' : 'default'}
        stateRelatedMessage={errors.objet}
        nativeTextAreaProps={{ id: fieldId('objet'), value: draft.objet, rows: 4, maxLength: SIRET_REQUEST_LIMITS.objet, onChange: (e) => set({ objet: e.target.value }, 'objet') }}
      />

      <h2 className={fr.cx('fr-h4', 'fr-mt-4w')}>Adresses</h2>
      <Checkbox
        legend="Domiciliation du siège"
        disabled={readOnly}
        options={[
          { label: "Le siège est domicilié dans les locaux d'une entreprise", nativeInputProps: { checked: draft.domicile_entreprise, onChange: (e) => set({ domicile_entreprise: e.target.checked }) } },
          { label: 'Le siège est provisoirement au domicile du représentant légal', nativeInputProps: { checked: draft.domicile_provisoire_rl, onChange: (e) => set({ domicile_provisoire_rl: e.target.checked }) } },
        ]}
      />
      <AddressFields which="siege" legend="Adresse du siège" address={draft.siege} errors={errors} readOnly={readOnly} onChange={setAddress('siege')} />
      <Checkbox
        className={fr.cx('fr-mt-2w')}
        disabled={readOnly}
        options={[{ label: 'Une adresse de gestion différente du siège', nativeInputProps: { checked: draft.withGestion, onChange: (e) => set({ withGestion: e.target.checked }) } }]}
      />
      {draft.withGestion && <AddressFields which="gestion" legend="Adresse de gestion" address={draft.gestion} errors={errors} readOnly={readOnly} onChange={setAddress('gestion')} />}

      <h2 className={fr.cx('fr-h4', 'fr-mt-4w')}>Pièces jointes</h2>
      <p className={fr.cx('fr-hint-text')}>Les trois pièces sont nécessaires pour transmettre la demande (PDF, JPG ou JPEG, 15 Mo au plus).</p>
      {SIRET_DOCUMENT_TYPES.map((type) => {
        const current = draft.documents[type];
        const id = fieldId(`document.${type}`);
        return (
          <fieldset key={type} className={fr.cx('fr-fieldset', 'fr-mb-2w')} aria-labelledby={`${id}-legende`}>
            <legend id={`${id}-legende`} className={fr.cx('fr-fieldset__legend', 'fr-text--bold')}>
              {SIRET_DOCUMENT_LABELS[type]} *
            </legend>
            <p id={`${id}-actuel`} className={fr.cx('fr-fieldset__element')}>
              {current ? `Document joint : ${current.nom ?? 'sans nom'}` : 'Aucun document joint.'}
            </p>
            {!readOnly && (
              <div className={fr.cx('fr-fieldset__element')}>
                {candidates(type).length > 0 && (
                  <div className={fr.cx('fr-select-group')}>
                    <label className={fr.cx('fr-label')} htmlFor={`${id}-choix`}>
                      Choisir un document du dossier de l'association
                    </label>
                    <select
                      id={`${id}-choix`}
                      className={fr.cx('fr-select')}
                      value={current?.uuid ?? ''}
                      onChange={(e) => {
                        const chosen = candidates(type).find((d) => d.uuid === e.target.value);
                        const next = { ...draft.documents };
                        if (chosen) next[type] = { uuid: chosen.uuid, nom: chosen.nom };
                        else delete next[type];
                        set({ documents: next }, `document.${type}`);
                      }}
                    >
                      <option value="">Aucun</option>
                      {candidates(type).map((d) => (
                        <option key={d.uuid} value={d.uuid}>
                          {d.nom}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
                <div className={fr.cx('fr-upload-group', 'fr-mt-1w')}>
                  <label className={fr.cx('fr-label')} htmlFor={id}>
                    Déposer un fichier ({SIRET_DOCUMENT_LABELS[type]})
                  </label>
                  <input
                    id={id}
                    className={fr.cx('fr-upload')}
                    type="file"
                    accept=".pdf,.jpg,.jpeg"
                    disabled={sending}
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      if (file) void upload(type, file);
                    }}
                  />
                </div>
              </div>
            )}
          </fieldset>
        );
      })}

      <Checkbox
        className={fr.cx('fr-mt-3w')}
        disabled={readOnly}
        options={[
          {
            label: "Je certifie exactes les informations de la présente demande (attestation sur l'honneur) *",
            nativeInputProps: { checked: draft.attestation, onChange: (e) => set({ attestation: e.target.checked }) },
          },
        ]}
      />

      {!readOnly && (
        <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md', 'fr-mt-3w')}>
          <li>
            <Button type="submit" priority="secondary" disabled={sending}>
              Enregistrer
            </Button>
          </li>
          {canTransmit && (
            <li>
              <Button type="button" disabled={sending} onClick={() => void transmit()}>
                Transmettre la demande
              </Button>
            </li>
          )}
        </ul>
      )}
      {sending && <p role="status">Envoi en cours…</p>}
    </form>
  );
}
