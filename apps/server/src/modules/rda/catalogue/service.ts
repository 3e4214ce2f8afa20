// The approvals' catalogue (docs/domain.md « Agréments »): any signed-in user reads the active
// approvals, their administrators every one; writes by the approvals' administrators within the
// services they reach, checked in one transaction: the type is an option of the referential
// types-agrement, the instructing service exists (spec §5), a code once per campaign; a change
// carries only differences (none is « Aucun changement n'a été détécté. »); each change written with its
// entry in the approvals' catalogue audit chain (CATALOGUE_AUDIT_CHAINS.agrement), whose history
// (with the approvals' expected definitions' changes) its administrators read.
import {
  APPROVAL_ADMINS,
  APPROVAL_CATALOGUE_HISTORY_ENTITIES,
  APPROVAL_MESSAGES,
  APPROVAL_TYPES_REFERENTIEL,
  type AgrementBody,
  type AgrementFilter,
  type AgrementPatch,
  type AgrementView,
  type ApprovalServiceOption,
} from '@portail/contract';
import { isUniqueViolation, type DbTransaction } from '../../../db/transaction.ts';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import { chainHistory, type AuditService, type ChainHistoryQuery } from '../../audit/index.ts';
import { CATALOGUE_AUDIT_CHAINS } from '../../rds/index.ts';
import type { AgrementData, AgrementRepository, AgrementRow, ExpectedLinkData } from './repository.ts';

/** The calls this module makes to the referentials (declaration module) and the services (rds). */
export interface ApprovalTypes {
  getByType(type: string): Promise<{ options: readonly { value: string; label: string; meta: unknown }[] }>;
}
export interface ServiceReach {
  reachOf(claims: AuthClaims): Promise<{ all: true } | { all: false; ids: readonly string[] }>;
}

type Link = AgrementBody['champs_attendus'][number];
type TypeInfo = { label: string; categorie: string | null };

const isApprovalAdmin = (claims: AuthClaims) => claims.roles.some((role) => (APPROVAL_ADMINS as readonly string[]).includes(role));
/** Two link lists say the same thing (order counts: it is the rank). */
const sameLinks = (a: readonly Link[], b: readonly Link[]) => JSON.stringify(a) === JSON.stringify(b);

function linksOf(row: AgrementRow): { champs: Link[]; documents: Link[] } {
  return {
    champs: row.champsAttendus.map((link) => ({ code: link.champAttendu.code, asks: link.asks as Link['asks'], obligatoire: link.obligatoire })),
    documents: row.documentsAttendus.map((link) => ({ code: link.documentAttendu.code, asks: link.asks as Link['asks'], obligatoire: link.obligatoire })),
  };
}

/** What the catalogue's audit chain keeps of an approval: its columns and its links, by code. */
function trailOf(row: AgrementRow) {
  const links = linksOf(row);
  return {
    code: row.code, type_agrement: row.typeAgrement, service: row.serviceId, campagne_exercice: row.campagneExercice, code_service: row.codeService,
    active: row.active, champs_attendus: links.champs, documents_attendus: links.documents,
  };
}

function toView(row: AgrementRow, types: ReadonlyMap<string, TypeInfo>): AgrementView {
  const type = types.get(row.typeAgrement);
  const common = (definition: { code: string; label: string; labelCode: string | null; enabled: boolean; isDefault: boolean; meta: unknown }) => ({
    code: definition.code, label: definition.label, labelCode: definition.labelCode, enabled: definition.enabled, isDefault: definition.isDefault,
    meta: definition.meta as Record<string, unknown>, part: 'dossier' as const,
  });
  return {
    _id: row.id,
    code: row.code,
    type_agrement: row.typeAgrement,
    type_agrement_label: type?.label ?? row.typeAgrement,
    categorie: type?.categorie ?? null,
    service: row.service.id,
    service_nom: row.service.nom,
    campagne_exercice: row.campagneExercice,
    code_service: row.codeService,
    active: row.active,
    champs_attendus: row.champsAttendus.map((link) => ({
      ...common(link.champAttendu), type: link.champAttendu.type, obligatoire: link.obligatoire, asks: link.asks as AgrementView['champs_attendus'][number]['asks'],
    })),
    documents_attendus: row.documentsAttendus.map((link) => ({
      ...common(link.documentAttendu), nature: link.documentAttendu.nature, obligatoire: link.obligatoire, asks: link.asks as AgrementView['documents_attendus'][number]['asks'],
    })),
  };
}

