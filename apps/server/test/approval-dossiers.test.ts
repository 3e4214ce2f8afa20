// Approval dossiers (docs/domain.md « Agréments »): created by POST /demande/dossiers for the head
// office of an active approval, the wizard's steps by PATCH while the agrement_dossier machine lets
// the caller change it, transmission with the cerfa body, the approval's service opening, granting
// (written on the association's file, audited, members told) or refusing with a reason.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_DOSSIER_MESSAGES, APPROVAL_MESSAGES, SUBSIDY_MESSAGES } from '@portail/contract';
import { createAssociation, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { mailsTo } from './support/mailbox.ts';
import { createAgrement } from './support/rds-fixtures.ts';
import { createAssociationDocument, createDossier, createScheme, DOSSIERS_PATH, memberOf, signInService, type ServiceAgent, type SignedIn } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let agent: ServiceAgent;
beforeAll(async () => {
  t = await startTestApp({ logLevel: 'fatal' });
  agent = await signInService(t, 'DJEPVA des tests');
});
afterAll(() => t.close());

/** An approval of the agent's service, with its expected documents (statuts required, the order optional) and one required field. */
async function approval(options: { type?: string; active?: boolean; serviceId?: string } = {}) {
  const agrement = await createAgrement(t, { serviceId: options.serviceId ?? agent.serviceId, type: options.type ?? 'JEP', active: options.active ?? true, exercice: 2026 });
  const suffix = randomUUID().slice(0, 8);
  const statuts = await t.db.documentAttendu.create({ data: { code: `statuts-${suffix}`, label: 'Statuts à jour', nature: 'STC', service: 'agrement' } });
  const arrete = await t.db.documentAttendu.create({ data: { code: `arrete-${suffix}`, label: "Arrêté d'agrément", nature: 'ATTAG', service: 'agrement' } });
  const champ = await t.db.champAttendu.create({ data: { code: `adherents-${suffix}`, label: "Nombre d'adhérents", type: 'number', service: 'agrement' } });
  await t.db.agrementDocumentAttendu.createMany({
    data: [
      { agrementId: agrement.id, documentAttenduId: statuts.id, obligatoire: true, rang: 0 },
      { agrementId: agrement.id, documentAttenduId: arrete.id, obligatoire: false, rang: 1 },
    ],
  });
  await t.db.agrementChampAttendu.create({ data: { agrementId: agrement.id, champAttenduId: champ.id, obligatoire: true } });
  return { agrement, statuts: statuts.code, arrete: arrete.code, champ: champ.code };
}
type Approval = Awaited<ReturnType<typeof approval>>;

const send = (token: string) => ({
  create: (asso: TestAssociation, a: Approval['agrement'], siret = asso.siege) =>
    t.http().post(DOSSIERS_PATH).query({ id_asso: asso.id }).set(TOKEN_HEADER, token).send({
      description: { code_agrement: a.code, id_type_agrement: a.typeAgrement, id_service_instructeur: a.serviceId, exercice: a.campagneExercice },
      demandeur: { id_siret: siret },
    }),
  patch: (id: string, body: object) => t.http().patch(`${DOSSIERS_PATH}/${id}`).set(TOKEN_HEADER, token).send(body),
  transmit: (id: string) => t.http().post(`${DOSSIERS_PATH}/${id}/transmit`).set(TOKEN_HEADER, token).send({ cerfa: { engagement: true, lieu: 'Paris' } }),
  decide: (id: string, body: object) => t.http().post(`${DOSSIERS_PATH}/${id}/agrement/events`).set(TOKEN_HEADER, token).send(body),
});

/** A dossier filled up to transmission (steps 1-3), by `member`. */
async function filled(asso: TestAssociation, member: SignedIn, a: Approval, withOrder = true) {
  const created = await send(member.token).create(asso, a.agrement);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const representant = await t.db.representantLegal.findFirstOrThrow({ where: { associationId: asso.id } });
  const statuts = await createAssociationDocument(t, asso, { type: 'STC' });
  const arrete = await createAssociationDocument(t, asso, { type: 'ATTAG' });
  const calls = send(member.token);
  expect((await calls.patch(id, { step: 1, demandeur: { id_representant_legal: representant.id, id_signataire: representant.id } })).status).toBe(200);
  const documents = [{ code: a.statuts, id_document: statuts.id }, ...(withOrder ? [{ code: a.arrete, id_document: arrete.id }] : [])];
  expect((await calls.patch(id, { step: 2, documents, statut: 'complet' })).status).toBe(200);
  const step3 = await calls.patch(id, { step: 3, tca: { fonctionnement_democratique: true }, customs: [{ code: a.champ, value: 42 }] });
  expect(step3.status, JSON.stringify(step3.body)).toBe(200);
  return id;
}

describe('the lifecycle 1 → 2 → 4 → 5 → 6', () => {
  it('is filled, transmitted with its cerfa, taken into instruction and granted: the approval is on the file, audited, the members told', async () => {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    const other = await memberOf(t, asso);
    const a = await approval();
    const created = await send(member.token).create(asso, a.agrement);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ service: 'agrement', etat: '1', mode: 'edit', description: { code_agrement: a.agrement.code, id_type_agrement: 'JEP', id_service_instructeur: agent.serviceId } });
    const id = created.body.id as string;
    // The subsidies' routes do not read it.
    expect((await t.http().get(`${DOSSIERS_PATH}/${id}`).set(TOKEN_HEADER, member.token)).status).toBe(404);

    const representant = await t.db.representantLegal.findFirstOrThrow({ where: { associationId: asso.id } });
    const step1 = await send(member.token).patch(id, { step: 1, demandeur: { id_representant_legal: representant.id, id_signataire: representant.id, id_responsable: representant.id } });
    expect(step1.status).toBe(200);
    expect(step1.body).toMatchObject({ etat: '2', step: 1, demandeur: { id_representant_legal: representant.id } });
    const statuts = await createAssociationDocument(t, asso, { type: 'STC' });
    const arrete = await createAssociationDocument(t, asso, { type: 'ATTAG' });
    const step2 = await send(member.token).patch(id, { step: 2, documents: [{ code: a.statuts, id_document: statuts.id }, { code: a.arrete, id_document: arrete.id }], statut: 'complet' });
    expect(step2.body).toMatchObject({ etat: '2', statut: 'complet' });
    const step3 = await send(member.token).patch(id, { step: 3, tca: { transparence_financiere: true }, customs: [{ code: a.champ, value: 120 }] });
    expect(step3.body).toMatchObject({ tca: { transparence_financiere: true }, customs: [{ code: a.champ, value: 120 }] });

    const transmitted = await send(member.token).transmit(id);
    expect(transmitted.status, JSON.stringify(transmitted.body)).toBe(200);
    expect(transmitted.body).toMatchObject({ etat: '4', mode: 'read', step: 4 });
    // Sent: no longer editable, even by its creator.
    const late = await send(member.token).patch(id, { step: 3, tca: {} });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(SUBSIDY_MESSAGES.dossierNotEditable);
    expect(late.body.message).toBe("Ce dossier n'est pas éditable.");

    expect((await send(agent.token).decide(id, { event: 'ouvrir_instruction' })).body.etat).toBe('5');
    const granted = await send(agent.token).decide(id, { event: 'accorder', numero: 'JEP-75-001', date_validite: '2031-12-31' });
    expect(granted.status).toBe(200);
    expect(granted.body.etat).toBe('6');
    const file = await t.http().get('/api/proxy-asso/association/agrements').query({ id_asso: asso.id }).set(TOKEN_HEADER, member.token);
    expect(file.status).toBe(200);
    expect(file.body).toEqual([expect.objectContaining({ type: 'JEP', numero: 'JEP-75-001', attributeur: 'DJEPVA des tests', origine_instructeur: 'DJEPVA des tests', date_validite: '2031-12-31' })]);
    expect(await t.db.auditEntry.count({ where: { associationId: asso.id, entity: 'agrement', action: 'create' } })).toBe(1);
    expect(await t.db.notification.count({ where: { userId: other.account.id, type: 1 } })).toBeGreaterThanOrEqual(2);
    expect((await mailsTo(t, other.account.email)).some((m) => m.subject.includes('Agrément accordé'))).toBe(true);
    // Once granted, nothing moves it.
    expect((await send(agent.token).decide(id, { event: 'refuser', commentaire: 'Trop tard' })).status).toBe(409);
  });

  it('is refused with its reason (required), which the history keeps', async () => {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    const id = await filled(asso, member, await approval({ type: 'Sport' }));
    expect((await send(member.token).transmit(id)).status).toBe(200);
    const noReason = await send(agent.token).decide(id, { event: 'refuser' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ code: 'VALIDATION_ERROR', message: APPROVAL_DOSSIER_MESSAGES.refusalReason });
    const refused = await send(agent.token).decide(id, { event: 'refuser', commentaire: 'Statuts non conformes au tronc commun.' });
    expect(refused.body.etat).toBe('7');
    const history = await t.db.stateHistory.findFirstOrThrow({ where: { objectId: id, event: 'refuser' } });
    expect(history.comment).toBe('Statuts non conformes au tronc commun.');
    expect(await t.db.associationAgrement.count({ where: { associationId: asso.id } })).toBe(0);
    // A member cannot decide.
    expect((await send(member.token).decide(id, { event: 'accorder' })).status).toBe(403);
  });
});

