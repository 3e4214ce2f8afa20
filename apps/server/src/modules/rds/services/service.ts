// Instructing services, subsidy part (docs/domain.md « Services instructeurs »): who reaches which
// service, the national → regional → departmental hierarchy, the listing, the record's writes; a
// contact address given by a manager waits for the link mailed to it (auth's address proofs).
import {
  NIVEAUX_TERRITORIAUX,
  SERVICE_ACCOUNT_MESSAGES,
  SERVICE_ADMIN_MESSAGES,
  SERVICE_MANAGERS,
  type ServiceChanges,
  type ServiceFields,
  type ServiceInstructeur,
} from '@portail/contract';
import type { DbTransaction } from '../../../db/transaction.ts';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import type { ScopeResolvers } from '../../../http/resource-scope.ts';
import type { ServiceAddressProofs } from '../../auth/index.ts';
import { RDS_AUDIT_ENTITIES, type RdsAudit } from '../audit.ts';
import type { ServiceData, ServiceRepository, ServiceRow } from './repository.ts';

export const toServiceView = (row: ServiceRow): ServiceInstructeur => ({
  id: row.id,
  nom: row.nom,
  email: row.email,
  pending_email: row.pendingEmail,
  siren: row.siren,
  siret: row.siret,
  adresse: (row.adresse as Record<string, unknown> | null) ?? null,
  telephone: row.telephone,
  site_internet: row.siteInternet,
  type: row.type,
  federation_sportive: row.federationSportive,
  niveau_territorial: row.niveauTerritorial as ServiceInstructeur['niveau_territorial'],
  zone_territoriale: row.zoneTerritoriale,
  code_territoire: row.codeTerritoire,
  profil: row.profil as ServiceInstructeur['profil'],
  dispositifs: row.dispositifs.map((link) => link.dispositif.code).sort(),
  parent: row.parentId,
  types_agrement: (row.typesAgrement as string[]) ?? [],
  bo: (row.bo as Record<string, unknown>) ?? {},
  authId: row.authId,
});

/** Contract fields → columns; undefined stays unchanged. The contact address is written apart (`changeContact`). */
function toData(fields: Omit<ServiceChanges, 'email'>): ServiceData {
  return {
    nom: fields.nom,
    siren: fields.siren,
    siret: fields.siret,
    adresse: fields.adresse,
    telephone: fields.telephone,
    siteInternet: fields.site_internet,
    type: fields.type,
    federationSportive: fields.federation_sportive,
    niveauTerritorial: fields.niveau_territorial,
    zoneTerritoriale: fields.zone_territoriale,
    codeTerritoire: fields.code_territoire,
    profil: fields.profil,
    parentId: fields.parent,
    typesAgrement: fields.types_agrement,
    bo: fields.bo,
  };
}

/** What a service's audit entries keep of it (its contact address is audited apart, masked). */
const auditedOf = (view: ServiceInstructeur) => ({
  nom: view.nom,
  niveau_territorial: view.niveau_territorial,
  zone_territoriale: view.zone_territoriale,
  code_territoire: view.code_territoire,
  profil: view.profil,
  parent: view.parent,
  dispositifs: view.dispositifs,
});

/** The services a caller reaches: all of them, or these ids. */
export type Reach = { all: true } | { all: false; ids: readonly string[] };
const inReach = (reach: Reach, id: string) => reach.all || reach.ids.includes(id);
const isManager = (claims: AuthClaims) => claims.roles.some((role) => (SERVICE_MANAGERS as readonly string[]).includes(role));
const levelIndex = (level: string | null) => (level ? NIVEAUX_TERRITORIAUX.indexOf(level as never) : -1);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A service record as a write answers it: `message` when a validation link was sent. */
export type ServiceWriteResult = ServiceInstructeur & { message?: string };

