// The national address API (api-adresse.data.gouv.fr, base URL ADDRESS_API_URL): its `/search/`
// for communes and for locating an address (food-aid sites), called with undici and given `timeoutMs` for the whole answer. Any failure
// (unreachable, too slow, an error status, an answer not in its documented shape) is thrown: the
// service then answers from the offline list.
import { z } from 'zod';
import type { AddressLookupQuery, CommuneFeature } from '@portail/contract';
import { loadUndici } from './undici.ts';

/** An answer larger than this is not a list of at most 20 communes. */
const MAX_ANSWER_BYTES = 1_000_000;

// The national API's feature, as documented; fields we do not relay are ignored.
const upstreamFeatureSchema = z.object({
  geometry: z.object({ type: z.literal('Point'), coordinates: z.array(z.number()).length(2) }).nullish(),
  properties: z.object({
    label: z.string(),
    name: z.string(),
    postcode: z.string(),
    citycode: z.string(),
    context: z.string(),
    type: z.string(),
    score: z.number().optional(),
  }),
});
const upstreamAnswerSchema = z.object({ features: z.array(z.unknown()) });

export class AddressApiError extends Error {}

/** An address as the national API located it: the best feature of the asked postcode. */
export interface LocatedAddress {
  /** [longitude, latitude] (WGS 84). */
  coordinates: [number, number] | null;
  citycode: string;
  postcode: string;
  /** housenumber, street, locality or municipality: how precisely it was found. */
  type: string;
  score: number;
}

/** The kinds of answer that locate an address (a town is the last resort: its town hall). */
const ADDRESS_TYPES = new Set(['housenumber', 'street', 'locality', 'municipality']);

export function createAddressApi({ baseUrl, timeoutMs }: { baseUrl: string; timeoutMs: number }) {
  /** The features of one `/search/` answer, in the documented shape (else thrown). */
  async function ask(params: Record<string, string>): Promise<z.infer<typeof upstreamFeatureSchema>[]> {
    const url = new URL(`${baseUrl}/search/`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    // Loaded before the wait starts: the first call's loading is not the API's delay.
    const { request } = await loadUndici();
    const signal = AbortSignal.timeout(timeoutMs);
    const answer = await request(url, { method: 'GET', headers: { accept: 'application/json' }, signal }).catch(
      (error: unknown) => {
        throw new AddressApiError(`address API unreachable: ${(error as Error).message}`);
      },
    );
    try {
      if (answer.statusCode !== 200) throw new AddressApiError(`address API answered ${answer.statusCode}`);
      const declared = Number(answer.headers['content-length'] ?? 0);
      if (declared > MAX_ANSWER_BYTES) throw new AddressApiError('address API answer too large');
      let text = '';
      for await (const chunk of answer.body) {
        text += (chunk as Buffer).toString('utf8');
        if (text.length > MAX_ANSWER_BYTES) throw new AddressApiError('address API answer too large');
      }
      const parsed = upstreamAnswerSchema.safeParse(JSON.parse(text));
      if (!parsed.success) throw new AddressApiError('address API answer not in its documented shape');
      // A feature not in the documented shape is left out.
      return parsed.data.features.flatMap((raw) => {
        const feature = upstreamFeatureSchema.safeParse(raw);
        return feature.success ? [feature.data] : [];
      });
    } catch (error) {
      await answer.body.dump().catch(() => undefined);
      throw error instanceof AddressApiError ? error : new AddressApiError(`address API answer unreadable: ${(error as Error).message}`);
    }
  }

  return {
    async searchCommunes(query: AddressLookupQuery): Promise<CommuneFeature[]> {
      const features = await ask({
        q: query.q,
        type: query.type,
        limit: String(query.limit),
        ...(query.postcode ? { postcode: query.postcode } : {}),
      });
      // Only towns, whatever else the API adds.
      return features.flatMap(({ geometry, properties }) =>
        properties.type !== 'municipality'
          ? []
          : [
              {
                type: 'Feature' as const,
                geometry: geometry ? { type: 'Point' as const, coordinates: geometry.coordinates } : null,
                properties: {
                  label: properties.label,
                  name: properties.name,
                  postcode: properties.postcode,
                  citycode: properties.citycode,
                  context: properties.context,
                  type: 'municipality' as const,
                  score: properties.score ?? 0,
                },
              },
            ],
      );
    },

    /**
     * Locates an address (« 12 rue de la Paix Lyon », postcode 69001): the best answer of that
     * postcode, of any kind from the house number to the town; null when the API found nothing.
     */
    async locate(text: string, postcode: string): Promise<LocatedAddress | null> {
      const features = await ask({ q: text, postcode, limit: '5' });
      const found = features.find((f) => ADDRESS_TYPES.has(f.properties.type) && f.properties.postcode === postcode);
      if (!found) return null;
      const [longitude, latitude] = found.geometry?.coordinates ?? [];
      return {
        coordinates: longitude !== undefined && latitude !== undefined ? [longitude, latitude] : null,
        citycode: found.properties.citycode,
        postcode: found.properties.postcode,
        type: found.properties.type,
        score: found.properties.score ?? 0,
      };
    },
  };
}
export type AddressApi = ReturnType<typeof createAddressApi>;
