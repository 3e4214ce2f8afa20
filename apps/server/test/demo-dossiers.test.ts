// The demo dossiers (seeded after the demo accounts, registry and schemes): the second demo member
// sees its association's four dossiers in their states, the demo instructor those of its service once
// transmitted, and a second seeding adds nothing. Their history is a real one: documents of the
// association file attached and readable, each creation and attachment in the audit trail, each move
// through the workflow engine with its history row, audit entry and notifications, at its date; and
// the dossier in entry can be finished and transmitted once its required questions are answered.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_QUESTIONS } from '../src/modules/lca/index.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';
import { DEMO_DOSSIERS_MEMBER, seedDemoDossiers } from '../src/seed/demo-dossiers.ts';
import { DEMO_ASSOCIATIONS, seedDemoRegistry } from '../src/seed/demo-registry.ts';
import { createFileStorage } from '../src/storage/index.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const BASE = '/api/lca-server/demande/dossiers';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function tokenOf(email: string): Promise<string> {
  const login = await t.http().post('/api/auth-server/login').send({ email, password: 'Demo-Portail-2026!' });
  expect(login.status).toBe(200);
  return login.body.token;
}

async function listAs(email: string) {
  const list = await t.http().get(BASE).query({ limit: '100' }).set('x-access-token', await tokenOf(email));
  expect(list.status).toBe(200);
  return list.body.items as { id: string; id_fo: string; step: number; code_subvention: string; id_association: string; instructions: { etat: string; id_service_instructeur: string }[] }[];
}

const statesOf = (items: Awaited<ReturnType<typeof listAs>>) =>
  Object.fromEntries(items.map((d) => [d.code_subvention, [...new Set(d.instructions.map((i) => i.etat))]]));

it('seeds four dossiers the demo member and the demo instructor see in their states, once', async () => {
  const storage = createFileStorage(t.config);
  expect(await seedDemoDossiers(t.db, storage)).toBe(false); // nothing to attach them to yet
  await Promise.all([seedDemoData(t.db), seedDemoRegistry(t.db)]);
  expect(await seedDemoDossiers(t.db, storage)).toBe(true);

  const year = new Date().getUTCFullYear();
  const member = await listAs(DEMO_DOSSIERS_MEMBER);
  expect(member).toHaveLength(4);
  expect(statesOf(member)).toEqual({
    [`FDVA1-${year}`]: ['A'],
    [`CNDS-PT-${year}`]: ['D'],
    [`FDVA2-${year}`]: ['C'],
    [`2HSC-${year}`]: ['6'],
  });
  expect(member.find((d) => d.code_subvention === `FDVA1-${year}`)!.step).toBe(1);
  const [associationId] = new Set(member.map((d) => d.id_association));
  expect(Object.values(DEMO_ASSOCIATIONS).map((a) => a.id)).not.toContain(associationId);

  // Linked to the head office, with a legal representative and a RIB the dossiers point at.
  const link = await t.db.userAssociation.findFirstOrThrow({ where: { associationUser: { user: { email: DEMO_DOSSIERS_MEMBER } } } });
  expect(link).toMatchObject({ associationId, type: 'Siège' });
  const transmitted = await t.db.dossier.findFirstOrThrow({ where: { subvention: { code: `CNDS-PT-${year}` } }, include: { projets: { include: { financements: true, budgets: true } } } });
  expect(await t.db.representantLegal.count({ where: { id: transmitted.idRepresentantLegal!, associationId } })).toBe(1);
  expect(await t.db.rib.count({ where: { id: transmitted.idRib!, associationId, idSiret: link.idSiret! } })).toBe(1);
  expect(transmitted.projets).toHaveLength(1);
  expect(transmitted.projets[0]!.budgets.map((b) => b.annee)).toEqual([year]);
  expect(transmitted.projets[0]!.financements).toHaveLength(2);

  // Every move is in the history, checked by the machine: the granted one went D, 2, then 6.
  const granted = await t.db.dossier.findFirstOrThrow({ where: { subvention: { code: `2HSC-${year}` } }, include: { instructions: true } });
  for (const instruction of granted.instructions) {
    const history = await t.db.stateHistory.findMany({ where: { machine: 'dossier_instruction', objectId: instruction.id }, orderBy: { createdAt: 'asc' } });
    expect(history.map((h) => `${h.fromState}>${h.toState}`)).toEqual(['A>D', 'D>2', '2>6']);
  }

  // The demo instructor (SDJES de Paris) sees the transmitted, sent-back and granted ones, not the one in entry.
  const instructor = await listAs('instructeur@demo.example.org');
  expect(statesOf(instructor)).toEqual({ [`CNDS-PT-${year}`]: ['D'], [`FDVA2-${year}`]: ['C'], [`2HSC-${year}`]: ['6'] });
  // The demo service (DRAJES Île-de-France) sees the transmitted and sent-back ones it instructs.
  const service = await listAs('service@demo.example.org');
  expect(Object.keys(statesOf(service)).sort()).toEqual([`CNDS-PT-${year}`, `FDVA2-${year}`].sort());

  const counts = async () =>
    Promise.all([t.db.dossier.count(), t.db.stateHistory.count(), t.db.user.count(), t.db.rib.count(), t.db.representantLegal.count(), t.db.associationDocument.count(), t.db.auditEntry.count(), t.db.notification.count()]);
  const before = await counts();
  expect(await seedDemoDossiers(t.db, storage)).toBe(false);
  expect(await counts()).toEqual(before);
});

