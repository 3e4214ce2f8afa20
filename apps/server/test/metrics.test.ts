// GET /metrics (Prometheus text format): requests counted by route pattern, never by raw URL; the
// PostgreSQL pool and the mail queue depth; off in production unless METRICS_TOKEN is set, and
// then only to the right Bearer token. Real app, real PostgreSQL, real HTTP server.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** The value of a sample line of the exposition text (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('counts a request under its route pattern, not its URL, with its duration', async () => {
    const secret = randomBytes(12).toString('hex');
    const answered = await t.http().post(`/api/auth-server/validate/${secret}`).send({});
    const labels = { method: 'POST', route: '/api/auth-server/validate/:token', status_code: String(answered.status) };
    const before = await t.http().get('/metrics');
    expect(before.status).toBe(200);
    expect(before.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(before.text, 'http_requests_total', labels)).toBe(1);
    expect(sample(before.text, 'http_request_duration_seconds_count', labels)).toBe(1);
    expect(sample(before.text, 'http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    expect(before.text).not.toContain(secret);

    await t.http().post(`/api/auth-server/validate/${randomBytes(12).toString('hex')}`).send({});
    const after = await t.http().get('/metrics');
    expect(sample(after.text, 'http_requests_total', labels)).toBe(2);
    // The previous scrape itself is counted too.
    expect(sample(after.text, 'http_requests_total', { method: 'GET', route: '/metrics', status_code: '200' })).toBe(1);
  });

  it('labels requests that match no route as unmatched', async () => {
    await t.http().get(`/api/nowhere/${randomBytes(6).toString('hex')}`);
    const text = (await t.http().get('/metrics')).text;
    expect(sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('/api/nowhere');
  });

  it('reports the PostgreSQL pool behind Prisma', async () => {
    const text = (await t.http().get('/metrics')).text;
    expect(sample(text, 'pg_pool_max_connections')).toBe(10);
    // The app has run queries: its pool holds at least one connection.
    const open = (sample(text, 'pg_pool_connections', { state: 'idle' }) ?? 0) + (sample(text, 'pg_pool_connections', { state: 'in_use' }) ?? 0);
    expect(open).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pg_pool_connections', { state: 'waiting' })).toBe(0);
  });

  it('reports the process: resident memory, V8 heap, memory outside it and the event loop delay', async () => {
    // A scrape reads the memory at that moment: it agrees with the process's own reading.
    const text = (await t.http().get('/metrics')).text;
    const rss = sample(text, 'process_resident_memory_bytes')!;
    expect(rss).toBeGreaterThan(10 * 1024 * 1024);
    expect(Math.abs(rss - process.memoryUsage.rss()) / rss).toBeLessThan(0.5);
    const used = sample(text, 'nodejs_heap_size_used_bytes')!;
    expect(used).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_total_bytes')).toBeGreaterThanOrEqual(used);
    expect(sample(text, 'nodejs_external_memory_bytes')).toBeGreaterThan(0);
    // The loop blocked for 60 ms shows in the next scrape's maximum.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const until = Date.now() + 60;
    while (Date.now() < until) {
      // busy: the loop cannot turn
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = (await t.http().get('/metrics')).text;
    expect(sample(after, 'nodejs_eventloop_lag_seconds', { quantile: '1' })).toBeGreaterThanOrEqual(0.04);
  });

  it('reports the mail queue depth: undelivered mails still to be tried, not stored, sent or given-up ones', async () => {
    const depth = async () => sample((await t.http().get('/metrics')).text, 'mail_queue_depth');
    const start = await depth();
    expect(start).toBeGreaterThanOrEqual(0);
    const mail = { to: 'queue@example.org', from: 'portail@example.org', subject: 'Objet', text: 'Texte' };
    const later = new Date(Date.now() + 3_600_000);
    await t.db.mailOutbox.create({ data: { ...mail, status: 'PENDING', nextAttemptAt: later } });
    await t.db.mailOutbox.create({ data: { ...mail, status: 'FAILED', attempts: 1, nextAttemptAt: later } });
    await t.db.mailOutbox.create({ data: { ...mail, status: 'FAILED', attempts: 5, nextAttemptAt: null } });
    await t.db.mailOutbox.create({ data: { ...mail, status: 'STORED' } });
    await t.db.mailOutbox.create({ data: { ...mail, status: 'SENT', sentAt: new Date() } });
    expect(await depth()).toBe(start! + 2);
  });
});

describe('GET /metrics in production', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const t = await startTestApp({ nodeEnv: 'production' });
    try {
      const response = await t.http().get('/metrics');
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('http_requests_total');
    } finally {
      await t.close();
    }
  });

  it('answers only the right Bearer token when METRICS_TOKEN is set', async () => {
    const token = randomBytes(24).toString('base64url');
    const t = await startTestApp({ nodeEnv: 'production', metricsToken: token });
    try {
      const none = await t.http().get('/metrics');
      expect(none.status).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      expect(none.body).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      for (const wrong of [`Bearer ${token.slice(0, -1)}`, `Bearer ${token}x`, `Basic ${token}`, token, 'Bearer ']) {
        const refused = await t.http().get('/metrics').set('authorization', wrong);
        expect(refused.status, wrong).toBe(401);
        expect(refused.text).not.toContain('http_requests_total');
      }
      const allowed = await t.http().get('/metrics').set('authorization', `Bearer ${token}`);
      expect(allowed.status).toBe(200);
      expect(sample(allowed.text, 'http_requests_total', { method: 'GET', route: '/metrics', status_code: '401' })).toBe(6);
    } finally {
      await t.close();
    }
  });
});
