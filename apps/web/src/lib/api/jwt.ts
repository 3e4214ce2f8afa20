// Reads the expiry of the access token; the signature is the server's business.
import { accessTokenPayloadSchema } from '@portail/contract';

const expirySchema = accessTokenPayloadSchema.pick({ exp: true });

/** Margin so that a token does not expire between the check and the server's own check. */
export const EXPIRY_MARGIN_MS = 10_000;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Expiry in seconds since the epoch, or null when the token cannot be read. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = expirySchema.safeParse(JSON.parse(decodeBase64Url(payload)));
    return parsed.success ? parsed.data.exp : null;
  } catch {
    return null;
  }
}

/** An unreadable token is left to the server to judge. */
export function isTokenExpired(token: string, nowMs: number, marginMs = EXPIRY_MARGIN_MS): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 - marginMs <= nowMs;
}
