// The instructor's actions on /instructeur/dossiers/:id: exactly the events the view's options
// allow from their instruction's state, each in a modal form checked with the contract's schema;
// refusals in the error summary linked to their fields (the server's too), the result focused,
// a 409 said as « the dossier changed meanwhile ». And the pure rules behind it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { computeSubsidyBudgetTotals, type Dossier, type DossierView } from '@portail/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLoadedUserInfo } from '../src/app/route-guard.ts';
import { eventBody, emptyForm, grantLines, optionsOf, parseAmount } from '../src/features/instruction/instruction-events.ts';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch, type RecordedRequest } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { renderApp } from './support/render-app.tsx';
import { DOSSIER_ID, makeDossier, makeDossierView, makeSubvention, SERVICE_ID } from './support/subsidies.ts';

afterEach(() => {
  resetAppState();
  forgetLoadedUserInfo();
  vi.unstubAllGlobals();
});

const OTHER_SERVICE = '33333333-3333-4333-8333-333333333333';
const PROJET = '88888888-8888-4888-8888-888888888888';

function dossierIn(etat: Dossier['instructions'][number]['etat']): Dossier {
  const d = makeDossier({ step: 4, statut: 'complet', etat });
  d.instructions.push({ etat: 'D', id_service_instructeur: OTHER_SERVICE });
  d.instructeurs = [
    { service: { id: SERVICE_ID, nom: 'SDJES de Paris', type: null }, isReferent: true },
    { service: { id: OTHER_SERVICE, nom: 'DRAJES Île-de-France', type: null }, isReferent: false },
  ];
  const lines = { annee: 2026, exerciceDu: null, exerciceAu: null, charges: { comptes: {}, charges_fixes: {} }, produits: { comptes: {}, ressources_propres: {} }, contributions: {} };
  d.projets = [
    {
      id: PROJET,
      description: { intitule: 'École de natation', recurrence: null, periode: 'Annuel', date_debut: null, date_fin: null, objectifs: null, description: null, exercice: 2026, exercice_fin: 2026, id_responsable: null, rang_dossier: 1, numero_projet: null, demandeur_id_siret: null },
      territoires: { territoires: [] }, beneficiaire: [], moyens: {}, evaluation: { indicateurs: [] },
      financements: [
        { annee: 2026, id_service_instructeur: SERVICE_ID, montant_demande: 3000, montant_propose: null, montant_accorde: null },
        { annee: 2026, id_service_instructeur: OTHER_SERVICE, montant_demande: 1000, montant_propose: null, montant_accorde: null },
      ],
      cofinancements: [], budgets: [{ ...lines, totaux: computeSubsidyBudgetTotals(lines) }] as unknown as Dossier['projets'][number]['budgets'], customs: [], need_validation: false,
    },
  ];
  return d;
}

function signIn(dossier: Dossier, options: DossierView['options'], onEvent: (request: RecordedRequest) => Response) {
  const user = makeUser({ role: 'rds.user', roles: ['rds.user'], lcaId: null, associations: [] });
  session.signIn(makeSession(user, makeJwt(4_000_000_000, 'instructor')));
  let view = makeDossierView(dossier, { options });
  return stubFetch({
    'GET /api/lca-server/notesOnPage': () => json(200, []),
    [`GET /api/rds-server/users/${user.authId}`]: () => json(200, { _id: SERVICE_ID, nom: 'SDJES de Paris', email: null, type: null, locked: false }),
    [`GET /api/lca-server/demande/dossiers/${DOSSIER_ID}`]: () => json(200, { ...view, messages: [] }),
    [`GET /api/lca-server/demande/dossiers/${DOSSIER_ID}/projets`]: () => json(200, dossier.projets),
    'GET /api/rds-server/subventions/FDVA-2026': () => json(200, { ...makeSubvention(), date_debut: null, date_fin: null, fenetre: { ouverte: true, libelle: 'Campagne ouverte', ouvre_le: null } }),
    'GET /api/lca-server/questions': () => json(200, []),
    [`GET /api/lca-server/demande/dossiers/${DOSSIER_ID}/history`]: () => json(200, { instructions: [] }),
    [`POST /api/lca-server/demande/dossiers/${DOSSIER_ID}/instructions/${SERVICE_ID}/events`]: (request) => {
      const response = onEvent(request);
      if (response.ok) view = makeDossierView({ ...dossier, instructions: [{ etat: 'C', id_service_instructeur: SERVICE_ID }] }, { options: { events: [], actions: ['consulter'] } });
      return response;
    },
    'GET /api/lca-server/notifications/unread-count': () => json(200, { count: 0 }),
  });
}

const openPage = async () => {
  renderApp(`/instructeur/dossiers/${DOSSIER_ID}`);
  return screen.findByRole('region', { name: 'Actions sur l’instruction' }, { timeout: 10_000 });
};