describe("reading: the wizard's view and the caller's list", () => {
  const read = (token: string, id: string) => t.http().get(`${DOSSIERS_PATH}/${id}/agrement`).set(TOKEN_HEADER, token);
  const list = (token: string, query: Record<string, string> = {}) =>
    t.http().get(`${DOSSIERS_PATH}/agrements`).query({ limit: '100', ...query }).set(TOKEN_HEADER, token);
  const ids = (response: { body: { items: { id: string }[] } }) => response.body.items.map((item) => item.id);

  it('gives the dossier with the approval it asks for (expected fields and documents), its answers, state and allowed events, to whom may read it only', async () => {
    const asso = await createAssociation(t);
    const creator = await memberOf(t, asso);
    const colleague = await memberOf(t, asso);
    const a = await approval();
    const id = await filled(asso, creator, a);

    const mine = await read(creator.token, id);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body).toMatchObject({
      id, etat: '2', etat_libelle: 'En cours de saisie', mode: 'edit', id_association: asso.id, statut: 'complet',
      customs: [{ code: a.champ, value: 42 }], tca: { fonctionnement_democratique: true },
      agrement: {
        _id: a.agrement.id, code: a.agrement.code, type_agrement: 'JEP', service: agent.serviceId, service_nom: 'DJEPVA des tests', active: true,
        champs_attendus: [{ code: a.champ, label: "Nombre d'adhérents", type: 'number', obligatoire: true }],
        documents_attendus: [{ code: a.statuts, nature: 'STC', obligatoire: true }, { code: a.arrete, nature: 'ATTAG', obligatoire: false }],
      },
    });
    expect(mine.body.evenements).toContain('transmettre');
    expect(mine.body.evenements).not.toContain('accorder');
    // A colleague reads it, changes nothing (spec §4: read mode).
    const colleagues = await read(colleague.token, id);
    expect(colleagues.status).toBe(200);
    expect(colleagues.body).toMatchObject({ mode: 'read', evenements: [] });
    // Outside the association and the approval's service: the same 404 as an unknown dossier.
    const stranger = await memberOf(t, await createAssociation(t));
    expect((await read(stranger.token, id)).status).toBe(404);
    expect((await read((await signInService(t)).token, id)).status).toBe(404);
    expect((await read(creator.token, randomUUID())).status).toBe(404);
    // A subsidy dossier is not read here.
    const scheme = await createScheme(t, { serviceIds: [agent.serviceId] });
    const subsidy = await createDossier(t, asso, scheme, [agent.serviceId]);
    expect((await read(creator.token, subsidy.id)).status).toBe(404);

    // Transmitted: the service may decide, the creator reads.
    expect((await send(creator.token).transmit(id)).status).toBe(200);
    const agents = await read(agent.token, id);
    expect(agents.status).toBe(200);
    expect(agents.body).toMatchObject({ etat: '4', mode: 'read' });
    expect([...agents.body.evenements].sort()).toEqual(['accorder', 'ouvrir_instruction', 'refuser']);
    expect((await read(creator.token, id)).body).toMatchObject({ etat: '4', mode: 'read', evenements: [] });
    // An approval withdrawn from the catalogue still shows in its dossiers.
    await t.db.agrement.update({ where: { id: a.agrement.id }, data: { active: false } });
    expect((await read(creator.token, id)).body.agrement).toMatchObject({ code: a.agrement.code, active: false });
  });

  it("lists a member's associations' dossiers, the service's transmitted ones, everything for admins; filters by state and type", async () => {
    const first = await createAssociation(t);
    const second = await createAssociation(t);
    const firstMember = await memberOf(t, first);
    const secondMember = await memberOf(t, second);
    const draft = (await send(firstMember.token).create(first, (await approval()).agrement)).body.id as string;
    const sent = await filled(second, secondMember, await approval({ type: 'Sport' }));
    expect((await send(secondMember.token).transmit(sent)).status).toBe(200);

    const members = await list(firstMember.token);
    expect(members.status).toBe(200);
    expect(ids(members)).toEqual([draft]);
    expect(members.body).toMatchObject({ total: 1, page: 1, items: [{ id: draft, etat: '1', etat_libelle: 'Brouillon', id_type_agrement: 'JEP', id_association: first.id, service_instructeur: { id: agent.serviceId, nom: 'DJEPVA des tests' }, demandeur: { id_siret: first.siege } }] });
    expect(ids(await list(secondMember.token))).toEqual([sent]);
    // The approval's service: what was transmitted to it, never a draft.
    const agents = ids(await list(agent.token));
    expect(agents).toContain(sent);
    expect(agents).not.toContain(draft);
    expect(ids(await list((await signInService(t)).token))).toEqual([]);
    for (const role of ['lca.admin', 'rds.admin'] as const) {
      const all = ids(await list((await signIn(t, { roles: [role] })).token));
      expect(all).toEqual(expect.arrayContaining([draft, sent]));
    }
    // Filters.
    expect(ids(await list(secondMember.token, { etats: '1,2' }))).toEqual([]);
    expect(ids(await list(secondMember.token, { etats: '4' }))).toEqual([sent]);
    expect(ids(await list(secondMember.token, { typeAgrements: 'JEP' }))).toEqual([]);
    expect(ids(await list(secondMember.token, { typeAgrements: 'Sport', exercices: '2026' }))).toEqual([sent]);
    expect((await list(secondMember.token, { etats: '9' })).status).toBe(400);
  });
});

