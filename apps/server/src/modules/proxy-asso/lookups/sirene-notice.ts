// INSEE's notice of a company's registration (« avis de situation SIRENE »), a PDF at
// `<SIRENE_NOTICE_URL>/<siren>`, relayed as it arrives. The wait for INSEE's answer is bounded by
// `timeoutMs`; once it answers, the PDF flows through (each pause in it bounded too). What INSEE
// answers instead is told in French by the catalogue: unknown SIREN 404, an error 502, silence 503.
import type { Readable } from 'node:stream';
import { appError } from '../../../http/errors.ts';
import { loadUndici } from './undici.ts';

/** A pause in a PDF being relayed, beyond which it is cut (the caller sees an interrupted download). */
const BODY_PAUSE_FACTOR = 10;

export interface SireneNotice {
  body: Readable;
  /** The PDF's length when INSEE says it. */
  length: number | undefined;
}

export function createSireneNoticeApi({ baseUrl, timeoutMs }: { baseUrl: string; timeoutMs: number }) {
  return {
    async fetch(siren: string): Promise<SireneNotice> {
      const { request } = await loadUndici();
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error('SIRENE notice: no answer in time')), timeoutMs);
      try {
        const answer = await request(`${baseUrl}/${encodeURIComponent(siren)}`, {
          method: 'GET',
          headers: { accept: 'application/pdf' },
          signal: controller.signal,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs * BODY_PAUSE_FACTOR,
        }).catch(() => {
          throw appError('SIRENE_NOTICE_UNAVAILABLE');
        });
        const contentType = String(answer.headers['content-type'] ?? '');
        if (answer.statusCode === 200 && /application\/(pdf|octet-stream)/i.test(contentType)) {
          const length = Number(answer.headers['content-length']);
          return { body: answer.body, length: Number.isInteger(length) && length >= 0 ? length : undefined };
        }
        // Read and dropped (up to undici's bound), so the connection can serve again.
        await answer.body.dump().catch(() => undefined);
        throw appError(answer.statusCode === 404 ? 'SIRENE_NOTICE_NOT_FOUND' : 'SIRENE_NOTICE_FAILED');
      } finally {
        // The PDF may take longer than the wait for INSEE's answer: only bodyTimeout bounds it now.
        clearTimeout(timer);
      }
    },
  };
}
export type SireneNoticeApi = ReturnType<typeof createSireneNoticeApi>;
