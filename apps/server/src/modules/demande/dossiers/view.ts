// The contract's views of a dossier (subsidies/dossier-routes.ts), and what the machine lets the
// caller do on it (can / optionsOf, the options the client shows and the server accepts).
import { dossierInstructionMachine, optionsOf, type CrfState, type DossierState, type DossierSummary, type DossierView, type MachineSubject } from '@portail/contract';
import type { AuthClaims } from '../../../http/request-context.ts';
import { windowOf } from './campaign.ts';
import type { DossierRow, DossierSummaryRow } from './repository.ts';

type Actor = Parameters<typeof optionsOf>[2];

/** The current year in Paris: an end exercise before it is past (spec §4). */
export const currentYear = () => Number(new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date()));

/** How the machine's guards see one instruction of the dossier (facts from the dossier's row). */
export function instructionSubject(row: DossierRow, instruction: DossierRow['instructions'][number]): MachineSubject {
  // Marked by a service (its mark's date): before transmission « incomplet » only says the wizard is not done.
  const incomplete = row.statut === 'incomplet' && row.incompletAt !== null;
  return {
    state: instruction.etat,
    associationId: row.associationId,
    serviceId: instruction.serviceId,
    createdBy: row.createdById ? { id: row.createdById, side: row.createdByType as 'association' | 'service' } : null,
    facts: {
      complete: instruction.complet,
      // Every financial report of the dossier received (written by the reports, crf/service.ts).
      allCrfReceived: instruction.crfRecus,
      campaignClosed: !windowOf(row.subvention, row.sousDispositifId).open,
      markedIncomplete: incomplete,
      markedComplete: !incomplete,
      exerciseOpen: (row.exerciceFin ?? row.exercice) >= currentYear(),
    },
  };
}

/** The events and actions of the machine open to the actor on any instruction of the dossier. */
export function dossierOptions(row: DossierRow, actor: Actor) {
  const events = new Set<string>();
  const actions = new Set<string>();
  for (const instruction of row.instructions) {
    const options = optionsOf(dossierInstructionMachine, instructionSubject(row, instruction), actor);
    for (const e of options.events) events.add(e);
    for (const a of options.actions) actions.add(a);
  }
  return { events: [...events].sort(), actions: [...actions].sort() };
}

/** The amount a service granted the dossier: the sum of its projects' financing lines of that service, null until one is granted. */
function grantedBy(row: DossierRow, serviceId: string): number | null {
  const lines = row.projets.flatMap((p) => p.financements).filter((f) => f.serviceId === serviceId && f.montantAccorde !== null);
  return lines.length === 0 ? null : lines.reduce((sum, f) => sum + f.montantAccorde!.toNumber(), 0);
}

/**
 * The receipt of the last transmission: its date (the latest of the instructions' transmissions)
 * and the services that received the dossier, in the instructions' order (referent first).
 */
export function transmissionReceipt(row: DossierRow, transmittedAt: ReadonlyMap<string, Date>): DossierView['transmission'] {
  const reached = row.instructions.filter((i) => transmittedAt.has(i.id));
  if (reached.length === 0) return null;
  const last = Math.max(...reached.map((i) => transmittedAt.get(i.id)!.getTime()));
  return { date: new Date(last).toISOString(), services: reached.map((i) => ({ id: i.service.id, nom: i.service.nom })) };
}

/** States whose comment the association reads on the dossier: what to correct (C), the reason of a refusal or a rejection. */
const COMMENTED_STATES = ['C', '11', '12'];

