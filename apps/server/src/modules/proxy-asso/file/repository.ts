// Every query of the association file. Reads use the database; writes take the transaction the
// service opens with `transaction`, so a change and what it records commit together.
import type { Database, Prisma } from '../../../db/prisma.ts';
import type { Association } from '../../../generated/prisma/client.ts';
import { readRows } from '../../../db/read-rows.ts';
import { isUniqueViolation, transactionRunner, type DbTransaction } from '../../../db/transaction.ts';

type Tx = DbTransaction;

/**
 * The columns of an association its identity shows (mappers.ts `toIdentite`), by field name:
 * `GET /association/identite` reads only these, straight on the pool (db/read-rows.ts). Dates
 * (`date` columns) come as UTC midnight, as Prisma gives them.
 */
const IDENTITY_COLUMNS = {
  id: 'id', idRna: 'id_rna', idSiren: 'id_siren', idSiretSiege: 'id_siret_siege', nom: 'nom', sigle: 'sigle',
  idFormeJuridique: 'id_forme_juridique', regime: 'regime', utilPublique: 'util_publique',
  datePublicationUtilPublique: "(date_publication_util_publique::timestamp AT TIME ZONE 'UTC')",
  datePubRegistre: "(date_pub_registre::timestamp AT TIME ZONE 'UTC')", tribunalInstance: 'tribunal_instance',
  numeroAmalia: 'numero_amalia', volume: 'volume', folio: 'folio', impotsCommerciaux: 'impots_commerciaux',
  aDonsSubv153000: 'a_dons_subv_153000', aPublicationComptesJo: 'a_publication_comptes_jo',
  aCommissaireAuxComptes: 'a_commissaire_aux_comptes', typeStructureSportive: 'type_structure_sportive',
  dateCreation: "(date_creation::timestamp AT TIME ZONE 'UTC')", adresseSiege: 'adresse_siege', adresseGestion: 'adresse_gestion',
  telephone: 'telephone', siteWeb: 'site_web', courriel: 'courriel', domaine: 'domaine',
  champActionTerritorial: 'champ_action_territorial', objet: 'objet', specificites: 'specificites', agrement: 'agrement',
  commentaire: 'commentaire',
} as const satisfies Partial<Record<keyof Association, string>>;
export type AssociationIdentityRow = Pick<Association, keyof typeof IDENTITY_COLUMNS>;
const IDENTITY_SQL = `SELECT ${Object.entries(IDENTITY_COLUMNS)
  .map(([field, column]) => `${column} AS "${field}"`)
  .join(', ')} FROM associations WHERE id = $1::uuid`;

/** Serialises check-then-write sequences on one key for the rest of the transaction. */
const lock = (tx: Tx, key: string) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;

export { isUniqueViolation };

