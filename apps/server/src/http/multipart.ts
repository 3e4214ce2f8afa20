// The one file of a multipart upload, as the edge accepts it (docs/security.md « Entrées refusées à
// l'entrée »): a boundary the parser can use, field values and a file name without a forbidden
// character; a body cut short or malformed is a French 400, never a parser's 500.
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { appError, isMalformedMultipart } from './errors.ts';
import { checkInput } from './input-guard.ts';

/** RFC 2046: a boundary has 1 to 70 characters (the parser refuses more than 256, with a 500). */
const BOUNDARY_MAX_LENGTH = 70;

export interface ReceivedFile {
  filename: string;
  /** The file's bytes as they arrive; busboy sets `truncated` when the size limit cut the file. */
  stream: Readable & { truncated?: boolean };
}

function boundaryOf(contentType: string | undefined): string | null {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? '') : null;
}

/** The upload's file, or undefined when the body is not multipart or holds no file. */
export async function receiveFile(request: FastifyRequest): Promise<ReceivedFile | undefined> {
  if (!request.isMultipart()) return undefined;
  const boundary = boundaryOf(request.headers['content-type']);
  if (!boundary || boundary.length > BOUNDARY_MAX_LENGTH) throw appError('MULTIPART_INVALID');
  const part = await request.file().catch((error: unknown) => {
    throw isMalformedMultipart(request, error) ? appError('MULTIPART_INVALID') : error;
  });
  if (!part) return undefined;
  // Field names and values sent before the file, and the file name.
  const valueOf = (field: unknown) => (field && typeof field === 'object' && 'value' in field ? field.value : null);
  const fields = Object.entries(part.fields).map(([name, field]) => [name, Array.isArray(field) ? field.map(valueOf) : valueOf(field)]);
  checkInput({ filename: part.filename, fields: Object.fromEntries(fields) as unknown });
  return { filename: part.filename, stream: part.file };
}
