// The reads every call makes outside Prisma's query engine (db/read-rows.ts): the account state of
// the entry checks and the association-with-link look-up of the access resolver. Same answers as
// the engine would give, whichever identifier names the association.
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { poolOf } from '../src/db/prisma.ts';
import { readRows } from '../src/db/read-rows.ts';
import { joinUnitOfWork, runUnitOfWork } from '../src/db/unit-of-work.ts';
import { createFileRepository } from '../src/modules/proxy-asso/file/repository.ts';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { expectNotFound } from './support/association-access.ts';
import { createAssociation, linkUser, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let a: TestAssociation;
let member: Awaited<ReturnType<typeof signIn>>;

const identite = (token: string, idAsso: string) =>
  t.http().get('/api/proxy-asso/association/identite').query({ id_asso: idAsso }).set(TOKEN_HEADER, token);

beforeAll(async () => {
  t = await startTestApp();
  a = await createAssociation(t, { secondaires: 1 });
  member = await signIn(t);
  await linkUser(t, member.account.id, a);
});
afterAll(() => t.close());

describe('the association and the link of its caller, in one read', () => {
  it('finds the association by each of its identifiers, as written by users (case, spaces)', async () => {
    const spacedSiren = `${a.siren.slice(0, 3)} ${a.siren.slice(3, 6)} ${a.siren.slice(6)}`;
    for (const idAsso of [a.id, a.id.toUpperCase(), a.rna, a.rna.toLowerCase(), a.siren, spacedSiren, a.siege, a.secondaires[0]!]) {
      const response = await identite(member.token, idAsso);
      expect(response.status, idAsso).toBe(200);
      expect(response.body.identite.id_correspondance).toBe(a.id);
    }
  });

  it('gives a secondary-establishment member the scope of their link, not the head office', async () => {
    const secondary = await signIn(t);
    await linkUser(t, secondary.account.id, a, a.secondaires[0]);
    const response = await t.http().get('/api/proxy-asso/association/etablissements').query({ id_asso: a.siren }).set(TOKEN_HEADER, secondary.token);
    expect(response.status).toBe(200);
    expect(response.body.map((e: { siret: string }) => e.siret)).toEqual([a.secondaires[0]]);
  });

  it('answers 404 for a deleted association, to its member and to lca.admin alike', async () => {
    const gone = await createAssociation(t);
    await linkUser(t, member.account.id, gone);
    const admin = await signIn(t, { roles: ['lca.admin'] });
    expect((await identite(member.token, gone.siren)).status).toBe(200);
    await t.db.association.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expectNotFound(await identite(member.token, gone.siren), 'member, deleted association');
    expectNotFound(await identite(admin.token, gone.id), 'lca.admin, deleted association');
  });

  it('answers 404 for an identifier of no association, or of no known kind', async () => {
    for (const idAsso of ['W000000000', '000000000', 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      expectNotFound(await identite(member.token, idAsso), idAsso);
    }
  });
});

describe('the identity read', () => {
  it('costs a member two statements on the pool, none through Prisma, once the account state is kept (the floor makes three)', async () => {
    expect((await identite(member.token, a.siren)).status).toBe(200);
    const throughPrisma = vi.spyOn(t.db, '$queryRawUnsafe');
    const onPool = vi.spyOn(poolOf(t.db)!, 'query');
    try {
      const response = await identite(member.token, a.siren);
      expect(response.status).toBe(200);
      // The association with the caller's link, then its identity (scripts/bench/floor-server.ts: association, links, identity).
      expect(onPool).toHaveBeenCalledTimes(2);
      expect(throughPrisma).not.toHaveBeenCalled();
    } finally {
      throughPrisma.mockRestore();
      onPool.mockRestore();
    }
  });

  it('gives the fields Prisma gives: dates at UTC midnight, JSON documents, nulls', async () => {
    const data = {
      dateCreation: new Date('1999-12-31T00:00:00Z'), datePubRegistre: new Date('2001-01-01T00:00:00Z'), datePublicationUtilPublique: null,
      specificites: { passsport: { est_volontaire: true, activites: ['judo'] }, vaeb: { x: 1 } },
      adresseSiege: { voie: 'rue de la Paix', cp: '75002' }, sigle: null, utilPublique: true, impotsCommerciaux: null,
    };
    await t.db.association.update({ where: { id: a.id }, data });
    const identity = await createFileRepository(t.db).association.findIdentity(a.id);
    const full = await t.db.association.findUniqueOrThrow({ where: { id: a.id } });
    expect(identity).not.toBeNull();
    expect(identity).toEqual(Object.fromEntries(Object.keys(identity!).map((key) => [key, full[key as keyof typeof full]])));
    expect(identity!.dateCreation?.toISOString()).toBe('1999-12-31T00:00:00.000Z');
    expect(await createFileRepository(t.db).association.findIdentity('00000000-0000-4000-8000-000000000000')).toBeNull();
    const response = await identite(member.token, a.siren);
    expect(response.body.identite.date_creation).toBe('1999-12-31');
    expect(response.body.specificites.vaeb).toEqual({ x: 1 });
  });
});

describe('readRows', () => {
  it('reads straight on the pool through the unit-of-work view the repositories hold, never through Prisma', async () => {
    const joined = joinUnitOfWork(t.db);
    const throughPrisma = vi.spyOn(t.db, '$queryRawUnsafe');
    const onPool = vi.spyOn(poolOf(t.db)!, 'query');
    try {
      expect(await readRows(joined, 'SELECT nom FROM associations WHERE id = $1::uuid', [a.id])).toHaveLength(1);
      // The same in a write request that has not written yet (its reads run on the pool, as Prisma's do).
      await runUnitOfWork(t.db, async () => expect(await readRows(joined, 'SELECT 1 AS n', [])).toEqual([{ n: 1 }]));
      expect(throughPrisma).not.toHaveBeenCalled();
      expect(onPool).toHaveBeenCalledTimes(2);
    } finally {
      throughPrisma.mockRestore();
      onPool.mockRestore();
    }
  });

  it('reads in the write request’s transaction once it has written: the read sees the write, which rolls back with it', async () => {
    const joined = joinUnitOfWork(t.db);
    const before = (await t.db.association.findUniqueOrThrow({ where: { id: a.id } })).nom;
    const undone = new Error('undone');
    await expect(
      runUnitOfWork(t.db, async () => {
        await joined.association.update({ where: { id: a.id }, data: { nom: 'Nom écrit dans la requête' } });
        expect(await readRows(joined, 'SELECT nom FROM associations WHERE id = $1::uuid', [a.id])).toEqual([{ nom: 'Nom écrit dans la requête' }]);
        throw undone;
      }),
    ).rejects.toBe(undone);
    expect(await readRows(joined, 'SELECT nom FROM associations WHERE id = $1::uuid', [a.id])).toEqual([{ nom: before }]);
  });

  it('gives the same rows on the pool as through Prisma for a client it did not make', async () => {
    const url = t.config.databaseUrl!;
    const other = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
    try {
      const sql = `SELECT u.id, u.enabled, u.session_version, (SELECT array_agg(r.role) FROM user_roles r WHERE r.user_id = u.id) AS roles,
                          NULL::boolean AS locked, NOT EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.family_id = $2::uuid) AS session_revoked
                   FROM users u WHERE u.id = $1::uuid`;
      const values = [member.account.id, '00000000-0000-4000-8000-000000000000'];
      const onPool = await readRows(t.db, sql, values);
      expect(onPool).toEqual([{ id: member.account.id, enabled: true, session_version: 0, roles: ['lca.association'], locked: null, session_revoked: true }]);
      expect(await readRows(other, sql, values)).toEqual(onPool);
    } finally {
      await other.$disconnect();
    }
  });
});
