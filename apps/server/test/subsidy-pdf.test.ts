// GET /demande/dossiers/:id/pdf over HTTP on PostgreSQL (docs/domain.md « Dossiers de subvention »):
// a valid PDF in the layout of the Cerfa 12156 form, holding the association's name, its
// representative, the budget totals and every project's title, for the association and the
// dossier's services; 404 for a dossier the caller does not see.
import { SUBSIDY_MESSAGES } from '@portail/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssociation, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { pdfText } from './support/pdf-text.ts';
import { createDossier, createScheme, dossierCalls, subsidySetting, validProjet, type ServiceAgent, type SignedIn } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { pdfDataFromJson } from '../src/modules/demande/pdf/plain.ts';
import { createPdfRepository, DOSSIER_FOR_PDF, PERSON_FOR_PDF, RIB_FOR_PDF } from '../src/modules/demande/pdf/repository.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let agent: ServiceAgent;
let second: ServiceAgent;

beforeAll(async () => {
  t = await startTestApp();
  let extras: ServiceAgent[];
  ({ asso, member, agent, extras } = await subsidySetting(t, {
    service: 'Service départemental de la jeunesse', association: { nom: 'Union cycliste de Belleville' }, extraServices: ['Délégation régionale'],
  }));
  second = extras[0]!;
});
afterAll(() => t.close());

