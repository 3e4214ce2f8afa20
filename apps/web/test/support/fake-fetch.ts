// A scripted fetch: the client's unit boundary (the real server is tested on its own).
import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  /** The multipart body of an upload. */
  formData?: FormData;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Routes `METHOD /path` (path without query) to handlers; records every request. */
export function createFakeFetch(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: RecordedRequest = { url, method, headers, body };
    if (init.body instanceof FormData) request.formData = init.body;
    requests.push(request);
    const key = `${method} ${url.split('?')[0]}`;
    const handler = routes[key];
    if (!handler) throw new TypeError(`Failed to fetch (no fake for ${key})`);
    return handler(request);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests, mock: fetch };
}

/** A fake fetch installed as the global one, until `vi.unstubAllGlobals()`. */
export function stubFetch(routes: Record<string, Handler> = {}) {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}
