// Data access for the projects of a subsidy dossier (docs/domain.md « Dossiers de subvention »):
// the dossier facts the project rules read, the projects with their yearly lines, and the writes a
// project and its lines make together (always in the caller's transaction).
import { SUBSIDY_DOSSIER, type SubsidyOnly } from '../dossiers/subsidy-only.ts';
import type { Database } from '../../../db/prisma.ts';
import { Prisma } from '../../../db/prisma.ts';
import { transactionRunner, type DbTransaction } from '../../../db/transaction.ts';

type Client = Database | DbTransaction;

const DOSSIER_CONTEXT = {
  id: true,
  associationId: true,
  exercice: true,
  exerciceFin: true,
  pluriannuel: true,
  renouvellement: true,
  idSiret: true,
  idResponsable: true,
  deletedAt: true,
  subventionId: true,
  dispositif: { select: { code: true, dureePluriannuelle: true } },
  sousDispositif: { select: { label: true } },
  instructions: { select: { serviceId: true, etat: true }, orderBy: [{ isReferent: 'desc' }, { createdAt: 'asc' }] },
} as const satisfies Prisma.DossierSelect;
export type DossierContext = SubsidyOnly<Prisma.DossierGetPayload<{ select: typeof DOSSIER_CONTEXT }>>;

const PROJET_FULL = {
  financements: { orderBy: [{ annee: 'asc' }, { serviceId: 'asc' }] },
  budgets: { orderBy: { annee: 'asc' } },
} as const satisfies Prisma.ProjetInclude;
export type ProjetRow = Prisma.ProjetGetPayload<{ include: typeof PROJET_FULL }>;
export type FinancementRow = ProjetRow['financements'][number];
export type BudgetRow = ProjetRow['budgets'][number];

/** The columns of a project the service writes (lines apart). */
export type ProjetColumns = Omit<Prisma.ProjetUncheckedCreateInput, 'id' | 'dossierId' | 'rangDossier' | 'financements' | 'budgets' | 'createdAt' | 'updatedAt'>;

export interface FinancementWrite {
  annee: number;
  serviceId: string;
  montantDemande?: number | null;
  montantPropose?: number | null;
  montantAccorde?: number | null;
}
export interface BudgetWrite {
  annee: number;
  exerciceDu?: Date | null;
  exerciceAu?: Date | null;
  charges?: object;
  produits?: object;
  contributions?: object;
}

const decimal = (value: number | null | undefined) => (value === undefined ? undefined : value === null ? null : new Prisma.Decimal(value));

/** The dossier facts the project rules read (in the caller's transaction when given). */
/** Subsidy dossiers only: an approval dossier has no projects. */
export const findDossierContext = async (client: Client, id: string) =>
  (await client.dossier.findFirst({ where: { id, ...SUBSIDY_DOSSIER }, select: DOSSIER_CONTEXT })) as DossierContext | null;

/** The projects of several dossiers, by dossier and rank. */
export const listProjetRowsOf = (client: Client, dossierIds: string[]) =>
  client.projet.findMany({ where: { dossierId: { in: dossierIds } }, include: PROJET_FULL, orderBy: [{ dossierId: 'asc' }, { rangDossier: 'asc' }] });

export const listProjetRows = (client: Client, dossierId: string) =>
  client.projet.findMany({ where: { dossierId }, include: PROJET_FULL, orderBy: { rangDossier: 'asc' } });

export const updateProjetColumns = (tx: DbTransaction, id: string, columns: Partial<ProjetColumns> & { dossierId?: string; rangDossier?: number }) =>
  tx.projet.update({ where: { id }, data: columns, select: { id: true } });

/** Every project of the dossier takes this recurrence. */
export const setRecurrence = (tx: DbTransaction, dossierId: string, recurrence: string) => tx.projet.updateMany({ where: { dossierId }, data: { recurrence } });

