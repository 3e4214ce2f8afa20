// Financial reports over HTTP (docs/domain.md « Comptes rendus financiers »): the whole lifecycle of
// a granted dossier paid (9): report 1 → 2 → 4 → 3 → 4 → 5 with the notifications and mails of each
// step, then the dossier closed (9 → 10, refused before); the documents rules of spec §5 at
// transmission; editability and the mode; who reaches a report; French 4xx on bad input; the
// reminder list of reports owed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRF_MESSAGES, crfViewSchema, NOTIFICATION_TYPE_IDS, SUBSIDY_MESSAGES } from '@portail/contract';
import { createAssociation, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import {
  createAssociationDocument, createCompleteDossier, createDossier, createFinancingLines, dossierCalls, instructionCalls, memberOf, signInService, subsidySetting,
  type ServiceAgent, type SignedIn, type SubsidyScheme,
} from './support/subsidy-fixtures.ts';
import { pdfText } from './support/pdf-text.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let other: SignedIn;
let agent: ServiceAgent;
let scheme: SubsidyScheme;

beforeAll(async () => {
  t = await startTestApp();
  ({ asso, member, agent, scheme } = await subsidySetting(t, { service: 'Service des comptes rendus' }));
  other = await memberOf(t, asso);
});
afterAll(() => t.close());

const type = NOTIFICATION_TYPE_IDS;
const calls = (who: { token: string }) => dossierCalls(t, who.token);
const fire = (who: { token: string }, dossierId: string, body: object) => instructionCalls(t, who.token).fire(dossierId, agent.serviceId, body);

/** A dossier granted 4 000 € and paid through the API (instruction in 9). */
async function paidDossier() {
  const row = await createCompleteDossier(t, asso, scheme, [agent.serviceId]);
  const [line] = await createFinancingLines(t, row.id, [agent.serviceId]);
  expect((await calls(member).post(`/transmit/${row.id}`, null)).status).toBe(200);
  for (const body of [
    { event: 'ouvrir_instruction' },
    { event: 'accorder', montants: [{ ...line!, montant_accorde: 4000 }] },
    { event: 'mettre_en_paiement', paiement: { date: '2026-06-01', montant: 2000 } },
    { event: 'poursuivre_paiement', paiement: { date: '2026-07-01', montant: 1000 } },
    { event: 'constater_paiement', paiement: { date: '2026-08-01', montant: 1000 } },
  ]) {
    const response = await fire(agent, row.id, body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }
  return { ...row, line: line! };
}

/** What a step sent since the last call: mails (recipient) and notifications (recipient:type). */
async function sentSince(seen: { mails: Set<string>; notifications: Set<string> }) {
  const mails = (await t.db.mailOutbox.findMany({ select: { id: true, to: true, text: true }, orderBy: { createdAt: 'asc' } })).filter((m) => !seen.mails.has(m.id));
  const notifications = (await t.db.notification.findMany({ select: { id: true, userId: true, type: true, payload: true }, orderBy: { createdAt: 'asc' } })).filter((n) => !seen.notifications.has(n.id));
  for (const m of mails) seen.mails.add(m.id);
  for (const n of notifications) seen.notifications.add(n.id);
  const emailOf = new Map([member, other, agent].map((c) => [c.account.id, c.account.email]));
  return {
    mails: mails.map((m) => m.to).sort(),
    mailTexts: mails.map((m) => m.text),
    notifications: notifications.map((n) => `${emailOf.get(n.userId) ?? n.userId}:${n.type}`).sort(),
    payloads: notifications.map((n) => n.payload as Record<string, unknown>),
  };
}

/** The documents and answers a report needs to be transmitted. */
async function completeBody() {
  const comptes = await createAssociationDocument(t, asso, { type: 'BILAN' });
  const rapport = await createAssociationDocument(t, asso, { type: 'RAPPORT' });
  return {
    isRealised: true,
    attestation: { certifie: true, date: new Date().toISOString() },
    documents: [{ code: 'comptes_annuels', uuid: comptes.id, annee_validite: 2025 }, { code: 'rapport_activite', uuid: rapport.id }],
  };
}

describe('the whole lifecycle through the API', () => {
  it('CRF 1 → 2 → 4 → 3 → 4 → 5, then the dossier 9 → 10 (refused before every report is received)', async () => {
    const dossier = await paidDossier();
    const m = member.account.email;
    const o = other.account.email;
    const a = agent.account.email;
    const seen = { mails: new Set<string>(), notifications: new Set<string>() };
    await sentSince(seen);

    // Created by exercise, cloned from the dossier (its line granted 4 000 €); the same call then fetches it.
    const opened = await calls(member).post(`/${dossier.id}/crf`, { exercice: 2026 });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({ outcome: 'CLONED', message: CRF_MESSAGES.cloned(2026) });
    const crf = crfViewSchema.parse(opened.body.crf);
    expect(crf).toMatchObject({ etat: '1', mode: 'edit', exercice: 2026, description: { montant_accorde: 4000 } });
    expect(crf.financements).toEqual([{ projet: dossier.line.projet, annee: 2026, id_service_instructeur: agent.serviceId, montant_accorde: 4000, montant_realise: null }]);
    const again = await calls(member).post(`/${dossier.id}/crf`, { exercice: 2026 });
    expect(again.body).toMatchObject({ outcome: 'FETCHED', message: CRF_MESSAGES.fetched(2026), crf: { id: crf.id } });
    const path = `/${dossier.id}/crf/${crf.id}`;

    // Closing the dossier is refused while its report is not received.
    const early = await fire(agent, dossier.id, { event: 'cloturer' });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('TRANSITION_FORBIDDEN');

    // 1 → 2 on the first save; nobody is told.
    let saved = await calls(member).put(path, { description: { montant_realise: 3900, commentaire: 'Action menée' }, budgetCrf: { realise: { charges: { comptes: { '60': 1200 } } } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ etat: '2', mode: 'edit', description: { montant_realise: 3900 }, updatedBy: { id: member.account.id, type: 'association' } });
    expect(saved.body.budgetCrf.realise.charges.comptes).toEqual({ '60': 1200 });
    expect(await sentSince(seen)).toMatchObject({ mails: [], notifications: [] });

    // Transmission waits for what is missing, named in French.
    const refused = await calls(member).post(`${path}/transmit`, null);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('CRF_NOT_TRANSMITTABLE');
    expect(refused.body.message).toContain(CRF_MESSAGES.missing.rapportActivite);
    expect(refused.body.message).toContain(CRF_MESSAGES.missing.montantRealise(2026, 'Projet complet'));

    saved = await calls(member).put(`${path}/projects/${dossier.line.projet}`, { isRealised: true, financements: [{ annee: 2026, id_service_instructeur: agent.serviceId, montant_realise: 3900 }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.financements[0].montant_realise).toBe(3900);
    expect((await calls(member).put(path, await completeBody())).status).toBe(200);

    // 2 → 4: the service is mailed, the other member notified (type 8).
    let step = await calls(member).post(`${path}/transmit`, null);
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    expect(step.body).toMatchObject({ etat: '4', mode: 'read' });
    let sent = await sentSince(seen);
    expect(sent).toMatchObject({ mails: [a], notifications: [`${o}:${type.modification_etat_crf}`] });
    expect(sent.payloads[0]).toMatchObject({ machine: 'crf', dossier: dossier.id, crf: crf.id, vers: '4' });
    // No longer editable: 403 in French.
    const locked = await calls(member).put(path, { isReported: true });
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ code: 'CRF_NOT_EDITABLE', message: CRF_MESSAGES.notEditable });

    // The service reads it, with its documents now, and may receive or send back.
    const read = await calls(agent).get(path);
    expect(read.status).toBe(200);
    expect(read.body.documents).toHaveLength(2);
    expect(read.body.options.events).toEqual(['receptionner', 'renvoyer']);

    // 4 → 3: sent back with a comment (required), the members notified and mailed with it.
    expect((await calls(agent).post(`${path}/events`, { event: 'renvoyer' })).status).toBe(400);
    const correction = 'Joignez les comptes certifiés.';
    step = await calls(agent).post(`${path}/events`, { event: 'renvoyer', comment: correction });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    expect(step.body).toMatchObject({ etat: '3', commentaire: correction });
    sent = await sentSince(seen);
    expect(sent.mails).toEqual([m, o].sort());
    expect(sent.mailTexts.every((text) => text.includes(`Commentaire : ${correction}`))).toBe(true);
    expect(sent.notifications).toEqual([`${m}:${type.modification_etat_crf}`, `${o}:${type.modification_etat_crf}`].sort());
    const back = await calls(member).get(path);
    expect(back.body).toMatchObject({ etat: '3', mode: 'edit', commentaire: correction });

    // 3 → 4: transmitted again.
    expect((await calls(member).put(path, { isReported: false })).body.etat).toBe('3');
    expect((await calls(member).post(`${path}/transmit`, null)).body.etat).toBe('4');
    expect(await sentSince(seen)).toMatchObject({ mails: [a], notifications: [`${o}:${type.modification_etat_crf}`] });

    // An event the state does not allow: 409 in French.
    const twice = await calls(member).post(`${path}/transmit`, null);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('TRANSITION_WRONG_STATE');

    // 4 → 5: received; the members are told; the dossier may now be closed.
    step = await calls(agent).post(`${path}/events`, { event: 'receptionner' });
    expect(step.body).toMatchObject({ etat: '5', mode: 'read', options: { events: [] } });
    sent = await sentSince(seen);
    expect(sent.mails).toEqual([m, o].sort());
    expect(sent.notifications).toEqual([`${m}:${type.modification_etat_crf}`, `${o}:${type.modification_etat_crf}`].sort());
    const closed = await fire(agent, dossier.id, { event: 'cloturer' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.instructions[0].etat).toBe('10');

    // The history of the report, through state_history.
    const history = await t.db.stateHistory.findMany({ where: { machine: 'crf', objectId: crf.id }, orderBy: { createdAt: 'asc' } });
    expect(history.map((h) => `${h.fromState}>${h.toState}`)).toEqual(['1>2', '2>4', '4>3', '3>4', '4>5']);
    expect(history[2]!.comment).toBe(correction);
    const audit = await t.db.auditEntry.findMany({ where: { entity: 'crf', entityId: crf.id }, select: { action: true } });
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['creer', 'modifier', 'enregistrer', 'transmettre', 'renvoyer', 'receptionner']));
  });
});

describe('documents (spec §5)', () => {
  it('takes the annual accounts of one of the two previous years only, and asks a power of attorney when the signatory is not the legal representative', async () => {
    const dossier = await paidDossier();
    const crf = (await calls(member).post(`/${dossier.id}/crf`, { exercice: 2026 })).body.crf;
    const path = `/${dossier.id}/crf/${crf.id}`;
    const comptes = await createAssociationDocument(t, asso);
    const wrongYear = await calls(member).put(path, { documents: [{ code: 'comptes_annuels', uuid: comptes.id, annee_validite: 2023 }] });
    expect(wrongYear.status).toBe(400);
    expect(wrongYear.body.message).toBe(CRF_MESSAGES.comptesYear([2025, 2024]));
    // No year said: the previous one.
    const byDefault = await calls(member).put(path, { documents: [{ code: 'comptes_annuels', uuid: comptes.id }] });
    expect(byDefault.body.documents).toEqual([{ code: 'comptes_annuels', uuid: comptes.id, annee_validite: 2025, nom: 'statuts.pdf' }]);
    // A document of another association is refused.
    const elsewhere = await createAssociationDocument(t, await createAssociation(t));
    expect((await calls(member).put(path, { documents: [{ code: 'rapport_activite', uuid: elsewhere.id }] })).status).toBe(400);

    // A signatory other than the legal representative: the power of attorney is required.
    const signataire = await t.db.representantLegal.create({
      data: { associationId: asso.id, civilite: 'M.', nom: 'Trésorier', prenom: 'Paul', courriel: 'paul@example.org', fonction: 'Trésorier', telephone: '0612345678' },
    });
    expect((await calls(member).put(path, { ...(await completeBody()), demandeur: { id_signataire: signataire.id } })).status).toBe(200);
    await calls(member).put(`${path}/projects/${dossier.line.projet}`, { financements: [{ annee: 2026, id_service_instructeur: agent.serviceId, montant_realise: 4000 }] });
    const refused = await calls(member).post(`${path}/transmit`, null);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CRF_MESSAGES.notTransmittable([CRF_MESSAGES.missing.pouvoir]));
    const pouvoir = await createAssociationDocument(t, asso);
    const documents = [...(await calls(member).get(path)).body.documents.map((d: { code: string; uuid: string; annee_validite: number | null }) => ({ code: d.code, uuid: d.uuid, annee_validite: d.annee_validite })), { code: 'pouvoir', uuid: pouvoir.id }];
    expect((await calls(member).put(path, { documents })).status).toBe(200);
    expect((await calls(member).post(`${path}/transmit`, null)).status).toBe(200);
  });
});

describe('rules and refusals', () => {
  it('has reports only for a granted dossier and its exercises; the service fetches, never creates', async () => {
    const notGranted = await createCompleteDossier(t, asso, scheme, [agent.serviceId]);
    const refused = await calls(member).post(`/${notGranted.id}/crf`, { exercice: 2026 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CRF_DOSSIER_NOT_GRANTED', message: CRF_MESSAGES.notGranted });
    const dossier = await paidDossier();
    const outside = await calls(member).post(`/${dossier.id}/crf`, { exercice: 2024 });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(CRF_MESSAGES.exerciceOutOfDossier(2026, 2026));
    const byService = await calls(agent).post(`/${dossier.id}/crf`, { exercice: 2026 });
    expect(byService.status).toBe(404);
    expect(byService.body.code).toBe('CRF_NOT_FOUND');
  });

  it('answers bad input with French 4xx, never 500', async () => {
    const dossier = await paidDossier();
    const crf = (await calls(member).post(`/${dossier.id}/crf`, { exercice: 2026 })).body.crf;
    const path = `/${dossier.id}/crf/${crf.id}`;
    const bad = [
      await calls(member).post(`/${dossier.id}/crf`, { exercice: 'deux mille' }),
      await calls(member).put(path, { description: { montant_realise: -5 } }),
      await calls(member).put(path, { etat: '5' }),
      await calls(member).put(path, { demandeur: { id_signataire: randomUUID() } }),
      await calls(member).put(`${path}/projects/${randomUUID()}`, { isRealised: true }),
      await calls(member).put(`${path}/projects/${dossier.line.projet}`, { financements: [{ annee: 2030, id_service_instructeur: agent.serviceId, montant_realise: 1 }] }),
      await calls(member).get(`/${dossier.id}/crf/${randomUUID()}`),
      await calls(member).get(`/${dossier.id}/crf/pas-un-identifiant`),
      await calls(agent).post(`${path}/events`, { event: 'receptionner' }),
      await calls(agent).post(`${path}/events`, { event: 'transmettre' }),
    ];
    for (const response of bad) {
      expect(response.status, JSON.stringify(response.body)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body.message).toMatch(/[éèàôç]|n'|l'|Le |La |Les |Ce /);
    }
    expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 400, 404, 400, 404, 400, 409, 400]);
  });

  it('keeps a project’s realised dates in order, the date given checked against the one kept', async () => {
    const dossier = await paidDossier();
    const crf = (await calls(member).post(`/${dossier.id}/crf`, { exercice: 2026 })).body.crf;
    const projet = `/${dossier.id}/crf/${crf.id}/projects/${dossier.line.projet}`;
    // An action put off may end after the dossier's years.
    const later = await calls(member).put(projet, { description: { date_debut: '2026-09-01', date_fin: '2027-03-31' } });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.projets[0].description).toMatchObject({ date_debut: '2026-09-01', date_fin: '2027-03-31' });
    const before = await calls(member).put(projet, { description: { date_fin: '2026-08-31' } });
    expect(before.status).toBe(400);
    expect(before.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(before.body.message).toContain(SUBSIDY_MESSAGES.projectEndsBeforeStart);
    expect((await calls(member).get(`/${dossier.id}/crf/${crf.id}`)).body.projets[0].description.date_fin).toBe('2027-03-31');
  });

  it('lists the dossier’s reports on its view (state by exercise), for the association and the service alike', async () => {
    const dossier = await paidDossier();
    expect((await calls(member).get(`/${dossier.id}`)).body.crfs).toEqual([]);
    const crf = (await calls(member).post(`/${dossier.id}/crf`, { exercice: 2026 })).body.crf;
    expect((await calls(member).get(`/${dossier.id}`)).body.crfs).toEqual([{ id: crf.id, exercice: 2026, etat: '1' }]);
    await calls(member).put(`/${dossier.id}/crf/${crf.id}`, { isRealised: true });
    expect((await calls(agent).get(`/${dossier.id}`)).body.crfs).toEqual([{ id: crf.id, exercice: 2026, etat: '2' }]);
  });

  it('lets only the dossier’s readers reach its reports: a stranger and another service get 404, a member of another association too', async () => {
    const dossier = await paidDossier();
    const crf = (await calls(member).post(`/${dossier.id}/crf`, { exercice: 2026 })).body.crf;
    const path = `/${dossier.id}/crf/${crf.id}`;
    const stranger = await signIn(t, { roles: ['lca.association'] });
    const otherService = await signInService(t, 'Service étranger');
    expect((await calls(stranger).get(path)).status).toBe(404);
    expect((await calls(stranger).put(path, { isRealised: true })).status).toBe(404);
    expect((await calls(otherService).get(path)).status).toBe(404);
    expect((await calls(otherService).post(`${path}/events`, { event: 'receptionner' })).status).toBe(404);
    // The instructing service reads, and may not write the association's part (403).
    expect((await calls(agent).get(path)).status).toBe(200);
    expect((await calls(agent).put(path, { isRealised: true })).status).toBe(403);
    // A report of another dossier is not reached through this one.
    const another = await paidDossier();
    expect((await calls(member).get(`/${another.id}/crf/${crf.id}`)).status).toBe(404);
  });
});

describe('reports owed (GET /demande/missing-crf)', () => {
  it('lists the granted dossiers whose report of a finished exercise is not transmitted, with the « n’a pas été transmis » text', async () => {
    const own = await memberOf(t, asso);
    const granted = await createDossier(t, asso, scheme, [agent.serviceId], { exercice: 2025, etat: '9' });
    const pending = await createDossier(t, asso, scheme, [agent.serviceId], { exercice: 2024, etat: '7' });
    await t.db.crf.create({ data: { dossierId: pending.id, associationId: asso.id, serviceId: agent.serviceId, exercice: 2024, etat: '2' } });
    const done = await createDossier(t, asso, scheme, [agent.serviceId], { exercice: 2024, etat: '9' });
    await t.db.crf.create({ data: { dossierId: done.id, associationId: asso.id, serviceId: agent.serviceId, exercice: 2024, etat: '4' } });
    await createDossier(t, asso, scheme, [agent.serviceId], { exercice: 2025, etat: '2' });
    const response = await t.http().get('/api/lca-server/demande/missing-crf').set('x-access-token', own.token);
    expect(response.status).toBe(200);
    const mine = response.body.filter((m: { id_dossier: string }) => [granted.id, pending.id, done.id].includes(m.id_dossier));
    expect(mine).toEqual(expect.arrayContaining([
      expect.objectContaining({ id_dossier: granted.id, exercice: 2025, id_crf: null, etat: null, message: CRF_MESSAGES.notTransmitted(2025) }),
      expect.objectContaining({ id_dossier: pending.id, exercice: 2024, etat: '2' }),
    ]));
    expect(mine).toHaveLength(2);
    const stranger = await signIn(t, { roles: ['lca.association'] });
    expect((await t.http().get('/api/lca-server/demande/missing-crf').set('x-access-token', stranger.token)).body).toEqual([]);
  });
});

describe('the PDF of a report (Cerfa 15059)', () => {
  it('prints the association, the realised amounts against the granted ones and the planned vs realised budget, for the dossier’s readers only', async () => {
    const dossier = await paidDossier();
    const crf = (await calls(member).post(`/${dossier.id}/crf`, { exercice: 2026 })).body.crf;
    const path = `/${dossier.id}/crf/${crf.id}`;
    await calls(member).put(path, { isRealised: true, description: { montant_realise: 3750 }, budgetCrf: { realise: { charges: { comptes: { '64': 2500 } } }, commentaire_ecarts: 'Une séance annulée.' } });
    await calls(member).put(`${path}/projects/${dossier.line.projet}`, { financements: [{ annee: 2026, id_service_instructeur: agent.serviceId, montant_realise: 3750 }] });
    const download = (who: { token: string }) =>
      calls(who).get(`${path}/pdf`).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const response = await download(member);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="crf-${dossier.idFo}-2026.pdf"`);
    const file = response.body as Buffer;
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file);
    for (const expected of ['Compte rendu financier de subvention', 'Cerfa n° 15059', asso.association.nom, 'Projet complet', 'Prévision', 'Réalisation', '64 - Charges de personnel', 'Une séance annulée.']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/4\s000\s€/);
    expect(text).toMatch(/3\s750\s€/);
    expect((await download(agent)).status).toBe(200);
    expect((await download(await signIn(t, { roles: ['lca.association'] }))).status).toBe(404);
  });
});
