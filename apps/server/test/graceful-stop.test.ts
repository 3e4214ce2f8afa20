// SIGTERM on the real server process: a request already in flight still gets its full answer (the
// database is still up behind it), then the process exits by itself with code 0 and its embedded
// PostgreSQL is stopped. No test route: the request is a registration whose body arrives late.
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './support/free-port.ts';
import { startPortalProcess, type PortalProcess } from './support/portal-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portail-stop-'));
chmodSync(dataDir, 0o755);
let portal: PortalProcess | undefined;
afterAll(async () => {
  await portal?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('SIGTERM', () => {
  it('lets an in-flight request finish, then exits 0 with PostgreSQL stopped', { timeout: 120_000 }, async () => {
    portal = await startPortalProcess({
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: '',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(await freePort()),
        NODE_ENV: 'development',
        DEMO_DATA: '0',
        LOG_LEVEL: 'warn',
      },
      timeoutMs: 90_000,
    });
    const body = JSON.stringify({
      email: 'en-vol@test.example.org',
      password: 'Requete-En-Vol-2026!',
      confirm: 'Requete-En-Vol-2026!',
      civilite: 'Mme',
      nom: 'Vol',
      prenom: 'Anne',
    });
    const half = Math.floor(body.length / 2);

    // Headers and half the body now; the rest only after the signal.
    let sent!: () => void;
    const headersSent = new Promise<void>((resolve) => (sent = resolve));
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${portal!.baseUrl}/api/auth-server/register?origin=lca&sendValidation=false`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half), () => sent());
      void (async () => {
        await headersSent;
        // The server has the request (routed, waiting for its body) before the signal.
        await sleep(300);
        portal!.child.kill('SIGTERM');
        await sleep(300);
        req.end(body.slice(half));
      })();
    });

    const { status, text } = await answer;
    expect(status, text).toBe(201);
    const exit = await portal.exited;
    expect(exit.code, portal.output()).toBe(0);
    expect(portal.output()).toContain('SIGTERM reçu');
    expect(portal.output()).toContain('Portail arrêté.');
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});
