// The association file (docs/domain.md « Données », « Champs »): reading scoped by the access
// rules (../access/), every write checked against the contract's rules then done in one
// transaction (bad input: 400 per field, nothing written). The lists of the file live in their
// own files, wired alike by ./sub-resource.ts.
import { applyCharacteristicsRules, ASSOCIATION_FILE_KEYS, ASSOCIATION_FILE_MESSAGES, type AssociationFile, type AssociationFileKey, type AssociationFileQuery, type Change, CHARACTERISTIC_LABELS, type Characteristics, etablissementChangesSchema, identiteChangesSchema, isAlsaceMosellePostcode, STRUCTURE_BY_CORRESPONDANCE_KEYS } from '@portail/contract';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import type { AssociationScope, EstablishmentScope } from '../access/policy.ts';
import { createAgrements } from './agrements.ts';
import { createBudgets } from './budgets.ts';
import { assertNoErrors, parseChanges, type FileContext } from './checks.ts';
import { createComptes } from './comptes.ts';
import { characteristicsData, characteristicsOf, jsonArray, passsportOf, toEtablissement, toIdentite } from './mappers.ts';
import { mayIncludeDeleted } from './policy.ts';
import { createRepresentants } from './representants.ts';
import { createReseaux } from './reseaux.ts';
import { createRhs } from './rhs.ts';
import { createRibs } from './ribs.ts';

export type { FileContext as AssociationServiceDeps } from './checks.ts';

/** Keys of the file read from the association row itself. */
const IDENTITY_KEYS = ['identite', 'coordonnees', 'activites', 'specificites', 'agrement', 'commentaire'] as const;
const PASSSPORT_KEYS = ['est_volontaire', 'activites', 'a_accueil_handicap_moteur', 'a_accueil_handicap_mental'] as const;

/** The keys asked for: endpoint, then include, then exclude, then the representatives' switches. */
function wantedKeys(query: AssociationFileQuery): Set<AssociationFileKey> {
  let keys: readonly AssociationFileKey[] = query.endpoint === 'structureByCorrespondance' ? STRUCTURE_BY_CORRESPONDANCE_KEYS : ASSOCIATION_FILE_KEYS;
  if (query.include) keys = keys.filter((k) => query.include!.includes(k));
  if (query.exclude) keys = keys.filter((k) => !query.exclude!.includes(k));
  if (query.hideRepresentantsLegaux || query.representants_legaux === false) keys = keys.filter((k) => k !== 'representants_legaux');
  return new Set(keys);
}