describe('instructor actions on the dossier page', () => {
  it('offers only the events the options allow from the instruction’s state; « renvoyer » refused without a comment, then done, its result focused', async () => {
    const sent: unknown[] = [];
    signIn(dossierIn('D'), { events: ['ouvrir_instruction', 'renvoyer', 'accorder'], actions: ['consulter', 'marquer_incomplet'] }, (request) => {
      sent.push(request.body);
      return json(200, makeDossierView(dossierIn('D'), { instructions: [{ etat: 'C', id_service_instructeur: SERVICE_ID }], options: { events: [], actions: [] } }));
    });
    const actions = await openPage();
    const buttons = within(actions).getAllByRole('button').map((b) => b.textContent);
    // accorder is in the options but does not leave D: not offered.
    expect(buttons).toEqual(["Commencer l'instruction", 'Renvoyer au compte association pour correction', 'Marquer le dossier incomplet']);

    await userEvent.click(within(actions).getByRole('button', { name: 'Renvoyer au compte association pour correction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renvoyer au compte association pour correction – dossier n° 2026-000001' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer : Renvoyer au compte association pour correction' }));
    const summary = await within(dialog).findByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    const link = within(summary).getByRole('link', { name: /commentaire/ });
    await userEvent.click(link);
    expect(document.getElementById('evt-comment')).toHaveFocus();
    expect(sent).toEqual([]);

    await userEvent.type(document.getElementById('evt-comment')!, 'Le budget 2026 est incomplet.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer : Renvoyer au compte association pour correction' }));
    await waitFor(() => expect(document.getElementById('instruction-resultat')).toHaveFocus());
    expect(document.getElementById('instruction-resultat')).toHaveTextContent('L’instruction est maintenant « Renvoyé au compte asso »');
    expect(sent).toEqual([{ event: 'renvoyer', comment: 'Le budget 2026 est incomplet.' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 30_000);

  it('« accorder » sends the amounts of the service’s lines; the server’s field refusal is linked to its line; a 409 says the dossier changed', async () => {
    const sent: unknown[] = [];
    let answer: 'fields' | 'conflict' = 'fields';
    signIn(dossierIn('2'), { events: ['accorder', 'refuser', 'rejeter', 'renvoyer'], actions: ['consulter'] }, (request) => {
      sent.push(request.body);
      return answer === 'fields'
        ? json(400, { message: 'Le total dépasse le montant demandé.', status: 400, code: 'DOSSIER_INPUT_INVALID', fields: { 'body.montants.0.montant_accorde': 'Le montant accordé dépasse le montant demandé.' } })
        : json(409, { message: "L'événement « accorder » n'est pas possible depuis l'état « Accordé ».", status: 409, code: 'TRANSITION_WRONG_STATE' });
    });
    const actions = await openPage();
    await userEvent.click(within(actions).getByRole('button', { name: 'Accorder la subvention' }));
    const dialog = await screen.findByRole('dialog');
    // Only this service's line, prefilled with the amount asked.
    const granted = within(dialog).getByLabelText('Montant accordé – Projet 1 : École de natation, 2026');
    expect(granted).toHaveValue('3000');
    expect(within(dialog).queryByText(/1\s000\s€/)).toBeNull();
    await userEvent.clear(granted);
    await userEvent.type(granted, '3 500,50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer : Accorder la subvention' }));
    const summary = await within(dialog).findByTestId('error-summary');
    expect(summary).toHaveTextContent('Le total dépasse le montant demandé.');
    await userEvent.click(within(summary).getByRole('link', { name: 'Le montant accordé dépasse le montant demandé.' }));
    expect(granted).toHaveFocus();
    expect(granted).toHaveAttribute('aria-invalid', 'true');
    expect(sent[0]).toEqual({ event: 'accorder', montants: [{ projet: PROJET, annee: 2026, montant_accorde: 3500.5, montant_propose: 3000 }] });

    answer = 'conflict';
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer : Accorder la subvention' }));
    await waitFor(() => expect(document.getElementById('instruction-resultat')).toHaveFocus());
    expect(document.getElementById('instruction-resultat')).toHaveTextContent(/Le dossier a changé entre-temps.*n'est pas possible depuis l'état « Accordé »/);
  }, 30_000);

  it('reads the forms with the contract’s schemas', () => {
    const d = dossierIn('2');
    expect(grantLines(d.projets, OTHER_SERVICE).map((l) => [l.annee, l.demande, l.accorde])).toEqual([[2026, 1000, '1000']]);
    expect(parseAmount('1 500,50 €')).toBe(1500.5);
    expect(parseAmount('abc')).toBeNaN();
    expect(parseAmount('')).toBeNull();
    const refused = eventBody('refuser', emptyForm());
    expect(refused.ok ? null : Object.keys(refused.errors)).toEqual(['motif']);
    const payment = eventBody('mettre_en_paiement', { ...emptyForm(), paiementDate: '2026-13-01', paiementMontant: '0' });
    expect(payment.ok ? null : Object.keys(payment.errors).sort()).toEqual(['paiementDate', 'paiementMontant']);
    const view = makeDossierView(d, { options: { events: ['accorder', 'mettre_en_paiement'], actions: ['marquer_complet'] } });
    expect(optionsOf(view, d.instructions[0]!).map((o) => o.name)).toEqual(['accorder', 'marquer_complet']);
  });
});