export function toDossierView(
  row: DossierRow,
  options: { events: string[]; actions: string[] },
  transmittedAt: ReadonlyMap<string, Date> = new Map(),
  lastComments: ReadonlyMap<string, { toState: string; comment: string }> = new Map(),
  crfs: readonly { id: string; exercice: number; etat: string }[] = [],
): DossierView {
  return {
    id: row.id,
    identifiant: { id_fo: row.idFo, step: row.step },
    description: {
      service: 'subvention',
      statut: row.statut as 'incomplet' | 'complet',
      exercice: row.exercice,
      exercice_fin: row.exerciceFin,
      code_subvention: row.subvention.code,
      id_type_dispositif: row.dispositifId,
      id_sous_type_dispositif: row.sousDispositifId,
      renouvellement: row.renouvellement,
      pluriannuel: row.pluriannuel,
      couplage_tca: row.couplageTca,
      customs: (row.customs as { code: string; value: unknown }[]) ?? [],
      donnees: (row.donnees as Record<string, unknown>) ?? {},
      budget: [],
    },
    instructions: row.instructions.map((i) => {
      const granted = grantedBy(row, i.serviceId);
      const last = lastComments.get(i.id);
      const commentaire = last && last.toState === i.etat && COMMENTED_STATES.includes(i.etat) ? last.comment : null;
      return { etat: i.etat as DossierState, id_service_instructeur: i.serviceId, ...(granted === null ? {} : { montant_accorde: granted }), ...(commentaire ? { commentaire } : {}) };
    }),
    demandeur: {
      id_siret: row.idSiret,
      nom: row.nom,
      enseigne: row.enseigne,
      id_representant_legal: row.idRepresentantLegal,
      id_signataire: row.idSignataire,
      id_responsable: row.idResponsable,
      id_rib: row.idRib,
    },
    projets: row.projets.map((p) => ({ id: p.id, rang_dossier: p.rangDossier, intitule: p.intitule })),
    documents: row.documents.map((d) => ({ uuid: d.documentId, code: d.code, nom: d.document.nom, id_type: d.document.type })),
    attestation: (row.attestation as DossierView['attestation']) ?? null,
    createdBy: { id: row.createdById, type: row.createdByType as 'association' | 'service' },
    instructeurs: row.instructions.map((i) => ({ service: { id: i.service.id, nom: i.service.nom, type: i.service.type }, isReferent: i.isReferent })),
    mode: options.actions.includes('modifier') ? 'edit' : 'read',
    deleted: row.deletedAt !== null,
    options,
    transmission: transmissionReceipt(row, transmittedAt),
    crfs: crfs.map((c) => ({ id: c.id, exercice: c.exercice, etat: c.etat as CrfState })),
    ...(row.statut === 'incomplet' && row.incompletCommentaire && row.incompletAt && row.incompletService
      ? { incomplet: { commentaire: row.incompletCommentaire, date: row.incompletAt.toISOString(), service: { id: row.incompletService.id, nom: row.incompletService.nom } } }
      : {}),
  };
}

/** A summary of the list; `granted` holds what each service granted (repository.grantedAmounts, keyed `dossierId:serviceId`). */
export function toDossierSummary(row: DossierSummaryRow, granted: ReadonlyMap<string, number>, unread?: number): DossierSummary {
  return {
    id: row.id,
    id_fo: row.idFo,
    step: row.step,
    statut: row.statut as 'incomplet' | 'complet',
    exercice: row.exercice,
    exercice_fin: row.exerciceFin,
    code_subvention: row.subvention.code,
    libelle_subvention: row.subvention.label,
    id_type_dispositif: row.dispositifId,
    id_sous_type_dispositif: row.sousDispositifId,
    id_association: row.associationId,
    demandeur: { id_siret: row.idSiret, nom: row.nom },
    instructions: row.instructions.map((i) => {
      const amount = granted.get(`${row.id}:${i.serviceId}`);
      return { etat: i.etat as DossierState, id_service_instructeur: i.serviceId, ...(amount === undefined ? {} : { montant_accorde: amount }) };
    }),
    createdBy: { id: row.createdById, type: row.createdByType as 'association' | 'service' },
    deleted: row.deletedAt !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(unread === undefined ? {} : { notifications: unread }),
  };
}

export const claimsActor = (claims: AuthClaims, memberships: Omit<Actor, 'id' | 'roles'>): Actor => ({ id: claims.userId, roles: claims.roles, ...memberships });
