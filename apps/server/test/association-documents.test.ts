// Documents of the association file: upload checked on name, size and content; listing, download
// with the token in the query, deletion; nobody reaches another association's documents.
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { DOCUMENT_MESSAGES, MESSAGES, UPLOAD_MAX_BYTES } from '@portail/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssociation, linkUser, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  Buffer.alloc(2_000, 0x20),
  Buffer.from('\n%%EOF\n'),
]);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(2_000, 7),
  Buffer.from([0xff, 0xd9]),
]);

let t: TestApp;
let asso: TestAssociation;
let other: TestAssociation;
let member: Awaited<ReturnType<typeof signIn>>;
let secondaryMember: Awaited<ReturnType<typeof signIn>>;
let stranger: Awaited<ReturnType<typeof signIn>>;
let admin: Awaited<ReturnType<typeof signIn>>;

const base = '/api/proxy-asso/association/documents';
const storedFiles = () => {
  const walk = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [e.name]))
      : [];
  return walk(t.config.storageDir);
};
const documentRows = () => t.db.associationDocument.count();

/** Reads the answer as bytes (a file, not JSON). */
const asBuffer = (request: ReturnType<ReturnType<TestApp['http']>['get']>) =>
  request.buffer(true).parse((res, callback) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => callback(null, Buffer.concat(chunks)));
  });

/** Downloads a document as a given caller (token in the header). */
const download = (url: string, token: string) => t.http().get(url).set('x-access-token', token);

function upload(
  token: string,
  query: Record<string, string>,
  file: Buffer,
  filename: string,
  contentType = 'application/pdf',
) {
  return t.http().post(base).query(query).set('x-access-token', token).attach('file', file, { filename, contentType });
}

beforeAll(async () => {
  t = await startTestApp();
  asso = await createAssociation(t, { secondaires: 2 });
  other = await createAssociation(t);
  member = await signIn(t);
  await linkUser(t, member.account.id, asso);
  secondaryMember = await signIn(t);
  await linkUser(t, secondaryMember.account.id, asso, asso.secondaires[0]);
  stranger = await signIn(t);
  await linkUser(t, stranger.account.id, other);
  admin = await signIn(t, { roles: ['lca.admin'] });
});
afterAll(() => t.close());

