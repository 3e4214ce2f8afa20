// The SIRET request's form state: the request's parts as editable strings, the form's own checks
// (the address rules of §5, from the contract's schema, each with its message) and the body of
// `PUT …/numero-siret/{id}`. The server applies the same rules; these spare a round trip.
import {
  SIRET_ADDRESS_LIMITS,
  siretAddressSchema,
  type SiretAddressInput,
  type SiretDocumentType,
  type SiretRequest,
  type SiretRequestInput,
  type StoredSiretAddress,
} from '@portail/contract';

export type AddressKey = keyof typeof SIRET_ADDRESS_LIMITS;
export const ADDRESS_KEYS = Object.keys(SIRET_ADDRESS_LIMITS) as AddressKey[];
export type AddressDraft = Record<AddressKey, string>;
export type Which = 'siege' | 'gestion';

export interface SiretDraft {
  nom: string;
  sigle: string;
  dateCreation: string;
  objet: string;
  domicile_entreprise: boolean;
  domicile_provisoire_rl: boolean;
  siege: AddressDraft;
  /** The management address is given (else none: the head office's is used). */
  withGestion: boolean;
  gestion: AddressDraft;
  attestation: boolean;
  documents: Partial<Record<SiretDocumentType, { uuid: string; nom: string | null }>>;
}

const addressDraft = (address: StoredSiretAddress | null, country = ''): AddressDraft =>
  Object.fromEntries(ADDRESS_KEYS.map((key) => [key, address?.[key] ?? (key === 'pays' ? country : '')])) as AddressDraft;

export function draftOf(demande: SiretRequest): SiretDraft {
  return {
    nom: demande.identite.nom,
    sigle: demande.identite.sigle ?? '',
    dateCreation: demande.identite.dateCreation ?? '',
    objet: demande.activites.objet ?? '',
    domicile_entreprise: demande.coordonnees.info_siege.domicile_entreprise,
    domicile_provisoire_rl: demande.coordonnees.info_siege.domicile_provisoire_rl,
    siege: addressDraft(demande.coordonnees.adresse_siege),
    withGestion: demande.coordonnees.adresse_gestion !== null,
    gestion: addressDraft(demande.coordonnees.adresse_gestion, 'FRANCE'),
    attestation: demande.attestation,
    documents: Object.fromEntries(demande.documents.map((d) => [d.type, { uuid: d.uuid, nom: d.nom }])),
  };
}

/** The form key of an address field (`siege.code_insee`), also the end of its input's id. */
export const addressFieldKey = (which: Which, key: AddressKey) => `${which}.${key}`;

/** The §5 rules of one address: its fields' messages by form key (nothing when it follows them). */
export function checkAddress(which: Which, address: AddressDraft): Record<string, string> {
  const checked = siretAddressSchema.safeParse(address);
  if (checked.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of checked.error.issues) errors[addressFieldKey(which, issue.path[0] as AddressKey)] ??= issue.message;
  return errors;
}

/** The form's own checks: the head office address, and the management address when given. */
export function checkDraft(draft: SiretDraft): Record<string, string> {
  return { ...checkAddress('siege', draft.siege), ...(draft.withGestion ? checkAddress('gestion', draft.gestion) : {}) };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const addressBody = (address: AddressDraft) => Object.fromEntries(ADDRESS_KEYS.map((key) => [key, orNull(address[key])])) as SiretAddressInput;

export function bodyOf(draft: SiretDraft): SiretRequestInput {
  return {
    attestation: draft.attestation,
    identite: { nom: draft.nom, sigle: orNull(draft.sigle), dateCreation: orNull(draft.dateCreation) },
    activites: { objet: orNull(draft.objet) },
    coordonnees: {
      info_siege: { domicile_entreprise: draft.domicile_entreprise, domicile_provisoire_rl: draft.domicile_provisoire_rl },
      adresse_siege: addressBody(draft.siege),
      adresse_gestion: draft.withGestion ? addressBody(draft.gestion) : null,
    },
    documents: Object.entries(draft.documents).map(([type, d]) => ({ type: type as SiretDocumentType, uuid: d!.uuid })),
  };
}

/** The form key of a server field (`coordonnees.adresse_siege.cp` → `siege.cp`). */
export function fieldOfServerKey(key: string): string | null {
  const match = /^coordonnees\.adresse_(siege|gestion)\.(\w+)$/.exec(key);
  if (match) return `${match[1]}.${match[2]}`;
  if (key.startsWith('identite.')) return key.slice('identite.'.length);
  if (key === 'activites.objet') return 'objet';
  return null;
}

/** The input's id of a form key. */
export const fieldId = (key: string) => `siret-${key.replace('.', '-')}`;
