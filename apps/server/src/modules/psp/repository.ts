// Queries of Pass'Sport (docs/domain.md « Pass'Sport »): dossiers and the caller's tie with one
// (the scope), inscriptions with their beneficiaries, exercises, affiliation certificates, what makes
// an association eligible, and the beneficiaries' list. Writes take the service's transaction.
import { likeLiteral } from '../../db/like-pattern.ts';
import type { Database, Prisma } from '../../db/prisma.ts';
import { readRows } from '../../db/read-rows.ts';
import { transactionRunner, type DbTransaction } from '../../db/transaction.ts';

type Tx = DbTransaction;

const INSCRIPTIONS = { include: { beneficiaire: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } satisfies Prisma.PspDossier$inscriptionsArgs;
const FULL = {
  createdBy: { select: { id: true, prenom: true, nom: true } },
  inscriptions: INSCRIPTIONS,
} satisfies Prisma.PspDossierInclude;
export type PspDossierRow = Prisma.PspDossierGetPayload<{ include: typeof FULL }>;
export type PspInscriptionRow = Prisma.PspInscriptionGetPayload<{ include: { beneficiaire: true } }>;
export type PspExerciceRow = Prisma.PspExerciceGetPayload<object>;

/** What the scope needs: the dossier's association, creator and shares, and the caller's link with the association. */
export interface PspDossierTie {
  id: string;
  associationId: string;
  idSiret: string;
  createdById: string | null;
  sharedWith: string[];
  /** The caller's link with the association: null when none; `siret` set for a secondary establishment's member. */
  link: { siret: string | null } | null;
}

export interface PspBeneficiaireFilter {
  exerciceId?: number;
  code?: string;
  codePostal?: string;
  /** Beginning of nom_recherche. */
  nomPrefix?: string;
  inscrit?: boolean;
  after?: { nomRecherche: string; id: string };
  limit: number;
}

type PspBeneficiaireRow = Prisma.PspBeneficiaireGetPayload<object>;

/** The code's beneficiary ($1) and the list's filters, each skipped when null: exercise, postcode, name prefix (a LIKE pattern), standing inscription. */
const BENEFICIAIRE_BY_CODE = `
  SELECT b.id, b.code_psp AS "codePsp", b.exercice_id AS "exerciceId", b.prenom, b.nom, b.nom_recherche AS "nomRecherche",
         b.date_naissance::text AS "dateNaissance", b.code_postal AS "codePostal", b.commune, live.id AS "inscriptionId"
  FROM psp_beneficiaires b
  LEFT JOIN LATERAL (SELECT i.id FROM psp_inscriptions i WHERE i.beneficiaire_id = b.id AND i.id_etat = '1' LIMIT 1) live ON true
  WHERE b.code_psp = $1
    AND ($2::int IS NULL OR b.exercice_id = $2::int)
    AND ($3::text IS NULL OR b.code_postal = $3::text)
    AND ($4::text IS NULL OR b.nom_recherche LIKE $4::text)
    AND ($5::boolean IS NULL OR (live.id IS NOT NULL) = $5::boolean)`;

export function createPspRepository(db: Database) {
  return {
    transaction: transactionRunner(db),

    async tieOf(id: string, userId: string): Promise<PspDossierTie | null> {
      const rows = await db.$queryRaw<{ id: string; association_id: string; id_siret: string; created_by_id: string | null; shared_with: string[] | null; link_type: string | null; link_siret: string | null }[]>`
        SELECT d.id::text, d.association_id::text, d.id_siret, d.created_by_id::text, d.shared_with::text[] AS shared_with, ua.type AS link_type, ua.id_siret AS link_siret
          FROM psp_dossiers d
          LEFT JOIN association_users au ON au.auth_id = ${userId}::uuid
          LEFT JOIN user_associations ua ON ua.association_user_id = au.id AND ua.association_id = d.association_id
         WHERE d.id = ${id}::uuid`;
      const row = rows[0];
      if (!row) return null;
      return {
        id: row.id, associationId: row.association_id, idSiret: row.id_siret, createdById: row.created_by_id, sharedWith: row.shared_with ?? [],
        link: row.link_type === null ? null : { siret: row.link_type === 'Etablissement secondaire' ? row.link_siret : null },
      };
    },

    find: (id: string, tx: Tx | Database = db, exerciceId?: number): Promise<PspDossierRow | null> =>
      tx.pspDossier.findUnique({
        where: { id },
        include: { ...FULL, inscriptions: { ...INSCRIPTIONS, ...(exerciceId === undefined ? {} : { where: { exerciceId } }) } },
      }),

    /** The structure's dossiers, newest first; `userId` keeps those it created or is shared with. */
    list: (idSiret: string, userId: string | null, exerciceId?: number): Promise<PspDossierRow[]> =>
      db.pspDossier.findMany({
        where: { idSiret, ...(userId ? { OR: [{ createdById: userId }, { sharedWith: { has: userId } }] } : {}) },
        include: { ...FULL, inscriptions: { ...INSCRIPTIONS, ...(exerciceId === undefined ? {} : { where: { exerciceId } }) } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      }),

    /** The live dossiers `where` keeps, and their inscriptions standing in the exercise. */
    async liveCounts(where: Prisma.PspDossierWhereInput, exerciceId: number): Promise<{ dossiers: number; inscriptions: number }> {
      const live = { AND: [where, { liveIdSiret: { not: null } }] };
      const [dossiers, inscriptions] = await Promise.all([
        db.pspDossier.count({ where: live }),
        db.pspInscription.count({ where: { exerciceId, liveBeneficiaireId: { not: null }, dossier: live } }),
      ]);
      return { dossiers, inscriptions };
    },

    /** Creates the structure's live dossier; null when it has one already (unique live_id_siret, also between two calls at once). */
    async create(tx: Tx, data: { id: string; associationId: string; idSiret: string; nom: string; idRib: string | null; sharedWith: string[]; createdById: string }): Promise<string | null> {
      const rows = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO psp_dossiers (id, association_id, id_siret, live_id_siret, nom, id_rib, shared_with, created_by_id, updated_at)
        VALUES (${data.id}::uuid, ${data.associationId}::uuid, ${data.idSiret}, ${data.idSiret}, ${data.nom}, ${data.idRib}::uuid,
                ${data.sharedWith}::uuid[], ${data.createdById}::uuid, now())
        ON CONFLICT (live_id_siret) DO NOTHING RETURNING id::text`;
      return rows[0]?.id ?? null;
    },

    liveDossierOf: async (idSiret: string, tx: Tx | Database = db): Promise<string | null> =>
      (await tx.pspDossier.findUnique({ where: { liveIdSiret: idSiret }, select: { id: true } }))?.id ?? null,

    /** The dossier's row, locked until the transaction ends (inscriptions and transitions queue on it). */
    async lock(tx: Tx, id: string) {
      await tx.$queryRaw`SELECT id FROM psp_dossiers WHERE id = ${id}::uuid FOR UPDATE`;
    },

    update: (tx: Tx, id: string, data: { nom?: string; idRib?: string | null; sharedWith?: string[]; federations?: object[] }) =>
      tx.pspDossier.update({ where: { id }, data: data as Prisma.PspDossierUncheckedUpdateInput }),

    /** A deleted dossier no longer counts as the structure's live one. */
    release: (tx: Tx, id: string) => tx.pspDossier.update({ where: { id }, data: { liveIdSiret: null } }),

    exercices: (): Promise<PspExerciceRow[]> => db.pspExercice.findMany({ orderBy: { id: 'desc' } }),
    exercice: (id: number, tx: Tx | Database = db) => tx.pspExercice.findUnique({ where: { id } }),
    /** The active exercise (the latest one when several are). */
    activeExercice: () => db.pspExercice.findFirst({ where: { active: true }, orderBy: { id: 'desc' } }),

    beneficiaireByCode: (code: string, tx: Tx | Database = db) => tx.pspBeneficiaire.findUnique({ where: { codePsp: code } }),

    /** Registers the beneficiary; null when it stands in an inscription already (unique live_beneficiaire_id). */
    async insertInscription(tx: Tx, data: { id: string; dossierId: string; beneficiaireId: string; exerciceId: number; federationSiren: string | null; createdById: string }): Promise<string | null> {
      const rows = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO psp_inscriptions (id, dossier_id, beneficiaire_id, live_beneficiaire_id, exercice_id, federation_siren, created_by_id, updated_at)
        VALUES (${data.id}::uuid, ${data.dossierId}::uuid, ${data.beneficiaireId}::uuid, ${data.beneficiaireId}::uuid, ${data.exerciceId},
                ${data.federationSiren}, ${data.createdById}::uuid, now())
        ON CONFLICT (live_beneficiaire_id) DO NOTHING RETURNING id::text`;
      return rows[0]?.id ?? null;
    },

    inscription: (id: string, dossierId: string, tx: Tx | Database = db): Promise<PspInscriptionRow | null> =>
      tx.pspInscription.findFirst({ where: { id, dossierId }, include: { beneficiaire: true } }),

    setFederation: (tx: Tx, id: string, federationSiren: string | null) => tx.pspInscription.update({ where: { id }, data: { federationSiren } }),

    /** Removed: state 8, the beneficiary free to be registered again. */
    removeInscription: (tx: Tx, id: string) => tx.pspInscription.update({ where: { id }, data: { idEtat: '8', liveBeneficiaireId: null } }),

    /** Standing inscriptions of the dossier per federation SIREN. */
    async standingPerFederation(tx: Tx, dossierId: string): Promise<Map<string, number>> {
      const rows = await tx.pspInscription.groupBy({ by: ['federationSiren'], where: { dossierId, idEtat: '1', federationSiren: { not: null } }, _count: { _all: true } });
      return new Map(rows.map((r) => [r.federationSiren!, r._count._all]));
    },

    /** Whether the association has an affiliation certificate to the federation for this exercise or an earlier one. */
    hasCertificate: async (associationId: string, sirenFederation: string, exerciceId: number, tx: Tx | Database = db) =>
      (await tx.pspAffiliation.count({ where: { associationId, sirenFederation, exerciceId: { lte: exerciceId } } })) > 0,

    affiliations: (associationId: string) =>
      db.pspAffiliation.findMany({ where: { associationId }, orderBy: [{ exerciceId: 'desc' }, { createdAt: 'desc' }] }),

    /** The certificate of a federation for an exercise, under its row lock when it exists. */
    async lockCertificate(tx: Tx, associationId: string, sirenFederation: string, exerciceId: number) {
      await tx.$queryRaw`SELECT id FROM psp_affiliations WHERE association_id = ${associationId}::uuid AND siren_federation = ${sirenFederation} AND exercice_id = ${exerciceId} FOR UPDATE`;
      return tx.pspAffiliation.findUnique({ where: { associationId_sirenFederation_exerciceId: { associationId, sirenFederation, exerciceId } } });
    },

    /** Files the certificate of a federation for an exercise, replacing the one there was (unique per association, federation and exercise). */
    saveCertificate: (tx: Tx, data: { associationId: string; sirenFederation: string; nomFederation: string; exerciceId: number; documentId: string }) =>
      tx.pspAffiliation.upsert({
        where: { associationId_sirenFederation_exerciceId: { associationId: data.associationId, sirenFederation: data.sirenFederation, exerciceId: data.exerciceId } },
        create: data,
        update: { nomFederation: data.nomFederation, documentId: data.documentId, createdAt: new Date() },
      }),

    certificate: (id: string) => db.pspAffiliation.findUnique({ where: { id } }),

    /** The federations the association declares in its file (its networks). */
    declaredFederations: (associationId: string) =>
      db.reseauAffiliation.findMany({ where: { associationId }, select: { nom: true, idSiren: true }, orderBy: { nom: 'asc' } }),

    /** What eligibility reads: the association's networks, its approvals, and the federations of the referential. */
    async eligibilityFacts(associationId: string) {
      const [reseaux, agrements, federations] = await Promise.all([
        db.reseauAffiliation.findMany({ where: { associationId }, select: { nom: true } }),
        db.associationAgrement.findMany({ where: { associationId }, select: { type: true, numero: true, dateValidite: true } }),
        db.referentielOption.findMany({ where: { referentiel: { type: 'federations-sportives' } }, select: { label: true, meta: true } }),
      ]);
      return { reseaux, agrements, federations };
    },

    /** The establishment and its association, its RIBs and the association's members. */
    async structure(idSiret: string) {
      const etablissement = await db.etablissement.findUnique({
        where: { siret: idSiret },
        select: { siret: true, enseigne: true, association: { select: { id: true, nom: true, idSiren: true } } },
      });
      if (!etablissement) return null;
      const [ribs, membres] = await Promise.all([
        db.rib.findMany({ where: { idSiret }, select: { id: true, iban: true, titulaire: true }, orderBy: { createdAt: 'asc' } }),
        db.userAssociation.findMany({
          where: { associationId: etablissement.association.id },
          select: { associationUser: { select: { user: { select: { id: true, prenom: true, nom: true } } } } },
        }),
      ]);
      return { etablissement, ribs, membres: membres.map((m) => m.associationUser.user) };
    },

    /** Which of `userIds` are members of the association. */
    membersAmong: async (associationId: string, userIds: string[]): Promise<Set<string>> =>
      userIds.length === 0
        ? new Set()
        : new Set(
            (await db.userAssociation.findMany({
              where: { associationId, associationUser: { authId: { in: userIds } } },
              select: { associationUser: { select: { authId: true } } },
            })).map((m) => m.associationUser.authId),
          ),

    ribOfSiret: async (ribId: string, idSiret: string) => (await db.rib.count({ where: { id: ribId, idSiret } })) > 0,

    /** The beneficiaries, by name then id (indexes of the migration: exercise, postcode, name, id). */
    /**
     * A code's beneficiary under the list's other filters (the inscription form's lookup, the most
     * frequent read of a campaign): one prepared statement straight on the pool, with the standing
     * inscription it may have, in the shape `beneficiaires` returns.
     */
    async beneficiaireLookup(filter: PspBeneficiaireFilter & { code: string }) {
      const rows = await readRows<Omit<PspBeneficiaireRow, 'dateNaissance'> & { dateNaissance: string | null; inscriptionId: string | null }>(
        db, BENEFICIAIRE_BY_CODE,
        [filter.code, filter.exerciceId ?? null, filter.codePostal ?? null, filter.nomPrefix ? `${likeLiteral(filter.nomPrefix)}%` : null, filter.inscrit ?? null],
        'psp_beneficiaire_by_code',
      );
      return rows.map(({ inscriptionId, dateNaissance, ...row }) => ({
        ...row,
        dateNaissance: dateNaissance ? new Date(`${dateNaissance}T00:00:00Z`) : null,
        inscriptions: inscriptionId ? [{ id: inscriptionId }] : [],
      }));
    },

    beneficiaires: (filter: PspBeneficiaireFilter) =>
      db.pspBeneficiaire.findMany({
        where: {
          ...(filter.exerciceId === undefined ? {} : { exerciceId: filter.exerciceId }),
          ...(filter.code ? { codePsp: filter.code } : {}),
          ...(filter.codePostal ? { codePostal: filter.codePostal } : {}),
          ...(filter.nomPrefix ? { nomRecherche: { startsWith: filter.nomPrefix } } : {}),
          ...(filter.inscrit === undefined ? {} : filter.inscrit ? { inscriptions: { some: { idEtat: '1' } } } : { inscriptions: { none: { idEtat: '1' } } }),
          ...(filter.after
            ? { OR: [{ nomRecherche: { gt: filter.after.nomRecherche } }, { nomRecherche: filter.after.nomRecherche, id: { gt: filter.after.id } }] }
            : {}),
        },
        include: { inscriptions: { where: { idEtat: '1' }, select: { id: true }, take: 1 } },
        orderBy: [{ nomRecherche: 'asc' }, { id: 'asc' }],
        take: filter.limit,
      }),

    /** Every structure's dossiers, newest first (administration): their association's name and standing inscriptions. */
    adminDossiers: (filter: { etat?: string; before?: number; limit: number }) =>
      db.pspDossier.findMany({
        where: { ...(filter.etat ? { etat: filter.etat } : {}), ...(filter.before ? { numero: { lt: filter.before } } : {}) },
        include: { association: { select: { id: true, nom: true } }, _count: { select: { inscriptions: { where: { idEtat: '1' } } } } },
        orderBy: { numero: 'desc' },
        take: filter.limit,
      }),

    /** Creates an exercise; false when its id (YY) or year is taken. */
    async createExercice(data: { id: number; annee: number; active: boolean; dateDebut: Date; dateFin: Date }): Promise<boolean> {
      const rows = await db.$queryRaw<{ id: number }[]>`
        INSERT INTO psp_exercices (id, annee, active, date_debut, date_fin) VALUES (${data.id}, ${data.annee}, ${data.active}, ${data.dateDebut}::date, ${data.dateFin}::date)
        ON CONFLICT DO NOTHING RETURNING id`;
      return rows.length > 0;
    },
    /** The exercise, locked until the transaction ends. */
    async lockExercice(tx: Tx, id: number) {
      const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM psp_exercices WHERE id = ${id} FOR UPDATE`;
      return rows.length > 0 ? tx.pspExercice.findUnique({ where: { id } }) : null;
    },
    updateExercice: (tx: Tx, id: number, data: { active?: boolean; dateDebut?: Date; dateFin?: Date }) => tx.pspExercice.update({ where: { id }, data }),

    /** The affiliation certificates, newest first, with their association (administration). */
    allAffiliations: (filter: { exerciceId?: number; sirenFederation?: string }) =>
      db.pspAffiliation.findMany({
        where: { ...(filter.exerciceId === undefined ? {} : { exerciceId: filter.exerciceId }), ...(filter.sirenFederation ? { sirenFederation: filter.sirenFederation } : {}) },
        include: { association: { select: { id: true, nom: true, idSiren: true } } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: 500,
      }),

    beneficiaireCursor: (id: string) => db.pspBeneficiaire.findUnique({ where: { id }, select: { nomRecherche: true, id: true } }),
  };
}
export type PspRepository = ReturnType<typeof createPspRepository>;
