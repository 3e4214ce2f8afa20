// The account states the entry checks read on every call (src/http/request-context.ts), kept per
// instance while the database announces their changes (migration 20261130140000_account_state_changes,
// src/db/account-state-changes.ts, src/http/account-state-cache.ts). The cache on its own first, then
// on a real app: no read per call, every column announced whoever writes, and the instance that
// writes never answers from the state before its write. Two instances: two-instances.test.ts.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_STATE_CHANNEL } from '../src/db/account-state-changes.ts';
import { poolOf } from '../src/db/prisma.ts';
import { AccountStateCache } from '../src/http/account-state-cache.ts';
import { createAccount, signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

interface State {
  v: number;
}

const reader = (value: number) => vi.fn(async (): Promise<State> => ({ v: value }));

/** A read that resolves when told, to place announcements while it is under way. */
function pendingRead() {
  let resolve!: (state: State) => void;
  const read = vi.fn(() => new Promise<State>((done) => (resolve = done)));
  return { read, resolve: (v: number) => resolve({ v }) };
}

describe('the cache on its own', () => {
  const listeningCache = (options = { maxUsers: 100, ttlMs: 60_000 }) => {
    const cache = new AccountStateCache<State>(options);
    cache.listening();
    return cache;
  };
  afterEach(() => vi.useRealTimers());

  it('reads the database on every call while it does not hear the announcements, and keeps nothing', async () => {
    const cache = new AccountStateCache<State>({ maxUsers: 100, ttlMs: 60_000 });
    const read = reader(1);
    await cache.get('u', 's', read);
    await cache.get('u', 's', read);
    expect(read).toHaveBeenCalledTimes(2);
    expect(cache.stats()).toMatchObject({ listening: false, users: 0 });
  });

  it('keeps a state while listening, per session, and forgets all of a user on a change to that user only', async () => {
    const cache = listeningCache();
    const read = reader(1);
    expect(await cache.get('u', 's1', read)).toEqual({ v: 1 });
    expect(await cache.get('u', 's1', read)).toEqual({ v: 1 });
    await cache.get('u', 's2', read);
    await cache.get('w', 's1', read);
    expect(read).toHaveBeenCalledTimes(3);
    cache.changed('u', '100');
    await cache.get('u', 's1', read);
    await cache.get('u', 's2', read);
    await cache.get('w', 's1', read);
    expect(read).toHaveBeenCalledTimes(5);
    cache.changed('*', '101');
    await cache.get('w', 's1', read);
    expect(read).toHaveBeenCalledTimes(6);
  });

  it('gives a state read while a change was announced to its call but does not keep it (it may predate the change)', async () => {
    const cache = listeningCache();
    const first = pendingRead();
    const answer = cache.get('u', 's', first.read);
    // The change commits and is announced while the state from before it is on its way.
    cache.changed('u', '200');
    first.resolve(1);
    expect(await answer).toEqual({ v: 1 });
    const next = reader(2);
    expect(await cache.get('u', 's', next)).toEqual({ v: 2 });
    expect(next).toHaveBeenCalledTimes(1);
    // Any announcement counts (another user, losing the connection): kept only when none came.
    const other = pendingRead();
    const otherAnswer = cache.get('w', 's', other.read);
    cache.deaf();
    cache.listening();
    other.resolve(3);
    await otherAnswer;
    const again = reader(4);
    expect(await cache.get('w', 's', again)).toEqual({ v: 4 });
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('starts empty when it listens again: announcements may have been missed while it did not', async () => {
    const cache = listeningCache();
    await cache.get('u', 's', reader(1));
    cache.deaf();
    expect(await cache.get('u', 's', reader(2))).toEqual({ v: 2 });
    cache.listening();
    const read = reader(3);
    expect(await cache.get('u', 's', read)).toEqual({ v: 3 });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("reads a user's state from the database while a write of this instance is announced, until its NOTIFY or 30 s", async () => {
    vi.useFakeTimers();
    const cache = listeningCache();
    await cache.get('u', 's', reader(1));
    cache.writing('u', '300');
    cache.writing('u', '300');
    const held = reader(2);
    await cache.get('u', 's', held);
    await cache.get('u', 's', held);
    expect(held).toHaveBeenCalledTimes(2);
    expect(cache.stats().held).toBe(1);
    // Another transaction's NOTIFY does not release it.
    cache.changed('u', '299');
    await cache.get('u', 's', held);
    expect(held).toHaveBeenCalledTimes(3);
    cache.changed('u', '300');
    const released = reader(4);
    await cache.get('u', 's', released);
    await cache.get('u', 's', released);
    expect(released).toHaveBeenCalledTimes(1);
    // A write rolled back never sends its NOTIFY: the hold ends after 30 s.
    cache.writing('u', '301');
    vi.advanceTimersByTime(29_000);
    const rolledBack = reader(5);
    await cache.get('u', 's', rolledBack);
    vi.advanceTimersByTime(2_000);
    await cache.get('u', 's', rolledBack);
    await cache.get('u', 's', rolledBack);
    expect(rolledBack).toHaveBeenCalledTimes(2);
    expect(cache.stats().held).toBe(0);
  });

  it('keeps maxUsers users, the least recently used going first, and reads a state again after ttlMs', async () => {
    vi.useFakeTimers();
    const cache = listeningCache({ maxUsers: 2, ttlMs: 1_000 });
    const read = reader(1);
    await cache.get('a', 's', read);
    await cache.get('b', 's', read);
    await cache.get('a', 's', read); // a is now the most recent
    await cache.get('c', 's', read); // b goes
    expect(read).toHaveBeenCalledTimes(3);
    await cache.get('a', 's', read);
    await cache.get('c', 's', read);
    expect(read).toHaveBeenCalledTimes(3);
    await cache.get('b', 's', read);
    expect(read).toHaveBeenCalledTimes(4);
    expect(cache.stats().users).toBe(2);
    vi.advanceTimersByTime(1_001);
    await cache.get('b', 's', read);
    expect(read).toHaveBeenCalledTimes(5);
  });

  it('keeps nothing with maxUsers 0', async () => {
    const cache = listeningCache({ maxUsers: 0, ttlMs: 60_000 });
    const read = reader(1);
    await cache.get('u', 's', read);
    await cache.get('u', 's', read);
    expect(read).toHaveBeenCalledTimes(2);
  });
});

describe('on a real instance', () => {
  let t: TestApp;
  let listener: pg.Client;
  const heard: string[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    // A connection of the test's own: it hears what every instance hears, and writes as a script would.
    listener = new pg.Client({ connectionString: t.config.databaseUrl });
    await listener.connect();
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`LISTEN "${ACCOUNT_STATE_CHANNEL}"`);
  });
  afterAll(async () => {
    await listener?.end();
    await t?.close();
  });

  const identity = (token: string) => t.http().get('/api/auth-server/me').set(TOKEN_HEADER, token);
  /** Account-state reads the instance sends to PostgreSQL during `work`. */
  async function accountReads(work: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(poolOf(t.db)!, 'query');
    try {
      await work();
      return spy.mock.calls.filter(([text]) => typeof text === 'string' && text.includes('FROM users u LEFT JOIN service_accounts')).length;
    } finally {
      spy.mockRestore();
    }
  }
  const usersHeard = () => heard.map((payload) => payload.split(' ')[0]);

  it('hears the database from start-up and reads an account state once, not on every call', async () => {
    expect(t.app.accountStates.stats().listening).toBe(true);
    const member = await signIn(t);
    const reads = await accountReads(async () => {
      for (let i = 0; i < 5; i++) expect((await identity(member.token)).status).toBe(200);
    });
    expect(reads).toBe(1);
  });

  it('is announced by the database on every change the entry checks read, whoever writes, and on nothing else', async () => {
    const service = await createAccount(t, { roles: ['rds.user'] });
    const member = await signIn(t);
    const family = (await t.db.refreshToken.findFirstOrThrow({ where: { userId: member.account.id } })).familyId;
    const announces = async (userId: string, sql: string) => {
      heard.length = 0;
      await listener.query(sql);
      await vi.waitFor(() => expect(usersHeard()).toContain(userId), { timeout: 2_000, interval: 5 });
    };
    const m = member.account.id;
    const s = service.id;
    await announces(m, `UPDATE users SET enabled = false WHERE id = '${m}'`);
    await announces(m, `UPDATE users SET must_change_password = true WHERE id = '${m}'`);
    await announces(m, `UPDATE users SET session_version = session_version + 1 WHERE id = '${m}'`);
    await announces(m, `INSERT INTO user_roles (user_id, role) VALUES ('${m}', 'lca.admin')`);
    await announces(m, `UPDATE user_roles SET role = 'rds.admin' WHERE user_id = '${m}' AND role = 'lca.admin'`);
    await announces(m, `DELETE FROM user_roles WHERE user_id = '${m}' AND role = 'rds.admin'`);
    await announces(s, `UPDATE service_accounts SET locked = true WHERE auth_id = '${s}'`);
    await announces(s, `DELETE FROM service_accounts WHERE auth_id = '${s}'`);
    await announces(m, `UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = '${family}'`);
    await announces(m, `INSERT INTO refresh_tokens (id, user_id, token_hash, family_id, expires_at) VALUES (gen_random_uuid(), '${m}', 'h-${m}', '${family}', now() + interval '1 day')`);
    await announces(m, `DELETE FROM refresh_tokens WHERE token_hash = 'h-${m}'`);
    await announces(s, `DELETE FROM users WHERE id = '${s}'`);

    // What the entry checks do not read announces nothing: names, last sign-in, a token marked used,
    // a revoked token deleted (a purge), the service's other columns.
    const other = await signIn(t, { roles: ['rds.user'] });
    const o = other.account.id;
    // The sign-in's own announcements (its new refresh token) came before this round trip's answer.
    await listener.query('SELECT 1');
    heard.length = 0;
    await listener.query(`UPDATE users SET nom = 'Autre', last_login_at = now(), pending_email = 'x@test.example.org' WHERE id = '${o}'`);
    await listener.query(`UPDATE refresh_tokens SET used_at = now() WHERE user_id = '${o}'`);
    await listener.query(`UPDATE service_accounts SET nom = 'Autre service', telephone = '0102030405' WHERE auth_id = '${o}'`);
    // The writing connection hears its own NOTIFY before its write's answer: none came.
    expect(heard).toEqual([]);
    await announces(m, `UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = '${m}'`);
    heard.length = 0;
    await listener.query(`DELETE FROM refresh_tokens WHERE user_id = '${m}'`);
    expect(heard).toEqual([]);
  });

  it('refuses a kept session within 100 ms of a change written by another connection', async () => {
    const member = await signIn(t);
    expect((await identity(member.token)).status).toBe(200);
    expect(await accountReads(() => identity(member.token))).toBe(0);
    await listener.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = '${member.account.id}'`);
    const changedAt = performance.now();
    await vi.waitFor(async () => expect((await identity(member.token)).status).toBe(401), { timeout: 2_000, interval: 5 });
    expect(performance.now() - changedAt).toBeLessThanOrEqual(100);
  });

  it('never answers from the state before its own write, even before that write is committed and announced', async () => {
    const admin = await signIn(t, { roles: ['rds.admin'] });
    const services = () => t.http().get('/api/auth-server/crossed-services').set(TOKEN_HEADER, admin.token);
    expect((await services()).status).toBe(200);
    await t.db.$transaction(async (tx) => {
      await tx.userRole.deleteMany({ where: { userId: admin.account.id, role: 'rds.admin' } });
      // Not committed: the calls still see the role, from the database each time (this instance
      // heard its own write), so nothing from before the commit stays to be served after it.
      expect(await accountReads(async () => expect((await services()).status).toBe(200))).toBe(1);
      expect(await accountReads(async () => expect((await services()).status).toBe(200))).toBe(1);
    });
    expect((await services()).status).toBe(403);
  });
});
