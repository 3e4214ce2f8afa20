// Watched changes of the association file: every creation, change and deletion of a
// RIB or a legal representative is written to the append-only, per-association hash-chained audit
// trail, mailed to the members who see it and to the representatives, and (RIBs) notified as type 6
// modification_rib; the chain verifies, a tampered entry is reported by `pnpm audit:verify`;
// concurrent writes keep one chain, writes to two associations never wait on each other; members
// read the journal with the file's access rules.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_MESSAGES } from '@portail/contract';
import { REPO_ROOT } from '../src/config.ts';
import { createAuditRepository, createAuditService } from '../src/modules/audit/index.ts';
import { NOT_FOUND, twoAssociations, type Caller } from './support/association-access.ts';
import { createAssociation, createRib, linkUser, OTHER_IBAN, VALID_BIC, VALID_IBAN, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { mailsTo } from './support/mailbox.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const base = '/api/proxy-asso/association';
const send = (caller: Caller, method: 'get' | 'post' | 'patch' | 'delete', path: string, query: Record<string, string>, body?: object) => {
  const request = t.http()[method](`${base}/${path}`).query(query).set(TOKEN_HEADER, caller.token);
  return body === undefined ? request : request.send(body);
};
const journal = (caller: Caller, idAsso: string) => send(caller, 'get', 'journal', { id_asso: idAsso });
const trailOf = (associationId: string) => t.db.auditEntry.findMany({ where: { associationId }, orderBy: { seq: 'asc' } });
const verifier = () => createAuditService(createAuditRepository(t.db));

/** A valid French IBAN (RIB key and IBAN check digits computed) for account number `n`. */
function frenchIban(n: number): string {
  const bank = '30006';
  const branch = '00001';
  const account = String(n).padStart(11, '0');
  const key = 97n - ((89n * BigInt(bank) + 15n * BigInt(branch) + 3n * BigInt(account)) % 97n);
  const bban = `${bank}${branch}${account}${String(key).padStart(2, '0')}`;
  const check = 98n - (BigInt(`${bban}152700`) % 97n);
  return `FR${String(check).padStart(2, '0')}${bban}`;
}

const REPRESENTANT = { civilite: 'M.', nom: 'Durand', prenom: 'Paul', courriel: 'paul.durand@example.org', fonction: 'Trésorier', telephone: '0612345678' };

/** An association with a head-office member, a secondary-establishment member and a representative. */
async function setUp() {
  const asso = await createAssociation(t);
  const [head, secondary, stranger] = [await signIn(t), await signIn(t), await signIn(t)];
  await linkUser(t, head.account.id, asso);
  await linkUser(t, secondary.account.id, asso, asso.secondaires[0]);
  return { asso, head, secondary, stranger, rep: `president-${asso.siren}@asso.example.org` };
}

describe('RIB changes', () => {
  it('create, patch and delete each write one chained audit entry (full IBAN), mails (IBAN masked) and modification_rib notifications', async () => {
    const { asso, head, secondary, rep } = await setUp();
    const created = await send(head, 'post', 'ribs', { id_asso: asso.id, id_siret: asso.siege }, { titulaire: 'Asso', iban: VALID_IBAN, bic: VALID_BIC });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const patched = await send(head, 'patch', 'ribs', { id_asso: asso.id, id: created.body.id }, [{ key: 'iban', value: OTHER_IBAN }]);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await send(head, 'delete', 'ribs', { id_asso: asso.id, id: created.body.id })).status).toBe(200);

    const trail = await trailOf(asso.id);
    expect(trail.map((e) => [e.seq, e.entity, e.action, e.actorId, e.actorEmail, e.idSiret])).toEqual([
      [1, 'rib', 'create', head.account.id, head.account.email, asso.siege],
      [2, 'rib', 'update', head.account.id, head.account.email, asso.siege],
      [3, 'rib', 'delete', head.account.id, head.account.email, asso.siege],
    ]);
    expect(trail[0]!.before).toBeNull();
    expect(trail[0]!.after).toMatchObject({ iban: VALID_IBAN, titulaire: 'Asso' });
    expect(trail[1]!.before).toMatchObject({ iban: VALID_IBAN });
    expect(trail[1]!.after).toMatchObject({ iban: OTHER_IBAN });
    expect(trail[2]!.after).toBeNull();
    expect(trail[1]!.prevHash).toBe(trail[0]!.hash);
    expect(trail[2]!.prevHash).toBe(trail[1]!.hash);
    expect(await verifier().verifyChain(asso.id)).toBeNull();

    // Mails: the head-office member and the representative, three each; IBANs masked but their last 4.
    for (const to of [head.account.email, rep]) {
      const mails = await mailsTo(t, to);
      expect(mails.map((m) => m.subject), to).toEqual(Array(3).fill(`Modification des coordonnées bancaires de l'association ${asso.association.nom} – Le compte association`));
      expect(mails[0]!.text).toContain('a été ajouté');
      expect(mails[1]!.text).toContain(`••••••••••••••••••••••${OTHER_IBAN.slice(-4)}`);
      expect(mails[2]!.text).toContain('a été supprimé');
      for (const m of mails) {
        expect(m.text).toContain(head.account.email);
        expect(m.text).not.toContain(VALID_IBAN);
        expect(m.text).not.toContain(OTHER_IBAN);
        expect(m.html ?? '').not.toContain(VALID_IBAN.slice(0, 20));
      }
    }
    // The secondary establishment's member does not see head-office RIBs: no mail, no notification.
    expect(await mailsTo(t, secondary.account.email)).toHaveLength(0);
    const notifications = await t.db.notification.findMany({ where: { associationId: asso.id }, orderBy: { createdAt: 'asc' } });
    expect(notifications.map((n) => [n.userId, n.type])).toEqual(Array(3).fill([head.account.id, 6]));
    expect(notifications[0]!.payload).toMatchObject({ action: 'create', iban: `${'•'.repeat(23)}${VALID_IBAN.slice(-4)}`, auteur: `${head.account.prenom} ${head.account.nom}` });
    // Shown by name, never by login address (the mail to the association's people says who did it as before).
    expect(JSON.stringify(notifications.map((n) => n.payload))).not.toContain('@');

    // The member reads them through the API and marks one read.
    const list = await t.http().get('/api/lca-server/notifications').set(TOKEN_HEADER, head.token);
    expect(list.body).toHaveLength(3);
    expect(list.body[0]).toMatchObject({ type: 6, type_libelle: 'modification_rib', id_correspondance: asso.id, read_at: null });
    const count = () => t.http().get('/api/lca-server/notifications/unread-count').set(TOKEN_HEADER, head.token);
    expect((await count()).body).toEqual({ count: 3 });
    const read = await t.http().patch(`/api/lca-server/notifications/${list.body[0].id}/read`).set(TOKEN_HEADER, head.token);
    expect(read.body.read_at).not.toBeNull();
    expect((await count()).body).toEqual({ count: 2 });
    // Another user's notification is not theirs to read.
    const other = await t.http().patch(`/api/lca-server/notifications/${list.body[1].id}/read`).set(TOKEN_HEADER, secondary.token);
    expect(other.body).toEqual(NOT_FOUND);
  });

  it('a RIB of a secondary establishment reaches its member too', async () => {
    const { asso, head, secondary } = await setUp();
    const created = await send(secondary, 'post', 'ribs', { id_asso: asso.id, id_siret: asso.secondaires[0]! }, { titulaire: 'Antenne', iban: VALID_IBAN, bic: VALID_BIC });
    expect(created.status).toBe(201);
    expect(await mailsTo(t, secondary.account.email)).toHaveLength(1);
    expect(await mailsTo(t, head.account.email)).toHaveLength(1);
    expect((await t.db.notification.findMany({ where: { associationId: asso.id } })).map((n) => n.userId).sort()).toEqual(
      [head.account.id, secondary.account.id].sort(),
    );
  });

  it('a refused change (duplicate IBAN) writes no entry, no mail and no notification', async () => {
    const { asso, head, rep } = await setUp();
    await createRib(t, asso);
    const refused = await send(head, 'post', 'ribs', { id_asso: asso.id, id_siret: asso.siege }, { titulaire: 'Asso', iban: VALID_IBAN, bic: VALID_BIC });
    expect(refused.status).toBe(400);
    expect(await trailOf(asso.id)).toHaveLength(0);
    expect(await mailsTo(t, rep)).toHaveLength(0);
    expect(await t.db.notification.count({ where: { associationId: asso.id } })).toBe(0);
  });
});

