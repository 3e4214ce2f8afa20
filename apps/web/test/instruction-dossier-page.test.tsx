// The service's dossier page (/dossiers/:idDossier): everything the dossier holds is on screen —
// answers to the questions and expected fields, the association's budget per year, every part of
// every project, the attached documents (opened by every reader of the dossier, instructing agents
// included, through the dossier's own single-use ticket route).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { computeSubsidyBudgetTotals, type Dossier } from '@portail/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLoadedUserInfo } from '../src/app/route-guard.ts';
import { formatAnswer } from '../src/features/instruction/answers.ts';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { renderApp } from './support/render-app.tsx';
import { DOSSIER_ID, makeDossier, makeDossierView, makeSubvention, SERVICE_ID } from './support/subsidies.ts';

afterEach(() => {
  resetAppState();
  forgetLoadedUserInfo();
  vi.unstubAllGlobals();
});

const SIRET = '12345678900011';
function budget(annee: number, charges: number) {
  const lines = {
    annee, exerciceDu: null, exerciceAu: null,
    charges: { comptes: { '64': charges }, charges_fixes: {} }, produits: { comptes: { '74': charges }, ressources_propres: {} }, contributions: {},
  };
  return { ...lines, totaux: computeSubsidyBudgetTotals(lines) };
}

function fullDossier(): Dossier {
  const d = makeDossier({ step: 4, statut: 'complet', etat: '2', customs: [{ code: 'cer', value: true }, { code: 'nb_licencies', value: 120 }], budget: [budget(2026, 80_000)] });
  d.demandeur = { ...d.demandeur, id_siret: SIRET, nom: 'Club nautique' };
  d.instructeurs = [{ service: { id: SERVICE_ID, nom: 'SDJES de Paris', type: null }, isReferent: true }];
  d.documents = [{ uuid: '77777777-7777-4777-8777-777777777777', code: 'statuts', nom: 'statuts.pdf' }];
  d.projets = [
    {
      id: '88888888-8888-4888-8888-888888888888',
      description: {
        intitule: 'École de natation', recurrence: null, periode: 'Annuel', date_debut: '2026-01-01', date_fin: '2026-12-31', objectifs: 'Apprendre à nager',
        description: 'Cours hebdomadaires', exercice: 2026, exercice_fin: 2026, id_responsable: null, rang_dossier: 1, numero_projet: null, demandeur_id_siret: SIRET,
      },
      territoires: { commentaire: 'Quartier prioritaire', territoires: [{ libelle: 'Paris 19e' }] },
      beneficiaire: [{ id_statut: null, lib_statut: 'Enfants', id_tranche_age: null, lib_tranche_age: '6-12 ans', id_genre: null, lib_genre: null, nombre: 200 }],
      moyens: { commentaire: 'Deux maîtres-nageurs', recrutement_specifique: true, recrutement_nb_etpt: 1.5 },
      evaluation: { indicateurs: [{ rang: 1, intitule: 'Test d’aisance aquatique', prevu_min: 150, prevu_max: 200 }], commentaire: null },
      financements: [{ annee: 2026, id_service_instructeur: SERVICE_ID, montant_demande: 3000, montant_propose: 2500, montant_accorde: null }],
      cofinancements: [{ financeur: 'Ville de Paris', montant: 1500 }],
      budgets: [budget(2026, 5500)],
      customs: [{ code: 'public_qpv', value: 'oui' }],
      need_validation: false,
    },
  ];
  return d;
}

function signIn(role: 'rds.user' | 'rds.admin') {
  const user = makeUser({ role, roles: [role], lcaId: null, associations: [] });
  session.signIn(makeSession(user, makeJwt(4_000_000_000, 'instructor')));
  const dossier = fullDossier();
  const subvention = makeSubvention({
    champs_attendus: [
      { code: 'nb_licencies', label: 'Nombre de licenciés', labelCode: null, type: 'number', part: 'dossier', enabled: true, isDefault: false, obligatoire: true, meta: {}, asks: [] },
      { code: 'public_qpv', label: 'Public des quartiers prioritaires', labelCode: null, type: 'select', part: 'projet', enabled: true, isDefault: false, obligatoire: false, meta: { options: [{ value: 'oui', label: 'Oui, en majorité' }] }, asks: [] },
    ],
    documents_attendus: [{ code: 'statuts', label: 'Statuts de l’association', labelCode: null, part: 'dossier', enabled: true, isDefault: true, obligatoire: true, meta: {}, asks: [], nature: 'STATUTS' }],
  });
  return stubFetch({
    'GET /api/lca-server/notesOnPage': () => json(200, []),
    [`GET /api/rds-server/users/${user.authId}`]: () => json(200, { _id: SERVICE_ID, nom: 'SDJES de Paris', email: null, type: null, locked: false }),
    [`GET /api/lca-server/demande/dossiers/${DOSSIER_ID}`]: () => json(200, { ...makeDossierView(dossier), messages: [] }),
    [`GET /api/lca-server/demande/dossiers/${DOSSIER_ID}/projets`]: () => json(200, dossier.projets),
    'GET /api/rds-server/subventions/FDVA-2026': () => json(200, { ...subvention, date_debut: null, date_fin: null, fenetre: { ouverte: true, libelle: 'Campagne ouverte', ouvre_le: null } }),
    'GET /api/lca-server/questions': () => json(200, [{ id: '99999999-9999-4999-8999-999999999999', code: 'cer', label: "Avez-vous souscrit au contrat d'engagement républicain ?", type: 'booleen', obligatoire: true, enabled: true, rang: 1 }]),
    [`POST /api/lca-server/demande/dossiers/${DOSSIER_ID}/documents/77777777-7777-4777-8777-777777777777/ticket`]: () =>
      json(201, { url: '/api/proxy-asso/association/documents/download/ticket-1', expires_in: 60 }),
    'GET /api/lca-server/notifications/unread-count': () => json(200, { count: 0 }),
  });
}

