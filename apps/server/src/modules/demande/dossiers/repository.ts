// Queries of the subsidy dossiers (docs/domain.md « Dossiers de subvention »): the dossier with
// what its view needs, the caller-bound list, the association file rows the wizard checks, and
// the writes, which take the transaction of the service.
import { SUBSIDY_DOSSIER, subsidyOnly, type SubsidyOnly } from './subsidy-only.ts';

import type { Database } from '../../../db/prisma.ts';
import type { Prisma } from '../../../db/prisma.ts';
import { transactionRunner, type DbTransaction } from '../../../db/transaction.ts';
import { listQuestions } from '../../lca/index.ts';
import { listProjetRows, listProjetRowsOf } from '../projets/index.ts';

type Tx = DbTransaction;

/** What the campaign window reads of a campaign (./campaign.ts). */
const CAMPAIGN = {
  active: true,
  campagneExercice: true,
  dateDebut: true,
  dateFin: true,
  sousDispositifs: { select: { sousDispositifId: true, dateDebut: true, dateFin: true, sousDispositif: { select: { label: true } } } },
} satisfies Prisma.SubventionSelect;

const FULL = {
  subvention: { select: { code: true, label: true, ...CAMPAIGN } },
  dispositif: { select: { dureePluriannuelle: true } },
  instructions: { select: { id: true, etat: true, serviceId: true, isReferent: true, complet: true, crfRecus: true, service: { select: { id: true, nom: true, type: true } } }, orderBy: [{ isReferent: 'desc' }, { createdAt: 'asc' }] },
  documents: { select: { code: true, documentId: true, document: { select: { nom: true, type: true } } }, orderBy: { createdAt: 'asc' } },
  projets: { select: { id: true, rangDossier: true, intitule: true, financements: { select: { serviceId: true, montantAccorde: true } } }, orderBy: { rangDossier: 'asc' } },
  incompletService: { select: { id: true, nom: true } },
} satisfies Prisma.DossierInclude;
export type DossierRow = SubsidyOnly<Prisma.DossierGetPayload<{ include: typeof FULL }>>;

const SUMMARY = {
  subvention: { select: { code: true, label: true } },
  instructions: { select: { etat: true, serviceId: true }, orderBy: [{ isReferent: 'desc' }, { createdAt: 'asc' }] },
} satisfies Prisma.DossierInclude;
export type DossierSummaryRow = SubsidyOnly<Prisma.DossierGetPayload<{ include: typeof SUMMARY }>>;
export type DossierWhere = Prisma.DossierWhereInput;
export type DossierData = Prisma.DossierUncheckedUpdateInput;

export interface Person {
  userId: string;
  email: string;
}

