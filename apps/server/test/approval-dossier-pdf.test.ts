// The approval dossier's PDF (GET /demande/dossiers/:id/pdf?from=rda, spec §7): drawn off the event
// loop by the PDF workers, read by whoever reads the dossier (its association's members, the
// approval's service, admins), refused to anybody else as an unknown dossier.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { pdfText } from './support/pdf-text.ts';
import { createAgrement } from './support/rds-fixtures.ts';
import { createAssociationDocument, DOSSIERS_PATH, memberOf, signInService, type ServiceAgent } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let agent: ServiceAgent;
beforeAll(async () => {
  t = await startTestApp({ logLevel: 'fatal' });
  agent = await signInService(t, 'Service des agréments du PDF');
});
afterAll(() => t.close());

const pdf = (token: string, id: string, query: Record<string, string> = { from: 'rda' }) =>
  t.http().get(`${DOSSIERS_PATH}/${id}/pdf`).query(query).set(TOKEN_HEADER, token).buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('the approval dossier’s PDF', () => {
  it('draws the approval asked for, the applicant, the documents given and the answers, for its readers only', async () => {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    const agrement = await createAgrement(t, { serviceId: agent.serviceId, type: 'JEP' });
    const suffix = randomUUID().slice(0, 8);
    const statuts = await t.db.documentAttendu.create({ data: { code: `statuts-${suffix}`, label: 'Statuts à jour', nature: 'STC', service: 'agrement' } });
    const champ = await t.db.champAttendu.create({ data: { code: `adherents-${suffix}`, label: "Nombre d'adhérents", type: 'number', service: 'agrement' } });
    await t.db.agrementDocumentAttendu.create({ data: { agrementId: agrement.id, documentAttenduId: statuts.id, obligatoire: true, rang: 0 } });
    await t.db.agrementChampAttendu.create({ data: { agrementId: agrement.id, champAttenduId: champ.id, obligatoire: true } });
    // A field whose condition does not hold on the dossier: not asked, not printed.
    const unasked = await t.db.champAttendu.create({ data: { code: `salaries-${suffix}`, label: 'Nombre de salariés', type: 'number', service: 'agrement' } });
    await t.db.agrementChampAttendu.create({
      data: { agrementId: agrement.id, champAttenduId: unasked.id, obligatoire: true, rang: 1, asks: [{ scope: 'description', key: 'exercice', operator: '<', value: 2000 }] },
    });
    const created = await t.http().post(DOSSIERS_PATH).query({ id_asso: asso.id }).set(TOKEN_HEADER, member.token).send({
      description: { code_agrement: agrement.code, id_type_agrement: 'JEP', id_service_instructeur: agent.serviceId, exercice: 2026 },
      demandeur: { id_siret: asso.siege },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const representant = await t.db.representantLegal.findFirstOrThrow({ where: { associationId: asso.id } });
    const document = await createAssociationDocument(t, asso, { type: 'STC' });
    const patch = (body: object) => t.http().patch(`${DOSSIERS_PATH}/${id}`).set(TOKEN_HEADER, member.token).send(body);
    expect((await patch({ step: 1, demandeur: { id_representant_legal: representant.id } })).status).toBe(200);
    expect((await patch({ step: 2, documents: [{ code: statuts.code, id_document: document.id }], statut: 'complet' })).status).toBe(200);
    expect((await patch({ step: 3, tca: { fonctionnement_democratique: true }, customs: [{ code: champ.code, value: 120 }] })).status).toBe(200);

    for (const reader of [member, agent]) {
      const answer = await pdf(reader.token, id);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['content-disposition']).toContain(`dossier-${created.body.id_fo as string}.pdf`);
      const bytes = answer.body as Buffer;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(bytes);
      for (const printed of ["Dossier de demande d'agrément", agrement.code, 'Service des agréments du PDF', 'Statuts à jour', document.nom, "Nombre d'adhérents", '120', asso.association.nom]) {
        expect(text, printed).toContain(printed);
      }
      expect(text).toContain([representant.prenom, representant.nom].filter(Boolean).join(' '));
      expect(text).not.toContain('Nombre de salariés');
    }

    // A stranger, a member of another association and another service's agent: the same 404 as an unknown dossier.
    const stranger = await signIn(t, { roles: ['lca.association'] });
    const elsewhere = await memberOf(t, await createAssociation(t));
    const otherAgent = await signInService(t);
    for (const who of [stranger, elsewhere, otherAgent]) {
      const refused = await pdf(who.token, id);
      expect(refused.status).toBe(404);
      expect(JSON.parse((refused.body as Buffer).toString('utf8'))).toMatchObject({ code: 'DOSSIER_NOT_FOUND' });
    }
    // Without from=rda the subsidies' PDF does not draw it (as their other routes do not read it); from takes rda only.
    expect((await pdf(member.token, id, {})).status).toBe(404);
    expect((await pdf(member.token, id, { from: 'rds' })).status).toBe(400);
  });
});
