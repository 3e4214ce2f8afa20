// A stored file sent as a download (association documents, document templates): its type, size and
// name (RFC 5987, accents kept), never cached by a shared cache.
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** RFC 5987 file name for Content-Disposition (accents kept). */
const attachmentName = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const sendStoredFile = (reply: FastifyReply, file: { mimeType: string; size: number; name: string }, stream: Readable) =>
  reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentName(file.name))
    .header('cache-control', 'private, no-store')
    .send(stream);