describe('creation rules', () => {
  it('refuses an inactive approval (« L\'agrément n\'est pas actif. »), an unknown one, and a type or service that is not the approval\'s', async () => {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    const inactive = await approval({ active: false });
    const response = await send(member.token).create(asso, inactive.agrement);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'AGREMENT_INACTIVE', message: APPROVAL_MESSAGES.inactive });
    expect(response.body.message).toBe("L'agrément n'est pas actif.");
    const unknown = await send(member.token).create(asso, { ...inactive.agrement, code: 'INCONNU' });
    expect(unknown.status).toBe(404);
    const active = await approval();
    const wrongType = await send(member.token).create(asso, { ...active.agrement, typeAgrement: 'Sport' });
    expect(wrongType.status).toBe(400);
    expect(await t.db.dossier.count({ where: { associationId: asso.id } })).toBe(0);
  });

  it('refuses a secondary establishment (contact the head office), also for a member linked to one', async () => {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    const a = await approval();
    const response = await send(member.token).create(asso, a.agrement, asso.secondaires[0]);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'APPROVAL_SECONDARY_ESTABLISHMENT', message: APPROVAL_DOSSIER_MESSAGES.secondaryEstablishment });
    const secondaryMember = await memberOf(t, asso, asso.secondaires[0]);
    expect((await send(secondaryMember.token).create(asso, a.agrement, asso.secondaires[0])).status).toBe(403);
    expect((await send(member.token).create(asso, a.agrement)).status).toBe(201);
    // Once per approval while not refused; exists?agrement= names it to the association's members only.
    const twice = await send(member.token).create(asso, a.agrement);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('DOSSIER_EXISTS');
    const exists = (token: string) =>
      t.http().get(`${DOSSIERS_PATH}/exists`).query({ agrement: a.agrement.code, exercice: '2026', siret: asso.siege }).set(TOKEN_HEADER, token);
    const named = await exists(member.token);
    expect(named.status).toBe(200);
    expect(named.body).toEqual({ exists: true, id_fo: expect.stringMatching(/^2026-/) });
    const stranger = await memberOf(t, await createAssociation(t));
    expect((await exists(stranger.token)).body).toEqual({ exists: false, id_fo: null });
    const neither = await t.http().get(`${DOSSIERS_PATH}/exists`).query({ exercice: '2026', siret: asso.siege }).set(TOKEN_HEADER, member.token);
    expect(neither.status).toBe(400);
  });

  it('refuses an approval already covered through the single network head, not for a multi-network member nor a head of network', async () => {
    const head = await createAssociation(t, { nom: 'Fédération des tests' });
    await t.db.associationAgrement.create({ data: { associationId: head.id, type: 'JEP', numero: 'JEP-NAT-1' } });
    const a = await approval();
    const member = await createAssociation(t);
    await t.db.reseauAffiliation.create({ data: { associationId: member.id, nom: 'Fédération des tests', idSiren: head.siren } });
    const memberUser = await memberOf(t, member);
    const covered = await send(memberUser.token).create(member, a.agrement);
    expect(covered.status).toBe(409);
    expect(covered.body).toMatchObject({ code: 'APPROVAL_COVERED_BY_NETWORK', message: APPROVAL_DOSSIER_MESSAGES.coveredByNetwork('Fédération des tests') });
    // In two networks: it asks for itself.
    await t.db.reseauAffiliation.create({ data: { associationId: member.id, nom: 'Union des tests', idSiren: null } });
    expect((await send(memberUser.token).create(member, a.agrement)).status).toBe(201);
    // The head of a network asks for itself.
    const networkHead = await createAssociation(t);
    await t.db.association.update({ where: { id: networkHead.id }, data: { compositionReseau: [{ nom: 'Club membre' }] } });
    await t.db.reseauAffiliation.create({ data: { associationId: networkHead.id, nom: 'Fédération des tests', idSiren: head.siren } });
    expect((await send((await memberOf(t, networkHead)).token).create(networkHead, a.agrement)).status).toBe(201);
  });
});

