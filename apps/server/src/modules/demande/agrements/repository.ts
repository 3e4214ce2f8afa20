// Data access of the approval dossiers (docs/domain.md « Agréments »): rows of the dossiers table
// with service agrement, the approval they name, the association's head office and networks, the
// approval written on the association's file once granted.
import { AGREMENT_DOSSIER_EDITABLE_STATES } from '@portail/contract';
import type { Database } from '../../../db/prisma.ts';
import { transactionRunner, type DbTransaction } from '../../../db/transaction.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';

type Tx = DbTransaction;

const APPROVAL_DOSSIER = {
  agrement: {
    select: {
      id: true, code: true, typeAgrement: true, campagneExercice: true, active: true,
      champsAttendus: { select: { obligatoire: true, asks: true, champAttendu: { select: { code: true, label: true, enabled: true } } }, orderBy: { rang: 'asc' } },
      documentsAttendus: { select: { obligatoire: true, asks: true, documentAttendu: { select: { code: true, label: true, nature: true, enabled: true } } }, orderBy: { rang: 'asc' } },
    },
  },
  agrementService: { select: { id: true, nom: true } },
  documents: { select: { code: true, documentId: true, document: { select: { type: true } } }, orderBy: { createdAt: 'asc' } },
} satisfies Prisma.DossierInclude;
export type ApprovalDossierRow = Prisma.DossierGetPayload<{ include: typeof APPROVAL_DOSSIER }> & {
  agrement: NonNullable<Prisma.DossierGetPayload<{ include: typeof APPROVAL_DOSSIER }>['agrement']>;
  agrementService: { id: string; nom: string };
  etatAgrement: string;
};

