// What a production start tells its operator: one log format (pino's JSON lines, the start and the
// stop included), a warning when no mail can leave (no SMTP_URL), a documents' folder it cannot
// write (/ready 503 and a French line at start), and, in the image (EMBEDDED_PG=0), DATABASE_URL
// named as the thing to set, never removing it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { checkDatabaseAnswers, NO_SMTP_IN_PRODUCTION } from '../src/startup.ts';
import { startPortalProcess } from './support/portal-process.ts';
import { createTestDatabase } from './support/test-app.ts';

describe('without the embedded PostgreSQL (EMBEDDED_PG=0, as in the image)', () => {
  it('names DATABASE_URL as the setting to give, never a reinstall', () => {
    const refusal = (() => {
      try {
        loadConfig({ NODE_ENV: 'production', EMBEDDED_PG: '0' });
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepté';
    })();
    expect(refusal).toMatch(/^DATABASE_URL manque : .*DATABASE_URL=postgresql:\/\//);
    expect(refusal).not.toMatch(/pnpm|npx|binaires/);
    expect(loadConfig({ NODE_ENV: 'production', EMBEDDED_PG: '0', DATABASE_URL: 'postgresql://u:p@h:5432/b' }).embeddedPg).toBe(false);
    expect(loadConfig({}).embeddedPg).toBe(true);
  });

  it('never advises removing DATABASE_URL when it does not answer', async () => {
    const unreachable = 'postgresql://nobody:secret@127.0.0.1:1/none';
    await expect(checkDatabaseAnswers(unreachable, { embeddedPg: false })).rejects.toThrow(/^(?!.*retirez).*ne répond pas/s);
    await expect(checkDatabaseAnswers('pas une adresse', { embeddedPg: false })).rejects.toThrow(/^(?!.*retirez).*pas une adresse valable/s);
    // With the embedded database at hand, removing it remains the way to use it.
    await expect(checkDatabaseAnswers(unreachable)).rejects.toThrow(/retirez DATABASE_URL/);
  });
});

describe('a production start', () => {
  it('writes only JSON lines, warns without SMTP_URL, and stays unready on a documents folder it cannot write', { timeout: 180_000 }, async () => {
    const database = await createTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'portail-prod-'));
    // A folder under a plain file: no process, root included, can create it.
    writeFileSync(join(dir, 'fichier'), '');
    const storageDir = join(dir, 'fichier', 'files');
    try {
      const running = await startPortalProcess({
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATABASE_URL: database.url, DATA_DIR: dir, STORAGE_DIR: storageDir, LOG_LEVEL: 'info', PDF_WORKERS: '1' },
        timeoutMs: 150_000,
      });
      let ready: Response;
      try {
        ready = await fetch(`${running.baseUrl}/ready`);
        expect((await fetch(`${running.baseUrl}/health`)).status).toBe(200);
      } finally {
        expect((await running.stop()).code).toBe(0);
      }
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      const body = (await ready.json()) as { database: string; documents: string; message: string };
      expect(body).toMatchObject({ database: 'ok', documents: 'non inscriptible' });
      expect(body.message).toContain(`Le dossier des documents ${storageDir} n'est pas accessible en écriture (ENOTDIR)`);

      const lines = running.output().split('\n').filter((line) => line.trim() !== '');
      const notJson = lines.filter((line) => {
        try {
          return typeof (JSON.parse(line) as { msg?: unknown }).msg !== 'string';
        } catch {
          return true;
        }
      });
      expect(notJson).toEqual([]);
      const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(entries).toContainEqual(expect.objectContaining({ level: 40, msg: NO_SMTP_IN_PRODUCTION }));
      expect(entries.find((entry) => entry.msg.startsWith('Le dossier des documents'))?.level).toBe(50);
      expect(entries.some((entry) => entry.msg.startsWith('Portail prêt en'))).toBe(true);
      expect(entries.at(-1)?.msg).toMatch(/^Portail arrêté/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
