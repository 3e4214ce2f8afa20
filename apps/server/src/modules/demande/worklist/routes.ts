// lca-server /demande/instructeur/dossiers routes (contract subsidies/worklist-routes.ts): a few
// lines each; the rules are in service.ts, the files' writing in export.ts (the XLSX in a thread of
// its own, xlsx-thread.ts).
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import { writeCsv } from './export.ts';
import { reserveXlsxThread, writeXlsxOffThread } from './xlsx-thread.ts';
import type { WorklistService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface WorklistRouteServices {
  worklist: WorklistService;
}

/** What an export writes: its row count, and its rows (read here for the CSV, by the thread for the XLSX). */
type ExportFile = Awaited<ReturnType<WorklistService['exportRows']>>;

const FORMATS = {
  csv: { type: 'text/csv; charset=utf-8', write: (out: Writable, file: ExportFile) => writeCsv(out, file.batches), reserve: () => () => undefined },
  xlsx: {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    // The thread reads its rows itself (xlsx-thread.ts): none goes through this one.
    write: (out: Writable, file: ExportFile) => writeXlsxOffThread(out, file.plan),
    reserve: reserveXlsxThread,
  },
} as const;

/**
 * Sends the file as it is written. Its length is unknown beforehand: X-Total-Count gives the rows
 * to come, for the client's progress. A failure midway cuts the answer (the client sees a broken
 * download, never a file that looks whole).
 */
async function sendExport(reply: FastifyReply, format: keyof typeof FORMATS, file: ExportFile) {
  // Refused (429) before anything is sent when the instance writes as many XLSX files as it may.
  const release = FORMATS[format].reserve();
  const out = new PassThrough();
  const day = new Date().toISOString().slice(0, 10);
  void reply
    .header('content-type', FORMATS[format].type)
    .header('content-disposition', `attachment; filename="dossiers-${day}.${format}"`)
    .header('cache-control', 'private, no-store')
    .header('x-total-count', String(file.total))
    .header('access-control-expose-headers', 'X-Total-Count, Content-Disposition')
    .send(out);
  try {
    await FORMATS[format].write(out as Writable, file);
  } catch (error) {
    reply.log.error({ err: error }, 'export interrupted');
    out.destroy(error as Error);
  } finally {
    release();
  }
  return reply;
}

export function worklistRoutes(app: FastifyInstance, { worklist }: WorklistRouteServices) {
  const r = api.worklist;
  registerRoute(app, r.listWorklist, ({ auth, query }) => worklist.list(auth, query));
  registerRoute(app, r.countWorklist, ({ auth, query }) => worklist.counts(auth, query));
  registerRoute(app, r.facetsWorklist, ({ auth }) => worklist.facets(auth));
  registerRoute(app, r.bulkWorklist, ({ auth, body }) => worklist.bulk(auth, body), { rateLimit: { name: 'worklistBulk' } });
  const perAccount = { rateLimit: { name: 'worklistExport' } } as const;
  registerRoute(app, r.exportWorklistCsv, async ({ auth, query, reply }) => sendExport(reply, 'csv', await worklist.exportRows(auth, query)), perAccount);
  registerRoute(app, r.exportWorklistXlsx, async ({ auth, query, reply }) => sendExport(reply, 'xlsx', await worklist.exportRows(auth, query)), perAccount);
}