describe('legal representative changes', () => {
  it('create, patch, fonction/SIRET patch and delete are in the trail and mailed, the removed representative included', async () => {
    const { asso, head, rep } = await setUp();
    const created = await send(head, 'post', 'representants_legaux', { id_asso: asso.id }, REPRESENTANT);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect((await send(head, 'patch', 'representants_legaux', { id_asso: asso.id, id }, [{ key: 'courriel', value: 'paul.nouveau@example.org' }])).status).toBe(200);
    expect((await send(head, 'patch', 'representantFonctionSiret', { id_asso: asso.id, id }, [{ key: 'fonction', value: 'Président' }])).status).toBe(200);
    expect((await send(head, 'delete', 'representants_legaux', { id_asso: asso.id, id })).status).toBe(200);

    const trail = await trailOf(asso.id);
    expect(trail.map((e) => [e.entity, e.action, e.entityId])).toEqual([
      ['representant_legal', 'create', id],
      ['representant_legal', 'update', id],
      ['representant_legal', 'update', id],
      ['representant_legal', 'delete', id],
    ]);
    expect(trail[1]!.before).toMatchObject({ courriel: 'paul.durand@example.org' });
    expect(trail[1]!.after).toMatchObject({ courriel: 'paul.nouveau@example.org' });
    expect(await verifier().verifyChain(asso.id)).toBeNull();
    expect(await t.db.notification.count({ where: { associationId: asso.id } })).toBe(0);

    expect(await mailsTo(t, head.account.email)).toHaveLength(4);
    expect(await mailsTo(t, rep)).toHaveLength(4);
    // The old address hears of its replacement; the new one of everything after.
    expect(await mailsTo(t, 'paul.durand@example.org')).toHaveLength(2);
    const last = (await mailsTo(t, 'paul.nouveau@example.org')).at(-1)!;
    expect(last.subject).toContain('Modification des représentants légaux');
    expect(last.text).toContain('a été supprimé');
  });

  it('refuses a representative beyond the limit (400, French), nothing written', async () => {
    const limited = await startTestApp({
      membershipLimits: { joinsPerAccountPerDay: 5, joinNotificationsPerAssociationPerDay: 20, representantsPerAssociation: 2, reportLinkTtlDays: 30 },
    });
    try {
      const asso = await createAssociation(limited); // one representative
      const head = await signIn(limited);
      await linkUser(limited, head.account.id, asso);
      const post = (courriel: string) =>
        limited.http().post(`${base}/representants_legaux`).query({ id_asso: asso.id }).set(TOKEN_HEADER, head.token).send({ ...REPRESENTANT, courriel });
      expect((await post('deux@example.org')).status).toBe(201);
      const third = await post('trois@example.org');
      expect(third.status).toBe(400);
      expect(third.body).toEqual({ message: MEMBERSHIP_MESSAGES.representantsLimitReached(2), status: 400, code: 'REPRESENTANTS_LIMIT' });
      expect(await limited.db.representantLegal.count({ where: { associationId: asso.id, deleted: false } })).toBe(2);
      expect(await limited.db.auditEntry.count({ where: { associationId: asso.id } })).toBe(1);
    } finally {
      await limited.close();
    }
  });
});