export function createDossierRepository(db: Database) {
  return {
    transaction: transactionRunner(db),
    subventionExists: async (id: string) => (await db.subvention.count({ where: { id } })) > 0,
    /** The campaign's dossiers that are not deleted, the most recent first, at most `take` (`more`: some were left out). */
    async campaignDossiers(subventionId: string, take: number) {
      const rows = await db.dossier.findMany({
        where: { subventionId, deletedAt: null, ...SUBSIDY_DOSSIER },
        include: FULL,
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
        take: take + 1,
      });
      return { rows: rows.slice(0, take) as DossierRow[], more: rows.length > take };
    },
    /** The projects of these dossiers with their lines. */
    projetsOf: (dossierIds: string[]) => listProjetRowsOf(db, dossierIds),
    /** The subsidy dossier (null for an unknown id or an approval dossier). */
    findById: async (id: string, tx: Tx | Database = db): Promise<DossierRow | null> => subsidyOnly(await tx.dossier.findUnique({ where: { id }, include: FULL })),

    async list(where: DossierWhere, page: { skip: number; take: number; orderBy: Prisma.DossierOrderByWithRelationInput }) {
      const [total, rows] = await Promise.all([
        db.dossier.count({ where: { AND: [where, SUBSIDY_DOSSIER] } }),
        db.dossier.findMany({ where: { AND: [where, SUBSIDY_DOSSIER] }, include: SUMMARY, skip: page.skip, take: page.take, orderBy: [page.orderBy, { id: 'asc' }] }),
      ]);
      return { total, rows: rows as DossierSummaryRow[] };
    },
    /** Instructions per state of the live subsidy dossiers `where` keeps. */
    async instructionStates(where: DossierWhere): Promise<{ etat: string; count: number }[]> {
      const rows = await db.dossierInstruction.groupBy({ by: ['etat'], where: { dossier: { AND: [where, SUBSIDY_DOSSIER, { deletedAt: null }] } }, _count: { _all: true } });
      return rows.map((r) => ({ etat: r.etat, count: r._count._all }));
    },
    /** The parts `populate` joins to the listed dossiers (one query per part asked for). */
    async populated(ids: string[], parts: readonly string[]) {
      const where = { dossierId: { in: ids } };
      const projets = parts.includes('projets')
        ? await db.projet.findMany({ where, select: { id: true, dossierId: true, rangDossier: true, intitule: true }, orderBy: { rangDossier: 'asc' } })
        : [];
      const documents = parts.includes('documents')
        ? await db.dossierDocument.findMany({ where, select: { dossierId: true, code: true, documentId: true, document: { select: { nom: true, type: true } } }, orderBy: { createdAt: 'asc' } })
        : [];
      const instructeurs = parts.includes('instructeurs')
        ? await db.dossierInstruction.findMany({ where, select: { dossierId: true, isReferent: true, service: { select: { id: true, nom: true, type: true } } }, orderBy: [{ isReferent: 'desc' }, { createdAt: 'asc' }] })
        : [];
      return { projets, documents, instructeurs };
    },
    /**
     * When each instruction was last transmitted (state_history of dossier_instruction, events
     * transmettre and retransmettre); instructions never transmitted are absent.
     */
    lastTransmissions: (instructionIds: string[]) =>
      db.stateHistory.groupBy({
        by: ['objectId'],
        where: { machine: 'dossier_instruction', objectId: { in: instructionIds }, event: { in: ['transmettre', 'retransmettre'] } },
        _max: { createdAt: true },
      }),
    /** The comment of each instruction's last change made with one (sent back, refused…), keyed by instruction. */
    async lastComments(instructionIds: string[]): Promise<Map<string, { toState: string; comment: string }>> {
      if (instructionIds.length === 0) return new Map();
      const rows = await db.$queryRaw<{ object_id: string; to_state: string; comment: string }[]>`
        SELECT DISTINCT ON (h.object_id) h.object_id::text AS object_id, h.to_state, h.comment
        FROM state_history h
        WHERE h.machine = 'dossier_instruction' AND h.object_id = ANY(${instructionIds}::uuid[])
        ORDER BY h.object_id, h.created_at DESC, h.id DESC`;
      return new Map(rows.filter((r) => r.comment !== null).map((r) => [r.object_id, { toState: r.to_state, comment: r.comment }]));
    },

    /** The financial reports started on the dossier, by exercise. */
    crfsOf: (dossierId: string) => db.crf.findMany({ where: { dossierId }, select: { id: true, exercice: true, etat: true }, orderBy: { exercice: 'asc' } }),
    /** The dossier's projects with their lines (`populate=projets` of a dossier). */
    fullProjets: (id: string) => listProjetRows(db, id),
    /**
     * The dossier's messages, oldest first, with the writer's name and the service; with `services`,
     * only those written to all services or to/by one of them.
     */
    messages: (dossierId: string, services?: string[]) =>
      db.dossierMessage.findMany({
        where: { dossierId, ...(services ? { OR: [{ serviceId: null }, { serviceId: { in: services } }] } : {}) },
        orderBy: { createdAt: 'asc' },
        select: { id: true, direction: true, texte: true, createdAt: true, author: { select: { prenom: true, nom: true } }, service: { select: { id: true, nom: true } } },
      }),
    /**
     * What each service granted each listed dossier: the sum of its granted financing lines over the
     * dossier's projects (the view's `grantedBy` over one dossier), keyed `dossierId:serviceId`.
     */
    async grantedAmounts(dossierIds: string[]): Promise<Map<string, number>> {
      if (dossierIds.length === 0) return new Map();
      const rows = await db.$queryRaw<{ dossier_id: string; service_id: string; total: string }[]>`SELECT p.dossier_id::text, f.service_id::text, sum(f.montant_accorde)::text AS total
        FROM projet_financements f JOIN projets p ON p.id = f.projet_id
        WHERE p.dossier_id = ANY(${dossierIds}::uuid[]) AND f.montant_accorde IS NOT NULL GROUP BY 1, 2`;
      return new Map(rows.map((r) => [`${r.dossier_id}:${r.service_id}`, Number(r.total)]));
    },
    /** Unread notifications of the user per dossier (payload.dossier). */
    async unreadByDossier(userId: string, dossierIds: string[]): Promise<Map<string, number>> {
      if (dossierIds.length === 0) return new Map();
      const rows = await db.$queryRaw<{ id: string; n: number }[]>`SELECT payload->>'dossier' AS id, count(*)::int AS n FROM notifications
        WHERE user_id = ${userId}::uuid AND read_at IS NULL AND payload->>'dossier' = ANY(${dossierIds}::text[]) GROUP BY 1`;
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    /** Number and name of the dossiers among `ids` that `where` keeps (the caller's reach). */
    namesAmong: (where: DossierWhere, ids: string[]) =>
      ids.length === 0 ? Promise.resolve([]) : db.dossier.findMany({ where: { AND: [where, { id: { in: ids } }] }, select: { id: true, idFo: true, nom: true } }),

    /** The caller's links with associations (user_associations). */
    callerLinks: (authId: string) =>
      db.userAssociation.findMany({ where: { associationUser: { authId } }, select: { associationId: true, type: true, idSiret: true } }),
    callerServiceId: async (authId: string) => (await db.serviceAccount.findUnique({ where: { authId }, select: { id: true } }))?.id ?? null,

    findSubventionByCode: (code: string) =>
      db.subvention.findUnique({
        where: { code },
        select: { id: true, dispositifId: true, ...CAMPAIGN, dispositif: { select: { dureePluriannuelle: true } }, instructeurs: { select: { serviceId: true, isReferent: true } } },
      }),
    /**
     * The live dossier for subvention × sub-scheme × exercise × SIRET, other than `exceptId`. A dossier
     * without a sub-scheme is the twin of any of the same campaign, exercise and SIRET (and the other
     * way round): an empty sub-scheme never opens the way to a second dossier.
     */
    findTwin: (key: { subventionId: string; sousDispositifId: string | null; exercice: number; idSiret: string }, exceptId?: string, tx: Tx | Database = db) =>
      tx.dossier.findFirst({
        where: {
          subventionId: key.subventionId,
          exercice: key.exercice,
          idSiret: key.idSiret,
          deletedAt: null,
          ...(key.sousDispositifId ? { OR: [{ sousDispositifId: key.sousDispositifId }, { sousDispositifId: null }] } : {}),
          ...(exceptId ? { id: { not: exceptId } } : {}),
        },
        select: { id: true, idFo: true },
      }),

    establishment: (associationId: string, siret: string) =>
      db.etablissement.findFirst({ where: { associationId, siret }, select: { siret: true, enseigne: true, actif: true, association: { select: { nom: true } } } }),
    /** Live legal representatives of the association among `ids`. */
    representants: (associationId: string, ids: string[]) =>
      db.representantLegal.findMany({ where: { associationId, id: { in: ids }, deleted: false, estRepresentantLegal: true }, select: { id: true } }),
    rib: (associationId: string, id: string) => db.rib.findFirst({ where: { associationId, id }, select: { id: true, idSiret: true } }),
    documentsOf: (associationId: string, ids: string[]) =>
      db.associationDocument.findMany({ where: { associationId, id: { in: ids } }, select: { id: true, idSiret: true, type: true } }),
    /** The user with this e-mail among the association's members. */
    memberByEmail: async (associationId: string, email: string) =>
      (await db.userAssociation.findFirst({
        where: { associationId, associationUser: { user: { email } } },
        select: { associationUser: { select: { authId: true } } },
      }))?.associationUser.authId ?? null,

    nextIdFo: async (tx: Tx, exercice: number) => (await tx.$queryRaw<{ id: string }[]>`SELECT next_dossier_id_fo(${exercice}::int) AS id`)[0]!.id,
    create: (tx: Tx, data: Prisma.DossierUncheckedCreateInput) => tx.dossier.create({ data, select: { id: true } }),
    /** Locks the dossier row: concurrent writes on one dossier queue. */
    /**
     * Until the transaction ends: the campaign kept from a change of its sub-schemes (the rds PUT
     * takes its row FOR UPDATE), and one writer at a time per campaign, exercise and SIRET (the
     * one-dossier rule), so two requests cannot both pass the twin check. The sub-scheme is left out
     * of the key: a dossier without one is the twin of every other (findTwin), so both queue alike.
     */
    holdCampaign: async (tx: Tx, key: { subventionId: string; exercice: number; idSiret: string }) => {
      await tx.$queryRaw`SELECT id FROM subventions WHERE id = ${key.subventionId}::uuid FOR SHARE`;
      const name = ['dossier', key.subventionId, key.exercice, key.idSiret].join(':');
      await tx.$queryRaw`SELECT 1 AS held FROM (SELECT pg_advisory_xact_lock(hashtext(${name}))) AS lock`;
    },
    lock: async (tx: Tx, id: string) => (await tx.$queryRaw<{ id: string }[]>`SELECT id FROM dossiers WHERE id = ${id}::uuid FOR UPDATE`).length > 0,
    /** The dossier's instructions' states, read in the transaction. */
    states: async (tx: Tx, id: string) => (await tx.dossierInstruction.findMany({ where: { dossierId: id }, select: { id: true, etat: true } })),
    /** Writes the dossier and its copies on dossier_instructions (complet, association, creator). */
    async update(tx: Tx, id: string, data: DossierData, copies: { complet?: boolean }) {
      await tx.dossier.update({ where: { id }, data });
      if (copies.complet !== undefined) await tx.dossierInstruction.updateMany({ where: { dossierId: id }, data: { complet: copies.complet } });
    },
    /** Every project of the dossier takes the applicant establishment and manager (step 1, spec §4). */
    alignProjectsApplicant: (tx: Tx, dossierId: string, applicant: { idSiret: string; idResponsable: string | null }) =>
      tx.projet.updateMany({ where: { dossierId }, data: { demandeurIdSiret: applicant.idSiret, idResponsable: applicant.idResponsable } }),
    /** The expected fields and documents the subvention links, with their definitions (transmission check). */
    expectedOf: async (tx: Tx, subventionId: string) => {
      // One after the other: a transaction's statements share its connection.
      const champs = await tx.subventionChampAttendu.findMany({ where: { subventionId }, select: { part: true, asks: true, obligatoire: true, champAttendu: { select: { code: true, label: true, enabled: true, type: true, meta: true } } }, orderBy: { rang: 'asc' } });
      const documents = await tx.subventionDocumentAttendu.findMany({ where: { subventionId }, select: { part: true, asks: true, obligatoire: true, documentAttendu: { select: { code: true, label: true, enabled: true, nature: true } } }, orderBy: { rang: 'asc' } });
      // The questions every dossier answers (lca module): the enabled ones only.
      const questions = await listQuestions(tx, true);
      return {
        questions,
        champs: champs.map(({ champAttendu, ...link }) => ({ ...champAttendu, ...link })),
        documents: documents.map(({ documentAttendu, ...link }) => ({ ...documentAttendu, ...link })),
      };
    },
    /** Whether the dossier holds this document of its association (dossier_documents). */
    holdsDocument: async (dossierId: string, documentId: string) => (await db.dossierDocument.count({ where: { dossierId, documentId } })) > 0,
    replaceDocuments: async (tx: Tx, id: string, documents: { code: string; documentId: string }[], replace: boolean) => {
      if (replace) await tx.dossierDocument.deleteMany({ where: { dossierId: id } });
      await tx.dossierDocument.createMany({ data: documents.map((d) => ({ dossierId: id, ...d })), skipDuplicates: true });
    },
    addMessage: (tx: Tx, data: { dossierId: string; authorId: string; serviceId: string | null; direction: string; texte: string }) => tx.dossierMessage.create({ data }),
    share: (tx: Tx, dossierId: string, userId: string) =>
      tx.dossierShare.upsert({ where: { dossierId_userId: { dossierId, userId } }, create: { dossierId, userId }, update: {} }),

    /** Members of the association (a secondary-establishment member only for a dossier of their SIRET). */
    membersFor: (tx: Tx, associationId: string, siret: string | null): Promise<Person[]> =>
      tx.$queryRaw<Person[]>`SELECT u.id::text AS "userId", u.email FROM user_associations ua
        JOIN association_users au ON au.id = ua.association_user_id JOIN users u ON u.id = au.auth_id
        WHERE ua.association_id = ${associationId}::uuid AND (ua.type <> 'Etablissement secondaire' OR ua.id_siret IS NULL OR ua.id_siret = ${siret})
        ORDER BY u.email`,
    /** The users of the services (their account, and the service's own address when set). */
    serviceContacts: (tx: Tx, serviceIds: string[]): Promise<Person[]> =>
      serviceIds.length === 0
        ? Promise.resolve([])
        : tx.$queryRaw<Person[]>`SELECT u.id::text AS "userId", COALESCE(s.email, u.email) AS email
            FROM service_accounts s JOIN users u ON u.id = s.auth_id WHERE s.id = ANY(${serviceIds}::uuid[])`,
  };
}
export type DossierRepository = ReturnType<typeof createDossierRepository>;

/**
 * What a notification of a change of one service's instruction tells its reader besides the state:
 * the dossier's number and campaign, the service, and the amount the service granted (the sum of
 * its financing lines, absent until one is granted). Read in the transition's transaction.
 */
export async function instructionNotice(tx: Tx, dossierId: string, serviceId: string): Promise<Record<string, string | number>> {
  // One statement: every transition of an instruction that notifies reads it.
  const [row] = await tx.$queryRaw<{ id_fo: string; libelle_subvention: string | null; service: string | null; montant_accorde: string | null }[]>`SELECT
      (SELECT d.id_fo FROM dossiers d WHERE d.id = ${dossierId}::uuid) AS id_fo,
      (SELECT s.label FROM dossiers d JOIN subventions s ON s.id = d.subvention_id WHERE d.id = ${dossierId}::uuid) AS libelle_subvention,
      (SELECT sa.nom FROM service_accounts sa WHERE sa.id = ${serviceId}::uuid) AS service,
      (SELECT sum(f.montant_accorde)::text FROM projet_financements f JOIN projets p ON p.id = f.projet_id
        WHERE p.dossier_id = ${dossierId}::uuid AND f.service_id = ${serviceId}::uuid AND f.montant_accorde IS NOT NULL) AS montant_accorde`;
  return {
    ...(row?.libelle_subvention != null ? { id_fo: row.id_fo, libelle_subvention: row.libelle_subvention } : {}),
    ...(row?.service != null ? { service: row.service } : {}),
    ...(row?.montant_accorde == null ? {} : { montant_accorde: Number(row.montant_accorde) }),
  };
}
