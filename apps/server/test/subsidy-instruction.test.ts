// The instructing services' side of a dossier over HTTP (docs/domain.md « Instruction par les
// services »): the whole lifecycle A → D → 2 → C → D → 2 → 3 → 4 → 6 → 7 → 8 → 9 with what each step
// tells (notifications and mails in the outbox), a refused and a rejected dossier, illegal events,
// two instructors at once, who reaches which instruction, the « incomplet » mark, the history and a
// dossier a service creates on an association's behalf.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTRUCTION_MESSAGES, NOTIFICATION_TYPE_IDS } from '@portail/contract';
import type { TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import {
  createCompleteDossier, createDossier, createFinancingLines, createScheme, dossierCalls, instructionCalls, memberOf, signInService, subsidySetting, subventionCode,
  type ServiceAgent, type SignedIn, type SubsidyScheme,
} from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let other: SignedIn;
let agent: ServiceAgent;
let second: ServiceAgent;
let scheme: SubsidyScheme;

beforeAll(async () => {
  t = await startTestApp();
  const setting = await subsidySetting(t, { service: 'Service départemental', extraServices: ['Service voisin'] });
  ({ asso, member, agent, scheme } = setting);
  second = setting.extras[0]!;
  other = await memberOf(t, asso);
});
afterAll(() => t.close());

const fire = (who: { token: string }, dossierId: string, serviceId: string, body: object) => instructionCalls(t, who.token).fire(dossierId, serviceId, body);
const transmit = (id: string) => dossierCalls(t, member.token).post(`/transmit/${id}`, null);
const etatOf = async (dossierId: string, serviceId: string) => (await t.db.dossierInstruction.findFirstOrThrow({ where: { dossierId, serviceId } })).etat;

/** What a step sent: the mails (recipient) and notifications (recipient:type) written since the last call. */
async function sentSince(seen: { mails: Set<string>; notifications: Set<string> }) {
  const mails = (await t.db.mailOutbox.findMany({ select: { id: true, to: true, text: true }, orderBy: { createdAt: 'asc' } })).filter((m) => !seen.mails.has(m.id));
  const notifications = (await t.db.notification.findMany({ select: { id: true, userId: true, type: true, payload: true }, orderBy: { createdAt: 'asc' } })).filter((n) => !seen.notifications.has(n.id));
  for (const m of mails) seen.mails.add(m.id);
  for (const n of notifications) seen.notifications.add(n.id);
  const emailOf = new Map([member, other, agent, second].map((c) => [c.account.id, c.account.email]));
  return {
    mails: mails.map((m) => m.to).sort(),
    mailTexts: mails.map((m) => m.text),
    notifications: notifications.map((n) => `${emailOf.get(n.userId) ?? n.userId}:${n.type}`).sort(),
    payloads: notifications.map((n) => n.payload as Record<string, unknown>),
  };
}
const tracker = async () => {
  const seen = { mails: new Set<string>(), notifications: new Set<string>() };
  await sentSince(seen);
  return seen;
};

/** A dossier of the association transmitted to the services (through the API), with a financing line per service. */
async function transmitted(serviceIds = [agent.serviceId]) {
  const row = await createCompleteDossier(t, asso, await createScheme(t, { serviceIds }), serviceIds);
  const lines = await createFinancingLines(t, row.id, serviceIds);
  const response = await transmit(row.id);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { ...row, lines };
}

describe('the whole lifecycle through the API', () => {
  it('A → D → 2 → C → D → 2 → 3 → 4 → 6 → 7 → 8 → 9, each step with its notifications and mails', async () => {
    const row = await createCompleteDossier(t, asso, scheme, [agent.serviceId]);
    const lines = await createFinancingLines(t, row.id, [agent.serviceId, second.serviceId]);
    const seen = await tracker();
    const m = member.account.email;
    const o = other.account.email;
    const a = agent.account.email;
    const type = NOTIFICATION_TYPE_IDS;

    // A → D: the member transmits; the service is mailed, the other member notified.
    expect((await transmit(row.id)).status).toBe(200);
    expect(await sentSince(seen)).toMatchObject({ mails: [a], notifications: [`${o}:${type.modification_etat_dossier}`] });

    const step = async (body: object, to: string) => {
      const response = await fire(agent, row.id, agent.serviceId, body);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(await etatOf(row.id, agent.serviceId)).toBe(to);
      return response;
    };

    // D → 2: both members notified (state, and the service in charge: type 7) and mailed.
    let view = await step({ event: 'ouvrir_instruction' }, '2');
    expect(view.body.instructions[0].etat).toBe('2');
    expect(view.body.options.events).toEqual(['accorder', 'refuser', 'rejeter', 'renvoyer', 'soumettre_commission']);
    let sent = await sentSince(seen);
    expect(sent.mails).toEqual([m, o].sort());
    expect(sent.notifications).toEqual([`${m}:${type.modification_etat_dossier}`, `${m}:${type.modification_service}`, `${o}:${type.modification_etat_dossier}`, `${o}:${type.modification_service}`].sort());
    expect(sent.payloads.find((p) => p.texte)?.texte).toBe(`Le service « Service départemental » instruit le dossier n° ${row.idFo}.`);

    // 2 → C: sent back with a comment the association reads, in the notification, the mail and the dossier.
    const correction = 'Le budget du projet ne tient pas : joignez le devis.';
    await step({ event: 'renvoyer', comment: correction }, 'C');
    sent = await sentSince(seen);
    expect(sent.mails).toEqual([m, o].sort());
    expect(sent.mailTexts.every((text) => text.includes(`Commentaire : ${correction}`))).toBe(true);
    expect(sent.notifications).toEqual([`${m}:${type.modification_etat_dossier}`, `${o}:${type.modification_etat_dossier}`].sort());
    expect(sent.payloads.every((p) => p.commentaire === correction && p.vers === 'C')).toBe(true);
    const read = await dossierCalls(t, member.token).get(`/${row.id}`);
    expect(read.body.instructions[0]).toMatchObject({ etat: 'C', commentaire: correction });
    expect(read.body.options.events).toEqual(['retransmettre', 'supprimer']);

    // C → D: the member transmits again (the retransmettre event); the service is mailed.
    expect((await transmit(row.id)).status).toBe(200);
    expect(await sentSince(seen)).toMatchObject({ mails: [a], notifications: [`${o}:${type.modification_etat_dossier}`] });
    expect((await dossierCalls(t, member.token).get(`/${row.id}`)).body.instructions[0].commentaire).toBeUndefined();

    await step({ event: 'ouvrir_instruction' }, '2');
    await sentSince(seen);
    // 2 → 3 → 4: the committee's stages tell no one.
    await step({ event: 'soumettre_commission', comment: 'Commission du 12 mai' }, '3');
    await step({ event: 'enregistrer_avis', comment: 'Avis favorable' }, '4');
    expect(await sentSince(seen)).toMatchObject({ mails: [], notifications: [] });

    // 4 → 6: granted, the amounts written on the service's financing line.
    view = await step({ event: 'accorder', montants: [{ ...lines[0]!, montant_propose: 4500.5, montant_accorde: 4000.25 }] }, '6');
    expect(view.body.instructions[0].montant_accorde).toBe(4000.25);
    const line = await t.db.projetFinancement.findFirstOrThrow({ where: { projetId: lines[0]!.projet, serviceId: agent.serviceId } });
    expect([line.montantPropose?.toNumber(), line.montantAccorde?.toNumber()]).toEqual([4500.5, 4000.25]);
    // The other service's line is untouched.
    expect((await t.db.projetFinancement.findFirstOrThrow({ where: { projetId: lines[0]!.projet, serviceId: second.serviceId } })).montantAccorde).toBeNull();
    expect(await sentSince(seen)).toMatchObject({ mails: [m, o].sort(), notifications: [`${m}:${type.modification_etat_dossier}`, `${o}:${type.modification_etat_dossier}`].sort() });

    // 6 → 7 → 8 → 9: payments with their dates and amounts.
    await step({ event: 'mettre_en_paiement', paiement: { date: '2026-06-01', montant: 2000 } }, '7');
    expect((await sentSince(seen)).mails).toEqual([m, o].sort());
    await step({ event: 'poursuivre_paiement', paiement: { date: '2026-09-01', montant: 1500 } }, '8');
    expect((await sentSince(seen)).mails).toEqual([]);
    // More than granted is refused, nothing written.
    const over = await fire(agent, row.id, agent.serviceId, { event: 'constater_paiement', paiement: { date: '2026-12-01', montant: 600 } });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(INSTRUCTION_MESSAGES.paymentAboveGranted(new Intl.NumberFormat('fr-FR').format(4000.25)));
    expect(await etatOf(row.id, agent.serviceId)).toBe('8');
    await step({ event: 'constater_paiement', paiement: { date: '2026-12-01', montant: 500.25 } }, '9');
    expect((await sentSince(seen)).mails).toEqual([m, o].sort());
    const payments = await t.db.dossierPaiement.findMany({ orderBy: { date: 'asc' }, where: { instruction: { dossierId: row.id } } });
    expect(payments.map((p) => [p.date.toISOString().slice(0, 10), p.montant.toNumber()])).toEqual([['2026-06-01', 2000], ['2026-09-01', 1500], ['2026-12-01', 500.25]]);

    // 9 → 10 waits for every financial report (the CRF wires the fact): refused, in French.
    const close = await fire(agent, row.id, agent.serviceId, { event: 'cloturer' });
    expect(close.status).toBe(403);
    expect(close.body).toMatchObject({ code: 'TRANSITION_FORBIDDEN', message: "Vous ne pouvez pas effectuer l'action « Clôturer le dossier » : il faut tous les comptes-rendus financiers doivent être reçus." });

    // The history, per instruction: who (the service by its name, the member by name), when, from, to, comment, payment.
    const history = await instructionCalls(t, member.token).history(row.id);
    expect(history.status).toBe(200);
    const entries = history.body.instructions[0].historique as { evenement: string; de: string; vers: string; auteur: string; cote: string; commentaire: string | null; paiement: unknown }[];
    expect(entries.map((e) => `${e.de}>${e.vers}`)).toEqual(['A>D', 'D>2', '2>C', 'C>D', 'D>2', '2>3', '3>4', '4>6', '6>7', '7>8', '8>9']);
    expect(entries[2]).toMatchObject({ evenement: 'renvoyer', auteur: 'Service départemental', cote: 'service', commentaire: correction });
    expect(entries[0]).toMatchObject({ evenement: 'transmettre', auteur: 'Compte Test', cote: 'association' });
    expect(entries[8]!.paiement).toEqual({ date: '2026-06-01', montant: 2000 });
  });
});

describe('a refused and a rejected dossier', () => {
  it('refuses with a reason (required), the members told with it', async () => {
    const row = await transmitted();
    await fire(agent, row.id, agent.serviceId, { event: 'ouvrir_instruction' });
    const missing = await fire(agent, row.id, agent.serviceId, { event: 'refuser' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ motif: "La valeur du champ motif n'est pas au bon format." });
    const seen = await tracker();
    const refused = await fire(agent, row.id, agent.serviceId, { event: 'refuser', motif: 'Enveloppe épuisée' });
    expect(refused.status).toBe(200);
    expect(refused.body.instructions[0]).toMatchObject({ etat: '11', commentaire: 'Enveloppe épuisée' });
    expect(refused.body.options.events).toEqual([]);
    const sent = await sentSince(seen);
    expect(sent.mails).toEqual([member.account.email, other.account.email].sort());
    expect(sent.payloads.every((p) => p.commentaire === 'Enveloppe épuisée')).toBe(true);
  });

  it('rejects from instruction (2) only, with a reason', async () => {
    const row = await transmitted();
    const early = await fire(agent, row.id, agent.serviceId, { event: 'rejeter', motif: 'Hors champ' });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'TRANSITION_WRONG_STATE', message: "L'action « Rejeter le dossier (irrecevable) » n'est pas possible : l'objet est à l'état « Transmis au service instructeur ». Rechargez la page pour voir son état actuel." });
    await fire(agent, row.id, agent.serviceId, { event: 'ouvrir_instruction' });
    const rejected = await fire(agent, row.id, agent.serviceId, { event: 'rejeter', motif: 'Hors champ' });
    expect(rejected.status).toBe(200);
    expect(await etatOf(row.id, agent.serviceId)).toBe('12');
    expect((await dossierCalls(t, member.token).get(`/${row.id}`)).body.instructions[0].commentaire).toBe('Hors champ');
  });
});

