// Files the API sends raw (a dossier's PDF, the work list's exports), fetched with the access token
// in its header (never in a URL; a stale token is refreshed by one ordinary call, then the file is
// asked again), read as a stream so that the screen can say how much came, then saved by the
// browser from a local blob.
import { ACCESS_TOKEN_HEADER } from '@portail/contract';
import { session } from '../session/session-store.ts';

export interface DownloadProgress {
  /** Bytes received so far. */
  bytes: number;
  /** Line breaks received so far (a CSV's rows, its header included). */
  lines: number;
  /** What the server announced (`X-Total-Count`), or null. */
  totalRows: number | null;
}

/**
 * GETs `url` with the token; on 401, `refresh` (any ordinary call, which renews the token) then once
 * more. A refusal throws the same French error as any refused call.
 */
export async function fetchWithToken(url: string, refresh: () => Promise<unknown>): Promise<Response> {
  const get = () => fetch(url, { headers: { [ACCESS_TOKEN_HEADER]: session.getState().token ?? '' }, credentials: 'same-origin' });
  let response = await get();
  if (response.status === 401) {
    await refresh();
    response = await get();
  }
  if (!response.ok) {
    const [{ toApiError }, body] = await Promise.all([import('./error-mapping.ts'), response.json().catch(() => null)]);
    throw toApiError(response.status, body);
  }
  return response;
}

/** The response's body as a blob, read chunk by chunk, `onProgress` told after each one. */
export async function readWithProgress(response: Response, onProgress: (progress: DownloadProgress) => void): Promise<Blob> {
  const header = response.headers.get('X-Total-Count');
  const totalRows = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  if (!response.body) {
    const blob = await response.blob();
    onProgress({ bytes: blob.size, lines: 0, totalRows });
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  onProgress({ bytes, lines, totalRows });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    for (const byte of value) if (byte === 0x0a) lines += 1;
    onProgress({ bytes, lines, totalRows });
  }
  return new Blob(chunks as BlobPart[], { type });
}

/** Lets the browser save `blob` as `fileName` (a link clicked, then let go). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