export function createFileRepository(db: Database) {
  const byId = (id: string, associationId: string) => ({ where: { id, associationId } });
  return {
    transaction: transactionRunner(db),

    association: {
      find: (id: string, client: Tx | Database = db) => client.association.findUniqueOrThrow({ where: { id } }),
      /** The identity's columns of the association, or null. */
      findIdentity: async (id: string): Promise<AssociationIdentityRow | null> => (await readRows<AssociationIdentityRow>(db, IDENTITY_SQL, [id]))[0] ?? null,
      /** `specificites` is a JSON document, written whole. */
      update: (tx: Tx, id: string, { specificites, ...data }: Omit<Prisma.AssociationUpdateInput, 'specificites'> & { specificites?: object }) =>
        tx.association.update({ where: { id }, data: { ...data, ...(specificites ? { specificites: specificites as Prisma.InputJsonValue } : {}) } }),
    },

    etablissements: {
      /** The association's establishments (only the active one of `siret` when given), head office first. */
      list: (associationId: string, siret: string | null) =>
        db.etablissement.findMany({
          where: { associationId, ...(siret ? { siret, actif: true } : {}) },
          orderBy: [{ estSiege: 'desc' }, { siret: 'asc' }],
        }),
      find: (associationId: string, siret: string) => db.etablissement.findFirst({ where: { siret, associationId } }),
      update: (tx: Tx, siret: string, data: Prisma.EtablissementUpdateInput) => tx.etablissement.update({ where: { siret }, data }),
    },

    ribs: {
      list: (associationId: string, siret: string | null | undefined) =>
        db.rib.findMany({ where: { associationId, ...(siret ? { idSiret: siret } : {}) }, orderBy: { createdAt: 'asc' } }),
      find: (associationId: string, id: string) => db.rib.findFirst(byId(id, associationId)),
      findDuplicate: (tx: Tx, siret: string, iban: string, exceptId?: string) =>
        tx.rib.findFirst({ where: { idSiret: siret, iban, ...(exceptId ? { NOT: { id: exceptId } } : {}) } }),
      create: (tx: Tx, data: Prisma.RibUncheckedCreateInput) => tx.rib.create({ data }),
      update: (tx: Tx, id: string, data: Prisma.RibUncheckedUpdateInput) => tx.rib.update({ where: { id }, data }),
      remove: (tx: Tx, id: string) => tx.rib.delete({ where: { id } }),
    },

    representants: {
      list: (associationId: string, includeDeleted: boolean) =>
        db.representantLegal.findMany({
          where: { associationId, ...(includeDeleted ? {} : { deleted: false }) },
          orderBy: { createdAt: 'asc' },
        }),
      find: (associationId: string, id: string) => db.representantLegal.findFirst({ where: { id, associationId, deleted: false } }),
      /** Live representatives, counted under a per-association lock so parallel additions cannot overshoot. */
      countLocked: async (tx: Tx, associationId: string) => {
        await lock(tx, `representants:${associationId}`);
        return tx.representantLegal.count({ where: { associationId, deleted: false } });
      },
      create: (tx: Tx, data: Prisma.RepresentantLegalUncheckedCreateInput) => tx.representantLegal.create({ data }),
      update: (tx: Tx, id: string, data: Prisma.RepresentantLegalUncheckedUpdateInput) => tx.representantLegal.update({ where: { id }, data }),
      /** Live representatives' addresses (who hears of a watched change). */
      addresses: (tx: Tx, associationId: string) =>
        tx.representantLegal.findMany({ where: { associationId, deleted: false, courriel: { not: null } }, select: { courriel: true } }),
    },

    comptes: {
      list: (associationId: string) => db.associationCompte.findMany({ where: { associationId }, orderBy: { annee: 'desc' } }),
      find: (associationId: string, id: string) => db.associationCompte.findFirst(byId(id, associationId)),
      create: (tx: Tx, data: Prisma.AssociationCompteUncheckedCreateInput) => tx.associationCompte.create({ data }),
      update: (tx: Tx, id: string, data: Prisma.AssociationCompteUncheckedUpdateInput) => tx.associationCompte.update({ where: { id }, data }),
      remove: (tx: Tx, id: string) => tx.associationCompte.delete({ where: { id } }),
    },

    rhs: {
      list: (associationId: string, siret: string | null | undefined) =>
        db.associationRh.findMany({
          where: { associationId, ...(siret ? { idSiret: siret } : {}) },
          orderBy: [{ annee: 'desc' }, { idSiret: 'asc' }],
        }),
      find: (associationId: string, id: string) => db.associationRh.findFirst(byId(id, associationId)),
      create: (tx: Tx, data: Prisma.AssociationRhUncheckedCreateInput) => tx.associationRh.create({ data }),
      update: (tx: Tx, id: string, data: Prisma.AssociationRhUncheckedUpdateInput) => tx.associationRh.update({ where: { id }, data }),
      remove: (tx: Tx, id: string) => tx.associationRh.delete({ where: { id } }),
    },

    agrements: {
      list: (associationId: string) =>
        db.associationAgrement.findMany({ where: { associationId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
      find: (associationId: string, id: string) => db.associationAgrement.findFirst(byId(id, associationId)),
      create: (tx: Tx, data: Prisma.AssociationAgrementUncheckedCreateInput) => tx.associationAgrement.create({ data }),
      update: (tx: Tx, id: string, data: Prisma.AssociationAgrementUncheckedUpdateInput) => tx.associationAgrement.update({ where: { id }, data }),
      remove: (tx: Tx, id: string) => tx.associationAgrement.delete({ where: { id } }),
    },

    reseaux: {
      list: (associationId: string) =>
        db.reseauAffiliation.findMany({ where: { associationId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
      find: (associationId: string, id: string) => db.reseauAffiliation.findFirst(byId(id, associationId)),
      /** The association's other networks, under a per-association lock (no unique index to lean on). */
      othersLocked: async (tx: Tx, associationId: string, exceptId?: string) => {
        await lock(tx, `reseaux:${associationId}`);
        return tx.reseauAffiliation.findMany({ where: { associationId, ...(exceptId ? { NOT: { id: exceptId } } : {}) } });
      },
      create: (tx: Tx, data: Prisma.ReseauAffiliationUncheckedCreateInput) => tx.reseauAffiliation.create({ data }),
      update: (tx: Tx, id: string, data: Prisma.ReseauAffiliationUncheckedUpdateInput) => tx.reseauAffiliation.update({ where: { id }, data }),
      remove: (tx: Tx, id: string) => tx.reseauAffiliation.delete({ where: { id } }),
    },

    budgets: {
      list: (associationId: string) => db.associationBudget.findMany({ where: { associationId }, orderBy: { annee: 'desc' } }),
      find: (associationId: string, id: string) => db.associationBudget.findFirst(byId(id, associationId)),
      create: (tx: Tx, data: Prisma.AssociationBudgetUncheckedCreateInput) => tx.associationBudget.create({ data }),
      update: (tx: Tx, id: string, data: Prisma.AssociationBudgetUncheckedUpdateInput) => tx.associationBudget.update({ where: { id }, data }),
      remove: (tx: Tx, id: string) => tx.associationBudget.delete({ where: { id } }),
    },

    /** The association's member links and their users (who hears of a watched change). */
    memberLinks: (tx: Tx, associationId: string) =>
      tx.userAssociation.findMany({
        where: { associationId },
        select: { associationId: true, idSiret: true, type: true, associationUser: { select: { user: { select: { id: true, email: true } } } } },
      }),
  };
}
export type FileRepository = ReturnType<typeof createFileRepository>;

/** The rows this repository reads, for the mappers to the contract's shapes. */
export type {
  AssociationAgrement,
  Association,
  AssociationBudget,
  AssociationCompte,
  AssociationRh,
  Etablissement,
  ReseauAffiliation,
  RepresentantLegal,
  Rib,
} from '../../../generated/prisma/client.ts';
