// Nothing half-written (docs/architecture.md « Une requête qui écrit : une seule transaction »): a
// write request is one unit of work, its answer checked against the contract included. The project
// whose beneficiary line left out its optional fields (it answered 500 and stayed, then answered
// 500 on every read); a failure injected after the handler leaves no row, no file, no mail; the
// unit's own rules (savepoints, a caught failed statement, effects after commit or rollback).
// Every write route of the contract is walked the same way by access-matrix.test.ts.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { api } from '@portail/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit, independently, joinUnitOfWork, onRollback, runUnitOfWork } from '../src/db/unit-of-work.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { createDossier, DOSSIERS_PATH, subsidySetting, validProjet, type SubsidySetting } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { changedTables, databaseSnapshot, withFailingAnswer } from './support/unit-of-work.ts';

let t: TestApp;
let s: SubsidySetting;
beforeAll(async () => {
  t = await startTestApp({ logLevel: 'fatal' });
  s = await subsidySetting(t, { service: 'Service de l’atomicité' });
});
afterAll(() => t.close());

const newDossier = () => createDossier(t, s.asso, s.scheme, [s.agent.serviceId]);
const storedFiles = () => {
  const walk = (dir: string): string[] =>
    existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [e.name])) : [];
  return walk(t.config.storageDir);
};

describe('a project whose beneficiary line leaves out its optional fields', () => {
  it('is created, and read by the member and by the instructing service', async () => {
    const dossier = await newDossier();
    const created = await t
      .http()
      .post(`${DOSSIERS_PATH}/${dossier.id}/projets`)
      .set(TOKEN_HEADER, s.member.token)
      .send(validProjet('Vélo pour tous', { beneficiaire: [{ lib_statut: 'Jeunes', nombre: 12 }, {}] }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.beneficiaire[0]).toEqual({
      id_statut: null, lib_statut: 'Jeunes', id_tranche_age: null, lib_tranche_age: 'Sans objet', id_genre: null, lib_genre: 'Sans objet', nombre: 12,
    });
    // Transmitted: the instructing service reads it too.
    await t.db.dossierInstruction.updateMany({ where: { dossierId: dossier.id }, data: { etat: 'D' } });
    for (const token of [s.member.token, s.agent.token]) {
      const read = await t.http().get(`${DOSSIERS_PATH}/${dossier.id}/projets/${created.body.id}`).set(TOKEN_HEADER, token);
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      const list = await t.http().get(`${DOSSIERS_PATH}/${dossier.id}/projets`).query({ fields: 'beneficiaire' }).set(TOKEN_HEADER, token);
      expect(list.status, JSON.stringify(list.body)).toBe(200);
    }
  });

  it('stored by an earlier version with fields missing, still reads', async () => {
    const dossier = await newDossier();
    const row = await t.db.projet.create({
      data: { dossierId: dossier.id, rangDossier: 1, intitule: 'Ancien', exercice: 2026, exerciceFin: 2026, beneficiaire: [{ nombre: 'dix' }, 3] },
    });
    const read = await t.http().get(`${DOSSIERS_PATH}/${dossier.id}/projets/${row.id}`).set(TOKEN_HEADER, s.member.token);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.beneficiaire[0].nombre).toBeNull();
  });
});

describe('a failure after the handler', () => {
  it('leaves no project when the answer fails its schema', async () => {
    const dossier = await newDossier();
    const before = await databaseSnapshot(t);
    const response = await withFailingAnswer(api.projets.createProjet, () =>
      t.http().post(`${DOSSIERS_PATH}/${dossier.id}/projets`).set(TOKEN_HEADER, s.member.token).send(validProjet()),
    );
    expect(response.status).toBe(500);
    expect(response.body.code).toBe('INTERNAL');
    expect(changedTables(before, await databaseSnapshot(t))).toEqual([]);
    expect(await t.db.projet.count({ where: { dossierId: dossier.id } })).toBe(0);
  });

  it('leaves no file and no row of an upload, and keeps the file of a deletion that rolled back', async () => {
    const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
    const upload = () =>
      t.http().post('/api/proxy-asso/association/documents').query({ id_asso: s.asso.id, type: 'PV' }).set(TOKEN_HEADER, s.member.token)
        .attach('file', PDF, { filename: 'pv.pdf', contentType: 'application/pdf' });
    const failed = await withFailingAnswer(api.associationDocuments.uploadDocument, upload);
    expect(failed.status).toBe(500);
    expect(storedFiles()).toEqual([]);
    expect(await t.db.associationDocument.count({ where: { associationId: s.asso.id } })).toBe(0);

    const kept = await upload();
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    const removal = await withFailingAnswer(api.associationDocuments.deleteDocument, () =>
      t.http().delete('/api/proxy-asso/association/documents').query({ id_asso: s.asso.id, id: kept.body.uuid }).set(TOKEN_HEADER, s.member.token),
    );
    expect(removal.status).toBe(500);
    expect(storedFiles()).toHaveLength(1);
    const download = await t.http().get(kept.body.url).set(TOKEN_HEADER, s.member.token);
    expect(download.status).toBe(200);
  });

  it('sends no mail and no notification of a message whose answer failed', async () => {
    const dossier = await newDossier();
    const mails = await t.db.mailOutbox.count();
    const notifications = await t.db.notification.count();
    const response = await withFailingAnswer(api.dossiers.messageDossier, () =>
      t.http().post(`${DOSSIERS_PATH}/${dossier.id}/message`).set(TOKEN_HEADER, s.member.token).send({ message: 'Bonjour' }),
    );
    expect(response.status).toBe(500);
    expect(await t.db.dossierMessage.count({ where: { dossierId: dossier.id } })).toBe(0);
    expect(await t.db.mailOutbox.count()).toBe(mails);
    expect(await t.db.notification.count()).toBe(notifications);
  });
});