describe('the audit trail is append-only and hash-chained per association', () => {
  it('refuses UPDATE, DELETE and TRUNCATE at the database', async () => {
    const { asso, head } = await setUp();
    await send(head, 'post', 'ribs', { id_asso: asso.id, id_siret: asso.siege }, { titulaire: 'Asso', iban: VALID_IBAN, bic: VALID_BIC });
    const [entry] = await trailOf(asso.id);
    await expect(t.db.auditEntry.update({ where: { id: entry!.id }, data: { actorEmail: 'autre@example.org' } })).rejects.toThrow(/append-only/);
    await expect(t.db.auditEntry.delete({ where: { id: entry!.id } })).rejects.toThrow(/append-only/);
    await expect(t.db.$executeRawUnsafe('TRUNCATE audit_entries')).rejects.toThrow(/append-only/);
    expect(await trailOf(asso.id)).toHaveLength(1);
  });

  it('keeps one unbroken chain under 10 parallel RIB creations on one association', async () => {
    const { asso, head } = await setUp();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(head, 'post', 'ribs', { id_asso: asso.id, id_siret: asso.siege }, { titulaire: `Compte ${i}`, iban: frenchIban(1000 + i), bic: VALID_BIC }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
    const trail = await trailOf(asso.id);
    expect(trail.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await verifier().verifyChain(asso.id)).toBeNull();
    expect(await t.db.auditChainHead.findUnique({ where: { associationId: asso.id } })).toEqual({
      associationId: asso.id,
      lastSeq: 10,
      lastHash: trail[9]!.hash,
    });
  });

  it("a transaction holding association A's chain does not delay a write to B (and does delay one to A)", async () => {
    const a = await setUp();
    const b = await setUp();
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    try {
      await send(a.head, 'post', 'ribs', { id_asso: a.asso.id, id_siret: a.asso.siege }, { titulaire: 'A', iban: frenchIban(1), bic: VALID_BIC });
      await client.query('BEGIN');
      await client.query('SELECT * FROM audit_chain_heads WHERE association_id = $1 FOR UPDATE', [a.asso.id]);

      let aDone = false;
      const writeA = send(a.head, 'post', 'ribs', { id_asso: a.asso.id, id_siret: a.asso.siege }, { titulaire: 'A2', iban: frenchIban(2), bic: VALID_BIC }).then((r) => {
        aDone = true;
        return r;
      });
      const started = Date.now();
      const writeB = await send(b.head, 'post', 'ribs', { id_asso: b.asso.id, id_siret: b.asso.siege }, { titulaire: 'B', iban: frenchIban(3), bic: VALID_BIC });
      expect(writeB.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(aDone).toBe(false);

      await client.query('COMMIT');
      expect((await writeA).status).toBe(201);
      expect((await trailOf(a.asso.id)).map((e) => e.seq)).toEqual([1, 2]);
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
    }
  });

  it('pnpm audit:verify passes on sound chains, then reports the entry changed in SQL (exit 1, association, entry, expected vs found)', async () => {
    const { asso, head } = await setUp();
    for (const n of [11, 12, 13]) {
      await send(head, 'post', 'ribs', { id_asso: asso.id, id_siret: asso.siege }, { titulaire: `R${n}`, iban: frenchIban(n), bic: VALID_BIC });
    }
    const run = () =>
      promisify(execFile)('npx', ['tsx', join(REPO_ROOT, 'apps/server/src/audit-verify.ts')], {
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: t.config.databaseUrl },
        cwd: REPO_ROOT,
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
      );
    const sound = await run();
    expect(sound.code, sound.stderr).toBe(0);
    expect(sound.stdout).toContain('aucune rupture');

    const [, second] = await trailOf(asso.id);
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    try {
      // An insider with database rights: the guard must be switched off first, the chain still tells.
      await client.query('ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_no_update_delete');
      await client.query(`UPDATE audit_entries SET after = jsonb_set(after, '{iban}', to_jsonb($1::text)) WHERE id = $2`, [frenchIban(99), second!.id]);
      await client.query('ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_no_update_delete');
    } finally {
      await client.end();
    }
    const broken = await verifier().verifyChain(asso.id);
    expect(broken).toMatchObject({ associationId: asso.id, entryId: second!.id, seq: 2, field: 'hash', found: second!.hash });
    expect(broken!.expected).not.toBe(second!.hash);

    const report = await run();
    expect(report.code).toBe(1);
    expect(report.stderr).toContain(`association ${asso.id}, entrée ${second!.id} (n° 2)`);
    expect(report.stderr).toContain(`trouvé ${second!.hash}`);
    expect(report.stderr).toContain(`attendu ${broken!.expected}`);
  }, 60_000);

  it('reports entries cut off at the end of a chain (head ahead of the last entry)', async () => {
    const { asso, head } = await setUp();
    for (const n of [21, 22]) {
      await send(head, 'post', 'ribs', { id_asso: asso.id, id_siret: asso.siege }, { titulaire: `R${n}`, iban: frenchIban(n), bic: VALID_BIC });
    }
    const [, last] = await trailOf(asso.id);
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    try {
      await client.query('ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_no_update_delete');
      await client.query('DELETE FROM audit_entries WHERE id = $1', [last!.id]);
      await client.query('ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_no_update_delete');
    } finally {
      await client.end();
    }
    expect(await verifier().verifyChain(asso.id)).toMatchObject({ associationId: asso.id, field: 'head', expected: `2:${last!.hash}` });
  });
});

describe('GET /api/proxy-asso/association/journal', () => {
  let a: TestAssociation;
  let b: TestAssociation;
  let headA: Caller;
  let secA: Caller;
  let headB: Caller;
  beforeAll(async () => {
    ({ a, b, headA, secA, headB } = await twoAssociations(t, { secondaires: 2 }));
    await send(headA, 'post', 'ribs', { id_asso: a.id, id_siret: a.siege }, { titulaire: 'Siège', iban: VALID_IBAN, bic: VALID_BIC });
    await send(headA, 'post', 'ribs', { id_asso: a.id, id_siret: a.secondaires[1]! }, { titulaire: 'Autre antenne', iban: OTHER_IBAN, bic: VALID_BIC });
    await send(secA, 'post', 'ribs', { id_asso: a.id, id_siret: a.secondaires[0]! }, { titulaire: 'Mon antenne', iban: frenchIban(7), bic: VALID_BIC });
    await send(headA, 'post', 'representants_legaux', { id_asso: a.id }, REPRESENTANT);
  });

  it('lists the changes newest first with who, when and what changed (IBAN masked)', async () => {
    const response = await journal(headA, a.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.map((e: { seq: number; entite: string; action: string; auteur: string }) => [e.seq, e.entite, e.action, e.auteur])).toEqual([
      [4, 'representant_legal', 'create', headA.account.email],
      [3, 'rib', 'create', secA.account.email],
      [2, 'rib', 'create', headA.account.email],
      [1, 'rib', 'create', headA.account.email],
    ]);
    const first = response.body[3];
    expect(first.changements).toContainEqual({ champ: 'iban', avant: null, apres: `${'•'.repeat(23)}${VALID_IBAN.slice(-4)}` });
    expect(first.changements).toContainEqual({ champ: 'titulaire', avant: null, apres: 'Siège' });
    expect(JSON.stringify(response.body)).not.toContain(VALID_IBAN);
    expect(Date.parse(first.date)).not.toBeNaN();
  });

  it("shows a secondary establishment's member its own establishment's entries and association-wide ones only", async () => {
    const response = await journal(secA, a.id);
    expect(response.status).toBe(200);
    expect(response.body.map((e: { seq: number }) => e.seq)).toEqual([4, 3]);
  });

  it('answers 404 to a member of another association and to a stranger, as the rest of the file; lca.admin and rds.admin read it', async () => {
    const stranger = await signIn(t);
    for (const caller of [headB, stranger]) {
      const response = await journal(caller, a.id);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(NOT_FOUND);
    }
    expect((await journal(headB, b.id)).body).toEqual([]);
    for (const role of ['lca.admin', 'rds.admin'] as const) {
      const reader = await signIn(t, { roles: [role] });
      expect((await journal(reader, a.siren)).body).toHaveLength(4);
    }
  });
});