it('gives the seeded dossiers a real history: documents readable, audit entries, history and notifications at their dates', async () => {
  const year = new Date().getUTCFullYear();
  const dossiers = await t.db.dossier.findMany({
    where: { createdBy: { email: DEMO_DOSSIERS_MEMBER } },
    include: { instructions: true, documents: { include: { document: true } }, subvention: { include: { documentsAttendus: { include: { documentAttendu: true } } } } },
  });
  expect(dossiers).toHaveLength(4);
  const associationId = dossiers[0]!.associationId;
  const member = await t.db.user.findUniqueOrThrow({ where: { email: DEMO_DOSSIERS_MEMBER } });
  const token = await tokenOf(DEMO_DOSSIERS_MEMBER);
  const as = (path: string, query: Record<string, string> = {}) => t.http().get(path).query(query).set('x-access-token', token);

  // The association file holds the documents the campaigns expect, uploaded by the member, readable as PDFs.
  const files = await as('/api/proxy-asso/association/documents', { id_asso: associationId });
  expect(files.status).toBe(200);
  expect(files.body.map((d: { type: string }) => d.type).sort()).toEqual(['BUDG', 'CPTE', 'RAPACT', 'RIB', 'STC']);
  for (const file of files.body as { uuid: string; mime_type: string; taille: number }[]) {
    const download = await as('/api/proxy-asso/association/documents/download', { id_asso: associationId, id: file.uuid }).buffer(true);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect((download.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect((download.body as Buffer).length).toBe(file.taille);
  }

  const entries = await t.db.auditEntry.findMany({ where: { associationId }, orderBy: { seq: 'asc' } });
  // The chain verifies, and follows the dates.
  expect(await t.app.services.audit.verifyChain(associationId)).toBeNull();
  const times = entries.map((e) => e.createdAt.getTime());
  expect(times).toEqual([...times].sort((a, b) => a - b));

  for (const dossier of dossiers) {
    const code = dossier.subvention!.code;
    const complete = code !== `FDVA1-${year}`;
    const ofDossier = entries.filter((e) => e.entity === 'dossier' && e.entityId === dossier.id);
    expect(ofDossier.map((e) => e.action)).toEqual(complete ? ['creer', 'documents'] : ['creer']);
    expect(ofDossier[0]!.createdAt).toEqual(dossier.createdAt);
    expect(ofDossier[0]!.actorEmail).toBe(DEMO_DOSSIERS_MEMBER);

    // A complete dossier holds every expected document of its campaign, and answers the required questions.
    const expected = dossier.subvention!.documentsAttendus.filter((l) => l.part === 'dossier').map((l) => l.documentAttendu.code).sort();
    expect(dossier.documents.map((d) => d.code).sort()).toEqual(complete ? expected : []);
    for (const attached of dossier.documents) {
      expect(dossier.subvention!.documentsAttendus.find((l) => l.documentAttendu.code === attached.code)!.documentAttendu.nature).toBe(attached.document.type);
    }
    const answered = new Set((dossier.customs as { code: string }[]).map((c) => c.code));
    for (const question of DEFAULT_QUESTIONS.filter((q) => q.obligatoire)) expect(answered.has(question.code)).toBe(complete);

    // The dossier as its reader gets it lists the attached documents.
    const view = await as(`${BASE}/${dossier.id}`);
    expect(view.status).toBe(200);
    expect(view.body.documents.map((d: { code: string }) => d.code).sort()).toEqual(complete ? expected : []);

    // Each move of each instruction: its history row, and an audit entry of the same event at the same date.
    for (const instruction of dossier.instructions) {
      const history = await t.db.stateHistory.findMany({ where: { machine: 'dossier_instruction', objectId: instruction.id }, orderBy: { createdAt: 'asc' } });
      const audited = entries.filter((e) => e.entity === 'dossier_instruction' && e.entityId === instruction.id);
      expect(audited.map((e) => `${e.action}@${e.createdAt.toISOString()}`)).toEqual(history.map((h) => `${h.event}@${h.createdAt.toISOString()}`));
      expect(audited.map((e) => (e.after as { etat: string }).etat)).toEqual(history.map((h) => h.toState));
      expect(history.every((h) => h.createdAt.getTime() < Date.now() - 24 * 60 * 60 * 1000)).toBe(true);
      expect(instruction.etat).toBe(history.at(-1)?.toState ?? 'A');
      if (instruction.etat !== 'A') expect(history.length).toBeGreaterThan(0);
    }
  }

  // The service's moves notified the member (the member's own transmissions notify no one else here).
  const notifications = await t.db.notification.findMany({ where: { userId: member.id }, orderBy: { createdAt: 'asc' } });
  const events = notifications.map((n) => (n.payload as { evenement: string }).evenement);
  const instructionsOf = (code: string) => dossiers.find((d) => d.subvention!.code === code)!.instructions.length;
  expect(events.filter((e) => e === 'renvoyer')).toHaveLength(instructionsOf(`FDVA2-${year}`));
  expect(events.filter((e) => e === 'ouvrir_instruction')).toHaveLength(instructionsOf(`2HSC-${year}`));
  expect(events.filter((e) => e === 'accorder')).toHaveLength(instructionsOf(`2HSC-${year}`));
  expect(events.filter((e) => e === 'transmettre')).toHaveLength(0);
  const history = await t.db.stateHistory.findMany({ where: { machine: 'dossier_instruction', associationId } });
  for (const notification of notifications) {
    const payload = notification.payload as { objet: string; evenement: string; dossier: string; date: string };
    const row = history.find((h) => h.objectId === payload.objet && h.event === payload.evenement)!;
    expect(notification.createdAt).toEqual(row.createdAt);
    expect(payload.date).toBe(row.createdAt.toISOString());
    expect(dossiers.map((d) => d.id)).toContain(payload.dossier);
  }
  // The sent-back one carries the service's comment; no mail left for the demo history.
  const sentBack = dossiers.find((d) => d.subvention!.code === `FDVA2-${year}`)!;
  const comments = await t.db.stateHistory.findMany({ where: { objectId: { in: sentBack.instructions.map((i) => i.id) }, event: 'renvoyer' } });
  expect(comments.map((c) => c.comment)).toEqual(comments.map(() => 'Merci de préciser le budget prévisionnel du projet.'));
  expect(await t.db.mailOutbox.count({ where: { to: { in: [DEMO_DOSSIERS_MEMBER, 'instructeur@demo.example.org', 'service@demo.example.org'] } } })).toBe(0);
});

it('lets the demo member finish the dossier in entry and transmit it, once the required questions are answered', async () => {
  const year = new Date().getUTCFullYear();
  const dossier = await t.db.dossier.findFirstOrThrow({ where: { subvention: { code: `FDVA1-${year}` } }, include: { subvention: { include: { documentsAttendus: { include: { documentAttendu: true } } } } } });
  const token = await tokenOf(DEMO_DOSSIERS_MEMBER);
  const put = (path: string, body: object) => t.http().put(`${BASE}/${dossier.id}${path}`).set('x-access-token', token).send(body);
  const rib = await t.db.rib.findFirstOrThrow({ where: { associationId: dossier.associationId, idSiret: dossier.idSiret! } });
  const demandeur = { id_siret: dossier.idSiret, id_representant_legal: dossier.idRepresentantLegal, id_signataire: dossier.idSignataire, id_responsable: dossier.idResponsable, id_rib: rib.id };
  expect((await put('', { step: 1, demandeur })).status).toBe(200);
  expect((await put('', { step: 2, renouvellement: false, pluriannuel: false })).status).toBe(200);
  expect((await put('', { step: 3 })).status).toBe(200);
  expect((await put('', { step: 4, attestation: { certifie: true } })).status).toBe(200);
  // The association file's documents of the natures the campaign expects.
  const files = await t.db.associationDocument.findMany({ where: { associationId: dossier.associationId } });
  const documents = dossier.subvention!.documentsAttendus.map((l) => ({ code: l.documentAttendu.code, uuid: files.find((f) => f.type === l.documentAttendu.nature)!.id }));
  expect((await put('/documents', { documents })).status).toBe(200);

  const transmit = () => t.http().post(`${BASE}/transmit/${dossier.id}`).set('x-access-token', token);
  const refused = await transmit();
  expect(refused.status).toBe(400);
  expect(refused.body.code).toBe('DOSSIER_NOT_TRANSMITTABLE');
  expect(refused.body.message).toContain("L'association respecte-t-elle le contrat d'engagement républicain ?");

  const customs = [{ code: 'contrat_engagement_republicain', value: true }, { code: 'seuil_dons_subventions', value: false }];
  expect((await put('', { step: 2, renouvellement: false, pluriannuel: false, customs })).status).toBe(200);
  const sent = await transmit();
  expect(sent.status).toBe(200);
  expect(sent.body.instructions.map((i: { etat: string }) => i.etat)).toEqual(['D']);
});