describe('amounts granted', () => {
  it('only on lines of the service, once each, and nothing is written on a refusal', async () => {
    const row = await transmitted([agent.serviceId, second.serviceId]);
    await fire(agent, row.id, agent.serviceId, { event: 'ouvrir_instruction' });
    const line = row.lines[0]!;
    const foreignLine = await fire(agent, row.id, agent.serviceId, { event: 'accorder', montants: [{ projet: line.projet, annee: line.annee + 1, montant_accorde: 10 }] });
    expect(foreignLine.status).toBe(400);
    expect(foreignLine.body.message).toBe(INSTRUCTION_MESSAGES.lineNotOfService);
    const twice = await fire(agent, row.id, agent.serviceId, { event: 'accorder', montants: [{ ...line, montant_accorde: 10 }, { ...line, montant_accorde: 20 }] });
    expect(twice.body.message).toBe(INSTRUCTION_MESSAGES.lineTwice(line.annee));
    const decimals = await fire(agent, row.id, agent.serviceId, { event: 'accorder', montants: [{ ...line, montant_accorde: 10.005 }] });
    expect(decimals.status).toBe(400);
    expect(await etatOf(row.id, agent.serviceId)).toBe('2');
    expect((await t.db.projetFinancement.findMany({ where: { projet: { dossierId: row.id } } })).every((l) => l.montantAccorde === null)).toBe(true);
  });
});