describe('service dossier page', () => {
  it('shows the answers, the budgets per year and every part of each project, with tables named by their captions', async () => {
    signIn('rds.user');
    renderApp(`/dossiers/${DOSSIER_ID}`);
    // The page's chunk and its five calls: longer than a findBy's second on a loaded machine.
    expect(await screen.findByRole('table', { name: 'Réponses aux questions' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dossier de demande de subvention n° 2026-000001' })).toBeInTheDocument();
    const questions = screen.getByRole('table', { name: 'Réponses aux questions' });
    expect(within(questions).getByRole('row', { name: /contrat d'engagement républicain.*Oui/ })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Réponses aux champs attendus par le dispositif' })).getByRole('row', { name: /Nombre de licenciés 120/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: "Budget prévisionnel de l'association – 2026" })).toHaveTextContent(/80\s000\s€/);
    // The project: its accordion (h3) and, inside, every part under an h4.
    expect(screen.getByRole('heading', { level: 3, name: 'Projet 1 : École de natation' })).toBeInTheDocument();
    for (const part of ['Description', 'Territoires', 'Publics bénéficiaires', 'Moyens', 'Évaluation', 'Cofinancements', 'Financements demandés', 'Budgets prévisionnels', 'Réponses aux champs du projet'])
      expect(screen.getByRole('heading', { level: 4, name: part })).toBeInTheDocument();
    expect(screen.getByText('Paris 19e')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Publics bénéficiaires du projet 1' })).getByRole('row', { name: /Enfants 6-12 ans .* 200/ })).toBeInTheDocument();
    expect(screen.getByText(/Oui \(1,5 ETPT\)|Oui \(1.5 ETPT\)/)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: "Indicateurs d'évaluation du projet 1" })).getByRole('row', { name: /aisance aquatique 150 200/ })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Cofinancements sollicités pour le projet 1' })).getByRole('row', { name: /Ville de Paris 1\s500\s€/ })).toBeInTheDocument();
    const financing = within(screen.getByRole('table', { name: 'Financements du projet 1 par année et par service' })).getByRole('row', { name: /2026, SDJES de Paris/ });
    expect(financing).toHaveTextContent(/3\s000\s€.*2\s500\s€.*—/);
    expect(screen.getByRole('table', { name: 'Budget prévisionnel du projet 1 – 2026' })).toHaveTextContent(/5\s500\s€/);
    expect(within(screen.getByRole('table', { name: 'Réponses aux champs attendus du projet 1' })).getByRole('row', { name: /Oui, en majorité/ })).toBeInTheDocument();
  }, 20_000);

  it('an instructing agent opens an attached document by the dossier’s single-use ticket', async () => {
    const fake = signIn('rds.user');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderApp(`/dossiers/${DOSSIER_ID}`);
    const table = await screen.findByRole('table', { name: 'Documents joints au dossier' }, { timeout: 10_000 });
    expect(within(table).getByRole('row', { name: /Statuts de l’association statuts\.pdf/ })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'statuts.pdf (télécharger)' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/api/proxy-asso/association/documents/download/ticket-1'));
    expect(fake.requests.some((r) => r.method === 'POST' && r.url.includes(`/demande/dossiers/${DOSSIER_ID}/documents/`))).toBe(true);
  }, 30_000);

  it('writes each kind of answer the French way', () => {
    expect(formatAnswer({ type: 'booleen' }, false)).toBe('Non');
    expect(formatAnswer({ type: 'date' }, '2026-03-01')).toBe('01/03/2026');
    expect(formatAnswer({ type: 'select', meta: { options: [{ value: 'a', label: 'Choix A' }, 'b'] } }, ['a', 'b'])).toBe('Choix A, b');
    expect(formatAnswer({ type: 'text' }, '  ')).toBe('Non renseigné');
    expect(formatAnswer({ type: 'decimal' }, 1234.5)).toMatch(/1\s234,5/);
  });
});