const as = (token: string) => dossierCalls(t, token);
/** Binary answers as a Buffer (supertest leaves unknown types unparsed). */
const pdf = (id: string, token: string) =>
  as(token).get(`/${id}/pdf`).buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('the PDF of a dossier', () => {
  it('is a valid PDF with the association, its representative, the budget and every project', async () => {
    const scheme = await createScheme(t, { duree: 2, serviceIds: [agent.serviceId] });
    const dossier = await createDossier(t, asso, scheme, [agent.serviceId], { pluriannuel: true, exerciceFin: 2028 });
    await t.db.dossierBudget.create({
      data: { dossierId: dossier.id, annee: 2026, charges: { comptes: { '64': 30000 } }, produits: { comptes: { '74': 18000 } } },
    });
    const titles = ['Vélo-école', 'Randonnées', 'Atelier réparation'];
    for (const title of titles) {
      const response = await as(member.token).post(`/${dossier.id}/projets`, validProjet(title, { financements: [{ annee: 2026, id_service_instructeur: agent.serviceId, montant_demande: 2500 }] }));
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    }

    const response = await pdf(dossier.id, member.token);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="dossier-${dossier.idFo}.pdf"`);
    const file = response.body as Buffer;
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.subarray(-6).toString()).toMatch(/%%EOF\s*$/);
    expect(file.toString('latin1')).toMatch(/\/Type \/Catalog/);

    const text = pdfText(file);
    for (const expected of [
      'Union cycliste de Belleville', 'Demande de subvention(s)', 'Cerfa', asso.rna, 'Claire', 'Martin',
      '64 - Charges de personnel', 'Insuffisance', 'Service départemental de la jeunesse', 'Attestations',
      `Dossier ${dossier.idFo}`,
    ]) expect(text, expected).toContain(expected);
    titles.forEach((title, i) => expect(text).toContain(`Projet ${i + 1} - ${title}`));
    // 12 000 € requested by the dossier budget's shortfall, 7 500 € over the three projects.
    expect(text).toMatch(/12 000 €/);
    expect(text).toMatch(/7 500 €/);
  });

  it('prints each project’s territories, their comment, publics, indicators and co-funders as the editor writes them', async () => {
    const scheme = await createScheme(t, { serviceIds: [agent.serviceId] });
    const dossier = await createDossier(t, asso, scheme, [agent.serviceId]);
    const response = await as(member.token).post(`/${dossier.id}/projets`, {
      description: { intitule: 'Vélo pour tous' },
      territoires: { commentaire: 'Quartiers prioritaires du nord-est parisien.', territoires: [{ libelle: 'Paris 19e' }, { libelle: 'Paris 20e' }] },
      beneficiaire: [{ id_statut: null, lib_statut: 'Enfants du quartier', id_tranche_age: null, lib_tranche_age: '6-12 ans', id_genre: null, lib_genre: null, nombre: 80 }],
      evaluation: { indicateurs: [{ rang: 1, intitule: 'Enfants autonomes à vélo', prevu_min: 60, prevu_max: 80 }] },
      cofinancements: [{ financeur: 'Ville de Paris', montant: 1500 }],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const text = pdfText((await pdf(dossier.id, member.token)).body as Buffer);
    for (const expected of ['Paris 19e, Paris 20e', 'Quartiers prioritaires du nord-est parisien.', 'Enfants du quartier', 'Enfants autonomes à vélo', 'Cofinancements sollicités', 'Ville de Paris', '1 500 €'])
      expect(text, expected).toContain(expected);
  });

  it('is read by the dossier’s instructing agent once transmitted, and 404 to one who does not see it', async () => {
    const scheme = await createScheme(t, { serviceIds: [agent.serviceId] });
    const dossier = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'D' });
    expect((await pdf(dossier.id, agent.token)).status).toBe(200);
    const stranger = await signIn(t, { roles: ['lca.association'] });
    const refused = await as(stranger.token).get(`/${dossier.id}/pdf`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ status: 404, code: 'DOSSIER_NOT_FOUND', message: SUBSIDY_MESSAGES.dossierNotFound });
    const foreign = await createDossier(t, await createAssociation(t), scheme, [agent.serviceId]);
    expect((await as(member.token).get(`/${foreign.id}/pdf`)).status).toBe(404);
  });

  it('reads in one statement exactly what the Prisma select declares (dates, amounts, order), never another association’s people or RIB', async () => {
    const scheme = await createScheme(t, { duree: 2, serviceIds: [agent.serviceId, second.serviceId] });
    const dossier = await createDossier(t, asso, scheme, [agent.serviceId, second.serviceId], { pluriannuel: true, exerciceFin: 2027 });
    await t.db.dossierBudget.create({
      data: { dossierId: dossier.id, annee: 2027, exerciceDu: new Date('2027-01-01'), exerciceAu: new Date('2027-12-31'), charges: { comptes: { '64': 1 } } },
    });
    await t.db.dossierBudget.create({ data: { dossierId: dossier.id, annee: 2026, produits: { comptes: { '74': 2 } } } });
    for (const title of ['Deuxième', 'Premier']) {
      const response = await as(member.token).post(`/${dossier.id}/projets`, validProjet(title, {
        financements: [
          { annee: 2027, id_service_instructeur: second.serviceId, montant_demande: 1234.5 },
          { annee: 2026, id_service_instructeur: agent.serviceId, montant_demande: 99.99 },
        ],
      }));
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    }
    const rib = await t.db.rib.create({ data: { associationId: asso.id, idSiret: asso.siege, titulaire: 'UCB', iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' } });
    await t.db.association.update({ where: { id: asso.id }, data: { utilPublique: true, datePublicationUtilPublique: new Date('2001-05-17') } });
    await t.db.dossier.update({ where: { id: dossier.id }, data: { idRib: rib.id } });

    const repository = createPdfRepository(t.db);
    /** What the worker draws from: the statement's JSON text parsed, each amount as a number. */
    const readBack = async () => {
      const rows = (await repository.dossierForPdf(dossier.id))!;
      expect(rows).toMatchObject({ idFo: dossier.idFo, deletedAt: null });
      const data = pdfDataFromJson(rows.json);
      const amount = (v: { toNumber(): number } | null) => (v === null ? null : v.toNumber());
      const projets = data.dossier.projets.map((p) => ({
        ...p,
        financements: p.financements.map((f) => ({ ...f, montantDemande: amount(f.montantDemande), montantPropose: amount(f.montantPropose), montantAccorde: amount(f.montantAccorde) })),
      }));
      return { ...data, dossier: { ...data.dossier, projets } };
    };
    const read = await readBack();
    const prisma = await t.db.dossier.findUniqueOrThrow({ where: { id: dossier.id }, select: DOSSIER_FOR_PDF });
    const persons = await t.db.representantLegal.findMany({ where: { id: { in: [prisma.idRepresentantLegal!] } }, select: PERSON_FOR_PDF });
    const expected = {
      dossier: {
        ...prisma,
        projets: prisma.projets.map((p) => ({
          ...p,
          financements: p.financements.map((f) => ({ ...f, montantDemande: f.montantDemande?.toNumber() ?? null, montantPropose: null, montantAccorde: null })),
        })),
      },
      persons: new Map(persons.map((p) => [p.id, p])),
      rib: await t.db.rib.findUniqueOrThrow({ where: { id: rib.id }, select: RIB_FOR_PDF }),
    };
    expect(read).toEqual(expected);
    expect(read.dossier.projets[0]!.financements.map((f) => f.montantDemande).filter((v) => v !== null)).toEqual([99.99, 1234.5]);
    expect(read.dossier.association.datePublicationUtilPublique).toEqual(new Date('2001-05-17T00:00:00.000Z'));

    // Rows of another association named on the dossier are not read.
    const other = await createAssociation(t);
    const foreignRib = await t.db.rib.create({ data: { associationId: other.id, idSiret: other.siege, titulaire: 'Autre', iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' } });
    const foreignPerson = await t.db.representantLegal.findFirstOrThrow({ where: { associationId: other.id } });
    await t.db.dossier.update({ where: { id: dossier.id }, data: { idRib: foreignRib.id, idSignataire: foreignPerson.id } });
    const guarded = await readBack();
    expect(guarded.rib).toBeNull();
    expect([...guarded.persons.keys()]).toEqual([prisma.idRepresentantLegal]);
    expect(await repository.dossierForPdf('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});

describe('a document the dossier holds', () => {
  const PDF_FILE = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), Buffer.alloc(500, 0x20), Buffer.from('\n%%EOF\n')]);
  const ticket = (id: string, uuid: string, token: string) => as(token).post(`/${id}/documents/${uuid}/ticket`, null);

  it('opens once through a ticket for the member and the dossier’s instructing agent; 404 for anyone else and for a document it does not hold', async () => {
    const scheme = await createScheme(t, { serviceIds: [agent.serviceId] });
    const dossier = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'D' });
    const uploaded = await t.http().post('/api/proxy-asso/association/documents').query({ id_asso: asso.id, type: 'STC' })
      .set(TOKEN_HEADER, member.token).attach('file', PDF_FILE, { filename: 'statuts.pdf', contentType: 'application/pdf' });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const uuid = uploaded.body.uuid as string;
    const loose = (await t.http().post('/api/proxy-asso/association/documents').query({ id_asso: asso.id, type: 'STC' })
      .set(TOKEN_HEADER, member.token).attach('file', PDF_FILE, { filename: 'autre.pdf', contentType: 'application/pdf' })).body.uuid as string;
    await t.db.dossierDocument.create({ data: { dossierId: dossier.id, documentId: uuid, code: 'STATUTS' } });

    for (const token of [member.token, agent.token]) {
      const issued = await ticket(dossier.id, uuid, token);
      expect(issued.status, JSON.stringify(issued.body)).toBe(201);
      const file = await t.http().get(issued.body.url).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect(file.status).toBe(200);
      expect(Buffer.compare(file.body as Buffer, PDF_FILE)).toBe(0);
      expect((await t.http().get(issued.body.url)).status).toBe(404);
    }
    // The agent does not reach the association file's own route, only the dossier's.
    expect((await t.http().post('/api/proxy-asso/association/documents/ticket').query({ id_asso: asso.id, id: uuid }).set(TOKEN_HEADER, agent.token)).status).toBe(403);
    // A document of the association that this dossier does not hold, an unknown one, another service's agent, a stranger.
    expect((await ticket(dossier.id, loose, agent.token)).body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await ticket(dossier.id, '00000000-0000-4000-8000-000000000000', member.token)).status).toBe(404);
    expect((await ticket(dossier.id, uuid, second.token)).status).toBe(404);
    const stranger = await signIn(t, { roles: ['lca.association'] });
    expect((await ticket(dossier.id, uuid, stranger.token)).status).toBe(404);
  });
});