describe('two instructors at once', () => {
  it('one wins, the other gets a 409 in French; one history row', async () => {
    const row = await transmitted();
    const admin = await signIn(t, { roles: ['rds.admin'] });
    const answers = await Promise.all([fire(agent, row.id, agent.serviceId, { event: 'ouvrir_instruction' }), fire(admin, row.id, agent.serviceId, { event: 'ouvrir_instruction' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body).toMatchObject({ code: 'TRANSITION_WRONG_STATE' });
    expect(loser.body.message).toContain("« En cours d'instruction »");
    const instruction = await t.db.dossierInstruction.findFirstOrThrow({ where: { dossierId: row.id } });
    expect(await t.db.stateHistory.count({ where: { objectId: instruction.id, event: 'ouvrir_instruction' } })).toBe(1);
  });

  it('a grant against a sending back: exactly one happens', async () => {
    const row = await transmitted();
    await fire(agent, row.id, agent.serviceId, { event: 'ouvrir_instruction' });
    const admin = await signIn(t, { roles: ['rds.admin'] });
    const answers = await Promise.all([
      fire(agent, row.id, agent.serviceId, { event: 'accorder', montants: [{ ...row.lines[0]!, montant_accorde: 100 }] }),
      fire(admin, row.id, agent.serviceId, { event: 'renvoyer', comment: 'À corriger' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const granted = answers[0]!.status === 200;
    expect(await etatOf(row.id, agent.serviceId)).toBe(granted ? '6' : 'C');
    const line = await t.db.projetFinancement.findFirstOrThrow({ where: { projetId: row.lines[0]!.projet } });
    expect(line.montantAccorde?.toNumber() ?? null).toBe(granted ? 100 : null);
  });
});

describe('who reaches which instruction', () => {
  it("an agent of another service instructing the dossier neither sees nor moves this service's instruction", async () => {
    const row = await transmitted([agent.serviceId, second.serviceId]);
    const moved = await fire(second, row.id, agent.serviceId, { event: 'ouvrir_instruction' });
    expect(moved.status).toBe(404);
    expect(moved.body.code).toBe('INSTRUCTION_NOT_FOUND');
    expect(await etatOf(row.id, agent.serviceId)).toBe('D');
    // Its own instruction: its options are its own events only.
    const view = await dossierCalls(t, second.token).get(`/${row.id}`);
    expect(view.body.options).toEqual({ events: ['ouvrir_instruction', 'renvoyer'], actions: ['consulter', 'marquer_incomplet'] });
    const history = await instructionCalls(t, second.token).history(row.id);
    expect(history.body.instructions.map((i: { id_service_instructeur: string }) => i.id_service_instructeur)).toEqual([second.serviceId]);
  });

  it('an agent of a service that does not instruct the dossier gets 404; a member gets 403 by role', async () => {
    const row = await transmitted();
    const stranger = await signInService(t, 'Service étranger');
    expect((await fire(stranger, row.id, agent.serviceId, { event: 'ouvrir_instruction' })).body.code).toBe('DOSSIER_NOT_FOUND');
    expect((await fire(member, row.id, agent.serviceId, { event: 'ouvrir_instruction' })).status).toBe(403);
    // A member sees no service event among its options.
    expect((await dossierCalls(t, member.token).get(`/${row.id}`)).body.options.events).toEqual([]);
  });

  it('the service above with an administrator profile acts on it; without the profile it does not reach it', async () => {
    const row = await transmitted();
    const parent = await signInService(t, 'Service régional');
    await t.db.serviceAccount.update({ where: { id: agent.serviceId }, data: { parentId: parent.serviceId } });
    try {
      expect((await fire(parent, row.id, agent.serviceId, { event: 'ouvrir_instruction' })).status).toBe(404);
      await t.db.serviceAccount.update({ where: { id: parent.serviceId }, data: { profil: 'Administrateur local' } });
      const view = await dossierCalls(t, parent.token).get(`/${row.id}`);
      expect(view.body.options.events).toEqual(['ouvrir_instruction', 'renvoyer']);
      const opened = await fire(parent, row.id, agent.serviceId, { event: 'ouvrir_instruction' });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      expect(await etatOf(row.id, agent.serviceId)).toBe('2');
    } finally {
      await t.db.serviceAccount.update({ where: { id: agent.serviceId }, data: { parentId: null } });
    }
  });
});

describe('the « incomplet » mark (spec §3, §4)', () => {
  it('the service marks a transmitted dossier incomplete, the association completes it and the service is told', async () => {
    const row = await transmitted();
    const seen = await tracker();
    const missingComment = await instructionCalls(t, agent.token).statut(row.id, agent.serviceId, { statut: 'incomplet' });
    expect(missingComment.status).toBe(400);
    const marked = await instructionCalls(t, agent.token).statut(row.id, agent.serviceId, { statut: 'incomplet', comment: 'Il manque les statuts signés.' });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.description.statut).toBe('incomplet');
    expect(marked.body.incomplet).toMatchObject({ commentaire: 'Il manque les statuts signés.', service: { id: agent.serviceId, nom: 'Service départemental' } });
    let sent = await sentSince(seen);
    expect(sent.mails).toEqual([member.account.email, other.account.email].sort());
    expect(sent.notifications).toEqual([`${member.account.email}:2`, `${other.account.email}:2`].sort());
    expect(sent.mailTexts[0]).toContain('Il manque les statuts signés.');

    const again = await instructionCalls(t, agent.token).statut(row.id, agent.serviceId, { statut: 'incomplet', comment: 'Encore' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INSTRUCTION_ACTION_REFUSED');

    const read = await dossierCalls(t, member.token).get(`/${row.id}`);
    expect(read.body.options.actions).toContain('completer');
    expect(read.body.incomplet.commentaire).toBe('Il manque les statuts signés.');
    // Documents may be attached while completing.
    expect((await dossierCalls(t, member.token).patch(`/${row.id}/documents`, { documents: [] })).status).toBe(200);
    expect((await dossierCalls(t, member.token).put(`/${row.id}/documents`, { documents: [] })).status).toBe(200);
    // The rest of the dossier stays read only.
    expect((await dossierCalls(t, member.token).put(`/${row.id}`, { step: 2, renouvellement: true, pluriannuel: false, exercice_fin: null, customs: [] })).body.code).toBe('DOSSIER_NOT_EDITABLE');
    const completed = await dossierCalls(t, member.token).post(`/${row.id}/complete`, { comment: 'Statuts joints.' });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.description.statut).toBe('complet');
    expect(completed.body.incomplet).toBeUndefined();
    expect(completed.body.options.actions).not.toContain('completer');
    sent = await sentSince(seen);
    expect(sent.mails).toEqual([agent.account.email]);
    expect(sent.notifications).toEqual([`${agent.account.email}:2`]);
    expect(sent.mailTexts[0]).toContain("L'association a complété le dossier. Statuts joints.");
    // Completing a complete dossier is refused, and its documents are read only again.
    expect((await dossierCalls(t, member.token).post(`/${row.id}/complete`, {})).body.code).toBe('INSTRUCTION_ACTION_REFUSED');
    expect((await dossierCalls(t, member.token).put(`/${row.id}/documents`, { documents: [] })).body.code).toBe('DOSSIER_NOT_EDITABLE');
  });

  it('a dossier whose end exercise is past cannot be completed', async () => {
    const past = await createScheme(t, { serviceIds: [agent.serviceId], exercice: 2024 });
    const row = await createDossier(t, asso, past, [agent.serviceId], { etat: '2', exercice: 2024 });
    await t.db.dossier.update({ where: { id: row.id }, data: { statut: 'complet' } });
    expect((await instructionCalls(t, agent.token).statut(row.id, agent.serviceId, { statut: 'incomplet', comment: 'Pièce manquante' })).status).toBe(200);
    const read = await dossierCalls(t, member.token).get(`/${row.id}`);
    expect(read.body.options.actions).not.toContain('completer');
    const refused = await dossierCalls(t, member.token).post(`/${row.id}/complete`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("l'exercice de fin du dossier ne doit pas être passé");
  });
});

describe('a dossier a service creates on behalf of an association', () => {
  it('is created by the service with its instruction only, in A, and removed by it while in A', async () => {
    const twoServices = await createScheme(t, { serviceIds: [agent.serviceId, second.serviceId] });
    const body = { id_asso: asso.id, description: { code_subvention: await subventionCode(t, twoServices), exercice: 2026 }, demandeur: { id_siret: asso.siege } };
    const created = await instructionCalls(t, agent.token).createForAssociation(body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.createdBy).toEqual({ id: agent.account.id, type: 'service' });
    expect(created.body.instructions).toEqual([{ etat: 'A', id_service_instructeur: agent.serviceId }]);
    expect(created.body.options.events).toEqual(['supprimer']);
    // The association sees it and fills it in.
    expect((await dossierCalls(t, member.token).get(`/${created.body.id}`)).body.options.actions).toContain('modifier');
    // A service that does not instruct the campaign cannot create one.
    const stranger = await signInService(t, 'Service sans campagne');
    expect((await instructionCalls(t, stranger.token).createForAssociation(body)).body.code).toBe('SERVICE_NOT_INSTRUCTING');

    const removed = await fire(agent, created.body.id, agent.serviceId, { event: 'supprimer' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.deleted).toBe(true);
    expect(await etatOf(created.body.id, agent.serviceId)).toBe('B');
  });

  it("a service does not remove a dossier the association created", async () => {
    const row = await transmitted();
    await fire(agent, row.id, agent.serviceId, { event: 'renvoyer', comment: 'À revoir' });
    const refused = await fire(agent, row.id, agent.serviceId, { event: 'supprimer' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('TRANSITION_FORBIDDEN');
    expect(await etatOf(row.id, agent.serviceId)).toBe('C');
  });
});

describe('instruction.fire, what the bulk actions call', () => {
  const claimsOf = (c: SignedIn) => ({ userId: c.account.id, email: c.account.email, roles: ['rds.user'] });

  it('checks the caller reaches the instruction, then fires in its own transaction', async () => {
    const row = await transmitted([agent.serviceId, second.serviceId]);
    const { instruction } = t.app.services;
    await expect(instruction.fire(claimsOf(second), { dossierId: row.id, serviceId: agent.serviceId, event: 'ouvrir_instruction' })).rejects.toMatchObject({ status: 404, code: 'INSTRUCTION_NOT_FOUND' });
    expect(await instruction.fire(claimsOf(agent), { dossierId: row.id, serviceId: agent.serviceId, event: 'ouvrir_instruction' })).toEqual({
      dossierId: row.id, serviceId: agent.serviceId, event: 'ouvrir_instruction', from: 'D', to: '2',
    });
    expect(await etatOf(row.id, agent.serviceId)).toBe('2');
    await expect(instruction.fire(claimsOf(agent), { dossierId: row.id, serviceId: agent.serviceId, event: 'ouvrir_instruction' })).rejects.toMatchObject({ status: 409, code: 'TRANSITION_WRONG_STATE' });
  });
});