/** Writes the lines kept (created when missing, amounts given replaced) and removes the others. */
export async function syncProjetLines(tx: DbTransaction, projetId: string, lines: { financements: FinancementWrite[]; budgets: BudgetWrite[] }) {
  await tx.projetFinancement.deleteMany({
    where: { projetId, NOT: { OR: lines.financements.map((f) => ({ annee: f.annee, serviceId: f.serviceId })) } },
  });
  await tx.projetBudget.deleteMany({ where: { projetId, annee: { notIn: lines.budgets.map((b) => b.annee) } } });
  for (const f of lines.financements) {
    const amounts = { montantDemande: decimal(f.montantDemande), montantPropose: decimal(f.montantPropose), montantAccorde: decimal(f.montantAccorde) };
    await tx.projetFinancement.upsert({
      where: { projetId_annee_serviceId: { projetId, annee: f.annee, serviceId: f.serviceId } },
      create: { projetId, annee: f.annee, serviceId: f.serviceId, ...amounts },
      update: amounts,
    });
  }
  for (const b of lines.budgets) {
    const { annee, ...values } = b;
    await tx.projetBudget.upsert({ where: { projetId_annee: { projetId, annee } }, create: { projetId, annee, ...values }, update: values });
  }
}

export function createProjetRepository(db: Database) {
  return {
    transaction: transactionRunner(db),

    findDossier: (id: string, client: Client = db) => findDossierContext(client, id),

    /** Locks the dossier row: projects are numbered and counted under it (rank, CNDS limit). */
    lockDossier: async (tx: DbTransaction, id: string) => {
      await tx.$queryRaw`SELECT id FROM dossiers WHERE id = ${id}::uuid FOR UPDATE`;
    },

    /** The caller's instructing service, if the account has one. */
    serviceIdOf: async (authId: string) => (await db.serviceAccount.findUnique({ where: { authId }, select: { id: true } }))?.id ?? null,

    listProjets: (dossierId: string, client: Client = db) => listProjetRows(client, dossierId),

    findProjet: (dossierId: string, id: string, client: Client = db) =>
      client.projet.findFirst({ where: { id, dossierId }, include: PROJET_FULL }),

    /** The expected fields of part projet the campaign links: what a project's customs may answer (answers.ts). */
    projectAnswers: async (tx: DbTransaction, subventionId: string) =>
      (await tx.subventionChampAttendu.findMany({ where: { subventionId, part: 'projet' }, select: { champAttendu: { select: { code: true, label: true, type: true, meta: true } } } })).map(
        ({ champAttendu: c }) => ({ code: c.code, label: c.label, type: c.type, meta: c.meta as Record<string, unknown> | null }),
      ),

    countProjets: (tx: DbTransaction, dossierId: string) => tx.projet.count({ where: { dossierId } }),

    nextRang: async (tx: DbTransaction, dossierId: string) =>
      ((await tx.projet.aggregate({ where: { dossierId }, _max: { rangDossier: true } }))._max.rangDossier ?? 0) + 1,

    createProjet: (tx: DbTransaction, dossierId: string, rangDossier: number, columns: ProjetColumns) =>
      tx.projet.create({ data: { ...columns, dossierId, rangDossier }, select: { id: true } }),

    updateProjet: updateProjetColumns,

    syncLines: syncProjetLines,

    deleteProjet: (tx: DbTransaction, id: string) => tx.projet.delete({ where: { id } }),

    /** Numbers the dossier's projects 1, 2, 3… in their current order (two passes: the rank is unique). */
    async renumber(tx: DbTransaction, dossierId: string) {
      await tx.$executeRaw`UPDATE projets SET rang_dossier = rang_dossier + 1000000 WHERE dossier_id = ${dossierId}::uuid`;
      await tx.$executeRaw`
        UPDATE projets p SET rang_dossier = o.rang
        FROM (SELECT id, row_number() OVER (ORDER BY rang_dossier) AS rang FROM projets WHERE dossier_id = ${dossierId}::uuid) o
        WHERE p.id = o.id`;
    },
  };
}
export type ProjetRepository = ReturnType<typeof createProjetRepository>;
