// The national address API (api-adresse.data.gouv.fr, base URL ADDRESS_API_URL): its `/search/`
// for communes, called with undici and given `timeoutMs` for the whole answer. Any failure
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

export function createAddressApi({ baseUrl, timeoutMs }: { baseUrl: string; timeoutMs: number }) {
  return {
    async searchCommunes(query: AddressLookupQuery): Promise<CommuneFeature[]> {
      const url = new URL(`${baseUrl}/search/`);
      url.searchParams.set('q', query.q);
      url.searchParams.set('type', query.type);
      url.searchParams.set('limit', String(query.limit));
      if (query.postcode) url.searchParams.set('postcode', query.postcode);
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
        // Only towns, whatever else the API adds; a feature not in the documented shape is left out.
        return parsed.data.features.flatMap((raw) => {
          const feature = upstreamFeatureSchema.safeParse(raw);
          if (!feature.success || feature.data.properties.type !== 'municipality') return [];
          const { geometry, properties } = feature.data;
          return [
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
          ];
        });
      } catch (error) {
        await answer.body.dump().catch(() => undefined);
        throw error instanceof AddressApiError ? error : new AddressApiError(`address API answer unreadable: ${(error as Error).message}`);
      }
    },
  };
}
export type AddressApi = ReturnType<typeof createAddressApi>;
