// Queries of the financial reports (docs/domain.md « Comptes rendus financiers »): a report with its
// projects' realised parts, what it is cloned from (the dossier's projects, lines and budgets of
// the exercise), the association file rows its writes check, the reminder list, and the dossier's
// fact `crf_recus`. Writes take the transaction of the service.
import type { Database, Prisma } from '../../../db/prisma.ts';
import { transactionRunner, type DbTransaction } from '../../../db/transaction.ts';

type Tx = DbTransaction;

const FULL = {
  projets: true,
  dossier: { select: { idFo: true } },
} satisfies Prisma.CrfInclude;
export type CrfRow = Prisma.CrfGetPayload<{ include: typeof FULL }>;
/** A write of the report: JSON parts as the contract's shapes (checked by its schemas), the rest as Prisma types them. */
type Writable<T> = { [K in keyof T]?: unknown };
export type CrfData = Writable<Prisma.CrfUncheckedUpdateInput>;
export type CrfProjetData = Writable<Omit<Prisma.CrfProjetUncheckedCreateInput, 'crfId' | 'projetId'>>;
export type CrfCreateData = Writable<Prisma.CrfUncheckedCreateInput> & { id: string; dossierId: string; associationId: string; serviceId: string; exercice: number };

/** What a report is cloned from and checked against: the dossier, its instructions, its projects with their lines and budgets. */
const SOURCE = {
  instructions: { select: { id: true, etat: true, serviceId: true }, orderBy: [{ isReferent: 'desc' }, { createdAt: 'asc' }] },
  projets: {
    select: {
      id: true, rangDossier: true, intitule: true, dateDebut: true, dateFin: true, moyens: true, beneficiaire: true, evaluation: true, cofinancements: true,
      financements: { select: { annee: true, serviceId: true, montantAccorde: true }, orderBy: [{ annee: 'asc' }, { serviceId: 'asc' }] },
      budgets: { select: { annee: true, charges: true, produits: true, contributions: true } },
    },
    orderBy: { rangDossier: 'asc' },
  },
} satisfies Prisma.DossierInclude;
export type CrfSourceRow = Prisma.DossierGetPayload<{ include: typeof SOURCE }>;

