// proxy-asso document routes: upload (multipart), list, download (header token, or a single-use
// ticket for browser links), delete.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { api, MESSAGES } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import { receiveFile } from '../../../http/multipart.ts';
import { sendStoredFile } from '../../../http/stored-file.ts';
import type { DocumentService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface DocumentRouteServices {
  documents: DocumentService;
}

export function documentRoutes(app: FastifyInstance, { documents }: DocumentRouteServices) {
  const r = api.associationDocuments;
  registerRoute(app, r.listDocuments, ({ scope, query }) => documents.list(scope, query));
  registerRoute(app, r.uploadDocument, ({ auth, scope, query, request }) =>
    documents.upload(auth, scope, query, () => receiveFile(request)),
  );
  const sendFile = (reply: FastifyReply, { row, stream }: Awaited<ReturnType<typeof documents.open>>) =>
    sendStoredFile(reply, { mimeType: row.mimeType, size: row.taille, name: row.nom }, stream);
  registerRoute(app, r.downloadDocument, async ({ scope, query, reply }) => sendFile(reply, await documents.open(scope, query)));
  registerRoute(app, r.downloadTicket, ({ auth, scope, query }) => documents.issueTicket(auth, scope, query));
  registerRoute(app, r.downloadWithTicket, async ({ params, reply }) =>
    sendFile(reply, await documents.openWithTicket(params.ticket)),
  );
  registerRoute(app, r.deleteDocument, async ({ scope, query }) => {
    await documents.remove(scope, query);
    return { message: MESSAGES.documentDeleted };
  });
}