export function createServiceAdmin(repository: ServiceRepository, addresses: ServiceAddressProofs, audit: RdsAudit) {
  const trail = (tx: DbTransaction, claims: AuthClaims, row: { id: string; authId: string }, action: 'create' | 'update' | 'delete', before?: unknown, after?: unknown) =>
    audit(tx, claims, { chain: row.authId, entity: RDS_AUDIT_ENTITIES.service, entityId: row.id, action, before, after });

  /**
   * A manager with no service record, or whose service is « Administrateur national », reaches every
   * service; an « Administrateur local » its service's subtree. Instructors read their own service
   * (their subtree, or everything, with an administrator profile), and write nothing (route roles).
   */
  async function reachOf(claims: AuthClaims): Promise<Reach> {
    const own = await repository.findByAuthId(claims.userId);
    if (own?.profil === 'Administrateur national') return { all: true };
    if (own?.profil === 'Administrateur local') return { all: false, ids: await repository.subtree(own.id) };
    if (isManager(claims) && !own) return { all: true };
    return { all: false, ids: own ? [own.id] : [] };
  }

  /** The parent must exist, be in the caller's reach, and sit exactly one level above. */
  async function checkParent(reach: Reach, level: string | null, parentId: string | null) {
    if (parentId === null) {
      if (level !== 'national' && level !== null) throw appError('SERVICE_PARENT_INVALID');
      if (!reach.all) throw appError('FORBIDDEN');
      return;
    }
    const parent = await repository.parentOf(parentId);
    if (!parent) throw appError('SERVICE_PARENT_NOT_FOUND');
    if (!inReach(reach, parent.id)) throw appError('FORBIDDEN');
    if (levelIndex(parent.niveauTerritorial) < 0 || levelIndex(level) !== levelIndex(parent.niveauTerritorial) + 1) {
      throw appError('SERVICE_PARENT_INVALID');
    }
  }

  async function dispositifIds(tx: DbTransaction, codes: readonly string[] | undefined) {
    if (codes === undefined) return undefined;
    const unique = [...new Set(codes)];
    const found = await repository.dispositifIds(tx, unique);
    const missing = unique.find((code) => !found.some((row) => row.code === code));
    if (missing) throw appError('DISPOSITIF_UNKNOWN', { code: missing });
    return found.map((row) => row.id);
  }

  /**
   * A contact address given by a manager (docs/domain.md « Services instructeurs »), in the caller's
   * transaction, audited in the service account's chain: the current one given back cancels a
   * pending one; null, or the service's login address (mails already go there), takes effect at
   * once; any other waits, pending, for the link mailed to it, and dossier mails keep going to the
   * current contact address (the login when none). Answers the message when a link was sent, null
   * when nothing changes.
   */
  async function changeContact(tx: DbTransaction, claims: AuthClaims, row: ServiceRow, nom: string, given: string | null): Promise<{ message?: string } | null> {
    const current = { email: row.email, pending: row.pendingEmail };
    const address = { kind: 'contact' as const, authId: row.authId, actor: { id: claims.userId, email: claims.email }, current };
    if (given === current.email) {
      if (current.pending === null) return null;
      await repository.update(tx, row.id, { pendingEmail: null }, undefined);
      await addresses.settle(tx, { ...address, action: 'annulation', next: { email: current.email, pending: null } });
      return {};
    }
    const login = await repository.loginOf(tx, row.authId);
    if (given === null || given === login) {
      await repository.update(tx, row.id, { email: given, pendingEmail: null }, undefined);
      await addresses.settle(tx, { ...address, action: 'modification', next: { email: given, pending: null } });
      return {};
    }
    await repository.update(tx, row.id, { pendingEmail: given }, undefined);
    await addresses.request(tx, { ...address, nom, next: given });
    return { message: SERVICE_ACCOUNT_MESSAGES.contactChangePending(given, current.email ?? login) };
  }

  /**
   * Writes a new service record for `authId` in the caller's transaction (also used by the auth
   * part's creation); its contact address is written as a change of the new record (`changeContact`).
   */
  async function createRecord(tx: DbTransaction, claims: AuthClaims, authId: string, fields: ServiceFields): Promise<ServiceWriteResult> {
    const reach = await reachOf(claims);
    await checkParent(reach, fields.niveau_territorial, fields.parent ?? null);
    const ids = (await dispositifIds(tx, fields.dispositifs ?? [])) ?? [];
    const { email: contact, ...rest } = fields;
    const row = await repository.create(tx, authId, { ...toData(rest), nom: fields.nom, typesAgrement: fields.types_agrement ?? [], bo: fields.bo ?? {} }, ids);
    await trail(tx, claims, row, 'create', undefined, auditedOf(toServiceView(row)));
    const written = await changeContact(tx, claims, row, fields.nom, contact ?? null);
    if (!written) return toServiceView(row);
    return { ...toServiceView((await repository.find(row.id, tx))!), ...(written.message ? { message: written.message } : {}) };
  }

  const resolvers = {
    service: async (claims, id, declared) => {
      const target = await repository.findByEitherId(id);
      if (!target) throw appError('NOT_FOUND');
      // What agents do for their service (its webhooks): its own agents, those acting for it through
      // an administrator profile above it, rds.admin; a service they do not act for is not found.
      if (declared.mode === 'agent') {
        if (claims.roles.includes('rds.admin')) return undefined;
        if (!(await repository.actsFor(claims.userId)).includes(target.id)) throw appError('NOT_FOUND');
        return undefined;
      }
      const reach = await reachOf(claims);
      if (!inReach(reach, target.id)) throw appError('NOT_FOUND');
      // Writes: managers only (the route's roles); a read-only reach (an instructor) sees without changing.
      if (declared.mode === 'write' && !isManager(claims)) throw appError('FORBIDDEN');
      return undefined;
    },
  } satisfies ScopeResolvers;

  return {
    resolvers,
    reachOf,
    /** The caller's service and every service below it (the instructors' work list); null without a service record. */
    async servicesBelow(authId: string): Promise<string[] | null> {
      const ids = await repository.subtreeOfAccount(authId);
      return ids.length > 0 ? ids : null;
    },

    async list(claims: AuthClaims, filter: { niveau?: string; parent?: string; dispositif?: string; query?: string; includeChildren: boolean; populate: readonly string[] }) {
      const reach = await reachOf(claims);
      const rows = await repository.list({ ...filter, ...(reach.all ? {} : { ids: reach.ids }) });
      return rows.map((row) => {
        const { bo, ...view } = toServiceView(row);
        return {
          ...view,
          ...(filter.populate.includes('bo') ? { bo } : {}),
          ...(filter.includeChildren
            ? { children: row.children.map((child) => ({ id: child.id, nom: child.nom, niveau_territorial: child.niveauTerritorial as ServiceInstructeur['niveau_territorial'] })) }
            : {}),
        };
      });
    },

    /** Who reaches it is the route's `service` scope. */
    async get(id: string): Promise<ServiceInstructeur> {
      const row = await repository.find(id);
      if (!row) throw appError('NOT_FOUND');
      return toServiceView(row);
    },

    createRecord,

    /** rds POST /services: the record of an existing service account that has none yet. */
    async createForAccount(claims: AuthClaims, authId: string, fields: ServiceFields): Promise<ServiceWriteResult> {
      const created = await repository.transaction(async (tx) => {
        const account = await repository.accountOf(tx, authId);
        if (!account || !account.roles.some((r) => r.role === 'rds.service' || r.role === 'rds.user')) throw appError('USER_NOT_FOUND');
        if (account.serviceAccount) throw appError('SERVICE_EXISTS');
        return createRecord(tx, claims, authId, fields);
      });
      if (created.message) await addresses.flush();
      return created;
    },

    /**
     * The changed fields only ('Nothing to update.' when none is); the hierarchy stays valid. A new
     * contact address waits for its link (`changeContact`): the answer then says so in `message`.
     */
    async update(claims: AuthClaims, id: string, changes: ServiceChanges): Promise<ServiceWriteResult> {
      const { email: contact, ...fields } = changes;
      const updated = await repository.transaction(async (tx) => {
        await repository.lockForChange(tx, id);
        const current = await repository.find(id, tx);
        if (!current) throw appError('NOT_FOUND');
        const view = toServiceView(current);
        const changed = Object.fromEntries(
          Object.entries(fields).filter(([key, value]) => {
            if (value === undefined) return false;
            const now = view[key as keyof ServiceInstructeur];
            return key === 'dispositifs' ? !sameJson([...new Set(value as string[])].sort(), now) : !sameJson(value, now);
          }),
        ) as Omit<ServiceChanges, 'email'>;
        if (Object.keys(changed).length === 0 && contact === undefined) throw appError('NOTHING_TO_UPDATE');
        const level = changed.niveau_territorial ?? current.niveauTerritorial;
        const parentId = changed.parent !== undefined ? changed.parent : current.parentId;
        if (changed.niveau_territorial !== undefined || changed.parent !== undefined) {
          // Under itself or a service below it: a loop, whatever the levels say.
          if (parentId === id) throw appError('SERVICE_PARENT_CYCLE', { nom: current.nom });
          if (parentId !== null && (await repository.subtree(id)).includes(parentId)) {
            throw appError('SERVICE_PARENT_CYCLE', { nom: (await repository.parentOf(parentId))?.nom ?? current.nom });
          }
          await checkParent(await reachOf(claims), level, parentId);
          const below = await repository.childrenLevels(tx, id);
          if (below.some((child) => levelIndex(child.niveauTerritorial) !== levelIndex(level) + 1)) throw appError('SERVICE_PARENT_INVALID');
        }
        const written = contact !== undefined ? await changeContact(tx, claims, current, changed.nom ?? current.nom, contact) : null;
        if (Object.keys(changed).length === 0 && !written) throw appError('NOTHING_TO_UPDATE');
        const row = Object.keys(changed).length > 0
          ? await repository.update(tx, id, toData(changed), await dispositifIds(tx, changed.dispositifs))
          : (await repository.find(id, tx))!;
        if (Object.keys(changed).length > 0) {
          const [before, after] = [auditedOf(view), auditedOf(toServiceView(row))];
          await trail(tx, claims, row, 'update', before, after);
        }
        return { ...toServiceView(row), ...(written?.message ? { message: written.message } : {}) };
      });
      if (updated.message) await addresses.flush();
      return updated;
    },

    /**
     * The record and its account go together, or not at all (`id` is either the record's or the
     * account's): refused while services hang below it, while it instructs or finances dossiers, and
     * while schemes, campaigns or approvals of the catalogue still name it (each to be taken away
     * first, on purpose, rather than silently dropped with it). Its only agent is its own login.
     */
    async remove(claims: AuthClaims, id: string): Promise<{ message: string }> {
      const target = await repository.findByEitherId(id);
      if (!target) throw appError('NOT_FOUND');
      const nom = await repository.transaction(async (tx) => {
        await repository.lockForChange(tx, target.id);
        const uses = await repository.uses(tx, target.id);
        if (uses.children > 0) throw appError('SERVICE_HAS_CHILDREN');
        if (uses.dossiers > 0) throw appError('SERVICE_IN_USE');
        const { dispositifs, campagnes, agrements } = uses;
        if (dispositifs.length + campagnes.length + agrements.length > 0) throw appError('SERVICE_HAS_SCHEMES', { dispositifs, campagnes, agrements });
        const row = (await repository.find(target.id, tx))!;
        await trail(tx, claims, target, 'delete', auditedOf(toServiceView(row)));
        await repository.deleteWithAccount(tx, target.authId);
        return row.nom;
      });
      return { message: SERVICE_ADMIN_MESSAGES.deleted(nom) };
    },
  };
}
export type ServiceAdmin = ReturnType<typeof createServiceAdmin>;
