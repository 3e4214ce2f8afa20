// Schemes and campaigns (docs/domain.md « Dispositifs et subventions »): reading (association users
// the open campaigns only), writing by the scheme administrators in one transaction, the next
// campaign's duplicate, the expected-item definitions (each change audited in its catalogue's chain).
import {
  campaignWindow,
  campaignWindowView,
  isKnownAnswerType,
  parisDay,
  seesInactiveCampaigns,
  type ReferentielType,
  type SubventionBody,
  type SubventionView,
} from '@portail/contract';
import { isUniqueViolation, type DbTransaction } from '../../../db/transaction.ts';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import type { AuditService } from '../../audit/index.ts';
import { RDS_AUDIT_ENTITIES } from '../audit.ts';
import type { DefinitionData, ExpectedItemsOf, SubventionData, SubventionFilter, SubventionRepository, SubventionRow } from './repository.ts';

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);
const toDate = (text: string | null) => (text ? new Date(`${text}T00:00:00Z`) : null);
type Populate = readonly string[];

/** A sub-scheme's period lies within the campaign's (an absent date is open on its side). */
function withinCampaign(item: { date_debut: string | null; date_fin: string | null }, campaign: { date_debut: string | null; date_fin: string | null }) {
  const starts = [item.date_debut, item.date_fin].filter((d): d is string => d !== null);
  return starts.every((d) => (!campaign.date_debut || d >= campaign.date_debut) && (!campaign.date_fin || d <= campaign.date_fin));
}

function toView(row: SubventionRow, populate: Populate): SubventionView {
  const wants = (list: string) => populate.includes(list);
  const today = parisDay(new Date());
  const campaign = { active: row.active, date_debut: day(row.dateDebut), date_fin: day(row.dateFin) };
  return {
    id: row.id,
    code: row.code,
    label: row.label,
    active: row.active,
    dispositif: {
      code: row.dispositif.code,
      label: row.dispositif.label,
      duree_pluriannuelle: row.dispositif.dureePluriannuelle as 1 | 2 | null,
    },
    campagne_exercice: row.campagneExercice,
    type_projet: row.typeProjet,
    date_debut: campaign.date_debut,
    date_fin: campaign.date_fin,
    fenetre: campaignWindowView(campaignWindow(campaign, null, today)),
    sous_dispositifs: wants('sous_dispositifs')
      ? row.sousDispositifs.map((link) => {
          const dates = { label: link.sousDispositif.label, date_debut: day(link.dateDebut), date_fin: day(link.dateFin) };
          return { id: link.sousDispositif.id, ...dates, fenetre: campaignWindowView(campaignWindow(campaign, dates, today)) };
        })
      : [],
    instructeurs: wants('instructeurs') ? row.instructeurs.map((link) => ({ service: link.service, isReferent: link.isReferent })) : [],
    champs_attendus: wants('champs_attendus')
      ? row.champsAttendus.map(({ champAttendu: champ, ...link }) => ({
          code: champ.code, label: champ.label, labelCode: champ.labelCode, type: champ.type, part: link.part as 'dossier',
          enabled: champ.enabled, isDefault: champ.isDefault, obligatoire: link.obligatoire,
          meta: champ.meta as Record<string, unknown>, asks: link.asks as SubventionView['champs_attendus'][number]['asks'],
        }))
      : [],
    documents_attendus: wants('documents_attendus')
      ? row.documentsAttendus.map(({ documentAttendu: document, ...link }) => ({
          code: document.code, label: document.label, labelCode: document.labelCode, nature: document.nature, part: link.part as 'dossier',
          enabled: document.enabled, isDefault: document.isDefault, obligatoire: link.obligatoire,
          meta: document.meta as Record<string, unknown>, asks: link.asks as SubventionView['documents_attendus'][number]['asks'],
        }))
      : [],
  };
}

/** Scheme administrators and instructors see every campaign; association users the active ones (contract campaign.ts). */
const seesClosed = (claims: AuthClaims) => seesInactiveCampaigns(claims.roles);

