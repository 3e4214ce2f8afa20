// The contract's view of a SIRET request (siret-requests/schemas.ts): its parts, what the machine
// lets the caller do, and the mode of §4 (read unless the caller may still change it).
import {
  optionsOf,
  siretRequestMachine,
  type MachineActor,
  type MachineSubject,
  type SiretRequest,
  type SiretRequestState,
  type StoredSiretAddress,
} from '@portail/contract';
import type { AuthClaims } from '../../http/request-context.ts';
import type { SiretRequestRow } from './repository.ts';

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const asArray = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const str = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

const ADDRESS_KEYS = ['code_insee', 'pays', 'num_voie', 'repet_voie', 'type_voie', 'voie', 'cplt_1', 'bp', 'cp', 'commune', 'cedex'] as const;
export function addressOf(value: unknown): StoredSiretAddress | null {
  if (!value || typeof value !== 'object') return null;
  const a = value as Json;
  return Object.fromEntries(ADDRESS_KEYS.map((key) => [key, str(a[key])])) as StoredSiretAddress;
}

/** « annee-numero », the request's number (spec §3 `id_fo_fonctionnel`, 'n-n'). */
export const numberOf = (row: { annee: number; numero: number }) => `${row.annee}-${row.numero}`;

/** How the machine sees the request. */
export const subjectOf = (row: Pick<SiretRequestRow, 'etat' | 'associationId' | 'createdById'>): MachineSubject => ({
  state: row.etat,
  associationId: row.associationId,
  createdBy: row.createdById ? { id: row.createdById, side: 'association' } : null,
});

/** How the machine sees the caller: a member of the association when `member` (the scope or the list said so). */
export const actorOf = (claims: AuthClaims, associationId: string, member: boolean): MachineActor => ({
  id: claims.userId,
  roles: claims.roles,
  associationIds: member ? [associationId] : [],
  serviceIds: [],
});

export interface ViewInput {
  row: SiretRequestRow;
  actor: MachineActor;
  /** uuid → name of the association documents the request holds. */
  documentNames: ReadonlyMap<string, string>;
  /** The reason given with the transition into the current state (INV, REJ, REF). */
  motif: string | null;
}

export function toSiretRequestView({ row, actor, documentNames, motif }: ViewInput): SiretRequest {
  const identite = asObject(row.identite);
  const activites = asObject(row.activites);
  const coordonnees = asObject(row.coordonnees);
  const infoSiege = asObject(coordonnees.info_siege);
  const options = optionsOf(siretRequestMachine, subjectOf(row), actor);
  const creator = row.createdBy ? [row.createdBy.prenom, row.createdBy.nom].filter(Boolean).join(' ') || row.createdBy.email : null;
  return {
    id: row.id,
    identifiant: { step: row.step, id_fo_fonctionnel: numberOf(row) },
    attestation: row.attestation,
    identite: {
      id_rna: str(identite.id_rna),
      id_correspondance: row.associationId,
      nom: str(identite.nom) ?? '',
      sigle: str(identite.sigle),
      dateCreation: str(identite.dateCreation),
      id_forme_juridique: str(identite.id_forme_juridique),
    },
    activites: {
      id_objet_social1: str(activites.id_objet_social1),
      lib_objet_social1: str(activites.lib_objet_social1),
      id_famille1: str(activites.id_famille1),
      objet: str(activites.objet),
    },
    coordonnees: {
      info_siege: { domicile_entreprise: infoSiege.domicile_entreprise === true, domicile_provisoire_rl: infoSiege.domicile_provisoire_rl === true },
      adresse_gestion: addressOf(coordonnees.adresse_gestion),
      adresse_siege: addressOf(coordonnees.adresse_siege),
    },
    documents: asArray(row.documents).map((d) => ({ type: d.type as 'REC', uuid: String(d.uuid), nom: documentNames.get(String(d.uuid)) ?? null })),
    description: {
      code_etat: row.etat as SiretRequestState,
      libelle_etat: siretRequestMachine.states[row.etat as SiretRequestState]?.label ?? row.etat,
      siret_attribue: row.siretAttribue,
      motif,
    },
    createdBy: { id: row.createdById ?? '00000000-0000-0000-0000-000000000000', identifiant: creator },
    mode: options.actions.includes('modifier') ? 'edit' : 'read',
    options: { events: options.events, actions: options.actions },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
