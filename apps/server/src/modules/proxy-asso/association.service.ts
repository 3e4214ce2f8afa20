// The association file (proxy-asso): reading scoped by access.ts, and every write checked against
// the rules of spec §5 then done in one transaction (bad input: 400 per field, nothing written).
import {
  applyCharacteristicsRules,
  budgetChangesSchema,
  CHARACTERISTIC_LABELS,
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
import { Prisma, type Database } from '../../db/prisma.ts';
import { type AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import { assertWritableSiret, associationScope, seesSiret, type AssociationScope } from './access.ts';
import {
  budgetLinesOf,
  characteristicsOf,
  isoDate,
  passsportOf,
  toBudget,
  toDate,
  toEtablissement,
  toIdentite,
  toRepresentant,
  toRib,
} from './association.repository.ts';

type Tx = Prisma.TransactionClient;

function invalid(fields: Record<string, string>): AppError {
  const list = Object.entries(fields)
    .map(([field, message]) => `${field} : ${message}`)
    .join(' ; ');
  return badRequest(`${MESSAGES.invalidForm} ${list}`, 'VALIDATION_ERROR', fields);
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

export function createAssociationService(db: Database) {
  const scopeOf = (claims: AuthClaims, idAsso: string, mode: 'read' | 'write' | 'write-all') =>
    associationScope(db, claims, idAsso, mode);

  async function assertSiretOfAssociation(tx: Tx | Database, associationId: string, siret: string) {
    const etablissement = await tx.etablissement.findFirst({ where: { siret, associationId } });
    if (!etablissement) throw invalid({ id_siret: MESSAGES.siretNotInAssociation });
    return etablissement;
  }

  async function ribOf(scope: AssociationScope, id: string) {
    const rib = await db.rib.findFirst({ where: { id, associationId: scope.associationId } });
    if (!rib || !seesSiret(scope, rib.idSiret)) throw notFound();
    return rib;
  }

  async function representantOf(scope: AssociationScope, id: string) {
    const rep = await db.representantLegal.findFirst({ where: { id, associationId: scope.associationId, deleted: false } });
    if (!rep || !seesSiret(scope, rep.idSiret, { associationWide: true })) throw notFound();
    return rep;
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
    if (rep.idSiret === null && scope.siret !== null) throw forbidden();
    if (values.id_siret !== undefined) {
      if (scope.siret !== null && values.id_siret !== scope.siret) throw forbidden();
      if (values.id_siret) await assertSiretOfAssociation(db, scope.associationId, values.id_siret);
    }
    return toRepresentant(await db.$transaction((tx) => tx.representantLegal.update({ where: { id: rep.id }, data: representantData(values) })));
  }

  return {
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
      const scope = await scopeOf(claims, idAsso, 'read');
      const rows = await db.etablissement.findMany({
        where: { associationId: scope.associationId, ...(scope.siret ? { siret: scope.siret, actif: true } : {}) },
        orderBy: [{ estSiege: 'desc' }, { siret: 'asc' }],
      });
      return rows.map(toEtablissement);
    },

    async patchEtablissement(claims: AuthClaims, idAsso: string, siret: string, changes: readonly Change[]) {
      const scope = await scopeOf(claims, idAsso, 'write');
      const etablissement = await db.etablissement.findFirst({ where: { siret, associationId: scope.associationId } });
      if (!etablissement || (scope.siret !== null && !(siret === scope.siret && etablissement.actif))) throw notFound();
      assertWritableSiret(scope, siret);
      const values = parseChanges(etablissementChangesSchema, changes);
      return toEtablissement(await db.$transaction((tx) => tx.etablissement.update({ where: { siret }, data: values })));
    },

    // ---- bank details -----------------------------------------------------------------------
    async getRibs(claims: AuthClaims, idAsso: string, siret?: string) {
      const scope = await scopeOf(claims, idAsso, 'read');
      if (siret && !seesSiret(scope, siret)) throw notFound();
      const rows = await db.rib.findMany({
        where: { associationId: scope.associationId, ...(scope.siret || siret ? { idSiret: scope.siret ?? siret } : {}) },
        orderBy: { createdAt: 'asc' },
      });
      return rows.map(toRib);
    },

    async postRib(claims: AuthClaims, idAsso: string, siret: string, body: z.output<typeof ribFieldsSchema>) {
      const scope = await scopeOf(claims, idAsso, 'write');
      assertWritableSiret(scope, siret);
      await assertSiretOfAssociation(db, scope.associationId, siret);
      try {
        return toRib(
          await db.$transaction(async (tx) => {
            await assertNoDuplicateRib(tx, siret, body.iban);
            return tx.rib.create({
              data: { associationId: scope.associationId, idSiret: siret, titulaire: body.titulaire, banque: body.banque ?? null, domiciliation: body.domiciliation ?? null, iban: body.iban, bic: body.bic },
            });
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ iban: MESSAGES.duplicateRib });
        throw error;
      }
    },

    async patchRib(claims: AuthClaims, idAsso: string, id: string, siret: string | undefined, changes: readonly Change[]) {
      const scope = await scopeOf(claims, idAsso, 'write');
      const rib = await ribOf(scope, id);
      if (siret && siret !== rib.idSiret) throw notFound();
      assertWritableSiret(scope, rib.idSiret);
      const values = parseChanges(ribChangesSchema, changes);
      try {
        return toRib(
          await db.$transaction(async (tx) => {
            if (values.iban) await assertNoDuplicateRib(tx, rib.idSiret, values.iban, rib.id);
            return tx.rib.update({ where: { id: rib.id }, data: values });
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ iban: MESSAGES.duplicateRib });
        throw error;
      }
    },

    async deleteRib(claims: AuthClaims, idAsso: string, id: string) {
      const scope = await scopeOf(claims, idAsso, 'write');
      const rib = await ribOf(scope, id);
      assertWritableSiret(scope, rib.idSiret);
      await db.$transaction((tx) => tx.rib.delete({ where: { id: rib.id } }));
      return { message: 'Le RIB a été supprimé.' };
    },

    // ---- legal representatives ---------------------------------------------------------------
    async getRepresentants(claims: AuthClaims, idAsso: string, siret?: string) {
      const scope = await scopeOf(claims, idAsso, 'read');
      if (siret && !seesSiret(scope, siret)) throw notFound();
      const rows = await db.representantLegal.findMany({
        where: { associationId: scope.associationId, deleted: false },
        orderBy: { createdAt: 'asc' },
      });
      return rows
        .filter((r) => seesSiret(scope, r.idSiret, { associationWide: true }))
        .filter((r) => !siret || r.idSiret === siret || r.idSiret === null)
        .map(toRepresentant);
    },

    async postRepresentant(claims: AuthClaims, idAsso: string, querySiret: string | undefined, body: z.output<typeof representantFieldsSchema>) {
      const scope = await scopeOf(claims, idAsso, 'write');
      const siret = body.id_siret ?? querySiret ?? scope.siret;
      if (scope.siret !== null && siret !== scope.siret) throw forbidden();
      assertWritableSiret(scope, siret);
      if (siret) await assertSiretOfAssociation(db, scope.associationId, siret);
      const created = await db.$transaction((tx) =>
        tx.representantLegal.create({
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
        }),
      );
      return toRepresentant(created);
    },

    patchRepresentant: (claims: AuthClaims, idAsso: string, id: string, changes: readonly Change[]) =>
      updateRepresentant(claims, idAsso, id, parseChanges(representantChangesSchema, changes)),

    patchRepresentantFonctionSiret: (claims: AuthClaims, idAsso: string, id: string, changes: readonly Change[]) =>
      updateRepresentant(claims, idAsso, id, parseChanges(representantFonctionSiretChangesSchema, changes)),

    async deleteRepresentant(claims: AuthClaims, idAsso: string, id: string) {
      const scope = await scopeOf(claims, idAsso, 'write');
      const rep = await representantOf(scope, id);
      if (rep.idSiret === null && scope.siret !== null) throw forbidden();
      assertWritableSiret(scope, rep.idSiret ?? scope.siret);
      await db.$transaction((tx) => tx.representantLegal.update({ where: { id: rep.id }, data: { deleted: true, valideurCec: false } }));
      return { message: 'Le représentant légal a été supprimé.' };
    },

    // ---- read-only parts ----------------------------------------------------------------------
    async getComptes(claims: AuthClaims, idAsso: string) {
      const scope = await scopeOf(claims, idAsso, 'read');
      const rows = await db.associationCompte.findMany({ where: { associationId: scope.associationId }, orderBy: { annee: 'desc' } });
      return rows.map((c) => ({ id: c.id, annee: c.annee, charges: c.charges, produits: c.produits, dons: c.dons, resultat: c.resultat, subv: c.subv }));
    },

    async getRhs(claims: AuthClaims, idAsso: string, siret?: string) {
      const scope = await scopeOf(claims, idAsso, 'read');
      if (siret && !seesSiret(scope, siret)) throw notFound();
      const only = scope.siret ?? siret;
      const rows = await db.associationRh.findMany({
        where: { associationId: scope.associationId, ...(only ? { idSiret: only } : {}) },
        orderBy: [{ annee: 'desc' }, { idSiret: 'asc' }],
      });
      return rows.map((r) => ({
        id: r.id,
        annee: r.annee,
        id_siret: r.idSiret,
        nb_adherents: r.nbAdherents,
        nb_adherents_f: r.nbAdherentsF,
        nb_adherents_h: r.nbAdherentsH,
        nb_dirigeants: r.nbDirigeants,
        nb_benevoles: r.nbBenevoles,
        nb_salaries: r.nbSalaries,
        nb_salaries_etpt: r.nbSalariesEtpt === null ? null : Number(r.nbSalariesEtpt),
        nb_volontaires: r.nbVolontaires,
        cumul_top_5_salaires: r.cumulTop5Salaires,
      }));
    },

    async getAgrements(claims: AuthClaims, idAsso: string) {
      const scope = await scopeOf(claims, idAsso, 'read');
      const rows = await db.associationAgrement.findMany({ where: { associationId: scope.associationId }, orderBy: { createdAt: 'asc' } });
      return rows.map((g) => ({
        id: g.id,
        type: g.type,
        numero: g.numero,
        niveau: g.niveau,
        attributeur: g.attributeur,
        origine_instructeur: g.origineInstructeur,
        date_attribution: isoDate(g.dateAttribution),
        date_validite: isoDate(g.dateValidite),
      }));
    },

    async getReseauxAffiliation(claims: AuthClaims, idAsso: string) {
      const scope = await scopeOf(claims, idAsso, 'read');
      const rows = await db.reseauAffiliation.findMany({ where: { associationId: scope.associationId }, orderBy: { createdAt: 'asc' } });
      return rows.map((n) => ({
        id: n.id,
        nom: n.nom,
        objet: n.objet,
        numero: n.numero,
        id_siren: n.idSiren,
        adresse: n.adresse,
        nb_licencies: n.nbLicencies,
        nb_licencies_f: n.nbLicenciesF,
        nb_licencies_h: n.nbLicenciesH,
      }));
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
      if (!budget) throw notFound();
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
      if (!budget) throw notFound();
      await db.$transaction((tx) => tx.associationBudget.delete({ where: { id: budget.id } }));
      return { message: 'Le budget a été supprimé.' };
    },
  };
}

function checkExercice(du: string | null, au: string | null) {
  if (du && au && au < du) {
    throw invalid({ exercice_au: 'La fin de l’exercice doit être postérieure à son début.' });
  }
}

export type AssociationService = ReturnType<typeof createAssociationService>;
