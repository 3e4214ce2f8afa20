// Food aid (HAA): the association's distribution sites and their addresses (docs/domain.md « Aide
// alimentaire : sites et adresses »). Every call needs the association's SIREN; every change is
// written with its audit entry in one transaction; an address is located by the national address
// API (lookups/) before the transaction opens, so no lock waits on the outside service.
import {
  HAA_DEFAULT_COUNTRY,
  HAA_MESSAGES,
  type HaaAddress,
  type HaaAddressFields,
  type HaaMembers,
  type HaaSite,
  type HaaSiteFields,
  type haaAddressChangesSchema,
  type haaSiteChangesSchema,
} from '@portail/contract';
import type { z } from 'zod';
import type { DbTransaction } from '../../../db/transaction.ts';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import type { AuditService } from '../../audit/index.ts';
import type { AssociationScope } from '../access/policy.ts';
import { assertNoErrors } from '../file/checks.ts';
import { addressLine } from '../file/mappers.ts';
import type { LocatedAddress } from '../lookups/service.ts';
import { seesSite, siteShapeErrors, type SiteShape } from './policy.ts';
import type { HaaAdresseRow, HaaRepository, HaaSiteRow } from './repository.ts';

export interface HaaServiceDeps {
  repository: HaaRepository;
  audit: Pick<AuditService, 'record'>;
  /** The address lookup (lookups/): locates an address, offline when the national API does not answer. */
  locator: { locateAddress(address: { num_voie?: string | null; voie?: string | null; cp: string; commune: string }): Promise<LocatedAddress> };
}

type SiteChanges = z.output<typeof haaSiteChangesSchema>;
type AddressChanges = z.output<typeof haaAddressChangesSchema>;

export function toHaaAddress(row: HaaAdresseRow): HaaAddress {
  return {
    id: row.id,
    cplt: row.cplt,
    num_voie: row.numVoie,
    voie: row.voie,
    bp: row.bp,
    cp: row.cp,
    commune: row.commune,
    cedex: row.cedex,
    code_insee: row.codeInsee,
    geo_X: row.geoX,
    geo_Y: row.geoY,
    pays: row.pays,
    geocodage: row.geocodage as HaaAddress['geocodage'],
  };
}

/** What the audit keeps of a site: its fields, without the joined address. */
const siteTrail = (site: HaaSite) => {
  const { adresse: _adresse, membre_nom: _nom, adresse_membre: _line, ...fields } = site;
  return fields;
};

/** The columns of an address's written fields (only those given: a PATCH changes only what it names). */
function addressData(fields: Partial<HaaAddressFields>) {
  const data: Record<string, string | null> = {};
  if (fields.cplt !== undefined) data.cplt = fields.cplt;
  if (fields.num_voie !== undefined) data.numVoie = fields.num_voie;
  if (fields.voie !== undefined) data.voie = fields.voie;
  if (fields.bp !== undefined) data.bp = fields.bp;
  if (fields.cp !== undefined) data.cp = fields.cp;
  if (fields.commune !== undefined) data.commune = fields.commune;
  if (fields.cedex !== undefined) data.cedex = fields.cedex;
  if (fields.pays !== undefined) data.pays = fields.pays ?? HAA_DEFAULT_COUNTRY;
  return data;
}

/** The columns of a site's written fields (only those given). */
function siteData(fields: SiteChanges) {
  return {
    ...(fields.type_membre !== undefined ? { typeMembre: fields.type_membre } : {}),
    ...(fields.nature_activite !== undefined ? { natureActivite: fields.nature_activite } : {}),
    ...(fields.membre_siret_id !== undefined ? { membreSiretId: fields.membre_siret_id } : {}),
    ...(fields.membre_reseau_id !== undefined ? { membreReseauId: fields.membre_reseau_id } : {}),
    ...(fields.responsable_id !== undefined ? { responsableId: fields.responsable_id } : {}),
    ...(fields.itinerant !== undefined ? { itinerant: fields.itinerant } : {}),
    ...(fields.horaire_ouverture !== undefined ? { horaireOuverture: fields.horaire_ouverture } : {}),
    ...(fields.periode_fermeture !== undefined ? { periodeFermeture: fields.periode_fermeture } : {}),
    ...(fields.adresse_id !== undefined ? { adresseId: fields.adresse_id } : {}),
  };
}

