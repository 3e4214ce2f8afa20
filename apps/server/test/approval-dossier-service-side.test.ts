// Approval dossiers created by a service on an association's behalf (POST
// /demande/service/dossiers/agrements): by an agent of the approval's service or rds.admin, not by
// another service's agent nor a member; created by the service (createdBy.type service), with the
// association's creation rules; withdrawn (DELETE /demande/dossiers/:id/agrement) by the service side
// while in its first state only, never one the association created. The food-aid sites the association
// declares, read by a food-aid (HAA) request's instructing service only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_DOSSIER_MESSAGES, HAA_APPROVAL_TYPE } from '@portail/contract';
import { createAssociation, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { createAgrement } from './support/rds-fixtures.ts';
import { createAssociationDocument, DOSSIERS_PATH, memberOf, signInService, type ServiceAgent } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let agent: ServiceAgent;
beforeAll(async () => {
  t = await startTestApp({ logLevel: 'fatal' });
  agent = await signInService(t, 'Service instructeur des agréments');
});
afterAll(() => t.close());

type Agrement = Awaited<ReturnType<typeof createAgrement>>;
const SERVICE_PATH = '/api/lca-server/demande/service/dossiers/agrements';
const description = (a: Agrement) => ({ code_agrement: a.code, id_type_agrement: a.typeAgrement, id_service_instructeur: a.serviceId, exercice: a.campagneExercice });
const createFor = (token: string, asso: TestAssociation, a: Agrement, siret = asso.siege) =>
  t.http().post(SERVICE_PATH).set(TOKEN_HEADER, token).send({ id_asso: asso.id, description: description(a), demandeur: { id_siret: siret } });
const remove = (token: string, id: string) => t.http().delete(`${DOSSIERS_PATH}/${id}/agrement`).set(TOKEN_HEADER, token);
const read = (token: string, id: string) => t.http().get(`${DOSSIERS_PATH}/${id}/agrement`).set(TOKEN_HEADER, token);

describe('creation by a service on an association’s behalf', () => {
  it('is made by an agent of the approval’s service or rds.admin, created by the service, in 1, editable by it', async () => {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    const a = await createAgrement(t, { serviceId: agent.serviceId });
    const created = await createFor(agent.token, asso, a);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      service: 'agrement', etat: '1', mode: 'edit', id_association: asso.id,
      createdBy: { id: agent.account.id, type: 'service' }, demandeur: { id_siret: asso.siege, nom: asso.association.nom },
    });
    // The association's members read it; the agent fills it.
    expect((await read(member.token, created.body.id)).status).toBe(200);
    const patched = await t.http().patch(`${DOSSIERS_PATH}/${created.body.id as string}`).set(TOKEN_HEADER, agent.token).send({ step: 2, statut: 'incomplet' });
    expect(patched.status).toBe(200);
    expect(await t.db.dossier.count({ where: { id: created.body.id, createdByType: 'service', createdById: agent.account.id } })).toBe(1);

    const admin = await signIn(t, { roles: ['rds.admin'] });
    const other = await createAssociation(t);
    const byAdmin = await createFor(admin.token, other, a);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
    expect(byAdmin.body.createdBy).toEqual({ id: admin.account.id, type: 'service' });
  });

  it('is refused to another service’s agent (403, nothing written), to a member by role, and keeps the association’s rules', async () => {
    const asso = await createAssociation(t);
    const a = await createAgrement(t, { serviceId: agent.serviceId });
    const otherAgent = await signInService(t);
    const refused = await createFor(otherAgent.token, asso, a);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'APPROVAL_SERVICE_NOT_INSTRUCTING', message: APPROVAL_DOSSIER_MESSAGES.serviceNotInstructing });
    const member = await memberOf(t, asso);
    expect((await createFor(member.token, asso, a)).status).toBe(403);
    const lcaAdmin = await signIn(t, { roles: ['lca.admin'] });
    expect((await createFor(lcaAdmin.token, asso, a)).status).toBe(403);
    expect(await t.db.dossier.count({ where: { associationId: asso.id, service: 'agrement' } })).toBe(0);

    // The association's rules: the head office only, an active approval, one live request, an existing association.
    const secondary = await createFor(agent.token, asso, a, asso.secondaires[0]);
    expect(secondary.body.code).toBe('APPROVAL_SECONDARY_ESTABLISHMENT');
    const inactive = await createAgrement(t, { serviceId: agent.serviceId, active: false });
    expect((await createFor(agent.token, asso, inactive)).body.code).toBe('AGREMENT_INACTIVE');
    expect((await createFor(agent.token, asso, a)).status).toBe(201);
    expect((await createFor(agent.token, asso, a)).body.code).toBe('DOSSIER_EXISTS');
    const unknown = await t.http().post(SERVICE_PATH).set(TOKEN_HEADER, agent.token)
      .send({ id_asso: '00000000-0000-4000-8000-000000000000', description: description(a), demandeur: { id_siret: asso.siege } });
    expect(unknown.status).toBe(404);
  });
});

