// Requests from another loopback address (127.0.0.x): a real, different client IP for the server,
// without trusting X-Forwarded-For.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './test-app.ts';

export interface IpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

async function portOf(t: TestApp): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/** Calls `method path` (under /api) of a test app from `ip`, with a JSON body and extra headers. */
export async function fromIp(
  t: TestApp,
  ip: string,
  method: string,
  path: string,
  body?: object,
  headers: Record<string, string> = {},
): Promise<IpResponse> {
  const port = await portOf(t);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: ip,
        method,
        path: `/api${path}`,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode!, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
