// Queries of the CEC declarations (docs/domain.md « Déclarations CEC »): sessions, the association's
// validators (legal representatives), its declarations and their log. Writes take the service's
// transaction.
import type { Database, Prisma } from '../../../db/prisma.ts';
import { transactionRunner, type DbTransaction } from '../../../db/transaction.ts';

const WITH_SESSION_AND_MISSION = {
  session: { select: { id: true, sessionId: true } },
  mission: { select: { code: true, libelle: true } },
} satisfies Prisma.CecDeclarationInclude;
export type CecDeclarationRow = Prisma.CecDeclarationGetPayload<{ include: typeof WITH_SESSION_AND_MISSION }>;
export type CecSessionRow = Prisma.CecSessionGetPayload<object>;
export type CecLogRow = Prisma.CecDeclarationLogGetPayload<{
  include: { declaration: { select: { benevoleNom: true; benevolePrenom: true; session: { select: { sessionId: true } } } } };
}>;

export interface CecDecisionWrite {
  status: string;
  motifRefusId: number | null;
  actorId: string;
  actorEmail: string;
}

/** The association's CEC validators (spec §6): legal representatives flagged valideur_cec and not deleted; the relation's selection, also read with a user's links. */
export const CEC_VALIDATORS = { where: { valideurCec: true, deleted: false }, select: { idSiret: true, courriel: true } } as const;

export function createCecRepository(db: Database) {
  return {
    transaction: transactionRunner(db),

    /** The session open on `day` (a UTC midnight), the latest started if several overlap. */
    currentSession: (day: Date): Promise<CecSessionRow | null> =>
      db.cecSession.findFirst({ where: { dateDebut: { lte: day }, dateFin: { gte: day } }, orderBy: [{ dateDebut: 'desc' }, { sessionId: 'desc' }] }),

    sessions: (): Promise<CecSessionRow[]> => db.cecSession.findMany({ orderBy: [{ dateDebut: 'desc' }, { sessionId: 'desc' }] }),

    /** The association's CEC validators: legal representatives flagged valideur_cec and not deleted. */
    validators: (associationId: string) => db.representantLegal.findMany({ where: { associationId, ...CEC_VALIDATORS.where }, select: CEC_VALIDATORS.select }),

    declarations: (associationId: string, etabSiret?: string): Promise<CecDeclarationRow[]> =>
      db.cecDeclaration.findMany({
        where: { associationId, ...(etabSiret ? { etabSiret } : {}) },
        include: WITH_SESSION_AND_MISSION,
        orderBy: [{ session: { dateDebut: 'desc' } }, { benevoleNom: 'asc' }, { benevolePrenom: 'asc' }, { id: 'asc' }],
      }),

    /** Declarations of the association in `status` for the session, per establishment. */
    async countPerEstablishment(associationId: string, sessionId: string, status: string): Promise<{ etabSiret: string; count: number }[]> {
      const rows = await db.cecDeclaration.groupBy({ by: ['etabSiret'], where: { associationId, sessionId, status }, _count: { _all: true } });
      return rows.map((r) => ({ etabSiret: r.etabSiret, count: r._count._all }));
    },

    declaration: (id: string): Promise<CecDeclarationRow | null> => db.cecDeclaration.findUnique({ where: { id }, include: WITH_SESSION_AND_MISSION }),

    logs: (associationId: string, etabSiret?: string): Promise<CecLogRow[]> =>
      db.cecDeclarationLog.findMany({
        where: { associationId, ...(etabSiret ? { etabSiret } : {}) },
        include: { declaration: { select: { benevoleNom: true, benevolePrenom: true, session: { select: { sessionId: true } } } } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      }),

    /**
     * Writes the decision only if the declaration is still waiting (a concurrent decision loses
     * here, not later), with its log row; false when it was no longer waiting.
     */
    async decide(tx: DbTransaction, declaration: { id: string; associationId: string; etabSiret: string }, waiting: string, write: CecDecisionWrite): Promise<boolean> {
      const { count } = await tx.cecDeclaration.updateMany({
        where: { id: declaration.id, status: waiting },
        data: { status: write.status, motifRefusId: write.motifRefusId, decidedAt: new Date(), decidedById: write.actorId, decidedByEmail: write.actorEmail },
      });
      if (count === 0) return false;
      await tx.cecDeclarationLog.create({
        data: {
          declarationId: declaration.id, associationId: declaration.associationId, etabSiret: declaration.etabSiret,
          status: write.status, motifRefusId: write.motifRefusId, actorId: write.actorId, actorEmail: write.actorEmail,
        },
      });
      return true;
    },
  };
}
export type CecRepository = ReturnType<typeof createCecRepository>;
