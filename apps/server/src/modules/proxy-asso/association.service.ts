// The association file (proxy-asso): reading scoped by access.ts, and every write checked against
// the rules of spec §5 then done in one transaction (bad input: 400 per field, nothing written).
import {
  applyAgrementRules,
  applyCharacteristicsRules,
  applyCompteRules,
  applyReseauRules,
  applyRhRules,
  exerciceProblem,
  ASSOCIATION_FILE_KEYS,
  agrementChangesSchema,
  type agrementFieldsSchema,
  type AssociationFile,
  type AssociationFileKey,
  type AssociationFileQuery,
  budgetChangesSchema,
  compteChangesSchema,
  type CompteFigures,
  type compteFieldsSchema,
  reseauChangesSchema,
  type reseauFieldsSchema,
  rhChangesSchema,
  type rhFieldsSchema,
  STRUCTURE_BY_CORRESPONDANCE_KEYS,
  CHARACTERISTIC_LABELS,
  TEXT_LIMITS,
  decodeChanges,
  etablissementChangesSchema,
  identiteChangesSchema,
  isAlsaceMosellePostcode,
  MESSAGES,
  representantChangesSchema,
  type representantFieldsSchema,
  representantFonctionSiretChangesSchema,
  ribChangesSchema,
  type ribFieldsSchema,
  type Change,
  type Characteristics,
} from '@portail/contract';
import type { z } from 'zod';
import type { MembershipLimits } from '../../config.ts';
import { Prisma, type Database } from '../../db/prisma.ts';
import { type AppError, appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import { assertWritableSiret, associationScope, findAssociationId, LCA_ADMIN, seesSiret, type AssociationScope } from './access.ts';
import type { FileChange, FileChanges } from './file-changes.ts';
import {
  addressLine,
  budgetLinesOf,
  characteristicsOf,
  jsonArray,
  passsportOf,
  toAgrement,
  toBudget,
  toCompte,
  toDate,
  toEtablissement,
  toIdentite,
  toRepresentant,
  toReseau,
  toRh,
  toRib,
} from './association.repository.ts';

type Tx = Prisma.TransactionClient;

function invalid(fields: Record<string, string>): AppError {
  return appError('VALIDATION_ERROR', { fields });
}

/** Decodes a change list and checks it with the resource's schema of modifiable keys. */
function parseChanges<S extends z.ZodType>(schema: S, changes: readonly Change[]): z.output<S> {
  const result = schema.safeParse(decodeChanges(changes));
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.map(String).join('.');
      fields[key] ??= issue.code === 'unrecognized_keys' ? MESSAGES.notModifiable(issue.keys.join(', ')) : issue.message;
    }
    throw invalid(fields);
  }
  return result.data;
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

export interface AssociationServiceDeps {
  /** Trail, mails and notifications of RIB and representative changes. */
  fileChanges: FileChanges;
  limits: Pick<MembershipLimits, 'representantsPerAssociation'>;
}

