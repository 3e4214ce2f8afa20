// GET /api/open-data/subventions.csv (contract open-data.ts): public, cached by its validators,
// written as the rows come (a failure midway cuts the answer: never a file that looks whole).
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api, OPEN_DATA_MAX_AGE_SECONDS } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import { writeScdlCsv } from './csv.ts';
import type { OpenDataService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface OpenDataRouteServices {
  openData: OpenDataService;
}

/** Whether the caller's copy is the current one (If-None-Match first, then If-Modified-Since, as RFC 9110 says). */
function unchanged(request: FastifyRequest, etag: string, lastModified: Date | null): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag);
  const ifModifiedSince = request.headers['if-modified-since'];
  if (!ifModifiedSince || !lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

export function openDataRoutes(app: FastifyInstance, { openData }: OpenDataRouteServices) {
  registerRoute(
    app,
    api.openData.subventionsCsv,
    async ({ query, request, reply }) => {
      const { exercice } = query;
      const { etag, lastModified } = await openData.validators(exercice);
      void reply
        .header('cache-control', `public, max-age=${OPEN_DATA_MAX_AGE_SECONDS}`)
        .header('etag', etag)
        // Open data: any site may read it from a browser.
        .header('access-control-allow-origin', '*')
        .header('access-control-expose-headers', 'ETag, Last-Modified, Content-Disposition');
      if (lastModified) void reply.header('last-modified', lastModified.toUTCString());
      if (unchanged(request, etag, lastModified)) return reply.status(304).send();
      const out = new PassThrough();
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="subventions-${exercice}.csv"`)
        .send(out);
      try {
        await writeScdlCsv(out, openData.records(exercice));
      } catch (error) {
        reply.log.error({ err: error }, 'open data file interrupted');
        out.destroy(error as Error);
      }
      return reply;
    },
    { rateLimit: { name: 'openData' } },
  );
}
