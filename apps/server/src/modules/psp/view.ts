// The contract's views of Pass'Sport (pass-sport/schemas.ts): a dossier with its inscriptions and
// what the machine lets the caller do, an inscription with its beneficiary, an exercise.
import {
  optionsOf,
  passSportMachine,
  pspStateLabelOf,
  type MachineActor,
  type MachineSubject,
  type PassSportState,
  type PspBeneficiaire,
  type PspCertificate,
  type PspDossier,
  type PspExercice,
  type PspFederation,
  type PspInscription,
} from '@portail/contract';
import type { PspDossierRow, PspExerciceRow, PspInscriptionRow } from './repository.ts';

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export const federationsOf = (value: unknown): PspFederation[] => (Array.isArray(value) ? (value as PspFederation[]) : []);

/** How the machine sees the dossier. */
export const subjectOf = (row: { etat: string; associationId: string; createdById: string | null; sharedWith: string[]; serviceId: string | null }): MachineSubject => ({
  state: row.etat,
  associationId: row.associationId,
  serviceId: row.serviceId,
  createdBy: row.createdById ? { id: row.createdById, side: 'association' } : null,
  sharedWith: row.sharedWith,
});

export const toExerciceView = (row: PspExerciceRow): PspExercice => ({
  id: row.id, id_exercice: row.annee, active: row.active, date_debut: day(row.dateDebut)!, date_fin: day(row.dateFin)!,
});

export const toBeneficiaireView = (b: PspInscriptionRow['beneficiaire']): PspBeneficiaire => ({
  id: b.id, id_psp: b.codePsp, exercice_id: b.exerciceId, prenom: b.prenom, nom: b.nom, date_naissance: day(b.dateNaissance),
  adresse: { commune: b.commune, code_postal: b.codePostal },
});

export function toInscriptionView(row: PspInscriptionRow, federations: PspFederation[]): PspInscription {
  return {
    id: row.id,
    exercice_id: row.exerciceId,
    federation: { siren: row.federationSiren, nom: federations.find((f) => f.siren === row.federationSiren)?.nom ?? null },
    id_etat: row.idEtat as '1' | '8',
    libelle_etat: pspStateLabelOf(row.idEtat),
    beneficiaire: toBeneficiaireView(row.beneficiaire),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toDossierView(row: PspDossierRow, actor: MachineActor, exercices: PspExerciceRow[]): PspDossier {
  const federations = federationsOf(row.federations);
  const options = optionsOf(passSportMachine, subjectOf(row), actor);
  return {
    id: row.id,
    numero: row.numero,
    id_etat: row.etat as PassSportState,
    libelle_etat: passSportMachine.states[row.etat as PassSportState]?.label ?? row.etat,
    structure: { id_siret: row.idSiret, nom: row.nom, id_rib: row.idRib },
    shared_with: row.sharedWith,
    federations,
    created_by: row.createdBy ? { id: row.createdBy.id, prenom: row.createdBy.prenom, nom: row.createdBy.nom } : null,
    inscriptions: row.inscriptions.map((i) => toInscriptionView(i, federations)),
    exercices: exercices.map(toExerciceView),
    options: { events: options.events, modifier: options.actions.includes('modifier') },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** An affiliation certificate of the association. */
export const toCertificateView = (row: { id: string; sirenFederation: string; nomFederation: string; exerciceId: number; documentId: string | null; createdAt: Date }): PspCertificate => ({
  id: row.id, siren_federation: row.sirenFederation, nom_federation: row.nomFederation, exercice_id: row.exerciceId, document_id: row.documentId, created_at: row.createdAt.toISOString(),
});
