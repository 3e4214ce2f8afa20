// The two outside lookups (docs/domain.md « Recherches extérieures »): the commune search, relayed
// to the national address API with a small cache and answered from the offline commune list when
// that API does not answer; the INSEE code of a town for the rules that need one (SIRET requests);
// INSEE's notice of a company's registration.
import type { FastifyBaseLogger } from 'fastify';
import type { AddressLookupQuery, AddressLookupResponse, HaaGeocoding } from '@portail/contract';
import type { ExternalLookupsConfig } from '../../../config.ts';
import { createAddressApi, type AddressApi } from './address-api.ts';
import { comparableName, searchOfflineCommunes } from './offline-communes.ts';
import { createSireneNoticeApi, type SireneNoticeApi } from './sirene-notice.ts';
import { TtlLruCache } from './ttl-cache.ts';

export interface ExternalLookupsDependencies {
  config: ExternalLookupsConfig;
  log: FastifyBaseLogger;
  /** Given by tests; built from the configuration otherwise. */
  addressApi?: AddressApi;
  sireneNoticeApi?: SireneNoticeApi;
}

/** An address located (food-aid sites): INSEE code, longitude geo_X and latitude geo_Y, and how it was found. */
export interface LocatedAddress {
  geocodage: HaaGeocoding;
  code_insee: string | null;
  geo_X: number | null;
  geo_Y: number | null;
}

/** How a search is kept in the cache: the same question, whatever its spelling's case or spaces. */
const cacheKey = (query: AddressLookupQuery) =>
  [query.type, query.postcode ?? '', query.limit, query.q.toLowerCase().replace(/\s+/g, ' ')].join('|');

export function createExternalLookupService({ config, log, addressApi, sireneNoticeApi }: ExternalLookupsDependencies) {
  const nationalApi = addressApi ?? createAddressApi({ baseUrl: config.addressApiUrl, timeoutMs: config.timeoutMs });
  const notices = sireneNoticeApi ?? createSireneNoticeApi({ baseUrl: config.sireneNoticeUrl, timeoutMs: config.timeoutMs });
  // Only the national API's answers are kept: an offline answer is cheap, and keeping it would hide
  // the API's return for as long as it is kept.
  const cache = new TtlLruCache<AddressLookupResponse>(config.addressCacheEntries, config.addressCacheTtlMs);

  async function searchCommunes(query: AddressLookupQuery): Promise<AddressLookupResponse> {
    const key = cacheKey(query);
    const kept = cache.get(key);
    if (kept) return kept;
    try {
      const features = await nationalApi.searchCommunes(query);
      const answer: AddressLookupResponse = { type: 'FeatureCollection', features, query: query.q, source: 'api-adresse' };
      cache.set(key, answer);
      return answer;
    } catch (error) {
      log.warn({ err: error }, 'address API did not answer: offline commune list used');
      return { type: 'FeatureCollection', features: searchOfflineCommunes(query), query: query.q, source: 'hors-ligne' };
    }
  }

  return {
    searchCommunes,

    /**
     * The INSEE code of a town given by its name and postcode (a SIRET request's address without
     * one), or null when no town of that postcode bears that name. The name must match (accents,
     * case and hyphens aside): the first town of the postcode is not taken for another.
     */
    async inseeCodeOf(commune: string, postcode: string): Promise<string | null> {
      const name = comparableName(commune);
      if (name.length < 2 || !/^\d{5}$/.test(postcode)) return null;
      const { features } = await searchCommunes({ q: commune.trim().slice(0, 100), type: 'municipality', postcode, limit: 5 });
      const same = features.find((feature) => feature.properties.postcode === postcode && comparableName(feature.properties.name) === name);
      return same?.properties.citycode ?? null;
    },

    /**
     * Where an address is (food-aid sites): the national API's answer for its street and town in
     * its postcode gives the INSEE code and the coordinates (`adresse`); when the API answers without
     * finding it, no coordinates and the INSEE code of the town of that name and postcode if the
     * offline list has one (`non-localisee`); when the API does not answer, the same from the
     * offline list (`commune-hors-ligne`): never coordinates, which the offline list does not have.
     */
    async locateAddress(address: { num_voie?: string | null; voie?: string | null; cp: string; commune: string }): Promise<LocatedAddress> {
      const text = [address.num_voie, address.voie, address.commune].filter((part) => part && part.trim() !== '').join(' ').slice(0, 200);
      const offlineCode = () =>
        searchOfflineCommunes({ q: address.commune.slice(0, 100), postcode: address.cp, limit: 5 }).find(
          (feature) => comparableName(feature.properties.name) === comparableName(address.commune),
        )?.properties.citycode ?? null;
      try {
        const found = await nationalApi.locate(text, address.cp);
        if (found?.coordinates) return { geocodage: 'adresse', code_insee: found.citycode, geo_X: found.coordinates[0], geo_Y: found.coordinates[1] };
        return { geocodage: 'non-localisee', code_insee: found?.citycode ?? offlineCode(), geo_X: null, geo_Y: null };
      } catch (error) {
        log.warn({ err: error }, 'address API did not answer: the address keeps the commune INSEE code of the offline list, without coordinates');
        return { geocodage: 'commune-hors-ligne', code_insee: offlineCode(), geo_X: null, geo_Y: null };
      }
    },

    /** INSEE's PDF for a SIREN, to be relayed as it arrives; French catalogue errors otherwise. */
    sireneNotice: (siren: string) => notices.fetch(siren),
  };
}
export type ExternalLookupService = ReturnType<typeof createExternalLookupService>;