export function createAssociationService(ctx: FileContext) {
  const { repository } = ctx;
  const ribs = createRibs(ctx);
  const representants = createRepresentants(ctx);
  const comptes = createComptes(ctx);
  const rhs = createRhs(ctx);
  const agrements = createAgrements(ctx);
  const reseaux = createReseaux(ctx);
  const budgets = createBudgets(ctx);

  const readEtablissements = async (scope: AssociationScope) =>
    (await repository.etablissements.list(scope.associationId, scope.siret)).map(toEtablissement);

  return {
    ribs,
    representants,
    comptes,
    rhs,
    agrements,
    reseaux,
    budgets,

    /** GET /association: the parts of the file asked for, within the caller's scope. */
    async getAssociation(claims: AuthClaims, scope: AssociationScope<'read'>, query: AssociationFileQuery): Promise<AssociationFile> {
      if (query.includeDeleted && !mayIncludeDeleted(claims)) throw appError('INCLUDE_DELETED_ADMIN_ONLY');
      const wanted = wantedKeys(query);
      const file: AssociationFile = {};
      if ([...IDENTITY_KEYS, 'composition_reseau', 'adherents_personnes_morales'].some((k) => wanted.has(k as AssociationFileKey))) {
        const association = await repository.association.find(scope.associationId);
        const identite = toIdentite(association);
        for (const k of IDENTITY_KEYS) {
          if (wanted.has(k)) Object.assign(file, { [k]: identite[k] });
        }
        if (wanted.has('composition_reseau')) file.composition_reseau = jsonArray(association.compositionReseau);
        if (wanted.has('adherents_personnes_morales')) file.adherents_personnes_morales = jsonArray(association.adherentsPersonnesMorales);
      }
      if (wanted.has('etablissements')) file.etablissements = await readEtablissements(scope);
      if (wanted.has('budgets')) file.budgets = await budgets.read(scope);
      if (wanted.has('comptes')) file.comptes = await comptes.read(scope);
      if (wanted.has('rhs')) file.rhs = await rhs.read(scope);
      if (wanted.has('ribs')) file.ribs = await ribs.read(scope);
      if (wanted.has('representants_legaux')) file.representants_legaux = await representants.read(scope, undefined, query.includeDeleted);
      if (wanted.has('agrements')) file.agrements = await agrements.read(scope);
      if (wanted.has('reseaux_affiliation')) file.reseaux_affiliation = await reseaux.read(scope);
      return file;
    },

    async getIdentite(scope: AssociationScope<'read'>) {
      const association = await repository.association.findIdentity(scope.associationId);
      if (!association) throw appError('NOT_FOUND');
      return toIdentite(association);
    },

    /** Association-wide (head office); the characteristics are checked together, as the contract's rules tie them. */
    async patchIdentite(scope: AssociationScope<'write-all'>, changes: readonly Change[]) {
      const values = parseChanges(identiteChangesSchema, changes);
      const given = values as Record<string, unknown>;
      return repository.transaction(async (tx) => {
        const current = await repository.association.find(scope.associationId, tx);
        const changed = new Set(Object.keys(values));
        let characteristics = characteristicsOf(current);
        const touchesCharacteristics = Object.keys(CHARACTERISTIC_LABELS).some((k) => changed.has(k));
        if (touchesCharacteristics) {
          const merged = { ...characteristics } as Record<string, unknown>;
          for (const key of Object.keys(CHARACTERISTIC_LABELS)) {
            if (key in values) merged[key] = given[key];
          }
          const { state, errors } = applyCharacteristicsRules(merged as unknown as Characteristics, changed);
          if (changed.has('regime') && state.regime === 'alsaceMoselle' && current.cpSiege && !isAlsaceMosellePostcode(current.cpSiege)) {
            errors.regime = ASSOCIATION_FILE_MESSAGES.onlyWhen('régime Alsace-Moselle', 'pour un siège en Moselle, Bas-Rhin ou Haut-Rhin (57, 67, 68)');
          }
          assertNoErrors(errors);
          characteristics = state;
        }
        const passsport = passsportOf(current.specificites);
        const passsportChanged = PASSSPORT_KEYS.some((k) => `passsport.${k}` in values);
        for (const k of PASSSPORT_KEYS) {
          const value = given[`passsport.${k}`];
          if (value !== undefined) (passsport as unknown as Record<string, unknown>)[k] = value;
        }
        const updated = await repository.association.update(tx, scope.associationId, {
          ...(touchesCharacteristics ? characteristicsData(characteristics) : {}),
          ...(values.impots_commerciaux !== undefined ? { impotsCommerciaux: values.impots_commerciaux } : {}),
          ...(values.objet !== undefined ? { objet: values.objet } : {}),
          ...(values.telephone !== undefined ? { telephone: values.telephone } : {}),
          ...(values.courriel !== undefined ? { courriel: values.courriel } : {}),
          ...(values.site_web !== undefined ? { siteWeb: values.site_web } : {}),
          ...(values.commentaire !== undefined ? { commentaire: values.commentaire } : {}),
          ...(passsportChanged ? { specificites: { ...((current.specificites as object | null) ?? {}), passsport } } : {}),
        });
        return toIdentite(updated);
      });
    },

    getEtablissements: (scope: AssociationScope<'read'>) => readEtablissements(scope),

    /** The route's establishment scope: a secondary-establishment member reaches only their own active one. */
    async patchEtablissement({ establishment: siret }: EstablishmentScope<'write'>, changes: readonly Change[]) {
      const values = parseChanges(etablissementChangesSchema, changes);
      return toEtablissement(await repository.transaction((tx) => repository.etablissements.update(tx, siret, values)));
    },
  };
}
export type AssociationService = ReturnType<typeof createAssociationService>;
