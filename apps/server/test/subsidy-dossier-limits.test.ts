// What a dossier may hold (contract DOSSIER_LIMITS), over HTTP: projects per dossier, lines per
// project and the length of free texts are refused beyond their bound with French messages, and the
// PDF of the largest dossier allowed is drawn off the event loop (a worker thread), which stays free.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DOSSIER_LIMITS as L, MESSAGES, SUBSIDY_MESSAGES } from '@portail/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAssociation } from './support/association-factory.ts';
import { createDossier, dossierCalls, subsidySetting, validProjet, type ServiceAgent, type SignedIn, type SubsidyScheme } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let agent: ServiceAgent;
let scheme: SubsidyScheme;

beforeAll(async () => {
  t = await startTestApp();
  ({ asso, member, agent, scheme } = await subsidySetting(t, { service: 'Service départemental de la jeunesse' }));
});
afterAll(() => t.close());

const as = (token: string) => dossierCalls(t, token);
const newDossier = () => createDossier(t, asso, scheme, [agent.serviceId]);

/** A project with every list at its bound and every free text at its length. */
const largestProjet = (i: number) =>
  validProjet(`Projet ${i} `.padEnd(L.label, 'x'), {
    description: {
      intitule: `Projet ${i} `.padEnd(L.label, 'x'),
      objectifs: 'Ouvrir la pratique sportive aux jeunes du quartier. '.repeat(200).slice(0, L.longText),
      description: 'Séances encadrées, sorties et rencontres inter-clubs toute l’année. '.repeat(200).slice(0, L.longText),
    },
    beneficiaire: Array.from({ length: L.beneficiairesPerProjet }, (_, k) => ({ id_statut: 'JEUNES', lib_statut: `Statut ${k} `.padEnd(L.label, 's'), id_tranche_age: '12-17', lib_tranche_age: '12-17 ans', id_genre: 'MIXTE', lib_genre: 'Mixte', nombre: k })),
    moyens: { commentaire: 'Deux éducateurs et un minibus. '.repeat(200).slice(0, L.comment), recrutement_specifique: false },
    evaluation: {
      indicateurs: Array.from({ length: L.indicateursPerProjet }, (_, k) => ({ rang: k + 1, intitule: `Indicateur ${k + 1} `.padEnd(L.label, 'i'), prevu_min: k, prevu_max: k + 10 })),
      commentaire: 'Bilan annuel. '.repeat(500).slice(0, L.comment),
    },
  });

describe('what a dossier may hold', () => {
  it(`refuses a project beyond ${L.projetsPerDossier} per dossier (409, French), also by duplication, and keeps nothing`, async () => {
    const dossier = await newDossier();
    for (let i = 1; i <= L.projetsPerDossier; i++) {
      await t.db.projet.create({ data: { dossierId: dossier.id, rangDossier: i, intitule: `Projet ${i}`, exercice: 2026, exerciceFin: 2026 } });
    }
    const created = await as(member.token).post(`/${dossier.id}/projets`, validProjet('Un de trop'));
    expect(created.status, JSON.stringify(created.body)).toBe(409);
    expect(created.body).toMatchObject({ code: 'PROJECT_LIMIT', message: SUBSIDY_MESSAGES.projectLimit });
    const first = await t.db.projet.findFirstOrThrow({ where: { dossierId: dossier.id, rangDossier: 1 } });
    const duplicated = await as(member.token).post(`/${dossier.id}/projets/${first.id}/duplicate`);
    expect(duplicated.status, JSON.stringify(duplicated.body)).toBe(409);
    expect(await t.db.projet.count({ where: { dossierId: dossier.id } })).toBe(L.projetsPerDossier);
  });

  it.each([
    ['beneficiaries', { beneficiaire: Array.from({ length: L.beneficiairesPerProjet + 1 }, () => ({ nombre: 1 })) }, MESSAGES.maxItems('bénéficiaires', L.beneficiairesPerProjet)],
    ['indicators', { evaluation: { indicateurs: Array.from({ length: L.indicateursPerProjet + 1 }, (_, k) => ({ rang: k + 1, intitule: 'I', prevu_min: 1, prevu_max: 2 })) } }, MESSAGES.maxItems('indicateurs', L.indicateursPerProjet)],
    ['co-financing lines', { cofinancements: Array.from({ length: L.cofinancementsPerProjet + 1 }, () => ({ financeur: 'Ville' })) }, MESSAGES.maxItems('cofinancements', L.cofinancementsPerProjet)],
    ['budgets', { budgets: Array.from({ length: L.budgetsPerProjet + 1 }, (_, k) => ({ annee: 2026 + k })) }, MESSAGES.maxItems('budgets', L.budgetsPerProjet)],
    ['a description', { description: { intitule: 'Projet', description: 'x'.repeat(L.longText + 1) } }, MESSAGES.maxLength('description', L.longText)],
    ['a beneficiary label', { beneficiaire: [{ lib_statut: 'x'.repeat(L.label + 1) }] }, MESSAGES.maxLength('statut', L.label)],
    ['an indicator title', { evaluation: { indicateurs: [{ rang: 1, intitule: 'x'.repeat(L.label + 1), prevu_min: 1, prevu_max: 2 }] } }, MESSAGES.maxLength("intitulé de l'indicateur", L.label)],
    ['an answer code', { customs: [{ code: 'x'.repeat(L.code + 1), value: 'oui' }] }, MESSAGES.maxLength('code', L.code)],
  ])('refuses a project with too many or too long %s (400, French), writing nothing', async (_what, extra, message) => {
    const dossier = await newDossier();
    const response = await as(member.token).post(`/${dossier.id}/projets`, validProjet('Trop grand', extra));
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
    expect(await t.db.projet.count({ where: { dossierId: dossier.id } })).toBe(0);
  });

  it('refuses a message longer than its bound (400, French)', async () => {
    const dossier = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'D' });
    const response = await as(member.token).post(`/${dossier.id}/message`, { message: 'x'.repeat(L.message + 1) });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(MESSAGES.maxLength('message', L.message));
  });

  it('draws the PDF of the largest dossier allowed off the event loop: the loop never waits more than a moment', async () => {
    const dossier = await newDossier();
    for (let i = 1; i <= L.projetsPerDossier; i++) {
      const created = await as(member.token).post(`/${dossier.id}/projets`, largestProjet(i));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    // Once to start the worker thread, then measured.
    expect((await as(member.token).get(`/${dossier.id}/pdf`)).status).toBe(200);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const response = await as(member.token).get(`/${dossier.id}/pdf`);
    const elapsed = performance.now() - started;
    delay.disable();
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    // Drawn on the event loop, the loop would wait as long as the drawing (hundreds of ms).
    expect(delay.max / 1e6, `PDF in ${elapsed.toFixed(0)} ms`).toBeLessThan(150);
  });
});