export function createHaaService({ repository, audit, locator }: HaaServiceDeps) {
  const actor = (claims: AuthClaims) => ({ id: claims.userId, email: claims.email });

  /** Food aid needs the association's SIREN (§8 « Le numéro siren est manquant »). */
  async function sirenOf(scope: AssociationScope): Promise<string> {
    const association = await repository.association.find(scope.associationId);
    if (!association) throw appError('NOT_FOUND');
    if (!association.idSiren) throw appError('HAA_SIREN_MISSING');
    return association.idSiren;
  }

  /** The views of sites: their member's name and address line, found in one query per kind. */
  async function toSites(scope: AssociationScope, siren: string, rows: HaaSiteRow[]): Promise<HaaSite[]> {
    const etablissements = new Map((await repository.members.etablissements(scope.associationId)).map((e) => [e.siret, e]));
    const reseauIds = [...new Set(rows.flatMap((r) => (r.membreReseauId ? [r.membreReseauId] : [])))];
    const members = new Map(
      (reseauIds.length > 0 ? await repository.members.reseau(scope.associationId, siren, reseauIds) : []).map((m) => [m.id, m]),
    );
    return rows.map((row) => {
      const etablissement = row.membreSiretId ? etablissements.get(row.membreSiretId) : undefined;
      const member = row.membreReseauId ? members.get(row.membreReseauId) : undefined;
      return {
        id: row.id,
        type_membre: row.typeMembre as HaaSite['type_membre'],
        nature_activite: row.natureActivite as HaaSite['nature_activite'],
        membre_siret_id: row.membreSiretId,
        membre_reseau_id: row.membreReseauId,
        membre_nom: etablissement ? (etablissement.enseigne ?? `Établissement ${etablissement.siret}`) : (member?.nom ?? null),
        adresse_membre: etablissement ? addressLine(etablissement.adresse) : member ? addressLine(member.adresseSiege) : null,
        responsable_id: row.responsableId,
        itinerant: row.itinerant,
        horaire_ouverture: row.horaireOuverture as HaaSite['horaire_ouverture'],
        periode_fermeture: row.periodeFermeture as HaaSite['periode_fermeture'],
        adresse_id: row.adresseId,
        adresse: row.adresse ? toHaaAddress(row.adresse) : null,
      };
    });
  }
  const toSite = async (scope: AssociationScope, siren: string, row: HaaSiteRow) => (await toSites(scope, siren, [row]))[0]!;

  async function siteOf(scope: AssociationScope, id: string): Promise<HaaSiteRow> {
    const row = await repository.sites.find(scope.associationId, id);
    if (!row || !seesSite(scope, row)) throw appError('HAA_SITE_NOT_FOUND');
    return row;
  }

  /**
   * The rules of a whole site that need the database: the establishment is an active one of the
   * association, the member association belongs to its network, the responsible person is one of
   * its representatives, the address is one of its addresses (checked in `tx` when given).
   */
  async function assertSite(scope: AssociationScope, siren: string, site: SiteShape & { responsable_id: string | null }, tx?: DbTransaction) {
    assertNoErrors(siteShapeErrors(site));
    await assertMembers(scope, siren, site);
    if (site.adresse_id && !(await repository.adresses.find(scope.associationId, site.adresse_id, tx))) throw appError('HAA_ADRESSE_NOT_FOUND');
  }

  /** The member and the responsible person of a site belong to the association (400 per field). */
  async function assertMembers(scope: AssociationScope, siren: string, site: Pick<SiteShape, 'membre_siret_id' | 'membre_reseau_id'> & { responsable_id: string | null }) {
    const errors: Record<string, string> = {};
    if (site.membre_siret_id && !(await repository.members.etablissement(scope.associationId, site.membre_siret_id)))
      errors.membre_siret_id = HAA_MESSAGES.membreSiretNotInAssociation;
    if (site.membre_reseau_id && (await repository.members.reseau(scope.associationId, siren, [site.membre_reseau_id])).length === 0)
      errors.membre_reseau_id = HAA_MESSAGES.membreReseauNotMember;
    if (site.responsable_id && !(await repository.members.representant(scope.associationId, site.responsable_id)))
      errors.responsable_id = HAA_MESSAGES.responsableNotInAssociation;
    assertNoErrors(errors);
  }

  /** The address's columns with where it is (code INSEE: the lookup's, else the one the commune field gave). */
  function located(fields: Pick<HaaAddressFields, 'code_insee'>, place: LocatedAddress) {
    return { codeInsee: place.code_insee ?? fields.code_insee ?? null, geoX: place.geo_X, geoY: place.geo_Y, geocodage: place.geocodage };
  }

  async function createAddress(tx: DbTransaction, claims: AuthClaims, scope: AssociationScope, fields: HaaAddressFields, place: LocatedAddress) {
    const row = await repository.adresses.create(tx, {
      associationId: scope.associationId,
      ...addressData(fields),
      cp: fields.cp,
      commune: fields.commune,
      pays: fields.pays ?? HAA_DEFAULT_COUNTRY,
      ...located(fields, place),
    });
    const view = toHaaAddress(row);
    await audit.record(tx, { associationId: scope.associationId, actor: actor(claims), entity: 'haa_adresse', entityId: row.id, action: 'create', before: null, after: view });
    return view;
  }

  /** The sites the scope sees (the whole association, or a secondary establishment's own). */
  async function sitesIn(scope: AssociationScope<'read'>): Promise<HaaSite[]> {
    const siren = await sirenOf(scope);
    const rows = (await repository.sites.list(scope.associationId)).filter((row) => seesSite(scope, row));
    return toSites(scope, siren, rows);
  }

  return {
    async members(scope: AssociationScope<'read'>): Promise<HaaMembers> {
      const siren = await sirenOf(scope);
      const etablissements = (await repository.members.etablissements(scope.associationId)).filter((e) => scope.siret === null || e.siret === scope.siret);
      // A secondary establishment's member sees its establishment only (the network is the head office's).
      const reseau = scope.siret === null ? await repository.members.reseau(scope.associationId, siren) : [];
      return {
        etablissements: etablissements.map((e) => ({
          siret: e.siret,
          libelle: `${e.enseigne ?? (e.estSiege ? 'Siège' : 'Établissement')} (${e.siret})`,
          adresse: addressLine(e.adresse),
        })),
        membres_reseau: reseau.map((m) => ({ id: m.id, nom: m.nom, id_siren: m.idSiren, adresse: addressLine(m.adresseSiege) })),
      };
    },

    listSites: sitesIn,

    /**
     * The whole association's sites, for a reader outside the association whose own scope the caller
     * has already checked (the instructing service of its food-aid approval dossier): same rules and
     * views as listSites over the whole association.
     */
    async listAssociationSites(associationId: string): Promise<HaaSite[]> {
      return sitesIn({ mode: 'read', associationId, siret: null, writeAll: false, write: false });
    },

    async createSite(claims: AuthClaims, scope: AssociationScope<'write-all'>, fields: HaaSiteFields): Promise<HaaSite> {
      const siren = await sirenOf(scope);
      const shape = {
        type_membre: fields.type_membre,
        membre_siret_id: fields.membre_siret_id ?? null,
        membre_reseau_id: fields.membre_reseau_id ?? null,
        responsable_id: fields.responsable_id ?? null,
        itinerant: fields.itinerant,
        adresse_id: fields.adresse_id ?? null,
      };
      const row = await repository.transaction(async (tx) => {
        await assertSite(scope, siren, shape, tx);
        if (shape.adresse_id) await repository.adresses.lock(tx, scope.associationId, shape.adresse_id);
        const created = await repository.sites.create(tx, {
          associationId: scope.associationId,
          natureActivite: fields.nature_activite,
          ...siteData({ ...fields, ...shape }),
          typeMembre: fields.type_membre,
        });
        await audit.record(tx, { associationId: scope.associationId, actor: actor(claims), entity: 'haa_site', entityId: created.id, action: 'create', before: null, after: siteTrail(await toSite(scope, siren, created)) });
        return created;
      });
      return toSite(scope, siren, row);
    },

    async updateSite(claims: AuthClaims, scope: AssociationScope<'write-all'>, id: string, changes: SiteChanges): Promise<HaaSite> {
      const siren = await sirenOf(scope);
      const row = await siteOf(scope, id);
      const before = await toSite(scope, siren, row);
      // A change of type drops the other type's member unless the change names it.
      const typeMembre = changes.type_membre ?? before.type_membre;
      const merged = {
        type_membre: typeMembre,
        membre_siret_id: changes.membre_siret_id !== undefined ? changes.membre_siret_id : typeMembre === 'etablissement' ? before.membre_siret_id : null,
        membre_reseau_id: changes.membre_reseau_id !== undefined ? changes.membre_reseau_id : typeMembre === 'association' ? before.membre_reseau_id : null,
        responsable_id: changes.responsable_id !== undefined ? changes.responsable_id : before.responsable_id,
        itinerant: changes.itinerant ?? before.itinerant,
        adresse_id: changes.adresse_id !== undefined ? changes.adresse_id : before.adresse_id,
      };
      const updated = await repository.transaction(async (tx) => {
        await assertSite(scope, siren, merged, tx);
        if (merged.adresse_id && merged.adresse_id !== before.adresse_id) await repository.adresses.lock(tx, scope.associationId, merged.adresse_id);
        const written = await repository.sites.update(tx, row.id, siteData({ ...changes, ...merged }));
        await audit.record(tx, { associationId: scope.associationId, actor: actor(claims), entity: 'haa_site', entityId: row.id, action: 'update', before: siteTrail(before), after: siteTrail(await toSite(scope, siren, written)) });
        return written;
      });
      return toSite(scope, siren, updated);
    },

    async removeSite(claims: AuthClaims, scope: AssociationScope<'write-all'>, id: string) {
      const siren = await sirenOf(scope);
      const row = await siteOf(scope, id);
      const before = await toSite(scope, siren, row);
      await repository.transaction(async (tx) => {
        await repository.sites.remove(tx, row.id);
        await audit.record(tx, { associationId: scope.associationId, actor: actor(claims), entity: 'haa_site', entityId: row.id, action: 'delete', before: siteTrail(before), after: null });
      });
      return { message: HAA_MESSAGES.siteDeleted };
    },

    async listAddresses(scope: AssociationScope<'read'>, cp: string): Promise<HaaAddress[]> {
      await sirenOf(scope);
      const rows = await repository.adresses.listByPostcode(scope.associationId, cp);
      if (scope.siret === null) return rows.map(toHaaAddress);
      // A secondary establishment's member sees the addresses of its establishment's sites only.
      const used = new Set((await repository.sites.list(scope.associationId)).filter((s) => seesSite(scope, s)).map((s) => s.adresseId));
      return rows.filter((row) => used.has(row.id)).map(toHaaAddress);
    },

    async createAddress(claims: AuthClaims, scope: AssociationScope<'write-all'>, fields: HaaAddressFields): Promise<HaaAddress> {
      await sirenOf(scope);
      const place = await locator.locateAddress(fields);
      return repository.transaction((tx) => createAddress(tx, claims, scope, fields, place));
    },

    async updateAddress(claims: AuthClaims, scope: AssociationScope<'write-all'>, id: string, changes: AddressChanges): Promise<HaaAddress> {
      await sirenOf(scope);
      const row = await repository.adresses.find(scope.associationId, id);
      if (!row) throw appError('HAA_ADRESSE_NOT_FOUND');
      const before = toHaaAddress(row);
      const after = { ...before, ...changes };
      // Located again only when where it is changes (number, street, postcode, commune).
      const moved = (['num_voie', 'voie', 'cp', 'commune'] as const).some((key) => changes[key] !== undefined && changes[key] !== before[key]);
      const place = moved ? await locator.locateAddress(after) : null;
      return repository.transaction(async (tx) => {
        const written = toHaaAddress(
          await repository.adresses.update(tx, row.id, {
            ...addressData(changes),
            ...(place ? located({ code_insee: changes.code_insee ?? null }, place) : changes.code_insee !== undefined ? { codeInsee: changes.code_insee } : {}),
          }),
        );
        await audit.record(tx, { associationId: scope.associationId, actor: actor(claims), entity: 'haa_adresse', entityId: row.id, action: 'update', before, after: written });
        return written;
      });
    },

    async removeAddress(claims: AuthClaims, scope: AssociationScope<'write-all'>, id: string) {
      await sirenOf(scope);
      const row = await repository.adresses.find(scope.associationId, id);
      if (!row) throw appError('HAA_ADRESSE_NOT_FOUND');
      await repository.transaction(async (tx) => {
        // Locked first: a site being pointed at it meanwhile either commits before (counted) or waits.
        await repository.adresses.lock(tx, scope.associationId, row.id);
        const count = await repository.adresses.sitesUsing(tx, row.id);
        if (count > 0) throw appError('HAA_ADRESSE_IN_USE', { count });
        await repository.adresses.remove(tx, row.id);
        await audit.record(tx, { associationId: scope.associationId, actor: actor(claims), entity: 'haa_adresse', entityId: row.id, action: 'delete', before: toHaaAddress(row), after: null });
      });
      return { message: HAA_MESSAGES.adresseDeleted };
    },

    /** A site and its new address in one transaction: a refusal of either leaves neither. */
    async createSiteWithAddress(
      claims: AuthClaims,
      scope: AssociationScope<'write-all'>,
      body: { site: Omit<HaaSiteFields, 'adresse_id'>; adresse: HaaAddressFields },
    ): Promise<HaaSite> {
      const siren = await sirenOf(scope);
      const shape = {
        type_membre: body.site.type_membre,
        membre_siret_id: body.site.membre_siret_id ?? null,
        membre_reseau_id: body.site.membre_reseau_id ?? null,
        responsable_id: body.site.responsable_id ?? null,
        itinerant: body.site.itinerant,
      };
      // Checked before the address is located: a refused site costs no outside call.
      // The address comes with the site: only the member rules are left to check.
      assertNoErrors(siteShapeErrors({ ...shape, adresse_id: null, itinerant: true }));
      await assertMembers(scope, siren, shape);
      const place = await locator.locateAddress(body.adresse);
      const row = await repository.transaction(async (tx) => {
        const adresse = await createAddress(tx, claims, scope, body.adresse, place);
        const created = await repository.sites.create(tx, {
          associationId: scope.associationId,
          natureActivite: body.site.nature_activite,
          ...siteData({ ...body.site, ...shape, adresse_id: adresse.id }),
          typeMembre: body.site.type_membre,
        });
        await audit.record(tx, { associationId: scope.associationId, actor: actor(claims), entity: 'haa_site', entityId: created.id, action: 'create', before: null, after: siteTrail(await toSite(scope, siren, created)) });
        return created;
      });
      return toSite(scope, siren, row);
    },
  };
}
export type HaaService = ReturnType<typeof createHaaService>;
