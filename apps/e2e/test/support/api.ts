// What a journey's set-up does through the API rather than the screens (the parts other journeys
// already walk): JSON or a multipart form, the access token in its header; a refusal throws with
// the portal's answer. And the smallest PDF the server's content check accepts, for uploads.

/** A PDF small enough to read in a test, real enough for the server's content check. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** `method /api{path}` on the portal at `baseUrl`: its JSON answer (null when empty). */
export async function callPortal(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<unknown> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }), ...(token ? { 'x-access-token': token } : {}) },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api${path} : HTTP ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}
