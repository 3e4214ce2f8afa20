// HTTP client built from the contract's route table: URL, token header, refresh, error mapping, parsing.
import {
  ACCESS_TOKEN_HEADER,
  authSessionRoutes,
  MESSAGES,
  routeUrl,
  sendsAccessToken,
  type CoreErrorKey,
  type RouteDefinition,
  type RouteInput,
  type RouteOutput,
} from '@portail/contract';
import type { SessionStore } from '../session/session-store.ts';
import { ApiError, BAD_RESPONSE_CODE, isCatalogueError, NETWORK_ERROR_CODE, SESSION_EXPIRED_CODE } from './api-error.ts';
import type { toApiError } from './error-mapping.ts';
import { isTokenExpired } from './jwt.ts';
import { toQueryString } from './query-string.ts';
import type { UploadTransport } from './upload-transport.ts';

export interface ApiClientDeps {
  fetch: typeof fetch;
  session: SessionStore;
  /** Called once each time the session is lost (no refresh token, or the refresh failed). */
  onSessionExpired: () => void;
  /**
   * Called when the server refuses a call by the entry checks (docs/domain.md « Parcours ») (address not validated,
   * password to change): the app then sends the user to the page that resolves it.
   */
  onEntryCheckRefused?: (code: EntryCheckRefusal) => void;
  now?: () => number;
  /** How an upload that reports its progress is sent (XMLHttpRequest by default). */
  upload?: UploadTransport;
}

/** The entry-check refusals the app resolves by sending the user to a page (error catalogue keys). */
const ENTRY_CHECK_REFUSALS = ['EMAIL_NOT_VALIDATED', 'PASSWORD_CHANGE_REQUIRED'] as const satisfies readonly CoreErrorKey[];
export type EntryCheckRefusal = (typeof ENTRY_CHECK_REFUSALS)[number];

/**
 * The error mapping reads the whole error catalogue (the text of a code answered without a message):
 * it loads with the first refused call, not with the entry. Should its chunk fail to load, the error
 * keeps the server's message (else a generic one), its status and its code.
 */
let errorMapping: Promise<{ toApiError: typeof toApiError }> | null = null;
async function toApiErrorLater(status: number, body: unknown): Promise<ApiError> {
  errorMapping ??= import('./error-mapping.ts');
  try {
    return (await errorMapping).toApiError(status, body);
  } catch {
    errorMapping = null;
    const { message, code } = (typeof body === 'object' && body !== null ? body : {}) as { message?: unknown; code?: unknown };
    const text = typeof message === 'string' && message.trim() ? message.trim() : MESSAGES.httpEmpty;
    return new ApiError(text, status, typeof code === 'string' ? { code } : {});
  }
}

/** A multipart route (file upload) also takes the form data to send as its body, and may report its progress. */
export type CallInput<R extends RouteDefinition> = RouteInput<R> &
  (R extends { multipart: true } ? { formData: FormData; onUploadProgress?: (fraction: number) => void } : unknown);

/** Input is optional only for routes that take nothing. */
export type CallArgs<R extends RouteDefinition> = [keyof CallInput<R>] extends [never]
  ? [input?: CallInput<R>]
  : [input: CallInput<R>];

export type CallApi = <R extends RouteDefinition>(route: R, ...args: CallArgs<R>) => Promise<RouteOutput<R>>;

interface RawInput {
  params?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
  /** Multipart body: sent as is, the browser sets the content type with its boundary. */
  formData?: FormData;
  onUploadProgress?: (fraction: number) => void;
}

export function createApiClient(deps: ApiClientDeps) {
  const now = deps.now ?? (() => Date.now());
  let refreshing: Promise<string> | null = null;

  function sessionExpired(): ApiError {
    deps.session.clear();
    deps.onSessionExpired();
    return new ApiError(MESSAGES.sessionExpired, 401, { code: SESSION_EXPIRED_CODE });
  }

  async function send(route: RouteDefinition, input: RawInput, token: string | null): Promise<Response> {
    const url = routeUrl(route, input.params) + toQueryString(input.query);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const json = input.formData === undefined && input.body !== undefined;
    if (json) headers['Content-Type'] = 'application/json';
    if (token && sendsAccessToken(route)) headers[ACCESS_TOKEN_HEADER] = token;
    try {
      if (input.formData && input.onUploadProgress) {
        // Loaded with the first upload that reports progress, not with the entry.
        const upload = deps.upload ?? (await import('./upload-transport.ts')).xhrUpload;
        return await upload(url, { method: route.method, headers, body: input.formData }, input.onUploadProgress);
      }
      return await deps.fetch(url, {
        method: route.method,
        headers,
        body: input.formData ?? (json ? JSON.stringify(input.body) : undefined),
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiError(MESSAGES.httpEmpty, 500, { code: NETWORK_ERROR_CODE });
    }
  }

  async function readJson(response: Response): Promise<unknown> {
    const text = await response.text().catch(() => '');
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  /** Exchanges the refresh token; concurrent callers share one exchange. */
  function refreshAccessToken(): Promise<string> {
    refreshing ??= (async () => {
      const refreshToken = deps.session.getState().refreshToken;
      if (!refreshToken) throw sessionExpired();
      const route = authSessionRoutes.refreshToken;
      let response: Response;
      try {
        response = await send(route, { params: { refreshToken } }, null);
      } catch {
        throw sessionExpired();
      }
      const parsed = route.response.safeParse(response.ok ? await readJson(response) : undefined);
      if (!parsed.success) throw sessionExpired();
      deps.session.setTokens(parsed.data);
      return parsed.data.token;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** The access token to send, refreshed first when it is (about to be) expired. */
  async function usableToken(route: RouteDefinition): Promise<string | null> {
    const token = deps.session.getState().token;
    if (!token || !sendsAccessToken(route)) return null;
    if (!isTokenExpired(token, now())) return token;
    try {
      return await refreshAccessToken();
    } catch (error) {
      // A public call still goes through, anonymously; a private one stops here.
      if (route.access === 'public') return null;
      throw error;
    }
  }

  async function callApi<R extends RouteDefinition>(route: R, ...args: CallArgs<R>): Promise<RouteOutput<R>> {
    const input = (args[0] ?? {}) as RawInput;
    let token = await usableToken(route);
    let response = await send(route, input, token);

    // The server may judge the token expired before we do (clock skew): refresh once and retry.
    if (response.status === 401 && token && route.access !== 'public') {
      token = await refreshAccessToken();
      response = await send(route, input, token);
    }

    const body = await readJson(response);
    if (!response.ok) {
      const error = await toApiErrorLater(response.status, body);
      const refusal = ENTRY_CHECK_REFUSALS.find((key) => isCatalogueError(error, key));
      if (refusal) deps.onEntryCheckRefused?.(refusal);
      throw error;
    }
    const parsed = route.response.safeParse(body);
    if (!parsed.success) throw new ApiError(MESSAGES.serverError, 500, { code: BAD_RESPONSE_CODE });
    return parsed.data as RouteOutput<R>;
  }

  return { callApi: callApi as CallApi, refreshAccessToken };
}