/** The next campaign's code: the year in the code moves on, or the year is appended. */
export function nextCampaignCode(code: string, exercice: number): string {
  return code.includes(String(exercice)) ? code.replaceAll(String(exercice), String(exercice + 1)) : `${code}-${exercice + 1}`;
}

/** The audit chains of the catalogues' changes: they belong to no association, so each catalogue has a chain of its own under a fixed key. */
export const CATALOGUE_AUDIT_CHAINS: Readonly<Record<ExpectedItemsOf, string>> = {
  subvention: '00000000-0000-4000-8000-0000000ca7a5',
  agrement: '00000000-0000-4000-8000-0000000ca7a6',
};
const DOCUMENT_TYPES_REFERENTIEL = 'types-documents' satisfies ReferentielType;

/** What the schemes' service calls outside its module: the audit trail and the referentials (document types). */
export interface SubventionServiceDeps {
  audit: Pick<AuditService, 'record'>;
  referentiels: { getByType(type: string): Promise<{ options: readonly { value: string }[] }> };
}

/** What a campaign's audit entries keep of it (its links are read back with it). */
const auditedOf = (row: SubventionRow) => ({
  code: row.code,
  label: row.label,
  active: row.active,
  dispositif: row.dispositif.code,
  campagne_exercice: row.campagneExercice,
  date_debut: day(row.dateDebut),
  date_fin: day(row.dateFin),
  sous_dispositifs: row.sousDispositifs.map((link) => link.sousDispositif.label),
  instructeurs: row.instructeurs.map((link) => link.service.nom),
});