describe('the unit of work', () => {
  const note = (title: string) => ({ data: { title, content: 'x', routes: ['/'] } });
  const notes = (title: string) => t.db.noteOnPage.count({ where: { title } });

  it('commits its writes together, or none of them', async () => {
    const db = joinUnitOfWork(t.db);
    await runUnitOfWork(t.db, async () => {
      await db.noteOnPage.create(note('ensemble'));
      await db.noteOnPage.create(note('ensemble'));
    });
    expect(await notes('ensemble')).toBe(2);
    await expect(
      runUnitOfWork(t.db, async () => {
        await db.noteOnPage.create(note('aucune'));
        throw new Error('refusé après l’écriture');
      }),
    ).rejects.toThrow('refusé');
    expect(await notes('aucune')).toBe(0);
  });

  it('makes a nested $transaction a savepoint: its failure undoes its part only', async () => {
    const db = joinUnitOfWork(t.db);
    await runUnitOfWork(t.db, async () => {
      await db.noteOnPage.create(note('dehors'));
      await db
        .$transaction(async (tx) => {
          await tx.noteOnPage.create(note('dedans'));
          throw new Error('partie refusée');
        })
        .catch(() => undefined);
      await db.noteOnPage.create(note('après'));
    });
    expect([await notes('dehors'), await notes('dedans'), await notes('après')]).toEqual([1, 0, 1]);
  });

  it('a failed nested $transaction as its first write leaves nothing, and the unit goes on and commits', async () => {
    const db = joinUnitOfWork(t.db);
    await runUnitOfWork(t.db, async () => {
      await db
        .$transaction(async (tx) => {
          await tx.noteOnPage.create(note('premier-refusé'));
          throw new Error('partie refusée');
        })
        .catch(() => undefined);
      // Read on the pool again: the refused part is nowhere.
      expect(await db.noteOnPage.count({ where: { title: 'premier-refusé' } })).toBe(0);
      await db.$transaction(async (tx) => tx.noteOnPage.create(note('premier-puis')));
      await db.noteOnPage.create(note('premier-puis'));
    });
    expect([await notes('premier-refusé'), await notes('premier-puis')]).toEqual([0, 2]);
    // A first nested part that succeeds commits with the rest, or rolls back with it.
    await expect(
      runUnitOfWork(t.db, async () => {
        await db.$transaction(async (tx) => tx.noteOnPage.create(note('premier-annulé')));
        throw new Error('refusé après');
      }),
    ).rejects.toThrow('refusé après');
    expect(await notes('premier-annulé')).toBe(0);
  });

  it('fails, rather than commit in silence, when a failed statement was caught', async () => {
    const db = joinUnitOfWork(t.db);
    await expect(
      runUnitOfWork(t.db, async () => {
        await db.noteOnPage.create(note('silence'));
        await db.$executeRawUnsafe('SELECT 1 / 0').catch(() => undefined);
      }),
    ).rejects.toThrow();
    expect(await notes('silence')).toBe(0);
  });

  it('runs effects after the commit or after the rollback, and independent writes whatever the outcome', async () => {
    const db = joinUnitOfWork(t.db);
    const seen: string[] = [];
    await runUnitOfWork(t.db, async () => {
      await db.noteOnPage.create(note('effets'));
      await afterCommit(async () => seen.push(`commit:${await notes('effets')}`));
      onRollback(() => seen.push('rollback'));
    });
    await runUnitOfWork(t.db, async () => {
      await db.noteOnPage.create(note('effets-annulés'));
      await afterCommit(() => seen.push('jamais'));
      onRollback(() => seen.push('rollback'));
      await independently(() => db.noteOnPage.create(note('indépendante')));
      throw new Error('refusé');
    }).catch(() => undefined);
    expect(seen).toEqual(['commit:1', 'rollback']);
    expect([await notes('effets-annulés'), await notes('indépendante')]).toEqual([0, 1]);
  });

  it('reads on the pool until its first write, then in its transaction', async () => {
    const db = joinUnitOfWork(t.db);
    await runUnitOfWork(t.db, async () => {
      expect(await db.noteOnPage.count({ where: { title: 'lue' } })).toBe(0);
      await db.noteOnPage.create(note('lue'));
      // Its own write, not yet committed, is visible to it and to it only.
      expect(await db.noteOnPage.count({ where: { title: 'lue' } })).toBe(1);
      expect(await notes('lue')).toBe(0);
    });
    expect(await notes('lue')).toBe(1);
  });
});