export function createAgrementService(
  repository: AgrementRepository,
  deps: { referentiels: ApprovalTypes; services: ServiceReach; audit: Pick<AuditService, 'record' | 'chainPage'> },
) {
  /** A change of the catalogue, in its transaction, in the approvals' catalogue chain. */
  const trail = (tx: DbTransaction, claims: AuthClaims, entityId: string, action: 'create' | 'update' | 'delete', before: unknown, after: unknown) =>
    deps.audit.record(tx, {
      associationId: CATALOGUE_AUDIT_CHAINS.agrement, actor: { id: claims.userId, email: claims.email }, entity: 'agrement', entityId, action, before, after,
    });
  /** The approval as the trail keeps it, read in `tx`. */
  const trailIn = async (tx: DbTransaction, id: string) => trailOf((await repository.find(id, tx))!);

  async function approvalTypes(): Promise<Map<string, TypeInfo>> {
    const referentiel = await deps.referentiels.getByType(APPROVAL_TYPES_REFERENTIEL).catch(() => ({ options: [] }));
    return new Map(
      referentiel.options.map((option) => {
        const categorie = (option.meta as { categorie?: unknown } | null)?.categorie;
        return [option.value, { label: option.label, categorie: typeof categorie === 'string' ? categorie : null }];
      }),
    );
  }

  /**
   * The approvals' administrators act on the services their own service reaches (national: all;
   * local: its subtree); one with no service record administers the whole catalogue (its role
   * already says it is an approvals' administrator).
   */
  async function checkReach(claims: AuthClaims, serviceIds: readonly string[]) {
    const reach = await deps.services.reachOf(claims);
    if (reach.all || reach.ids.length === 0) return;
    if (serviceIds.some((id) => !reach.ids.includes(id))) throw appError('AGREMENT_OUT_OF_REACH');
  }

  async function checkType(type: string) {
    if (!(await approvalTypes()).has(type)) throw appError('AGREMENT_TYPE_UNKNOWN', { type });
  }

  async function checkService(tx: DbTransaction, serviceId: string) {
    if (!(await repository.serviceExists(tx, serviceId))) throw appError('AGREMENT_SERVICE_UNKNOWN');
  }

  /** The links with their definitions' ids, in their order (the rank). */
  async function resolveLinks(links: readonly Link[], find: (codes: string[]) => Promise<{ id: string; code: string }[]>): Promise<ExpectedLinkData[]> {
    const found = await find([...new Set(links.map((link) => link.code))]);
    const seen = new Set<string>();
    return links.map((link, rang) => {
      const row = found.find((f) => f.code === link.code);
      if (!row || seen.has(row.id)) throw appError('EXPECTED_ITEM_UNKNOWN', { code: link.code });
      seen.add(row.id);
      return { id: row.id, asks: link.asks, obligatoire: link.obligatoire, rang };
    });
  }

  const codeTakenOnRace = (error: unknown): never => {
    if (isUniqueViolation(error)) throw appError('AGREMENT_CODE_TAKEN');
    throw error;
  };

  async function viewOf(id: string) {
    const row = await repository.find(id);
    if (!row) throw appError('AGREMENT_NOT_FOUND');
    return toView(row, await approvalTypes());
  }

  return {
    /** The catalogue's changes (approvals and their expected definitions), newest first, of one kind or all, a page at a time. */
    history: (query: ChainHistoryQuery) => chainHistory(deps.audit, CATALOGUE_AUDIT_CHAINS.agrement, APPROVAL_CATALOGUE_HISTORY_ENTITIES, query),

    async list(claims: AuthClaims, filter: AgrementFilter): Promise<AgrementView[]> {
      // Others than the administrators see the active approvals only; asking for inactive ones gives none.
      if (!isApprovalAdmin(claims) && filter.active === false) return [];
      const rows = await repository.list({
        type: filter.type, service: filter.service, campagneExercice: filter.campagne_exercice, code: filter.code,
        active: isApprovalAdmin(claims) ? filter.active : true,
      });
      const types = await approvalTypes();
      return rows.map((row) => toView(row, types));
    },

    /** The services the administrator may name (the same reach as checkReach's). */
    async services(claims: AuthClaims): Promise<ApprovalServiceOption[]> {
      const reach = await deps.services.reachOf(claims);
      const rows = await repository.services(reach.all || reach.ids.length === 0 ? undefined : reach.ids);
      return rows.map((row) => ({ id: row.id, nom: row.nom, niveau_territorial: row.niveauTerritorial }));
    },

    async get(claims: AuthClaims, id: string): Promise<AgrementView> {
      const row = await repository.find(id);
      if (!row || (!row.active && !isApprovalAdmin(claims))) throw appError('AGREMENT_NOT_FOUND');
      return toView(row, await approvalTypes());
    },

    /** The approval a dossier asks for, active or not (its reader already passed the dossier's scope). */
    ofDossier: (id: string): Promise<AgrementView> => viewOf(id),

    async create(claims: AuthClaims, body: AgrementBody): Promise<AgrementView> {
      await checkType(body.type_agrement);
      const id = await repository
        .transaction(async (tx) => {
          await checkService(tx, body.service);
          await checkReach(claims, [body.service]);
          if (await repository.codeTaken(tx, body.code, body.campagne_exercice)) throw appError('AGREMENT_CODE_TAKEN');
          const champs = await resolveLinks(body.champs_attendus, (codes) => repository.champsByCode(tx, codes));
          const documents = await resolveLinks(body.documents_attendus, (codes) => repository.documentsByCode(tx, codes));
          const created = await repository.create(tx, dataOf(body), champs, documents);
          await trail(tx, claims, created, 'create', null, await trailIn(tx, created));
          return created;
        })
        .catch(codeTakenOnRace);
      return viewOf(id);
    },

    async update(claims: AuthClaims, id: string, patch: AgrementPatch): Promise<AgrementView> {
      if (patch.type_agrement !== undefined) await checkType(patch.type_agrement);
      await repository
        .transaction(async (tx) => {
          await repository.lock(tx, id);
          const current = await repository.find(id, tx);
          if (!current) throw appError('AGREMENT_NOT_FOUND');
          const links = linksOf(current);
          const changes: Partial<AgrementData> = {};
          if (patch.code !== undefined && patch.code !== current.code) changes.code = patch.code;
          if (patch.type_agrement !== undefined && patch.type_agrement !== current.typeAgrement) changes.typeAgrement = patch.type_agrement;
          if (patch.service !== undefined && patch.service !== current.serviceId) changes.serviceId = patch.service;
          if (patch.campagne_exercice !== undefined && patch.campagne_exercice !== current.campagneExercice) changes.campagneExercice = patch.campagne_exercice;
          if (patch.code_service !== undefined && patch.code_service !== current.codeService) changes.codeService = patch.code_service;
          if (patch.active !== undefined && patch.active !== current.active) changes.active = patch.active;
          const champs = patch.champs_attendus && !sameLinks(patch.champs_attendus, links.champs) ? patch.champs_attendus : undefined;
          const documents = patch.documents_attendus && !sameLinks(patch.documents_attendus, links.documents) ? patch.documents_attendus : undefined;
          if (Object.keys(changes).length === 0 && !champs && !documents) throw appError('NO_CHANGE_DETECTED');
          await checkReach(claims, [current.serviceId, ...(changes.serviceId ? [changes.serviceId] : [])]);
          if (changes.serviceId) await checkService(tx, changes.serviceId);
          if ((changes.code || changes.campagneExercice) && (await repository.codeTaken(tx, changes.code ?? current.code, changes.campagneExercice ?? current.campagneExercice, id))) {
            throw appError('AGREMENT_CODE_TAKEN');
          }
          await repository.update(
            tx, id, changes,
            champs && (await resolveLinks(champs, (codes) => repository.champsByCode(tx, codes))),
            documents && (await resolveLinks(documents, (codes) => repository.documentsByCode(tx, codes))),
          );
          await trail(tx, claims, id, 'update', trailOf(current), await trailIn(tx, id));
        })
        .catch(codeTakenOnRace);
      return viewOf(id);
    },

    /** The next campaign: exercise + 1, inactive, the same service and expected items. */
    async duplicate(claims: AuthClaims, id: string): Promise<AgrementView> {
      const newId = await repository
        .transaction(async (tx) => {
          const source = await repository.find(id, tx);
          if (!source) throw appError('AGREMENT_NOT_FOUND');
          await checkReach(claims, [source.serviceId]);
          const campagneExercice = source.campagneExercice + 1;
          if (await repository.codeTaken(tx, source.code, campagneExercice)) throw appError('AGREMENT_CODE_TAKEN');
          const link = (row: { asks: unknown; obligatoire: boolean; rang: number }, linkedId: string) => ({ id: linkedId, asks: row.asks as unknown[], obligatoire: row.obligatoire, rang: row.rang });
          const created = await repository.create(
            tx,
            { code: source.code, typeAgrement: source.typeAgrement, serviceId: source.serviceId, campagneExercice, codeService: source.codeService, active: false },
            source.champsAttendus.map((row) => link(row, row.champAttenduId)),
            source.documentsAttendus.map((row) => link(row, row.documentAttenduId)),
          );
          await trail(tx, claims, created, 'create', null, { ...(await trailIn(tx, created)), duplique_de: source.id });
          return created;
        })
        .catch(codeTakenOnRace);
      return viewOf(newId);
    },

    async remove(claims: AuthClaims, id: string) {
      await repository.transaction(async (tx) => {
        await repository.lock(tx, id);
        const current = await repository.find(id, tx);
        if (!current) throw appError('AGREMENT_NOT_FOUND');
        await checkReach(claims, [current.serviceId]);
        if ((await repository.dossierCount(tx, id)) > 0) throw appError('AGREMENT_IN_USE');
        await repository.remove(tx, id);
        await trail(tx, claims, id, 'delete', trailOf(current), null);
      });
      return { message: APPROVAL_MESSAGES.deleted };
    },
  };
}
export type AgrementService = ReturnType<typeof createAgrementService>;

function dataOf(body: AgrementBody): AgrementData {
  return {
    code: body.code,
    typeAgrement: body.type_agrement,
    serviceId: body.service,
    campagneExercice: body.campagne_exercice,
    codeService: body.code_service,
    active: body.active,
  };
}
