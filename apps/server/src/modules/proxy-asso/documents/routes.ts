// proxy-asso document routes: upload (multipart), list, download (header token, or a single-use
// ticket for browser links), delete.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { api, MESSAGES } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { AppServices } from '../../../services.ts';

/** RFC 5987 file name for Content-Disposition (accents kept). */
const attachmentName = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export function documentRoutes(app: FastifyInstance, { documents }: AppServices) {
  const r = api.associationDocuments;
  registerRoute(app, r.listDocuments, ({ auth, query }) => documents.list(auth, query));
  registerRoute(app, r.uploadDocument, ({ auth, query, request }) =>
    documents.upload(auth, query, async () => {
      const part = request.isMultipart() ? await request.file() : undefined;
      return part && { filename: part.filename, stream: part.file };
    }),
  );
  const sendFile = (reply: FastifyReply, { row, stream }: Awaited<ReturnType<typeof documents.open>>) =>
    reply
      .header('content-type', row.mimeType)
      .header('content-length', String(row.taille))
      .header('content-disposition', attachmentName(row.nom))
      .header('cache-control', 'private, no-store')
      .send(stream);
  registerRoute(app, r.downloadDocument, async ({ auth, query, reply }) => sendFile(reply, await documents.open(auth, query)));
  registerRoute(app, r.downloadTicket, ({ auth, query }) => documents.issueTicket(auth, query));
  registerRoute(app, r.downloadWithTicket, async ({ params, reply }) =>
    sendFile(reply, await documents.openWithTicket(params.ticket)),
  );
  registerRoute(app, r.deleteDocument, async ({ auth, query }) => {
    await documents.remove(auth, query);
    return { message: MESSAGES.documentDeleted };
  });
}
