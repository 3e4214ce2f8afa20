// Queries of the SIRET requests (docs/domain.md « Demande de numéro SIRET »): the request, the
// caller's tie with it (the scope), the list, the association file it is pre-filled from and the
// SIRET written on it once granted. Writes take the transaction of the service.
import type { Database, Prisma } from '../../db/prisma.ts';
import { transactionRunner, type DbTransaction } from '../../db/transaction.ts';

type Tx = DbTransaction;

export type SiretRequestRow = Prisma.DemandeSiretGetPayload<{ include: { createdBy: { select: { prenom: true; nom: true; email: true } } } }>;
const FULL = { createdBy: { select: { prenom: true, nom: true, email: true } } } satisfies Prisma.DemandeSiretInclude;

/** A write of the request: JSON parts as the contract's shapes (checked by its schemas). */
export interface SiretRequestData {
  step?: number;
  attestation?: boolean;
  identite?: object;
  activites?: object;
  coordonnees?: object;
  documents?: object[];
}

export interface SiretRequestFilter {
  /** null: every request (lca.admin); else those the user created in associations they still belong to. */
  creatorId: string | null;
  etats?: string[];
  idRna?: string;
  search?: string;
  limit: number;
}

export function createSiretRequestRepository(db: Database) {
  return {
    transaction: transactionRunner(db),

    find: (id: string, tx: Tx | Database = db): Promise<SiretRequestRow | null> => tx.demandeSiret.findUnique({ where: { id }, include: FULL }),

    /** What the scope needs: the request's association and creator, and whether the user is a member of that association. */
    async scopeOf(id: string, userId: string): Promise<{ id: string; associationId: string; createdById: string | null; member: boolean } | null> {
      const rows = await db.$queryRaw<{ id: string; association_id: string; created_by_id: string | null; member: boolean }[]>`
        SELECT d.id::text, d.association_id::text, d.created_by_id::text,
               EXISTS (SELECT 1 FROM user_associations ua JOIN association_users au ON au.id = ua.association_user_id
                        WHERE ua.association_id = d.association_id AND au.auth_id = ${userId}::uuid) AS member
          FROM demandes_siret d WHERE d.id = ${id}::uuid`;
      const row = rows[0];
      return row ? { id: row.id, associationId: row.association_id, createdById: row.created_by_id, member: row.member } : null;
    },

    /** The list, newest first: the search matches the name, the acronym, the RNA number or « annee-numero ». */
    list(filter: SiretRequestFilter): Promise<SiretRequestRow[]> {
      const search = filter.search?.trim();
      const numero = search && /^\d+-\d+$/.test(search) ? search.split('-').map(Number) : null;
      return db.demandeSiret.findMany({
        where: {
          ...(filter.creatorId
            ? { createdById: filter.creatorId, association: { members: { some: { associationUser: { authId: filter.creatorId } } } } }
            : {}),
          ...(filter.etats && filter.etats.length > 0 ? { etat: { in: filter.etats } } : {}),
          ...(filter.idRna ? { association: { idRna: filter.idRna } } : {}),
          ...(search
            ? {
                OR: [
                  { association: { nom: { contains: search, mode: 'insensitive' } } },
                  { association: { sigle: { contains: search, mode: 'insensitive' } } },
                  { association: { idRna: { equals: search.toUpperCase() } } },
                  { identite: { path: ['nom'], string_contains: search } },
                  ...(numero ? [{ annee: numero[0]!, numero: numero[1]! }] : []),
                ],
              }
            : {}),
        },
        include: FULL,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: filter.limit,
      });
    },

    /** The association file a new request is pre-filled from. */
    association: (associationId: string) =>
      db.association.findFirst({
        where: { id: associationId, deletedAt: null },
        select: {
          id: true, idRna: true, idSiren: true, idSiretSiege: true, nom: true, sigle: true, dateCreation: true, idFormeJuridique: true,
          objet: true, domaine: true, adresseSiege: true, adresseGestion: true,
        },
      }),

    /**
     * Creates the request as the association's live one; null when the association already has a
     * live request (the unique `live_association_id`, also between two calls at once).
     */
    async create(tx: Tx, data: { id: string; annee: number; associationId: string; createdById: string } & Required<SiretRequestData>): Promise<string | null> {
      const rows = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO demandes_siret (id, annee, association_id, live_association_id, created_by_id, step, attestation, identite, activites, coordonnees, documents, updated_at)
        VALUES (${data.id}::uuid, ${data.annee}, ${data.associationId}::uuid, ${data.associationId}::uuid, ${data.createdById}::uuid, ${data.step},
                ${data.attestation}, ${JSON.stringify(data.identite)}::jsonb, ${JSON.stringify(data.activites)}::jsonb,
                ${JSON.stringify(data.coordonnees)}::jsonb, ${JSON.stringify(data.documents)}::jsonb, now())
        ON CONFLICT (live_association_id) DO NOTHING RETURNING id::text`;
      return rows[0]?.id ?? null;
    },

    /** Whether the association has a live request (any state but REJ). */
    hasLiveRequest: async (associationId: string) => (await db.demandeSiret.count({ where: { liveAssociationId: associationId } })) > 0,

    /** The request's row, locked until the transaction ends (writes and transitions queue on it). */
    async lock(tx: Tx, id: string) {
      await tx.$queryRaw`SELECT id FROM demandes_siret WHERE id = ${id}::uuid FOR UPDATE`;
    },

    update: (tx: Tx, id: string, data: SiretRequestData) => tx.demandeSiret.update({ where: { id }, data: data as Prisma.DemandeSiretUncheckedUpdateInput }),

    /** A rejected request no longer counts as the association's live one. */
    release: (tx: Tx, id: string) => tx.demandeSiret.update({ where: { id }, data: { liveAssociationId: null } }),

    remove: (tx: Tx, id: string) => tx.demandeSiret.delete({ where: { id } }),

    /** Documents of the association among `ids` (any state: a request keeps the one it was given). */
    documentIdsOf: async (associationId: string, ids: string[], tx: Tx | Database = db): Promise<{ id: string; type: string; nom: string }[]> =>
      ids.length === 0 ? [] : tx.associationDocument.findMany({ where: { associationId, id: { in: ids } }, select: { id: true, type: true, nom: true } }),

    /** The reason given with the request's last transition into `etat` (invalidation, rejection, refusal). */
    async lastComment(id: string, etat: string): Promise<string | null> {
      const row = await db.stateHistory.findFirst({ where: { machine: 'demande_siret', objectId: id, toState: etat }, orderBy: { createdAt: 'desc' }, select: { comment: true } });
      return row?.comment ?? null;
    },

    /** Whether a SIRET is already an establishment's, or an association's head office. */
    siretTaken: async (tx: Tx, siret: string) =>
      (await tx.etablissement.count({ where: { siret } })) > 0 || (await tx.association.count({ where: { idSiretSiege: siret } })) > 0,
    sirenTakenElsewhere: async (tx: Tx, siren: string, associationId: string) =>
      (await tx.association.count({ where: { idSiren: siren, NOT: { id: associationId } } })) > 0,

    /** The granted SIRET written on the association file: head office, SIREN when missing, and its establishment (head office). */
    async writeGrantedSiret(tx: Tx, associationId: string, siret: string, adresse: object | null) {
      const association = await tx.association.findUniqueOrThrow({ where: { id: associationId }, select: { idSiren: true, idSiretSiege: true } });
      await tx.association.update({
        where: { id: associationId },
        data: { idSiretSiege: siret, ...(association.idSiren ? {} : { idSiren: siret.slice(0, 9) }) },
      });
      await tx.etablissement.updateMany({ where: { associationId, estSiege: true }, data: { estSiege: false } });
      await tx.etablissement.create({
        data: { siret, associationId, nic: siret.slice(9), estSiege: true, actif: true, ...(adresse ? { adresse: adresse as Prisma.InputJsonValue } : {}) },
      });
      return { before: association };
    },
    setGranted: (tx: Tx, id: string, siret: string) => tx.demandeSiret.update({ where: { id }, data: { siretAttribue: siret } }),
  };
}
export type SiretRequestRepository = ReturnType<typeof createSiretRequestRepository>;