export function createSubventionService(repository: SubventionRepository, deps: SubventionServiceDeps) {
  /** The campaign as it now is (or was, for a deletion) in its chain, in the change's transaction. */
  async function trail(tx: DbTransaction, claims: AuthClaims, id: string, action: 'create' | 'update' | 'delete', before?: SubventionRow) {
    const after = action === 'delete' ? undefined : (await repository.find(id, tx))!;
    await deps.audit.record(tx, {
      associationId: CATALOGUE_AUDIT_CHAINS.subvention, actor: { id: claims.userId, email: claims.email }, entity: RDS_AUDIT_ENTITIES.subvention,
      entityId: id, action, ...(before ? { before: auditedOf(before) } : {}), ...(after ? { after: auditedOf(after) } : {}),
    });
  }
  /**
   * The campaign's sub-schemes, resolved in `tx`: by id (of this scheme), or by label (the scheme's
   * one with that label, else a new one); each once; their dates within the campaign's.
   */
  async function sousDispositifsOf(tx: DbTransaction, dispositifId: string, body: SubventionBody) {
    const ids = [...new Set(body.sous_dispositifs.flatMap((s) => (s.id ? [s.id] : [])))];
    const known = await repository.sousDispositifsOf(tx, dispositifId, ids);
    if (known.length !== ids.length) throw appError('SOUS_DISPOSITIF_UNKNOWN');
    const links: SubventionData['sousDispositifs'] = [];
    for (const item of body.sous_dispositifs) {
      const row = item.id
        ? known.find((k) => k.id === item.id)!
        : ((await repository.sousDispositifByLabel(tx, dispositifId, item.label!)) ?? (await repository.createSousDispositif(tx, dispositifId, item.label!)));
      if (links.some((link) => link.sousDispositifId === row.id)) throw appError('SOUS_DISPOSITIF_UNKNOWN');
      if (!withinCampaign(item, body)) throw appError('SOUS_DISPOSITIF_OUTSIDE_CAMPAIGN', { label: row.label });
      links.push({ sousDispositifId: row.id, dateDebut: toDate(item.date_debut), dateFin: toDate(item.date_fin) });
    }
    return links;
  }

  /** The body with every code and id resolved; an unknown one is a 400 and nothing is written. */
  async function resolve(tx: DbTransaction, body: SubventionBody): Promise<SubventionData> {
    const dispositif = await repository.dispositifByCode(tx, body.dispositif);
    if (!dispositif) throw appError('DISPOSITIF_UNKNOWN', { code: body.dispositif });
    const sousDispositifs = await sousDispositifsOf(tx, dispositif.id, body);
    const serviceIds = [...new Set(body.instructeurs.map((i) => i.service))];
    if ((await repository.servicesIn(tx, serviceIds)).length !== serviceIds.length || serviceIds.length !== body.instructeurs.length) {
      throw appError('INSTRUCTEUR_UNKNOWN');
    }
    const idsOf = async (links: SubventionBody['champs_attendus'], find: (codes: string[]) => Promise<{ id: string; code: string }[]>) => {
      const found = await find([...new Set(links.map((link) => link.code))]);
      return links.map((link, rang) => {
        const row = found.find((f) => f.code === link.code);
        if (!row) throw appError('EXPECTED_ITEM_UNKNOWN', { code: link.code });
        return { id: row.id, part: link.part, asks: link.asks, obligatoire: link.obligatoire, rang };
      });
    };
    const champs = await idsOf(body.champs_attendus, (codes) => repository.champsByCode(tx, codes));
    const documents = await idsOf(body.documents_attendus, (codes) => repository.documentsByCode(tx, codes));
    return {
      code: body.code,
      label: body.label,
      active: body.active,
      dispositifId: dispositif.id,
      campagneExercice: body.campagne_exercice,
      typeProjet: body.type_projet,
      dateDebut: toDate(body.date_debut),
      dateFin: toDate(body.date_fin),
      sousDispositifs,
      instructeurs: body.instructeurs.map((i) => ({ serviceId: i.service, isReferent: i.isReferent })),
      champs: champs.map(({ id, ...link }) => ({ champAttenduId: id, ...link })),
      documents: documents.map(({ id, ...link }) => ({ documentAttenduId: id, ...link })),
    };
  }

  /** A field's kind among those the answers know; a document's nature among the association file's document types. */
  async function checkKind(body: { type: string } | { nature: string }) {
    if ('type' in body) {
      if (!isKnownAnswerType(body.type)) throw appError('EXPECTED_FIELD_TYPE_UNKNOWN', { type: body.type });
      return;
    }
    const types = await deps.referentiels.getByType(DOCUMENT_TYPES_REFERENTIEL).catch(() => ({ options: [] }));
    if (!types.options.some((option) => option.value === body.nature)) throw appError('EXPECTED_DOCUMENT_NATURE_UNKNOWN', { nature: body.nature });
  }

  /**
   * One catalogue's expected-item definitions: listed, created and replaced within it, each change
   * written in one transaction with its entry in the catalogue's audit chain (who, before, after).
   */
  const definitionsOf = (service: ExpectedItemsOf) => {
    const trail = (tx: DbTransaction, claims: AuthClaims, entity: 'champ_attendu' | 'document_attendu', entityId: string, before: unknown, after: unknown) =>
      deps.audit.record(tx, {
        associationId: CATALOGUE_AUDIT_CHAINS[service], actor: { id: claims.userId, email: claims.email }, entity, entityId,
        action: before === null ? 'create' : 'update', before, after,
      });
    const taken = codeTakenOnRace('EXPECTED_ITEM_CODE_TAKEN');
    return {
      listChamps: (enabled?: boolean) => repository.listChamps(service, enabled).then((rows) => rows.map(toDefinition)),
      listDocuments: (enabled?: boolean) => repository.listDocuments(service, enabled).then((rows) => rows.map(toDefinition)),
      async createChamp(claims: AuthClaims, body: DefinitionData & { type: string }) {
        await checkKind(body);
        return repository
          .transaction(async (tx) => {
            const created = toDefinition(await repository.createChamp(tx, service, body));
            await trail(tx, claims, 'champ_attendu', created.id, null, created);
            return created;
          })
          .catch(taken);
      },
      async createDocument(claims: AuthClaims, body: DefinitionData & { nature: string }) {
        await checkKind(body);
        return repository
          .transaction(async (tx) => {
            const created = toDefinition(await repository.createDocument(tx, service, body));
            await trail(tx, claims, 'document_attendu', created.id, null, created);
            return created;
          })
          .catch(taken);
      },
      async updateChamp(claims: AuthClaims, id: string, body: DefinitionData & { type: string }) {
        return repository
          .transaction(async (tx) => {
            const current = await repository.lockChamp(tx, service, id);
            if (!current) throw appError('EXPECTED_ITEM_NOT_FOUND');
            // A kind kept as it was stays accepted (definitions older than the check).
            if (body.type !== current.type) await checkKind(body);
            const updated = toDefinition(await repository.updateChamp(tx, id, body));
            await trail(tx, claims, 'champ_attendu', id, toDefinition(current), updated);
            return updated;
          })
          .catch(taken);
      },
      async updateDocument(claims: AuthClaims, id: string, body: DefinitionData & { nature: string }) {
        return repository
          .transaction(async (tx) => {
            const current = await repository.lockDocument(tx, service, id);
            if (!current) throw appError('EXPECTED_ITEM_NOT_FOUND');
            if (body.nature !== current.nature) await checkKind(body);
            const updated = toDefinition(await repository.updateDocument(tx, id, body));
            await trail(tx, claims, 'document_attendu', id, toDefinition(current), updated);
            return updated;
          })
          .catch(taken);
      },
    };
  };

  const ALL: Populate = ['sous_dispositifs', 'instructeurs', 'champs_attendus', 'documents_attendus'];
  const codeTakenOnRace = (key: 'SUBVENTION_CODE_TAKEN' | 'EXPECTED_ITEM_CODE_TAKEN') => (error: unknown): never => {
    if (isUniqueViolation(error)) throw appError(key);
    throw error;
  };
  async function viewOf(id: string) {
    const row = await repository.find(id);
    if (!row) throw appError('SUBVENTION_NOT_FOUND');
    return toView(row, ALL);
  }

  return {
    async list(claims: AuthClaims, filter: SubventionFilter, populate: Populate = []) {
      const rows = await repository.list({ ...filter, ...(seesClosed(claims) ? {} : { active: filter.active === false ? undefined : true }) });
      // An association user asking for closed campaigns gets none.
      if (!seesClosed(claims) && filter.active === false) return [];
      return rows.map((row) => toView(row, populate));
    },

    async get(claims: AuthClaims, code: string, populate: Populate = []) {
      const row = await repository.findByCode(code);
      if (!row || (!row.active && !seesClosed(claims))) throw appError('SUBVENTION_NOT_FOUND');
      return toView(row, populate);
    },

    async create(claims: AuthClaims, body: SubventionBody) {
      const id = await repository
        .transaction(async (tx) => {
          if (await repository.codeTaken(tx, body.code)) throw appError('SUBVENTION_CODE_TAKEN');
          const created = await repository.create(tx, await resolve(tx, body));
          await trail(tx, claims, created, 'create');
          return created;
        })
        .catch(codeTakenOnRace('SUBVENTION_CODE_TAKEN'));
      return viewOf(id);
    },

    async replace(claims: AuthClaims, id: string, body: SubventionBody) {
      await repository
        .transaction(async (tx) => {
          await repository.lock(tx, id);
          const current = await repository.find(id, tx);
          if (!current) throw appError('SUBVENTION_NOT_FOUND');
          if (await repository.codeTaken(tx, body.code, id)) throw appError('SUBVENTION_CODE_TAKEN');
          const data = await resolve(tx, body);
          // A sub-scheme left out is removed from the campaign, unless its dossiers come under it.
          const kept = new Set(data.sousDispositifs.map((link) => link.sousDispositifId));
          const removed = current.sousDispositifs.filter((link) => !kept.has(link.sousDispositifId));
          const used = removed.length > 0 ? await repository.sousDispositifsInUse(tx, id, removed.map((link) => link.sousDispositifId)) : [];
          const blocking = removed.find((link) => used.includes(link.sousDispositifId));
          if (blocking) throw appError('SOUS_DISPOSITIF_IN_USE', { label: blocking.sousDispositif.label });
          await repository.replace(tx, id, data);
          await trail(tx, claims, id, 'update', current);
        })
        .catch(codeTakenOnRace('SUBVENTION_CODE_TAKEN'));
      return viewOf(id);
    },

    /** Refused while a dossier (even a deleted one) points to it. */
    async remove(claims: AuthClaims, id: string) {
      await repository.transaction(async (tx) => {
        await repository.lock(tx, id);
        const current = await repository.find(id, tx);
        if (!current) throw appError('SUBVENTION_NOT_FOUND');
        if ((await repository.dossierCount(tx, id)) > 0) throw appError('SUBVENTION_IN_USE');
        await trail(tx, claims, id, 'delete', current);
        await repository.remove(tx, id);
      });
      return { message: 'La subvention a été supprimée.' };
    },

    /** The next campaign: exercise + 1, inactive, the same sub-schemes, services and expected items. */
    async duplicate(claims: AuthClaims, id: string) {
      const newId = await repository
        .transaction(async (tx) => {
          const source = await repository.find(id, tx);
          if (!source) throw appError('SUBVENTION_NOT_FOUND');
          const code = nextCampaignCode(source.code, source.campagneExercice);
          if (await repository.codeTaken(tx, code)) throw appError('SUBVENTION_CODE_TAKEN');
          const created = await repository.create(tx, {
            code,
            label: source.label.replaceAll(String(source.campagneExercice), String(source.campagneExercice + 1)),
            active: false,
            dispositifId: source.dispositifId,
            campagneExercice: source.campagneExercice + 1,
            typeProjet: source.typeProjet,
            // Dates belong to a campaign: the next one sets its own.
            dateDebut: null,
            dateFin: null,
            sousDispositifs: source.sousDispositifs.map((link) => ({ sousDispositifId: link.sousDispositifId, dateDebut: null, dateFin: null })),
            instructeurs: source.instructeurs.map((link) => ({ serviceId: link.serviceId, isReferent: link.isReferent })),
            champs: source.champsAttendus.map(({ champAttendu: _c, subventionId: _s, ...link }) => ({ ...link, asks: link.asks as unknown[] })),
            documents: source.documentsAttendus.map(({ documentAttendu: _d, subventionId: _s, ...link }) => ({ ...link, asks: link.asks as unknown[] })),
          });
          await trail(tx, claims, created, 'create');
          return created;
        })
        .catch(codeTakenOnRace('SUBVENTION_CODE_TAKEN'));
      return viewOf(newId);
    },

    async dispositifs(fields: readonly string[] | undefined, populate: readonly string[] = []) {
      const rows = await repository.listDispositifs(populate.includes('sous_dispositifs'));
      return rows.map((row) => {
        const full = { id: row.id, code: row.code, label: row.label, duree_pluriannuelle: row.dureePluriannuelle as 1 | 2 | null };
        const picked = fields?.length ? Object.fromEntries(Object.entries(full).filter(([key]) => fields.includes(key))) : full;
        const sous = 'sousDispositifs' in row ? (row.sousDispositifs as { id: string; label: string; dateDebut: Date | null; dateFin: Date | null; active: boolean }[]) : null;
        return { ...picked, ...(sous ? { sous_dispositifs: sous.map((s) => ({ id: s.id, label: s.label, date_debut: day(s.dateDebut), date_fin: day(s.dateFin), active: s.active })) } : {}) };
      });
    },

    definitions: definitionsOf('subvention'),
    /** The approvals' definitions: the same tables, their own catalogue (docs/domain.md « Agréments »). */
    approvalDefinitions: definitionsOf('agrement'),
  };
}
export type SubventionService = ReturnType<typeof createSubventionService>;

function toDefinition<T extends { id: string; code: string; label: string; labelCode: string | null; meta: unknown; enabled: boolean; isDefault: boolean }>(row: T) {
  const { createdAt: _c, updatedAt: _u, service: _s, ...rest } = row as T & { createdAt?: Date; updatedAt?: Date; service?: string };
  return { ...rest, meta: row.meta as Record<string, unknown> };
}