describe('upload', () => {
  it('stores a PDF of the association, lists it and gives it back through a download link', async () => {
    const created = await upload(
      member.token,
      { id_asso: asso.id, type: 'STC', annee_validite: '2025' },
      PDF,
      'Statuts signés.pdf',
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'STC',
      etat: 'courant',
      origine: 'LCA',
      nom: 'Statuts signés.pdf',
      mime_type: 'application/pdf',
      taille: PDF.length,
      annee_validite: 2025,
      id_siret: null,
    });

    const listed = await t.http().get(base).query({ id_asso: asso.id }).set('x-access-token', member.token);
    expect(listed.status).toBe(200);
    expect(listed.body.map((d: { uuid: string }) => d.uuid)).toContain(created.body.uuid);

    // An API caller downloads with its token in the header.
    const downloaded = await asBuffer(t.http().get(created.body.url).set('x-access-token', member.token));
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.headers['content-disposition']).toContain("filename*=UTF-8''Statuts%20sign%C3%A9s.pdf");
    expect(Buffer.compare(downloaded.body as Buffer, PDF)).toBe(0);
  });

  it('accepts a JPEG for an establishment of the association', async () => {
    const response = await upload(
      member.token,
      { id_asso: asso.siren, id_siret: asso.secondaires[1]!, type: 'RIB' },
      JPEG,
      'rib.jpg',
      'image/jpeg',
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ mime_type: 'image/jpeg', id_siret: asso.secondaires[1] });
  });

  it('makes a new document of the same kind the current one', async () => {
    const first = await upload(
      member.token,
      { id_asso: asso.id, type: 'LDC', annee_validite: '2024' },
      PDF,
      'dirigeants-v1.pdf',
    );
    const second = await upload(
      member.token,
      { id_asso: asso.id, type: 'LDC', annee_validite: '2024' },
      PDF,
      'dirigeants-v2.pdf',
    );
    const listed = await t
      .http()
      .get(base)
      .query({ id_asso: asso.id, type: 'LDC' })
      .set('x-access-token', member.token);
    expect(listed.body.map((d: { uuid: string }) => d.uuid)).toEqual([second.body.uuid]);
    expect((await t.db.associationDocument.findUnique({ where: { id: first.body.uuid } }))?.etat).toBe('archive');
  });

  it('refuses a file whose content is not a PDF or JPEG, whatever its name, and keeps nothing', async () => {
    const [rows, files] = [await documentRows(), storedFiles().length];
    const response = await upload(
      member.token,
      { id_asso: asso.id, type: 'STC' },
      Buffer.from('<html><script>alert(1)</script></html>'),
      'statuts.pdf',
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(DOCUMENT_MESSAGES.contentMismatch);
    expect(await documentRows()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
  });

  it.each(['php', 'exe', 'html', 'js', 'sh'])('refuses a .%s file with the spec message', async (ext) => {
    const response = await upload(member.token, { id_asso: asso.id, type: 'STC' }, PDF, `fichier.${ext}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`L'extension du fichier (${ext}) n'est pas autorisée.`);
  });

  it('refuses a file over 15 MB with 413 and the spec message, keeping nothing', async () => {
    const [rows, files] = [await documentRows(), storedFiles().length];
    const big = Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_BYTES, 0x20)]);
    const response = await upload(member.token, { id_asso: asso.id, type: 'STC' }, big, 'gros.pdf');
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('La taille du fichier ne doit excéder 15MO.');
    expect(await documentRows()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
  });

  it('leaves nothing behind when the upload is interrupted', async () => {
    const [rows, files] = [await documentRows(), storedFiles().length];
    const address = t.app.server.address() as { port: number } | null;
    const port =
      address?.port ??
      (await new Promise<number>((resolve) =>
        t.app.server.listen(0, () => resolve((t.app.server.address() as { port: number }).port)),
      ));
    const boundary = 'coupure';
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        port,
        method: 'POST',
        path: `${base}?id_asso=${asso.id}&type=STC`,
        headers: {
          'x-access-token': member.token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': '5000000',
        },
      });
      req.on('error', () => resolve());
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="coupe.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
      req.write(PDF);
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await documentRows()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
  });

  it('asks for a file', async () => {
    const response = await t
      .http()
      .post(base)
      .query({ id_asso: asso.id, type: 'STC' })
      .set('x-access-token', member.token)
      .send({});
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(DOCUMENT_MESSAGES.missingFile);
  });

  it('checks the query: document type and year', async () => {
    const response = await upload(
      member.token,
      { id_asso: asso.id, type: 'pas un type !', annee_validite: '1800' },
      PDF,
      'a.pdf',
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fields)).toEqual(expect.arrayContaining(['type', 'annee_validite']));
  });
});

describe('who may reach the documents', () => {
  let siegeDoc: { uuid: string; url: string };
  let secondaryDoc: { uuid: string; url: string };
  beforeAll(async () => {
    siegeDoc = (await upload(member.token, { id_asso: asso.id, id_siret: asso.siege, type: 'PV' }, PDF, 'pv.pdf')).body;
    secondaryDoc = (
      await upload(
        member.token,
        { id_asso: asso.id, id_siret: asso.secondaires[0]!, type: 'PV' },
        PDF,
        'pv-antenne.pdf',
      )
    ).body;
  });

  it('a member of another association cannot list, download, delete or add to it (404, ids cannot be probed)', async () => {
    expect((await t.http().get(base).query({ id_asso: asso.id }).set('x-access-token', stranger.token)).status).toBe(
      404,
    );
    expect((await download(siegeDoc.url, stranger.token)).status).toBe(404);
    expect(
      (await t.http().delete(base).query({ id_asso: asso.id, id: siegeDoc.uuid }).set('x-access-token', stranger.token))
        .status,
    ).toBe(404);
    expect((await upload(stranger.token, { id_asso: asso.id, type: 'STC' }, PDF, 'x.pdf')).status).toBe(404);
    // Its own association id with another association's document id: not found either.
    expect(
      (
        await t
          .http()
          .get(base.replace('documents', 'documents/download'))
          .query({ id_asso: other.id, id: siegeDoc.uuid })
          .set('x-access-token', stranger.token)
      ).status,
    ).toBe(404);
  });

  it('a member of a secondary establishment sees association-wide and own documents only', async () => {
    const listed = await t.http().get(base).query({ id_asso: asso.id }).set('x-access-token', secondaryMember.token);
    const ids = listed.body.map((d: { uuid: string }) => d.uuid);
    expect(ids).toContain(secondaryDoc.uuid);
    expect(ids).not.toContain(siegeDoc.uuid);
    expect(
      listed.body.every((d: { id_siret: string | null }) => d.id_siret === null || d.id_siret === asso.secondaires[0]),
    ).toBe(true);
    expect((await download(siegeDoc.url, secondaryMember.token)).status).toBe(404);
    expect(
      (
        await t
          .http()
          .delete(base)
          .query({ id_asso: asso.id, id: siegeDoc.uuid })
          .set('x-access-token', secondaryMember.token)
      ).status,
    ).toBe(404);
    expect(
      (await upload(secondaryMember.token, { id_asso: asso.id, id_siret: asso.siege, type: 'PV' }, PDF, 'x.pdf'))
        .status,
    ).toBe(404);
    expect((await upload(secondaryMember.token, { id_asso: asso.id, type: 'STC' }, PDF, 'x.pdf')).status).toBe(403);
    expect(
      (
        await upload(
          secondaryMember.token,
          { id_asso: asso.id, id_siret: asso.secondaires[0]!, type: 'PV' },
          PDF,
          'ok.pdf',
        )
      ).status,
    ).toBe(201);
  });

  it('an lca.admin reaches every association', async () => {
    const listed = await t.http().get(base).query({ id_asso: other.id }).set('x-access-token', admin.token);
    expect(listed.status).toBe(200);
    expect((await download(siegeDoc.url, admin.token)).status).toBe(200);
  });

  it('an instructor role cannot add documents; anonymous callers and bad tokens get 401', async () => {
    const instructor = await signIn(t, { roles: ['rds.user'] });
    expect((await upload(instructor.token, { id_asso: asso.id, type: 'STC' }, PDF, 'x.pdf')).status).toBe(403);
    expect((await t.http().get(siegeDoc.url)).status).toBe(401);
    expect((await download(siegeDoc.url, 'nimportequoi')).status).toBe(401);
    // The access token in the query is no longer read: no token ends up in URLs, logs or history.
    expect((await t.http().get(`${siegeDoc.url}&token=${member.token}`)).status).toBe(401);
  });

  it('deletes a document and its file', async () => {
    const files = storedFiles().length;
    const response = await t
      .http()
      .delete(base)
      .query({ id_asso: asso.id, id: secondaryDoc.uuid })
      .set('x-access-token', member.token);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(MESSAGES.documentDeleted);
    expect(storedFiles()).toHaveLength(files - 1);
    expect((await download(secondaryDoc.url, member.token)).status).toBe(404);
  });
});

describe('browser downloads through a single-use ticket', () => {
  let document: { uuid: string };
  beforeAll(async () => {
    document = (await upload(member.token, { id_asso: asso.id, type: 'STC' }, PDF, 'ticket.pdf')).body;
  });
  const ticket = (token: string, id = document.uuid, idAsso = asso.id) =>
    t.http().post(`${base}/ticket`).query({ id_asso: idAsso, id }).set('x-access-token', token);

  it('opens the document once, without any token, and answers in French afterwards', async () => {
    const issued = await ticket(member.token);
    expect(issued.status).toBe(201);
    expect(issued.body.expires_in).toBe(60);
    expect(issued.body.url).toMatch(/^\/api\/proxy-asso\/association\/documents\/download\/[A-Za-z0-9_-]{40,}$/);
    expect(issued.body.url).not.toContain(member.token);
    const first = await asBuffer(t.http().get(issued.body.url));
    expect(first.status).toBe(200);
    expect(first.headers['content-disposition']).toContain('ticket.pdf');
    expect(Buffer.compare(first.body as Buffer, PDF)).toBe(0);
    const again = await t.http().get(issued.body.url);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ message: DOCUMENT_MESSAGES.ticketInvalid, code: 'DOWNLOAD_TICKET_INVALID' });
  });

  it('is stored hashed and dies after 60 seconds', async () => {
    const issued = await ticket(member.token);
    const secret = issued.body.url.split('/').pop();
    const row = await t.db.downloadTicket.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });
    expect(row.tokenHash).not.toContain(secret);
    const lifetime = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(59_000);
    expect(lifetime).toBeLessThanOrEqual(60_000);
    expect(row.documentId).toBe(document.uuid);
    expect(row.userId).toBe(member.account.id);
    await t.db.downloadTicket.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await t.http().get(issued.body.url)).status).toBe(404);
  });

  it('is given only to callers who may read the document', async () => {
    expect((await ticket(stranger.token)).status).toBe(404);
    expect((await ticket(stranger.token, document.uuid, other.id)).status).toBe(404);
    expect((await t.http().post(`${base}/ticket`).query({ id_asso: asso.id, id: document.uuid })).status).toBe(401);
    expect((await t.http().get(`${base}/download/un-ticket-invente`)).status).toBe(404);
  });

  it('two uses at once: exactly one gets the file', async () => {
    const issued = await ticket(member.token);
    const statuses = await Promise.all([1, 2, 3].map(() => t.http().get(issued.body.url).then((r) => r.status)));
    expect(statuses.sort()).toEqual([200, 404, 404]);
  });
});

describe('a 200 MB body is refused early, without reading it all and with flat memory', () => {
  const HUGE = 200 * 1024 * 1024;
  const CHUNK = Buffer.alloc(256 * 1024, 0x20);

  /** Streams a multipart upload of `total` bytes (starting with `head`) until the answer comes. */
  async function streamUpload(token: string, query: Record<string, string>, head: Buffer, total = HUGE) {
    const port = await new Promise<number>((resolve) => {
      const address = t.app.server.address() as { port: number } | null;
      if (address) return resolve(address.port);
      t.app.server.listen(0, () => resolve((t.app.server.address() as { port: number }).port));
    });
    const boundary = 'tresgros';
    const opening = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gros.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
    return new Promise<{ status: number; body: { code?: string; message?: string }; sentAtAnswer: number }>(
      (resolve, reject) => {
        let sent = 0;
        let answered = false;
        const req = httpRequest({
          port,
          method: 'POST',
          path: `${base}?${new URLSearchParams(query).toString()}`,
          headers: {
            'x-access-token': token,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(opening.length + total + closing.length),
          },
        });
        req.on('response', (response) => {
          answered = true;
          const sentAtAnswer = sent;
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => {
            req.destroy();
            resolve({ status: response.statusCode!, body: JSON.parse(text || '{}'), sentAtAnswer });
          });
        });
        req.on('error', (error) => {
          if (!answered) reject(error);
        });
        const write = (chunk: Buffer) => {
          sent += chunk.length;
          return req.write(chunk);
        };
        write(opening);
        write(head);
        let remaining = total - head.length;
        const pump = () => {
          while (remaining > 0 && !answered && !req.destroyed) {
            const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, remaining));
            remaining -= chunk.length;
            if (!write(chunk)) return void req.once('drain', pump);
          }
          if (remaining <= 0 && !answered) req.end(closing);
        };
        pump();
      },
    );
  }

  const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

  it('a stranger to the association is answered 404 before the body is read', async () => {
    const before = rssMb();
    const response = await streamUpload(stranger.token, { id_asso: asso.id, type: 'STC' }, PDF);
    expect(response.status).toBe(404);
    expect(response.sentAtAnswer).toBeLessThan(8 * 1024 * 1024);
    expect(rssMb() - before).toBeLessThan(64);
  });

  it('a content that is not a PDF or JPEG is refused on its first bytes', async () => {
    const [rows, files] = [await documentRows(), storedFiles().length];
    const response = await streamUpload(member.token, { id_asso: asso.id, type: 'STC' }, Buffer.from('MZ\x90\x00 un exécutable'));
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('FILE_CONTENT_REFUSED');
    expect(response.sentAtAnswer).toBeLessThan(8 * 1024 * 1024);
    expect(await documentRows()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
  });

  it('a PDF of 200 MB is cut at 15 MB with 413, keeping nothing, memory flat', async () => {
    const [rows, files] = [await documentRows(), storedFiles().length];
    const before = rssMb();
    const response = await streamUpload(member.token, { id_asso: asso.id, type: 'STC' }, PDF);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe(DOCUMENT_MESSAGES.tooLarge);
    expect(response.sentAtAnswer).toBeLessThan(UPLOAD_MAX_BYTES + 8 * 1024 * 1024);
    expect(rssMb() - before).toBeLessThan(64);
    expect(await documentRows()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
  });
});

describe('multipart limits', () => {
  it('takes one file per upload: a second file part is never stored', async () => {
    const [rows, files] = [await documentRows(), storedFiles().length];
    const response = await t
      .http()
      .post(base)
      .query({ id_asso: asso.id, type: 'STC' })
      .set('x-access-token', member.token)
      .attach('file', PDF, { filename: 'un.pdf', contentType: 'application/pdf' })
      .attach('file2', PDF, { filename: 'deux.pdf', contentType: 'application/pdf' });
    expect(response.status).toBe(201);
    expect(response.body.nom).toBe('un.pdf');
    expect(await documentRows()).toBe(rows + 1);
    expect(storedFiles()).toHaveLength(files + 1);
    expect(await t.db.associationDocument.count({ where: { nom: 'deux.pdf' } })).toBe(0);
  });
});