describe('editing and transmission rules', () => {
  it('is edited by its creator, the approval\'s service and admins; not by another member; another service does not see it', async () => {
    const asso = await createAssociation(t);
    const creator = await memberOf(t, asso);
    const colleague = await memberOf(t, asso);
    const a = await approval();
    const id = (await send(creator.token).create(asso, a.agrement)).body.id as string;
    const refused = await send(colleague.token).patch(id, { step: 3, tca: { x: 1 } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Ce dossier n'est pas éditable.");
    expect((await send(agent.token).patch(id, { step: 3, tca: { saisi_par: 'service' } })).status).toBe(200);
    const admin = await signIn(t, { roles: ['lca.admin'] });
    expect((await send(admin.token).patch(id, { step: 3, tca: { saisi_par: 'admin' } })).status).toBe(200);
    const elsewhere = await signInService(t);
    expect((await send(elsewhere.token).patch(id, { step: 3, tca: {} })).status).toBe(404);
  });

  it('needs the approval order for a JEP or Sport approval, the required documents and fields, and a complete dossier', async () => {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    const a = await approval({ type: 'JEP' });
    const id = await filled(asso, member, a, false);
    const noOrder = await send(member.token).transmit(id);
    expect(noOrder.status).toBe(409);
    expect(noOrder.body).toMatchObject({ code: 'APPROVAL_NOT_TRANSMITTABLE', message: APPROVAL_DOSSIER_MESSAGES.orderRequired });
    await send(member.token).patch(id, { step: 2, documents: [], statut: 'incomplet' });
    const incomplete = await send(member.token).transmit(id);
    expect(incomplete.body.message).toBe(APPROVAL_DOSSIER_MESSAGES.notComplete);
    await send(member.token).patch(id, { step: 2, documents: [], statut: 'complet' });
    expect((await send(member.token).transmit(id)).body.message).toBe(APPROVAL_DOSSIER_MESSAGES.missingDocument('Statuts à jour'));
    expect(await t.db.dossier.findUniqueOrThrow({ where: { id } })).toMatchObject({ etatAgrement: '2' });
    // Another type needs no order.
    const other = await createAssociation(t);
    const otherMember = await memberOf(t, other);
    const esc = await approval({ type: 'ESC' });
    expect((await send(otherMember.token).transmit(await filled(other, otherMember, esc, false))).status).toBe(200);
  });

  it('keeps the haa block for a HAA approval only', async () => {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    const jep = await approval({ type: 'JEP' });
    const jepId = (await send(member.token).create(asso, jep.agrement)).body.id as string;
    const refused = await send(member.token).patch(jepId, { step: 3, haa: { distribution: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(APPROVAL_DOSSIER_MESSAGES.haaOnly);
    const haa = await approval({ type: 'HAA' });
    const haaId = (await send(member.token).create(asso, haa.agrement)).body.id as string;
    const kept = await send(member.token).patch(haaId, { step: 3, haa: { distribution: true, fourniture: false } });
    expect(kept.status).toBe(200);
    expect(kept.body.haa).toEqual({ distribution: true, fourniture: false });
  });

  it('two agents deciding at once: one decision wins, the other answers 409', async () => {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    const id = await filled(asso, member, await approval());
    expect((await send(member.token).transmit(id)).status).toBe(200);
    const colleague = await signIn(t, { roles: ['rds.admin'] });
    const [grant, refuse] = await Promise.all([
      send(agent.token).decide(id, { event: 'accorder' }),
      send(colleague.token).decide(id, { event: 'refuser', commentaire: 'Dossier incomplet.' }),
    ]);
    expect([grant.status, refuse.status].sort()).toEqual([200, 409]);
    const etat = (await t.db.dossier.findUniqueOrThrow({ where: { id } })).etatAgrement;
    expect(await t.db.associationAgrement.count({ where: { dossierId: id } })).toBe(etat === '6' ? 1 : 0);
  });
});

describe('the expected items a dossier asks for (conditions, active definitions)', () => {
  /** The approval's required field and required statutes given conditions; the dossier filled, its answer and statutes then taken off. */
  async function bare(asks: { field: object[]; document: object[] }) {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    const a = await approval();
    await t.db.agrementChampAttendu.updateMany({ where: { agrementId: a.agrement.id }, data: { asks: asks.field } });
    const statuts = await t.db.documentAttendu.findUniqueOrThrow({ where: { code: a.statuts } });
    await t.db.agrementDocumentAttendu.updateMany({ where: { agrementId: a.agrement.id, documentAttenduId: statuts.id }, data: { asks: asks.document } });
    const id = await filled(asso, member, a);
    const arrete = await createAssociationDocument(t, asso, { type: 'ATTAG' });
    expect((await send(member.token).patch(id, { step: 2, documents: [{ code: a.arrete, id_document: arrete.id }], statut: 'complet' })).status).toBe(200);
    expect((await send(member.token).patch(id, { step: 3, customs: [] })).status).toBe(200);
    return { id, member, a };
  }

  it('requires a required item only when its conditions hold on the dossier', async () => {
    const holding = [{ scope: 'description', key: 'exercice', operator: '==', value: 2026 }];
    const failing = [{ scope: 'description', key: 'exercice', operator: '>', value: 2030 }];
    // Both conditions fail: neither the statutes nor the field is asked, the dossier goes.
    const skipped = await bare({ field: failing, document: failing });
    const sent = await send(skipped.member.token).transmit(skipped.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // The document's condition holds: the statutes are required again.
    const document = await bare({ field: failing, document: holding });
    const refused = await send(document.member.token).transmit(document.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(APPROVAL_DOSSIER_MESSAGES.missingDocument('Statuts à jour'));
    // The field's condition holds (read on the applicant too): the field is required.
    const field = await bare({ field: [{ scope: 'demandeur', key: 'id_siret', operator: 'has' }], document: failing });
    const missing = await send(field.member.token).transmit(field.id);
    expect(missing.status).toBe(409);
    expect(missing.body.message).toBe(APPROVAL_DOSSIER_MESSAGES.missingField("Nombre d'adhérents"));
  });

  it('no longer requires an item whose definition was switched off', async () => {
    const { id, member, a } = await bare({ field: [], document: [] });
    expect((await send(member.token).transmit(id)).status).toBe(409);
    await t.db.champAttendu.update({ where: { code: a.champ }, data: { enabled: false } });
    await t.db.documentAttendu.update({ where: { code: a.statuts }, data: { enabled: false } });
    const sent = await send(member.token).transmit(id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  });
});