export function createApprovalDossierRepository(db: Database) {
  return {
    transaction: transactionRunner(db),
    /** The approval dossier (null for an unknown id or a subsidy dossier). */
    async find(id: string, client: Tx | Database = db): Promise<ApprovalDossierRow | null> {
      const row = await client.dossier.findFirst({ where: { id, service: 'agrement' }, include: APPROVAL_DOSSIER });
      return row as ApprovalDossierRow | null;
    },
    lock: (tx: Tx, id: string) => tx.$queryRaw`SELECT id FROM dossiers WHERE id = ${id}::uuid FOR UPDATE`,
    /** The approval of the catalogue by its code and campaign, locked until the transaction ends (two requests for it queue). */
    async agrementFor(tx: Tx, code: string, exercice: number) {
      await tx.$queryRaw`SELECT id FROM agrements WHERE code = ${code} AND campagne_exercice = ${exercice} FOR UPDATE`;
      return tx.agrement.findUnique({ where: { code_campagneExercice: { code, campagneExercice: exercice } }, select: { id: true, typeAgrement: true, serviceId: true, active: true } });
    },
    /** The association's establishment (active or not) and whether it is the head office. */
    establishment: (tx: Tx, associationId: string, siret: string) =>
      tx.etablissement.findFirst({ where: { associationId, siret }, select: { siret: true, estSiege: true, actif: true, enseigne: true, association: { select: { nom: true } } } }),
    /** The live request (not refused, not deleted) for the approval `code` of `exercice` by the association of `siret`, with what names its access. */
    liveRequestFor: (code: string, exercice: number, siret: string) =>
      db.dossier.findFirst({
        where: { service: 'agrement', deletedAt: null, etatAgrement: { not: '7' }, agrement: { code, campagneExercice: exercice }, association: { etablissements: { some: { siret } } } },
        select: { id: true, idFo: true },
      }),
    /** A live request for this approval by the association (not refused). */
    twin: (tx: Tx, associationId: string, agrementId: string) =>
      tx.dossier.findFirst({ where: { associationId, agrementId, service: 'agrement', deletedAt: null, etatAgrement: { not: '7' } }, select: { idFo: true } }),
    /** The networks the association is affiliated to, each with whether its head holds a current approval of `type`. */
    async networks(tx: Tx, associationId: string, type: string, today: Date) {
      const rows = await tx.reseauAffiliation.findMany({ where: { associationId }, select: { nom: true, idSiren: true } });
      const result: { nom: string; headHolds: boolean }[] = [];
      for (const row of rows) {
        const held = row.idSiren
          ? await tx.associationAgrement.count({
              where: { type, association: { idSiren: row.idSiren, NOT: { id: associationId } }, OR: [{ dateValidite: null }, { dateValidite: { gte: today } }] },
            })
          : 0;
        result.push({ nom: row.nom, headHolds: held > 0 });
      }
      return result;
    },
    /** The association heads a network (its network composition is not empty). */
    async headsNetwork(tx: Tx, associationId: string) {
      const row = await tx.association.findUnique({ where: { id: associationId }, select: { compositionReseau: true } });
      return Array.isArray(row?.compositionReseau) && row.compositionReseau.length > 0;
    },
    /** Whether the user's service account reaches `serviceId` (its own, those below it, or all with an administrator profile: SQL service_reach). */
    async serviceReached(tx: Tx, authId: string, serviceId: string): Promise<boolean> {
      const rows = await tx.$queryRaw<{ reached: boolean }[]>`SELECT ${serviceId}::uuid IN (SELECT service_reach(${authId}::uuid)) AS reached`;
      return rows[0]?.reached === true;
    },
    associationExists: async (tx: Tx, id: string) => (await tx.association.count({ where: { id, deletedAt: null } })) === 1,
    /** The dossier withdrawn (soft deletion: its history and audit stay; lists, twins and reads no longer count it). */
    softDelete: (tx: Tx, id: string) => tx.dossier.update({ where: { id }, data: { deletedAt: new Date() }, select: { id: true } }),
    representants: (tx: Tx, associationId: string, ids: string[]) =>
      tx.representantLegal.findMany({ where: { associationId, id: { in: ids }, deleted: false }, select: { id: true } }),
    /** What the PDF names: the association, the people and the documents the dossier points at (only the association's). */
    async printedNames(associationId: string, personIds: string[], documentIds: string[]) {
      const [association, people, documents] = await Promise.all([
        db.association.findUniqueOrThrow({ where: { id: associationId }, select: { nom: true, idRna: true, idSiren: true } }),
        db.representantLegal.findMany({ where: { associationId, id: { in: personIds } }, select: { id: true, prenom: true, nom: true, fonction: true } }),
        db.associationDocument.findMany({ where: { associationId, id: { in: documentIds } }, select: { id: true, nom: true } }),
      ]);
      return { association, people, documents };
    },
    documentsOf: (tx: Tx, associationId: string, ids: string[]) =>
      tx.associationDocument.findMany({ where: { associationId, id: { in: ids } }, select: { id: true, type: true } }),
    nextIdFo: async (tx: Tx, exercice: number) => (await tx.$queryRaw<{ id: string }[]>`SELECT next_dossier_id_fo(${exercice}::int) AS id`)[0]!.id,
    create: (tx: Tx, data: Prisma.DossierUncheckedCreateInput) => tx.dossier.create({ data, select: { id: true } }),
    update: (tx: Tx, id: string, data: Prisma.DossierUncheckedUpdateInput) => tx.dossier.update({ where: { id }, data, select: { id: true } }),
    replaceDocuments: async (tx: Tx, dossierId: string, documents: { code: string; documentId: string }[]) => {
      await tx.dossierDocument.deleteMany({ where: { dossierId } });
      await tx.dossierDocument.createMany({ data: documents.map((d) => ({ dossierId, ...d })) });
    },
    /**
     * One page of the approval dossiers the caller sees (most recently changed first): as a member,
     * those of their associations (a secondary establishment's member, those of its SIRET); as an
     * agent, those transmitted to a service it acts for (SQL service_reach, as the dossier scope);
     * everything for `all`. Deleted ones never.
     */
    async listFor(caller: { authId: string; all: boolean; member: boolean; agent: boolean }, filter: { etats?: string[]; types?: string[]; exercices?: number[] }, page: { skip: number; take: number }) {
      const reach: Prisma.DossierWhereInput[] = [];
      if (!caller.all) {
        if (caller.member) {
          const links = await db.userAssociation.findMany({ where: { associationUser: { authId: caller.authId } }, select: { associationId: true, type: true, idSiret: true } });
          for (const link of links) {
            reach.push(link.type === 'Etablissement secondaire' && link.idSiret ? { associationId: link.associationId, idSiret: link.idSiret } : { associationId: link.associationId });
          }
        }
        if (caller.agent) {
          const services = await db.$queryRaw<{ id: string }[]>`SELECT service_reach(${caller.authId}::uuid) AS id`;
          if (services.length > 0) reach.push({ agrementServiceId: { in: services.map((s) => s.id) }, etatAgrement: { notIn: [...AGREMENT_DOSSIER_EDITABLE_STATES] } });
        }
        if (reach.length === 0) return { total: 0, rows: [] };
      }
      const where: Prisma.DossierWhereInput = {
        service: 'agrement',
        deletedAt: null,
        ...(caller.all ? {} : { OR: reach }),
        ...(filter.etats?.length ? { etatAgrement: { in: filter.etats } } : {}),
        ...(filter.exercices?.length ? { exercice: { in: filter.exercices } } : {}),
        ...(filter.types?.length ? { agrement: { typeAgrement: { in: filter.types } } } : {}),
      };
      const [total, rows] = await Promise.all([
        db.dossier.count({ where }),
        db.dossier.findMany({
          where,
          orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
          skip: page.skip,
          take: page.take,
          select: {
            id: true, idFo: true, etatAgrement: true, statut: true, exercice: true, idSiret: true, nom: true, associationId: true, updatedAt: true,
            agrement: { select: { code: true, typeAgrement: true } }, agrementService: { select: { id: true, nom: true } },
          },
        }),
      ]);
      return { total, rows };
    },
    /** The granted approval on the association's file (once per dossier). */
    grant: (tx: Tx, data: Prisma.AssociationAgrementUncheckedCreateInput) => tx.associationAgrement.create({ data, select: { id: true } }),
  };
}
export type ApprovalDossierRepository = ReturnType<typeof createApprovalDossierRepository>;
