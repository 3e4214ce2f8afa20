// proxy-asso: GET /adresse/search (communes, national API or offline list) and
// GET /sirene/avis-situation/:siren (INSEE's PDF, relayed as it arrives).
import type { FastifyInstance } from 'fastify';
import { ADDRESS_SOURCE_HEADER, api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { ExternalLookupService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface ExternalLookupRouteServices {
  externalLookups: ExternalLookupService;
}

export function externalLookupRoutes(app: FastifyInstance, { externalLookups }: ExternalLookupRouteServices) {
  registerRoute(
    app,
    api.externalLookups.searchAddress,
    async ({ query, reply }) => {
      const answer = await externalLookups.searchCommunes(query);
      void reply.header(ADDRESS_SOURCE_HEADER, answer.source);
      return answer;
    },
    { rateLimit: { name: 'addressLookup' } },
  );

  registerRoute(
    app,
    api.externalLookups.sireneNotice,
    async ({ params, reply }) => {
      const notice = await externalLookups.sireneNotice(params.siren);
      // A PDF cut midway by INSEE is cut here too: the download fails rather than looking whole.
      notice.body.on('error', (error) => reply.log.warn({ err: error }, 'SIRENE notice interrupted'));
      void reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="avis-situation-${params.siren}.pdf"`)
        .header('cache-control', 'private, no-store');
      if (notice.length !== undefined) void reply.header('content-length', notice.length);
      return reply.send(notice.body);
    },
    { rateLimit: { name: 'sireneNotice' } },
  );
}