describe('the association file the wizard chooses among, for whom may change the dossier', () => {
  const fileOf = (token: string, id: string) => t.http().get(`${DOSSIERS_PATH}/${id}/agrement/fichier`).set(TOKEN_HEADER, token);

  it('gives the agent filling a draft the association’s representatives and documents, then lets it choose them', async () => {
    const asso = await createAssociation(t);
    const statuts = await createAssociationDocument(t, asso, { type: 'STC' });
    const a = await createAgrement(t, { serviceId: agent.serviceId });
    const id = (await createFor(agent.token, asso, a)).body.id as string;
    const file = await fileOf(agent.token, id);
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    expect(file.body.documents.map((d: { uuid: string }) => d.uuid)).toEqual([statuts.id]);
    expect(file.body.representants).toHaveLength(1);
    const rep = file.body.representants[0].id as string;
    const chosen = await t.http().patch(`${DOSSIERS_PATH}/${id}`).set(TOKEN_HEADER, agent.token)
      .send({ step: 1, demandeur: { id_representant_legal: rep, id_signataire: rep, id_responsable: rep } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.demandeur).toMatchObject({ id_representant_legal: rep, id_signataire: rep, id_responsable: rep });
    // A member who did not create it may not change it, hence not read it this way (its own file it reads as ever).
    const member = await memberOf(t, asso);
    expect((await fileOf(member.token, id)).status).toBe(403);
  });

  it('is refused once the dossier may no longer be changed, and to whom does not reach it', async () => {
    const asso = await createAssociation(t);
    const a = await createAgrement(t, { serviceId: agent.serviceId });
    const id = (await createFor(agent.token, asso, a)).body.id as string;
    expect((await fileOf((await signInService(t)).token, id)).status).toBe(404);
    const stranger = await memberOf(t, await createAssociation(t));
    expect((await fileOf(stranger.token, id)).status).toBe(404);
    await t.db.dossier.update({ where: { id }, data: { etatAgrement: '4' } });
    const sent = await fileOf(agent.token, id);
    expect(sent.status).toBe(403);
    expect(sent.body.code).toBe('DOSSIER_NOT_EDITABLE');
  });
});

describe('withdrawal by the service side', () => {
  it('withdraws a dossier the service created while in 1, audited; then it is read only and may be asked again', async () => {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    const a = await createAgrement(t, { serviceId: agent.serviceId });
    const id = (await createFor(agent.token, asso, a)).body.id as string;
    const answer = await remove(agent.token, id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ message: APPROVAL_DOSSIER_MESSAGES.deleted });
    // Still consulted by the service and the association (spec §4), in read mode: nothing to change or fire.
    for (const who of [agent, member]) {
      const withdrawn = await read(who.token, id);
      expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
      expect(withdrawn.body).toMatchObject({ id, deleted: true, mode: 'read', evenements: [], etat: '1', agrement: { code: a.code } });
    }
    const patched = await t.http().patch(`${DOSSIERS_PATH}/${id}`).set(TOKEN_HEADER, agent.token).send({ step: 1 });
    expect(patched.body.code).toBe('DOSSIER_NOT_EDITABLE');
    // Not read by whom never could: another service's agent.
    expect((await read((await signInService(t)).token, id)).status).toBe(404);
    expect(await t.db.auditEntry.count({ where: { associationId: asso.id, entity: 'dossier_agrement', action: 'supprimer' } })).toBe(1);
    expect((await remove(agent.token, id)).status).toBe(404);
    expect((await createFor(agent.token, asso, a)).status).toBe(201);
  });

  it('is refused past the first state, on a dossier the association created, to a member and to another service', async () => {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    const a = await createAgrement(t, { serviceId: agent.serviceId });
    const id = (await createFor(agent.token, asso, a)).body.id as string;
    // A member (role) and another service's agent (does not reach it) may not.
    expect((await remove(member.token, id)).status).toBe(403);
    expect((await remove((await signInService(t)).token, id)).status).toBe(404);
    // Saved once (1 → 2): no longer in its first state.
    expect((await t.http().patch(`${DOSSIERS_PATH}/${id}`).set(TOKEN_HEADER, agent.token).send({ step: 1 })).body.etat).toBe('2');
    const late = await remove(agent.token, id);
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ code: 'APPROVAL_DOSSIER_NOT_DELETABLE', message: APPROVAL_DOSSIER_MESSAGES.notDeletable });

    // One the association created: never withdrawn by the service, even in 1 and by rds.admin.
    const other = await createAssociation(t);
    const otherMember = await memberOf(t, other);
    const own = await t.http().post(DOSSIERS_PATH).query({ id_asso: other.id }).set(TOKEN_HEADER, otherMember.token).send({ description: description(a), demandeur: { id_siret: other.siege } });
    expect(own.status).toBe(201);
    for (const who of [agent, await signIn(t, { roles: ['rds.admin'] })]) expect((await remove(who.token, own.body.id)).body.code).toBe('APPROVAL_DOSSIER_NOT_DELETABLE');
    expect(await t.db.dossier.count({ where: { id: { in: [id, own.body.id] }, deletedAt: null } })).toBe(2);
  });
});