export function createCrfRepository(db: Database) {
  return {
    transaction: transactionRunner(db),

    find: (dossierId: string, crfId: string, tx: Tx | Database = db): Promise<CrfRow | null> =>
      tx.crf.findFirst({ where: { id: crfId, dossierId }, include: FULL }),
    findByExercice: (dossierId: string, exercice: number, tx: Tx | Database = db): Promise<CrfRow | null> =>
      tx.crf.findUnique({ where: { dossierId_exercice: { dossierId, exercice } }, include: FULL }),
    source: (dossierId: string, tx: Tx | Database = db): Promise<CrfSourceRow | null> => tx.dossier.findUnique({ where: { id: dossierId }, include: SOURCE }),

    /** The report's row, locked until the transaction ends (writes and transitions queue on it). */
    async lock(tx: Tx, crfId: string) {
      await tx.$queryRaw`SELECT id FROM crfs WHERE id = ${crfId}::uuid FOR UPDATE`;
    },

    /** Creates the report and its projects' parts; null when another call created it first (unique dossier × exercise). */
    async create(tx: Tx, data: CrfCreateData, projets: (CrfProjetData & { projetId: string })[]): Promise<string | null> {
      const rows = await tx.$queryRaw<{ id: string }[]>`INSERT INTO crfs (id, dossier_id, association_id, service_id, exercice, updated_at)
        VALUES (${data.id}::uuid, ${data.dossierId}::uuid, ${data.associationId}::uuid, ${data.serviceId}::uuid, ${data.exercice}, now())
        ON CONFLICT (dossier_id, exercice) DO NOTHING RETURNING id::text`;
      if (rows.length === 0) return null;
      const { id, dossierId: _d, associationId: _a, serviceId: _s, exercice: _e, ...rest } = data;
      await tx.crf.update({ where: { id }, data: rest as Prisma.CrfUncheckedUpdateInput });
      if (projets.length > 0) await tx.crfProjet.createMany({ data: projets.map((p) => ({ ...p, crfId: id }) as Prisma.CrfProjetCreateManyInput) });
      return id;
    },
    update: (tx: Tx, crfId: string, data: CrfData) => tx.crf.update({ where: { id: crfId }, data: data as Prisma.CrfUncheckedUpdateInput }),
    upsertProjet: (tx: Tx, crfId: string, projetId: string, data: CrfProjetData) =>
      tx.crfProjet.upsert({
        where: { crfId_projetId: { crfId, projetId } },
        create: { crfId, projetId, ...data } as Prisma.CrfProjetUncheckedCreateInput,
        update: data as Prisma.CrfProjetUncheckedUpdateInput,
      }),

    /** Documents of the association file among `ids`. */
    documentsOf: (associationId: string, ids: string[]) =>
      db.associationDocument.findMany({ where: { associationId, id: { in: ids } }, select: { id: true, nom: true } }),
    /** Legal representatives of the association among `ids` (current ones). */
    representants: (associationId: string, ids: string[]) =>
      db.representantLegal.findMany({ where: { associationId, id: { in: ids }, deleted: false, estRepresentantLegal: true }, select: { id: true } }),

    /** The association's identity, as the report's PDF prints it. */
    association: (associationId: string) =>
      db.association.findUnique({ where: { id: associationId }, select: { nom: true, idRna: true, idSiren: true, idSiretSiege: true } }),
    /** The association file's people among `ids`, by id (their names on the PDF). */
    persons: (associationId: string, ids: string[]) =>
      db.representantLegal.findMany({ where: { associationId, id: { in: ids } }, select: { id: true, civilite: true, prenom: true, nom: true } }),

    /** Who saved last: a member's name, or a service's. */
    async authorName(id: string, type: string | null): Promise<string | null> {
      if (type === 'service') return (await db.serviceAccount.findFirst({ where: { authId: id }, select: { nom: true } }))?.nom ?? null;
      const person = await db.user.findUnique({ where: { id }, select: { prenom: true, nom: true } });
      return person ? [person.prenom, person.nom].filter(Boolean).join(' ') || null : null;
    },

    /** The comment of the report's last sending back (state_history, machine crf). */
    lastSentBack: async (crfId: string) =>
      (await db.stateHistory.findFirst({ where: { machine: 'crf', objectId: crfId, event: 'renvoyer' }, orderBy: { createdAt: 'desc' }, select: { comment: true } }))?.comment ?? null,

    /** The reports of the dossier (state by exercise). */
    statesOf: (tx: Tx, dossierId: string) => tx.crf.findMany({ where: { dossierId }, select: { exercice: true, etat: true } }),
    /** Writes the fact `crf_recus` on every instruction of the dossier (the guard of cloturer reads it there). */
    setCrfRecus: (tx: Tx, dossierId: string, value: boolean) => tx.dossierInstruction.updateMany({ where: { dossierId }, data: { crfRecus: value } }),

    /**
     * Granted dossiers (an instruction in `grantedStates`) of the associations the user belongs to,
     * not deleted, with their reports: what the reminder list reads.
     */
    grantedDossiersOf: (authId: string, grantedStates: readonly string[]) =>
      db.dossier.findMany({
        where: {
          deletedAt: null,
          instructions: { some: { etat: { in: [...grantedStates] } } },
          association: { members: { some: { associationUser: { authId } } } },
        },
        select: { id: true, idFo: true, associationId: true, nom: true, exercice: true, exerciceFin: true, crfs: { select: { id: true, exercice: true, etat: true } } },
        orderBy: [{ exercice: 'asc' }, { idFo: 'asc' }],
        take: 500,
      }),
  };
}
export type CrfRepository = ReturnType<typeof createCrfRepository>;
