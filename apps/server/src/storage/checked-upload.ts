// An uploaded file stored once it passed the portal's upload rules (docs/domain.md « Champs »): a
// name without a forbidden extension, at most UPLOAD_MAX_BYTES, a PDF or JPEG by its content (the
// first bytes, checked before the rest is read). Shared by the association documents and the
// document templates; the caller records the row and removes the file if that fails.
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { ALLOWED_DOCUMENT_TYPES, checkDocumentName, UPLOAD_MAX_BYTES } from '@portail/contract';
import { appError } from '../http/errors.ts';
import { FileTooLargeError, type FileStorage, type StoredFile } from './file-storage.ts';

export interface IncomingFile {
  filename: string;
  /** busboy sets `truncated` when the multipart size limit cut the file. */
  stream: Readable & { truncated?: boolean };
}

const tooLarge = () => appError('FILE_TOO_LARGE');
const contentRefused = () => appError('FILE_CONTENT_REFUSED');

/** The content must be a PDF or a JPEG, whatever the name says. */
async function detectAllowedType(head: Buffer): Promise<string | null> {
  const detected = await fileTypeFromBuffer(head);
  return detected && ALLOWED_DOCUMENT_TYPES.some((type) => type.mimeType === detected.mime) ? detected.mime : null;
}

/** Stores `file` when it passes the rules (French 4xx otherwise, nothing left behind); its key, size, hash and type. */
export async function storeCheckedUpload(storage: FileStorage, file: IncomingFile | undefined): Promise<StoredFile & { mimeType: string; filename: string }> {
  if (!file) throw appError('MISSING_FILE');
  // At the size limit the parser only cuts the file and keeps reading the body to its end;
  // stopping the stream there lets the 413 go out at once.
  file.stream.once('limit', () => file.stream.destroy(new FileTooLargeError(UPLOAD_MAX_BYTES)));
  if (checkDocumentName(file.filename)) throw appError('FILE_NAME_REFUSED', { fileName: file.filename });

  let mimeType: string | null = null;
  const checkHead = async (head: Buffer) => {
    mimeType = await detectAllowedType(head);
    if (!mimeType) throw contentRefused();
  };
  const stored = await storage.save(file.stream, { maxBytes: UPLOAD_MAX_BYTES, checkHead }).catch((error: unknown) => {
    if (error instanceof FileTooLargeError || (error as { statusCode?: number }).statusCode === 413) throw tooLarge();
    if ((error as { code?: string }).code === 'ECONNRESET') throw appError('UPLOAD_INTERRUPTED');
    throw error;
  });
  if (file.stream.truncated || !mimeType) {
    await storage.remove(stored.key);
    throw file.stream.truncated ? tooLarge() : contentRefused();
  }
  return { ...stored, mimeType, filename: file.filename.slice(0, 255) };
}
