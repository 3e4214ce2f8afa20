// Upload rules of the association file (docs/domain.md « Champs », « Constantes et affichage »): shared by the client's file
// inputs and the server's checks.
import { MESSAGES } from './messages.ts';

import { UPLOAD_MAX_BYTES } from './limits.ts';

export { UPLOAD_MAX_BYTES };
/** The upload limit in MB as users read it (15). */
export const UPLOAD_MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

/** What the association file accepts, checked on the content, not only on the name. */
export const ALLOWED_DOCUMENT_TYPES = [
  { extension: 'pdf', mimeType: 'application/pdf' },
  { extension: 'jpg', mimeType: 'image/jpeg' },
  { extension: 'jpeg', mimeType: 'image/jpeg' },
] as const;

/** What the file inputs accept, from the same list (`.pdf,.jpg,.jpeg`). */
export const ACCEPTED_FILE_EXTENSIONS = ALLOWED_DOCUMENT_TYPES.map((type) => `.${type.extension}`).join(',');

/** The file input's hint: accepted formats and size, from the rules above. */
export const UPLOAD_HINT = `Formats acceptés : ${[...new Set(ALLOWED_DOCUMENT_TYPES.map((type) => type.extension.toUpperCase()))].join(', ')}. Taille maximale : ${UPLOAD_MAX_MB} Mo.`;

/** Scripts, executables and web pages are refused outright (docs/domain.md « Champs »). */
export const FORBIDDEN_EXTENSIONS = ['sql', 'sh', 'exe', 'bat', 'php', 'html', 'htm', 'js', 'asp', 'aspx', 'jsp'] as const;

export const DOCUMENT_MESSAGES = {
  tooLarge: MESSAGES.http413,
  forbiddenExtension: (ext: string) => `L'extension du fichier (${ext}) n'est pas autorisée.`,
  wrongType: 'Seuls les fichiers PDF, JPG et JPEG sont acceptés.',
  contentMismatch: 'Le contenu du fichier ne correspond pas à un document PDF, JPG ou JPEG.',
  missingFile: 'Aucun fichier reçu.',
  interrupted: 'Le dépôt du fichier a été interrompu. Veuillez réessayer.',
  ticketInvalid: 'Ce lien de téléchargement a expiré ou a déjà servi. Relancez le téléchargement depuis le portail.',
} as const;

export function extensionOf(fileName: string): string {
  const match = /\.([^./\\]+)$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : '';
}

/**
 * What a file input checks before sending anything (the server checks the same, then the content):
 * its name (forbidden, then accepted extensions), its size (15 MB) and that it is not empty.
 * The French message, or null when the file may be sent.
 */
export function checkUploadFile(file: { name: string; size: number }): string | null {
  const nameProblem = checkDocumentName(file.name);
  if (nameProblem) return nameProblem;
  if (file.size > UPLOAD_MAX_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  if (file.size === 0) return DOCUMENT_MESSAGES.contentMismatch;
  return null;
}

/** Name-level check: the French message to show, or null when the name is acceptable. */
export function checkDocumentName(fileName: string): string | null {
  const extension = extensionOf(fileName);
  if ((FORBIDDEN_EXTENSIONS as readonly string[]).includes(extension)) return DOCUMENT_MESSAGES.forbiddenExtension(extension);
  if (!ALLOWED_DOCUMENT_TYPES.some((type) => type.extension === extension)) return DOCUMENT_MESSAGES.wrongType;
  return null;
}