export function createAssociationService(db: Database, { fileChanges, limits }: AssociationServiceDeps) {
  const scopeOf = (claims: AuthClaims, idAsso: string, mode: 'read' | 'write' | 'write-all') =>
    associationScope(db, claims, idAsso, mode);

  /** A watched change (RIB, representative): written, recorded and announced in one transaction. */
  async function watchedWrite<T>(claims: AuthClaims, work: (tx: Tx) => Promise<{ result: T; change: FileChange }>): Promise<T> {
    const result = await db.$transaction(async (tx) => {
      const { result, change } = await work(tx);
      await fileChanges.record(tx, claims, change);
      return result;
    });
    await fileChanges.deliver();
    return result;
  }

  async function assertSiretOfAssociation(tx: Tx | Database, associationId: string, siret: string) {
    const etablissement = await tx.etablissement.findFirst({ where: { siret, associationId } });
    if (!etablissement) throw invalid({ id_siret: MESSAGES.siretNotInAssociation });
    return etablissement;
  }

  async function ribOf(scope: AssociationScope, id: string) {
    const rib = await db.rib.findFirst({ where: { id, associationId: scope.associationId } });
    if (!rib || !seesSiret(scope, rib.idSiret)) throw appError('NOT_FOUND');
    return rib;
  }

  async function representantOf(scope: AssociationScope, id: string) {
    const rep = await db.representantLegal.findFirst({ where: { id, associationId: scope.associationId, deleted: false } });
    if (!rep || !seesSiret(scope, rep.idSiret, { associationWide: true })) throw appError('NOT_FOUND');
    return rep;
  }

  /** At most `representantsPerAssociation` live representatives; serialised per association so parallel additions cannot overshoot. */
  async function assertRoomForRepresentant(tx: Tx, associationId: string) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`representants:${associationId}`}))`;
    const count = await tx.representantLegal.count({ where: { associationId, deleted: false } });
    if (count >= limits.representantsPerAssociation) {
      throw appError('REPRESENTANTS_LIMIT', { max: limits.representantsPerAssociation });
    }
  }

  async function assertNoDuplicateRib(tx: Tx, siret: string, iban: string, exceptId?: string) {
    const duplicate = await tx.rib.findFirst({ where: { idSiret: siret, iban, ...(exceptId ? { NOT: { id: exceptId } } : {}) } });
    if (duplicate) throw invalid({ iban: MESSAGES.duplicateRib });
  }

  /** The representative stays complete (spec §5): every required field still filled. */
  const representantData = (v: Partial<z.output<typeof representantFieldsSchema>>) => ({
    ...(v.civilite !== undefined ? { civilite: v.civilite } : {}),
    ...(v.nom !== undefined ? { nom: v.nom } : {}),
    ...(v.prenom !== undefined ? { prenom: v.prenom } : {}),
    ...(v.courriel !== undefined ? { courriel: v.courriel } : {}),
    ...(v.fonction !== undefined ? { fonction: v.fonction } : {}),
    ...(v.telephone !== undefined ? { telephone: v.telephone } : {}),
    ...(v.valideur_cec !== undefined ? { valideurCec: v.valideur_cec } : {}),
    ...(v.est_representant_legal !== undefined ? { estRepresentantLegal: v.est_representant_legal } : {}),
    ...(v.publication_internet !== undefined ? { publicationInternet: v.publication_internet } : {}),
    ...(v.id_siret !== undefined ? { idSiret: v.id_siret } : {}),
  });

  async function updateRepresentant(
    claims: AuthClaims,
    idAsso: string,
    id: string,
    values: Partial<z.output<typeof representantFieldsSchema>>,
  ) {
    const scope = await scopeOf(claims, idAsso, 'write');
    const rep = await representantOf(scope, id);
    assertWritableSiret(scope, rep.idSiret ?? scope.siret);
    if (rep.idSiret === null && scope.siret !== null) throw appError('FORBIDDEN');
    if (values.id_siret !== undefined) {
      if (scope.siret !== null && values.id_siret !== scope.siret) throw appError('FORBIDDEN');
      if (values.id_siret) await assertSiretOfAssociation(db, scope.associationId, values.id_siret);
    }
    return watchedWrite(claims, async (tx) => {
      const after = toRepresentant(await tx.representantLegal.update({ where: { id: rep.id }, data: representantData(values) }));
      return { result: after, change: { associationId: scope.associationId, entity: 'representant_legal', action: 'update', before: toRepresentant(rep), after } };
    });
  }

  // ---- readers within a scope (the GET routes and the whole file) ---------------------------
  const read = {
    etablissements: async (scope: AssociationScope) =>
      (
        await db.etablissement.findMany({
          where: { associationId: scope.associationId, ...(scope.siret ? { siret: scope.siret, actif: true } : {}) },
          orderBy: [{ estSiege: 'desc' }, { siret: 'asc' }],
        })
      ).map(toEtablissement),
    ribs: async (scope: AssociationScope, siret?: string) =>
      (
        await db.rib.findMany({
          where: { associationId: scope.associationId, ...(scope.siret || siret ? { idSiret: scope.siret ?? siret } : {}) },
          orderBy: { createdAt: 'asc' },
        })
      ).map(toRib),
    representants: async (scope: AssociationScope, siret?: string, includeDeleted = false) =>
      (
        await db.representantLegal.findMany({
          where: { associationId: scope.associationId, ...(includeDeleted ? {} : { deleted: false }) },
          orderBy: { createdAt: 'asc' },
        })
      )
        .filter((r) => seesSiret(scope, r.idSiret, { associationWide: true }))
        .filter((r) => !siret || r.idSiret === siret || r.idSiret === null)
        .map(toRepresentant),
    comptes: async (scope: AssociationScope) =>
      (await db.associationCompte.findMany({ where: { associationId: scope.associationId }, orderBy: { annee: 'desc' } })).map(toCompte),
    rhs: async (scope: AssociationScope, siret?: string) => {
      const only = scope.siret ?? siret;
      return (
        await db.associationRh.findMany({
          where: { associationId: scope.associationId, ...(only ? { idSiret: only } : {}) },
          orderBy: [{ annee: 'desc' }, { idSiret: 'asc' }],
        })
      ).map(toRh);
    },
    agrements: async (scope: AssociationScope) =>
      (await db.associationAgrement.findMany({ where: { associationId: scope.associationId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map(toAgrement),
    reseaux: async (scope: AssociationScope) =>
      (await db.reseauAffiliation.findMany({ where: { associationId: scope.associationId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map(toReseau),
    budgets: async (scope: AssociationScope) =>
      (await db.associationBudget.findMany({ where: { associationId: scope.associationId }, orderBy: { annee: 'desc' } })).map(toBudget),
  };

  /** A row of the association (else 404: ids of another association cannot be probed). */
  async function rowOf<T>(row: Promise<T | null>): Promise<T> {
    const found = await row;
    if (!found) throw appError('NOT_FOUND');
    return found;
  }

  /** Networks are one per SIREN (when known) and per name (trimmed, lower case) in an association. */
  async function assertNoDuplicateReseau(tx: Tx, associationId: string, nom: string, siren: string | null, exceptId?: string) {
    // Serialises the check-then-insert of one association's networks (no unique index to lean on).
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`reseaux:${associationId}`}))`;
    const rows = await tx.reseauAffiliation.findMany({ where: { associationId, ...(exceptId ? { NOT: { id: exceptId } } : {}) } });
    const name = nom.trim().toLowerCase();
    const duplicate = rows.find((r) => (siren !== null && r.idSiren === siren) || r.nom.trim().toLowerCase() === name);
    if (duplicate) throw invalid({ [siren !== null && duplicate.idSiren === siren ? 'id_siren' : 'nom']: MESSAGES.reseauExists });
  }

  const rhData = (v: Partial<z.output<typeof rhFieldsSchema>>) => ({
    ...(v.nb_adherents !== undefined ? { nbAdherents: v.nb_adherents } : {}),
    ...(v.nb_adherents_f !== undefined ? { nbAdherentsF: v.nb_adherents_f } : {}),
    ...(v.nb_adherents_h !== undefined ? { nbAdherentsH: v.nb_adherents_h } : {}),
    ...(v.nb_dirigeants !== undefined ? { nbDirigeants: v.nb_dirigeants } : {}),
    ...(v.nb_benevoles !== undefined ? { nbBenevoles: v.nb_benevoles } : {}),
    ...(v.nb_salaries !== undefined ? { nbSalaries: v.nb_salaries } : {}),
    ...(v.nb_salaries_etpt !== undefined ? { nbSalariesEtpt: v.nb_salaries_etpt === null ? null : v.nb_salaries_etpt.toFixed(2) } : {}),
    ...(v.nb_volontaires !== undefined ? { nbVolontaires: v.nb_volontaires } : {}),
    ...(v.cumul_top_5_salaires !== undefined ? { cumulTop5Salaires: v.cumul_top_5_salaires } : {}),
  });

  const agrementData = (v: Partial<z.output<typeof agrementFieldsSchema>>) => ({
    ...(v.type !== undefined ? { type: v.type } : {}),
    ...(v.numero !== undefined ? { numero: v.numero } : {}),
    ...(v.niveau !== undefined ? { niveau: v.niveau } : {}),
    ...(v.attributeur !== undefined ? { attributeur: v.attributeur } : {}),
    ...(v.origine_instructeur !== undefined ? { origineInstructeur: v.origine_instructeur } : {}),
    ...(v.date_attribution !== undefined ? { dateAttribution: toDate(v.date_attribution) } : {}),
    ...(v.date_validite !== undefined ? { dateValidite: toDate(v.date_validite) } : {}),
  });

  const reseauData = (v: Partial<z.output<typeof reseauFieldsSchema>>) => ({
    ...(v.nom !== undefined ? { nom: v.nom } : {}),
    ...(v.objet !== undefined ? { objet: v.objet } : {}),
    ...(v.numero !== undefined ? { numero: v.numero } : {}),
    ...(v.id_siren !== undefined ? { idSiren: v.id_siren } : {}),
    ...(v.adresse !== undefined ? { adresse: v.adresse } : {}),
    ...(v.nb_licencies !== undefined ? { nbLicencies: v.nb_licencies } : {}),
    ...(v.nb_licencies_f !== undefined ? { nbLicenciesF: v.nb_licencies_f } : {}),
    ...(v.nb_licencies_h !== undefined ? { nbLicenciesH: v.nb_licencies_h } : {}),
  });

  return {
    // ---- the whole file -----------------------------------------------------------------------
    async getAssociation(claims: AuthClaims, query: AssociationFileQuery): Promise<AssociationFile> {
      const scope = await scopeOf(claims, query.q, 'read');
      if (query.includeDeleted && !claims.roles.includes(LCA_ADMIN)) throw appError('INCLUDE_DELETED_ADMIN_ONLY');
      let keys: readonly AssociationFileKey[] = query.endpoint === 'structureByCorrespondance' ? STRUCTURE_BY_CORRESPONDANCE_KEYS : ASSOCIATION_FILE_KEYS;
      if (query.include) keys = keys.filter((k) => query.include!.includes(k));
      if (query.exclude) keys = keys.filter((k) => !query.exclude!.includes(k));
      if (query.hideRepresentantsLegaux || query.representants_legaux === false) keys = keys.filter((k) => k !== 'representants_legaux');
      const wanted = new Set(keys);
      const file: AssociationFile = {};
      const identityKeys = ['identite', 'coordonnees', 'activites', 'specificites', 'agrement', 'commentaire', 'composition_reseau', 'adherents_personnes_morales'] as const;
      if (identityKeys.some((k) => wanted.has(k))) {
        const association = await db.association.findUniqueOrThrow({ where: { id: scope.associationId } });
        const identite = toIdentite(association);
        for (const k of ['identite', 'coordonnees', 'activites', 'specificites', 'agrement', 'commentaire'] as const) {
          if (wanted.has(k)) Object.assign(file, { [k]: identite[k] });
        }
        if (wanted.has('composition_reseau')) file.composition_reseau = jsonArray(association.compositionReseau);
        if (wanted.has('adherents_personnes_morales')) file.adherents_personnes_morales = jsonArray(association.adherentsPersonnesMorales);
      }
      if (wanted.has('etablissements')) file.etablissements = await read.etablissements(scope);
      if (wanted.has('budgets')) file.budgets = await read.budgets(scope);
      if (wanted.has('comptes')) file.comptes = await read.comptes(scope);
      if (wanted.has('rhs')) file.rhs = await read.rhs(scope);
      if (wanted.has('ribs')) file.ribs = await read.ribs(scope);
      if (wanted.has('representants_legaux')) file.representants_legaux = await read.representants(scope, undefined, query.includeDeleted);
      if (wanted.has('agrements')) file.agrements = await read.agrements(scope);
      if (wanted.has('reseaux_affiliation')) file.reseaux_affiliation = await read.reseaux(scope);
      return file;
    },

    // ---- identity ---------------------------------------------------------------------------
    async getIdentite(claims: AuthClaims, idAsso: string) {
      const scope = await scopeOf(claims, idAsso, 'read');
      return toIdentite(await db.association.findUniqueOrThrow({ where: { id: scope.associationId } }));
    },

    async patchIdentite(claims: AuthClaims, idAsso: string, changes: readonly Change[]) {
      const scope = await scopeOf(claims, idAsso, 'write-all');
      const values = parseChanges(identiteChangesSchema, changes);
      return db.$transaction(async (tx) => {
        const current = await tx.association.findUniqueOrThrow({ where: { id: scope.associationId } });
        const changed = new Set(Object.keys(values));
        let characteristics = characteristicsOf(current);
        const touchesCharacteristics = Object.keys(CHARACTERISTIC_LABELS).some((k) => changed.has(k));
        if (touchesCharacteristics) {
          const merged = { ...characteristics } as Record<string, unknown>;
          for (const key of Object.keys(CHARACTERISTIC_LABELS)) {
            if (key in values) merged[key] = (values as Record<string, unknown>)[key];
          }
          const { state, errors } = applyCharacteristicsRules(merged as unknown as Characteristics, changed);
          if (changed.has('regime') && state.regime === 'alsaceMoselle' && current.cpSiege && !isAlsaceMosellePostcode(current.cpSiege)) {
            errors.regime = MESSAGES.onlyWhen('régime Alsace-Moselle', 'pour un siège en Moselle, Bas-Rhin ou Haut-Rhin (57, 67, 68)');
          }
          if (Object.keys(errors).length > 0) throw invalid(errors);
          characteristics = state;
        }
        const passsport = passsportOf(current.specificites);
        const passsportKeys = ['est_volontaire', 'activites', 'a_accueil_handicap_moteur', 'a_accueil_handicap_mental'] as const;
        const passsportChanged = passsportKeys.some((k) => `passsport.${k}` in values);
        for (const k of passsportKeys) {
          const value = (values as Record<string, unknown>)[`passsport.${k}`];
          if (value !== undefined) (passsport as unknown as Record<string, unknown>)[k] = value;
        }
        const set = <K extends keyof typeof values>(key: K) => values[key];
        const updated = await tx.association.update({
          where: { id: scope.associationId },
          data: {
            ...(touchesCharacteristics
              ? {
                  regime: characteristics.regime,
                  utilPublique: characteristics.util_publique,
                  datePublicationUtilPublique: toDate(characteristics.date_publication_util_publique),
                  datePubRegistre: toDate(characteristics.date_pub_registre),
                  tribunalInstance: characteristics.tribunal_instance,
                  numeroAmalia: characteristics.numero_amalia,
                  volume: characteristics.volume,
                  folio: characteristics.folio,
                  aDonsSubv153000: characteristics.a_dons_subv_153000,
                  aPublicationComptesJo: characteristics.a_publication_comptes_jo,
                  aCommissaireAuxComptes: characteristics.a_commissaire_aux_comptes,
                  domaine: characteristics.domaine,
                  typeStructureSportive: characteristics.type_structure_sportive,
                  champActionTerritorial: characteristics.champ_action_territorial,
                }
              : {}),
            ...(set('impots_commerciaux') !== undefined ? { impotsCommerciaux: set('impots_commerciaux') } : {}),
            ...(set('objet') !== undefined ? { objet: set('objet') } : {}),
            ...(set('telephone') !== undefined ? { telephone: set('telephone') } : {}),
            ...(set('courriel') !== undefined ? { courriel: set('courriel') } : {}),
            ...(set('site_web') !== undefined ? { siteWeb: set('site_web') } : {}),
            ...(set('commentaire') !== undefined ? { commentaire: set('commentaire') } : {}),
            ...(passsportChanged
              ? { specificites: { ...((current.specificites as object | null) ?? {}), passsport } as unknown as Prisma.InputJsonValue }
              : {}),
          },
        });
        return toIdentite(updated);
      });
    },

    // ---- establishments ---------------------------------------------------------------------
    async getEtablissements(claims: AuthClaims, idAsso: string) {
      return read.etablissements(await scopeOf(claims, idAsso, 'read'));
    },

    async patchEtablissement(claims: AuthClaims, idAsso: string, siret: string, changes: readonly Change[]) {
      const scope = await scopeOf(claims, idAsso, 'write');
      const etablissement = await db.etablissement.findFirst({ where: { siret, associationId: scope.associationId } });
      if (!etablissement || (scope.siret !== null && !(siret === scope.siret && etablissement.actif))) throw appError('NOT_FOUND');
      assertWritableSiret(scope, siret);
      const values = parseChanges(etablissementChangesSchema, changes);
      return toEtablissement(await db.$transaction((tx) => tx.etablissement.update({ where: { siret }, data: values })));
    },

    // ---- bank details -----------------------------------------------------------------------
    async getRibs(claims: AuthClaims, idAsso: string, siret?: string) {
      const scope = await scopeOf(claims, idAsso, 'read');
      if (siret && !seesSiret(scope, siret)) throw appError('NOT_FOUND');
      return read.ribs(scope, siret);
    },

    async postRib(claims: AuthClaims, idAsso: string, siret: string, body: z.output<typeof ribFieldsSchema>) {
      const scope = await scopeOf(claims, idAsso, 'write');
      assertWritableSiret(scope, siret);
      await assertSiretOfAssociation(db, scope.associationId, siret);
      try {
        return await watchedWrite(claims, async (tx) => {
          await assertNoDuplicateRib(tx, siret, body.iban);
          const after = toRib(
            await tx.rib.create({
              data: { associationId: scope.associationId, idSiret: siret, titulaire: body.titulaire, banque: body.banque ?? null, domiciliation: body.domiciliation ?? null, iban: body.iban, bic: body.bic },
            }),
          );
          return { result: after, change: { associationId: scope.associationId, entity: 'rib', action: 'create', before: null, after } };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ iban: MESSAGES.duplicateRib });
        throw error;
      }
    },

    async patchRib(claims: AuthClaims, idAsso: string, id: string, siret: string | undefined, changes: readonly Change[]) {
      const scope = await scopeOf(claims, idAsso, 'write');
      const rib = await ribOf(scope, id);
      if (siret && siret !== rib.idSiret) throw appError('NOT_FOUND');
      assertWritableSiret(scope, rib.idSiret);
      const values = parseChanges(ribChangesSchema, changes);
      try {
        return await watchedWrite(claims, async (tx) => {
          if (values.iban) await assertNoDuplicateRib(tx, rib.idSiret, values.iban, rib.id);
          const after = toRib(await tx.rib.update({ where: { id: rib.id }, data: values }));
          return { result: after, change: { associationId: scope.associationId, entity: 'rib', action: 'update', before: toRib(rib), after } };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ iban: MESSAGES.duplicateRib });
        throw error;
      }
    },

    async deleteRib(claims: AuthClaims, idAsso: string, id: string) {
      const scope = await scopeOf(claims, idAsso, 'write');
      const rib = await ribOf(scope, id);
      assertWritableSiret(scope, rib.idSiret);
      return watchedWrite(claims, async (tx) => {
        await tx.rib.delete({ where: { id: rib.id } });
        return {
          result: { message: 'Le RIB a été supprimé.' },
          change: { associationId: scope.associationId, entity: 'rib', action: 'delete', before: toRib(rib), after: null },
        };
      });
    },

    // ---- legal representatives ---------------------------------------------------------------
    async getRepresentants(claims: AuthClaims, idAsso: string, siret?: string) {
      const scope = await scopeOf(claims, idAsso, 'read');
      if (siret && !seesSiret(scope, siret)) throw appError('NOT_FOUND');
      return read.representants(scope, siret);
    },

    async postRepresentant(claims: AuthClaims, idAsso: string, querySiret: string | undefined, body: z.output<typeof representantFieldsSchema>) {
      const scope = await scopeOf(claims, idAsso, 'write');
      const siret = body.id_siret ?? querySiret ?? scope.siret;
      if (scope.siret !== null && siret !== scope.siret) throw appError('FORBIDDEN');
      assertWritableSiret(scope, siret);
      if (siret) await assertSiretOfAssociation(db, scope.associationId, siret);
      return watchedWrite(claims, async (tx) => {
        await assertRoomForRepresentant(tx, scope.associationId);
        const created = await tx.representantLegal.create({
          data: {
            associationId: scope.associationId,
            idSiret: siret,
            civilite: body.civilite,
            nom: body.nom,
            prenom: body.prenom,
            courriel: body.courriel,
            fonction: body.fonction,
            telephone: body.telephone,
            valideurCec: body.valideur_cec ?? false,
            estRepresentantLegal: body.est_representant_legal ?? true,
            publicationInternet: body.publication_internet ?? false,
          },
        });
        const after = toRepresentant(created);
        return { result: after, change: { associationId: scope.associationId, entity: 'representant_legal', action: 'create', before: null, after } };
      });
    },

    patchRepresentant: (claims: AuthClaims, idAsso: string, id: string, changes: readonly Change[]) =>
      updateRepresentant(claims, idAsso, id, parseChanges(representantChangesSchema, changes)),

    patchRepresentantFonctionSiret: (claims: AuthClaims, idAsso: string, id: string, changes: readonly Change[]) =>
      updateRepresentant(claims, idAsso, id, parseChanges(representantFonctionSiretChangesSchema, changes)),

    async deleteRepresentant(claims: AuthClaims, idAsso: string, id: string) {
      const scope = await scopeOf(claims, idAsso, 'write');
      const rep = await representantOf(scope, id);
      if (rep.idSiret === null && scope.siret !== null) throw appError('FORBIDDEN');
      assertWritableSiret(scope, rep.idSiret ?? scope.siret);
      return watchedWrite(claims, async (tx) => {
        // Kept as a deleted row; for the trail it is gone.
        await tx.representantLegal.update({ where: { id: rep.id }, data: { deleted: true, valideurCec: false } });
        return {
          result: { message: 'Le représentant légal a été supprimé.' },
          change: { associationId: scope.associationId, entity: 'representant_legal', action: 'delete', before: toRepresentant(rep), after: null },
        };
      });
    },

    // ---- accounts summaries (association-wide: head office) ----------------------------------
    async getComptes(claims: AuthClaims, idAsso: string) {
      return read.comptes(await scopeOf(claims, idAsso, 'read'));
    },

    async postCompte(claims: AuthClaims, idAsso: string, annee: number, body: z.output<typeof compteFieldsSchema>) {
      const scope = await scopeOf(claims, idAsso, 'write-all');
      const figures: CompteFigures = { charges: body.charges ?? null, produits: body.produits ?? null, dons: body.dons ?? null, resultat: body.resultat ?? null, subv: body.subv ?? null };
      const { state, errors } = applyCompteRules(figures, body.resultat !== undefined && body.resultat !== null);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      try {
        return toCompte(await db.$transaction((tx) => tx.associationCompte.create({ data: { associationId: scope.associationId, annee, ...state } })));
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ annee: MESSAGES.compteExists(annee) });
        throw error;
      }
    },

    async patchCompte(claims: AuthClaims, idAsso: string, id: string, changes: readonly Change[]) {
      const scope = await scopeOf(claims, idAsso, 'write-all');
      const compte = await rowOf(db.associationCompte.findFirst({ where: { id, associationId: scope.associationId } }));
      const values = parseChanges(compteChangesSchema, changes);
      const merged: CompteFigures = { ...toCompte(compte), ...values };
      const { state, errors } = applyCompteRules(merged, values.resultat !== undefined && values.resultat !== null);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const { charges, produits, dons, resultat, subv } = state;
      return toCompte(await db.$transaction((tx) => tx.associationCompte.update({ where: { id: compte.id }, data: { charges, produits, dons, resultat, subv } })));
    },

    async deleteCompte(claims: AuthClaims, idAsso: string, id: string) {
      const scope = await scopeOf(claims, idAsso, 'write-all');
      const compte = await rowOf(db.associationCompte.findFirst({ where: { id, associationId: scope.associationId } }));
      await db.$transaction((tx) => tx.associationCompte.delete({ where: { id: compte.id } }));
      return { message: 'Les comptes ont été supprimés.' };
    },

    // ---- staff figures (per year and SIRET) ---------------------------------------------------
    async getRhs(claims: AuthClaims, idAsso: string, siret?: string) {
      const scope = await scopeOf(claims, idAsso, 'read');
      if (siret && !seesSiret(scope, siret)) throw appError('NOT_FOUND');
      return read.rhs(scope, siret);
    },

    async postRh(claims: AuthClaims, idAsso: string, siret: string, annee: number, body: z.output<typeof rhFieldsSchema>) {
      const scope = await scopeOf(claims, idAsso, 'write');
      assertWritableSiret(scope, siret);
      await assertSiretOfAssociation(db, scope.associationId, siret);
      const errors = applyRhRules({ nb_adherents: body.nb_adherents ?? null, nb_adherents_f: body.nb_adherents_f ?? null, nb_adherents_h: body.nb_adherents_h ?? null });
      if (Object.keys(errors).length > 0) throw invalid(errors);
      try {
        return toRh(
          await db.$transaction((tx) => tx.associationRh.create({ data: { associationId: scope.associationId, annee, idSiret: siret, ...rhData(body) } })),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ annee: MESSAGES.rhExists(annee) });
        throw error;
      }
    },

    async patchRh(claims: AuthClaims, idAsso: string, id: string, changes: readonly Change[]) {
      const scope = await scopeOf(claims, idAsso, 'write');
      const rh = await rowOf(db.associationRh.findFirst({ where: { id, associationId: scope.associationId } }));
      if (!seesSiret(scope, rh.idSiret)) throw appError('NOT_FOUND');
      assertWritableSiret(scope, rh.idSiret);
      const values = parseChanges(rhChangesSchema, changes);
      const errors = applyRhRules({ ...toRh(rh), ...values });
      if (Object.keys(errors).length > 0) throw invalid(errors);
      return toRh(await db.$transaction((tx) => tx.associationRh.update({ where: { id: rh.id }, data: rhData(values) })));
    },

    async deleteRh(claims: AuthClaims, idAsso: string, id: string) {
      const scope = await scopeOf(claims, idAsso, 'write');
      const rh = await rowOf(db.associationRh.findFirst({ where: { id, associationId: scope.associationId } }));
      if (!seesSiret(scope, rh.idSiret)) throw appError('NOT_FOUND');
      assertWritableSiret(scope, rh.idSiret);
      await db.$transaction((tx) => tx.associationRh.delete({ where: { id: rh.id } }));
      return { message: 'Les effectifs ont été supprimés.' };
    },

    // ---- approvals (association-wide) ---------------------------------------------------------
    async getAgrements(claims: AuthClaims, idAsso: string) {
      return read.agrements(await scopeOf(claims, idAsso, 'read'));
    },

    async postAgrement(claims: AuthClaims, idAsso: string, body: z.output<typeof agrementFieldsSchema>) {
      const scope = await scopeOf(claims, idAsso, 'write-all');
      const errors = applyAgrementRules({ date_attribution: body.date_attribution ?? null, date_validite: body.date_validite ?? null });
      if (Object.keys(errors).length > 0) throw invalid(errors);
      return toAgrement(
        await db.$transaction((tx) =>
          tx.associationAgrement.create({ data: { associationId: scope.associationId, ...agrementData(body), type: body.type } }),
        ),
      );
    },

    async patchAgrement(claims: AuthClaims, idAsso: string, id: string, changes: readonly Change[]) {
      const scope = await scopeOf(claims, idAsso, 'write-all');
      const agrement = await rowOf(db.associationAgrement.findFirst({ where: { id, associationId: scope.associationId } }));
      const values = parseChanges(agrementChangesSchema, changes);
      const errors = applyAgrementRules({ ...toAgrement(agrement), ...values });
      if (Object.keys(errors).length > 0) throw invalid(errors);
      return toAgrement(await db.$transaction((tx) => tx.associationAgrement.update({ where: { id: agrement.id }, data: agrementData(values) })));
    },

    async deleteAgrement(claims: AuthClaims, idAsso: string, id: string) {
      const scope = await scopeOf(claims, idAsso, 'write-all');
      const agrement = await rowOf(db.associationAgrement.findFirst({ where: { id, associationId: scope.associationId } }));
      await db.$transaction((tx) => tx.associationAgrement.delete({ where: { id: agrement.id } }));
      return { message: "L'agrément a été supprimé." };
    },

    // ---- networks (association-wide) ----------------------------------------------------------
    async getReseauxAffiliation(claims: AuthClaims, idAsso: string) {
      return read.reseaux(await scopeOf(claims, idAsso, 'read'));
    },

    async postReseauAffiliation(claims: AuthClaims, idAsso: string, body: z.output<typeof reseauFieldsSchema>) {
      const scope = await scopeOf(claims, idAsso, 'write-all');
      const errors = applyReseauRules({ nb_licencies: body.nb_licencies ?? null, nb_licencies_f: body.nb_licencies_f ?? null, nb_licencies_h: body.nb_licencies_h ?? null });
      if (Object.keys(errors).length > 0) throw invalid(errors);
      return toReseau(
        await db.$transaction(async (tx) => {
          await assertNoDuplicateReseau(tx, scope.associationId, body.nom, body.id_siren ?? null);
          return tx.reseauAffiliation.create({ data: { associationId: scope.associationId, ...reseauData(body), nom: body.nom } });
        }),
      );
    },

    async patchReseauAffiliation(claims: AuthClaims, idAsso: string, id: string, changes: readonly Change[]) {
      const scope = await scopeOf(claims, idAsso, 'write-all');
      const reseau = await rowOf(db.reseauAffiliation.findFirst({ where: { id, associationId: scope.associationId } }));
      const values = parseChanges(reseauChangesSchema, changes);
      const merged = { ...toReseau(reseau), ...values };
      const errors = applyReseauRules(merged);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      return toReseau(
        await db.$transaction(async (tx) => {
          if (values.nom !== undefined || values.id_siren !== undefined) await assertNoDuplicateReseau(tx, scope.associationId, merged.nom, merged.id_siren, reseau.id);
          return tx.reseauAffiliation.update({ where: { id: reseau.id }, data: reseauData(values) });
        }),
      );
    },

    async deleteReseauAffiliation(claims: AuthClaims, idAsso: string, id: string) {
      const scope = await scopeOf(claims, idAsso, 'write-all');
      const reseau = await rowOf(db.reseauAffiliation.findFirst({ where: { id, associationId: scope.associationId } }));
      await db.$transaction((tx) => tx.reseauAffiliation.delete({ where: { id: reseau.id } }));
      return { message: "Le réseau d'affiliation a été supprimé." };
    },

    /**
     * Affiliates the member association (written by the caller) to a parent association of the
     * registry: a network row with the parent's name, SIREN, object and head-office address.
     */
    async affiliate(claims: AuthClaims, idMembre: string, idParent: string) {
      const scope = await scopeOf(claims, idMembre, 'write-all');
      const parentId = await findAssociationId(db, idParent);
      if (!parentId) throw invalid({ id_asso_parent: MESSAGES.parentAssociationNotFound });
      if (parentId === scope.associationId) throw invalid({ id_asso_parent: MESSAGES.selfAffiliation });
      const parent = await db.association.findUniqueOrThrow({ where: { id: parentId } });
      return toReseau(
        await db.$transaction(async (tx) => {
          await assertNoDuplicateReseau(tx, scope.associationId, parent.nom, parent.idSiren).catch((error: unknown) => {
            throw (error as AppError).status === 400 ? invalid({ id_asso_parent: MESSAGES.reseauExists }) : error;
          });
          return tx.reseauAffiliation.create({
            data: {
              associationId: scope.associationId,
              nom: parent.nom.slice(0, 200),
              idSiren: parent.idSiren,
              objet: parent.objet?.slice(0, TEXT_LIMITS.object) ?? null,
              adresse: addressLine(parent.adresseSiege),
            },
          });
        }),
      );
    },

    // ---- budgets ------------------------------------------------------------------------------
    async getBudgets(claims: AuthClaims, idAsso: string) {
      const scope = await scopeOf(claims, idAsso, 'read');
      const rows = await db.associationBudget.findMany({ where: { associationId: scope.associationId }, orderBy: { annee: 'desc' } });
      return rows.map(toBudget);
    },

    async postBudget(
      claims: AuthClaims,
      idAsso: string,
      annee: number,
      body: { exercice_du?: string | null; exercice_au?: string | null; comptes: Record<string, number | undefined> },
    ) {
      const scope = await scopeOf(claims, idAsso, 'write-all');
      checkExercice(body.exercice_du ?? null, body.exercice_au ?? null);
      const comptes = Object.fromEntries(Object.entries(body.comptes).filter(([, v]) => v !== undefined));
      try {
        return toBudget(
          await db.$transaction((tx) =>
            tx.associationBudget.create({
              data: { associationId: scope.associationId, annee, exerciceDu: toDate(body.exercice_du), exerciceAu: toDate(body.exercice_au), comptes },
            }),
          ),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ annee: MESSAGES.budgetExists(annee) });
        throw error;
      }
    },

    async patchBudget(claims: AuthClaims, idAsso: string, id: string, changes: readonly Change[]) {
      const scope = await scopeOf(claims, idAsso, 'write-all');
      const budget = await db.associationBudget.findFirst({ where: { id, associationId: scope.associationId } });
      if (!budget) throw appError('NOT_FOUND');
      const values = parseChanges(budgetChangesSchema, changes) as Record<string, number | string | null>;
      const { exercice_du, exercice_au, ...accounts } = values;
      const du = exercice_du !== undefined ? (exercice_du as string | null) : budget.exerciceDu?.toISOString().slice(0, 10) ?? null;
      const au = exercice_au !== undefined ? (exercice_au as string | null) : budget.exerciceAu?.toISOString().slice(0, 10) ?? null;
      checkExercice(du, au);
      const comptes: Record<string, number> = { ...budgetLinesOf(budget.comptes) };
      for (const [account, amount] of Object.entries(accounts)) {
        if (amount === null) delete comptes[account];
        else comptes[account] = amount as number;
      }
      return toBudget(
        await db.$transaction((tx) =>
          tx.associationBudget.update({ where: { id: budget.id }, data: { exerciceDu: toDate(du), exerciceAu: toDate(au), comptes } }),
        ),
      );
    },

    async deleteBudget(claims: AuthClaims, idAsso: string, id: string) {
      const scope = await scopeOf(claims, idAsso, 'write-all');
      const budget = await db.associationBudget.findFirst({ where: { id, associationId: scope.associationId } });
      if (!budget) throw appError('NOT_FOUND');
      await db.$transaction((tx) => tx.associationBudget.delete({ where: { id: budget.id } }));
      return { message: 'Le budget a été supprimé.' };
    },
  };
}

function checkExercice(du: string | null, au: string | null) {
  const problem = exerciceProblem(du, au);
  if (problem) throw invalid({ exercice_au: problem });
}

export type AssociationService = ReturnType<typeof createAssociationService>;
