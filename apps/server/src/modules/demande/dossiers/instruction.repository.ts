// Queries of the instruction by the services (./instruction.ts): the service's financing lines on a
// dossier's projects and their amounts, payments, the « incomplet » mark, and the history of the
// instructions read from state_history.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/prisma.ts';
import type { DbTransaction } from '../../../db/transaction.ts';

type Tx = DbTransaction;

export interface HistoryRowRead {
  objectId: string;
  createdAt: Date;
  event: string;
  fromState: string;
  toState: string;
  comment: string | null;
  /** The actor's instructing service (an agent), or null. */
  serviceNom: string | null;
  prenom: string | null;
  nom: string | null;
  paiementDate: Date | null;
  paiementMontant: string | null;
}

export function createInstructionRepository(db: Database) {
  return {
    /** What the notice of a service taking charge names: the dossier's establishment (its members) and the service. */
    serviceInCharge: async (tx: Tx, dossierId: string, serviceId: string) =>
      (
        await tx.$queryRaw<{ idSiret: string | null; serviceNom: string }[]>`SELECT d.id_siret AS "idSiret", sa.nom AS "serviceNom"
          FROM dossiers d CROSS JOIN service_accounts sa WHERE d.id = ${dossierId}::uuid AND sa.id = ${serviceId}::uuid`
      )[0]!,

    /** The financing lines of `serviceId` on the dossier's projects. */
    financingLines: (tx: Tx, dossierId: string, serviceId: string) =>
      tx.projetFinancement.findMany({
        where: { serviceId, projet: { dossierId } },
        select: { id: true, projetId: true, annee: true, montantAccorde: true },
      }),

    setAmounts: (tx: Tx, lineId: string, amounts: { montantPropose?: number | null; montantAccorde: number }) =>
      tx.projetFinancement.update({
        where: { id: lineId },
        data: { montantAccorde: amounts.montantAccorde, ...(amounts.montantPropose !== undefined ? { montantPropose: amounts.montantPropose } : {}) },
      }),

    /** What the service granted on the dossier and what it has paid so far, in euros. */
    async grantedAndPaid(tx: Tx, dossierId: string, instructionId: string, serviceId: string) {
      const [granted, paid] = await Promise.all([
        tx.projetFinancement.aggregate({ where: { serviceId, projet: { dossierId } }, _sum: { montantAccorde: true } }),
        tx.dossierPaiement.aggregate({ where: { instructionId }, _sum: { montant: true } }),
      ]);
      return { granted: granted._sum.montantAccorde?.toNumber() ?? 0, paid: paid._sum.montant?.toNumber() ?? 0 };
    },

    addPayment: (tx: Tx, p: { instructionId: string; historyId: string; date: string; montant: number }) =>
      tx.dossierPaiement.create({ data: { id: randomUUID(), instructionId: p.instructionId, historyId: p.historyId, date: new Date(`${p.date}T00:00:00Z`), montant: p.montant } }),

    /** Sets or clears the « incomplet » mark (statut and what the service asked). */
    setStatut: (tx: Tx, dossierId: string, mark: { statut: 'incomplet' | 'complet'; commentaire: string | null; serviceId: string | null }) =>
      tx.dossier.update({
        where: { id: dossierId },
        data: {
          statut: mark.statut,
          incompletCommentaire: mark.statut === 'incomplet' ? mark.commentaire : null,
          incompletAt: mark.statut === 'incomplet' ? new Date() : null,
          incompletServiceId: mark.statut === 'incomplet' ? mark.serviceId : null,
        },
      }),

    /** The mark as the view shows it. */
    incompletOf: (dossierId: string) =>
      db.dossier.findUnique({
        where: { id: dossierId },
        select: { statut: true, incompletCommentaire: true, incompletAt: true, incompletService: { select: { id: true, nom: true } } },
      }),

    /** The instructions' history, oldest first: who (their service for an agent), the payment recorded. */
    history: (instructionIds: string[]) =>
      db.$queryRaw<HistoryRowRead[]>`
        SELECT h.object_id::text AS "objectId", h.created_at AS "createdAt", h.event, h.from_state AS "fromState", h.to_state AS "toState",
               h.comment, sa.nom AS "serviceNom", u.prenom, u.nom, p.date AS "paiementDate", p.montant::text AS "paiementMontant"
        FROM state_history h
        LEFT JOIN service_accounts sa ON sa.auth_id = h.actor_id
        LEFT JOIN users u ON u.id = h.actor_id
        LEFT JOIN dossier_paiements p ON p.history_id = h.id
        WHERE h.machine = 'dossier_instruction' AND h.object_id = ANY(${instructionIds}::uuid[])
        ORDER BY h.created_at, h.id`,

    /** The caller's own service account, if any. */
    ownService: (authId: string) => db.serviceAccount.findUnique({ where: { authId }, select: { id: true, nom: true } }),

    /** Whether the campaign `code` (when it exists) lists the service among its instructing services; null: no such campaign. */
    async campaignInstructedBy(code: string, serviceId: string): Promise<boolean | null> {
      const subvention = await db.subvention.findUnique({ where: { code }, select: { instructeurs: { where: { serviceId }, select: { serviceId: true } } } });
      return subvention ? subvention.instructeurs.length > 0 : null;
    },

    associationExists: async (id: string) => (await db.association.count({ where: { id } })) > 0,
  };
}
export type InstructionRepository = ReturnType<typeof createInstructionRepository>;