describe('the association’s food-aid sites, read by the instructing service', () => {
  const sitesOf = (token: string | undefined, id: string) => {
    const request = t.http().get(`${DOSSIERS_PATH}/${id}/agrement/sites-aide-alimentaire`);
    return token === undefined ? request : request.set(TOKEN_HEADER, token);
  };
  /** A site of the association's head office at a Lyon address, open on Tuesday mornings. */
  async function declareSite(asso: TestAssociation) {
    const adresse = await t.db.haaAdresse.create({ data: { associationId: asso.id, numVoie: '12', voie: 'rue de la République', cp: '69001', commune: 'Lyon', codeInsee: '69123', geocodage: 'commune-hors-ligne' } });
    return t.db.haaSite.create({
      data: {
        associationId: asso.id, typeMembre: 'etablissement', natureActivite: 'distribution', membreSiretId: asso.siege, adresseId: adresse.id,
        horaireOuverture: [{ jour: 'mardi', plages: [{ debut: '09:00', fin: '12:00' }] }],
        periodeFermeture: [{ debut: '2026-08-01', fin: '2026-08-23', motif: 'Congés d’été' }],
      },
    });
  }

  it('gives the agent of the approval’s service and rds.admin the sites the association’s own list shows, as they are today', async () => {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    const a = await createAgrement(t, { serviceId: agent.serviceId, type: HAA_APPROVAL_TYPE });
    const id = (await createFor(agent.token, asso, a)).body.id as string;
    expect((await sitesOf(agent.token, id)).body).toEqual([]);
    const site = await declareSite(asso);
    const own = await t.http().get('/api/proxy-asso/association/haa/sites').query({ id_asso: asso.id }).set(TOKEN_HEADER, member.token);
    expect(own.status).toBe(200);
    for (const who of [agent, await signIn(t, { roles: ['rds.admin'] })]) {
      const read = await sitesOf(who.token, id);
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.body).toEqual(own.body);
      expect(read.body).toMatchObject([{ id: site.id, membre_siret_id: asso.siege, nature_activite: 'distribution', adresse: { commune: 'Lyon', cp: '69001' } }]);
    }
    // Another association's sites are not mixed in.
    await declareSite(await createAssociation(t));
    expect((await sitesOf(agent.token, id)).body).toHaveLength(1);
  });

  it('is read by the service above the approval’s with an administrator profile, not without it', async () => {
    const asso = await createAssociation(t);
    await declareSite(asso);
    const local = await signInService(t, 'Service départemental de l’aide alimentaire');
    const parent = await signInService(t, 'Service régional de l’aide alimentaire');
    await t.db.serviceAccount.update({ where: { id: local.serviceId }, data: { parentId: parent.serviceId } });
    const a = await createAgrement(t, { serviceId: local.serviceId, type: HAA_APPROVAL_TYPE });
    const id = (await createFor(local.token, asso, a)).body.id as string;
    expect((await sitesOf(parent.token, id)).status).toBe(404);
    await t.db.serviceAccount.update({ where: { id: parent.serviceId }, data: { profil: 'Administrateur local' } });
    const read = await sitesOf(parent.token, id);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toHaveLength(1);
  });

  it('is refused to another service (404), to members by role (403), without a token (401), and on another approval’s dossier', async () => {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    await declareSite(asso);
    const a = await createAgrement(t, { serviceId: agent.serviceId, type: HAA_APPROVAL_TYPE });
    const id = (await createFor(agent.token, asso, a)).body.id as string;
    const otherService = await sitesOf((await signInService(t)).token, id);
    expect(otherService.status).toBe(404);
    expect(otherService.body.code).toBe('DOSSIER_NOT_FOUND');
    const stranger = await memberOf(t, await createAssociation(t));
    expect((await sitesOf(stranger.token, id)).status).toBe(403);
    // The association's own members read their sites in their file, not through the service's route.
    expect((await sitesOf(member.token, id)).status).toBe(403);
    expect((await sitesOf((await signIn(t, { roles: ['lca.admin'] })).token, id)).status).toBe(403);
    expect((await sitesOf(undefined, id)).status).toBe(401);

    const jep = await createAgrement(t, { serviceId: agent.serviceId, type: 'JEP' });
    const notFoodAid = await sitesOf(agent.token, (await createFor(agent.token, await createAssociation(t), jep)).body.id as string);
    expect(notFoodAid.status).toBe(404);
    expect(notFoodAid.body).toMatchObject({ code: 'APPROVAL_NOT_FOOD_AID', message: APPROVAL_DOSSIER_MESSAGES.sitesHaaOnly });
  });
});
