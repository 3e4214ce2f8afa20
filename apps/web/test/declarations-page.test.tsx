// The CEC declarations page (features/declarations/): the current session's declarations with what
// the server says is validable, validation one by one and several at once by keyboard (checkboxes),
// a refusal that needs its reason before any call, the history, and the server's refusal to a
// member who is no CEC validator.
import { CEC_MESSAGES, CEC_REFUSAL_REASONS, cecRoutes, ERRORS, routeUrl, type CecDeclaration, type CecLog } from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeclarationsPage } from '../src/features/declarations/declarations-page.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch, type RecordedRequest } from './support/fake-fetch.ts';
import { makeJwt, makeLink, makeSession, makeUser } from './support/factories.ts';
import { renderRoutes } from './support/render-routes.tsx';

afterEach(() => {
  resetAppState();
  vi.unstubAllGlobals();
});
beforeEach(() => {
  session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'member')));
});

const SESSION = { _id: 's1', session_id: '2026', libelle: 'Campagne 2026 (heures de 2025)', annee_activite: 2025, date_debut: '2026-01-01', date_fin: '2026-12-31', current: true };
let n = 0;
function declaration(overrides: Partial<CecDeclaration> = {}): CecDeclaration {
  n += 1;
  return {
    _id: `0000000${n}-0000-4000-8000-000000000000`, id_asso: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', etab_siret: '73282932000074', session: '2026',
    benevole: { civilite: 'Mme', nom: `Nom${n}`, prenom: 'Élise', courriel: null }, mission: { code: 'ENC', libelle: "Encadrement d'une activité" },
    heures: 120, date_debut: '2025-01-01', date_fin: '2025-12-31', status: 'En attente de décision', motif_refus_id: null, motif_refus: null,
    decided_at: null, decided_by: null, created_at: '2026-01-02T00:00:00.000Z', options: { validable: true }, ...overrides,
  };
}
const LOG: CecLog = {
  _id: 'l1', declaration_id: 'x', etab_siret: '73282932000074', session: '2026', benevole: 'Sarah Henry', status: 'Refusée', motif_refus_id: 1,
  motif_refus: CEC_REFUSAL_REASONS[1].label, auteur: 'valideur@example.org', date: '2026-02-01T10:00:00.000Z',
};

function serve(list: CecDeclaration[]) {
  return stubFetch({
    [`GET ${routeUrl(cecRoutes.currentSession)}`]: () => json(200, SESSION),
    [`GET ${routeUrl(cecRoutes.declarations)}`]: () => json(200, list),
    [`GET ${routeUrl(cecRoutes.logs)}`]: () => json(200, [LOG]),
    ...Object.fromEntries(
      list.map((d) => [`PUT ${routeUrl(cecRoutes.updateStatus, { id: d._id })}`, (r: RecordedRequest) => json(200, { ...d, status: (r.body as { status: string }).status, options: { validable: false } })]),
    ),
  });
}
const puts = (fake: ReturnType<typeof stubFetch>) => fake.requests.filter((r) => r.method === 'PUT').map((r) => ({ url: r.url, body: r.body }));
const render = () => renderRoutes('/declarations', { '/declarations': <DeclarationsPage /> });

describe('the CEC declarations page', () => {
  it('opens on the association the user is CEC validator of, as the session says', async () => {
    const validated = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    session.signIn(makeSession(makeUser({ associations: [makeLink(), makeLink({ id_correspondance: validated, nom: 'Théâtre', isValideurCEC: true })] }), makeJwt(4_000_000_000, 'member')));
    const fake = serve([declaration({ id_asso: validated })]);
    render();
    await screen.findByRole('table', { name: /Déclarations de la session en cours \(1\)/ });
    const asked = fake.requests.filter((r) => r.url.split('?')[0] === routeUrl(cecRoutes.declarations)).map((r) => new URL(r.url, 'http://x').searchParams.get('idAsso'));
    expect(asked).toEqual([validated]);
  });

  it('lists the current session’s declarations in a labelled, focusable table, with the history', async () => {
    const waiting = declaration();
    const decided = declaration({ status: 'Refusée', motif_refus_id: 2, motif_refus: CEC_REFUSAL_REASONS[2].label, options: { validable: false } });
    const past = declaration({ session: '2025', options: { validable: false } });
    serve([waiting, decided, past]);
    render();
    const table = await screen.findByRole('table', { name: /Déclarations de la session en cours \(2\)/ });
    expect(screen.getByRole('region', { name: 'Tableau des déclarations de la session en cours' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByText(/Campagne 2026 \(heures de 2025\)/)).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('button', { name: `Valider la déclaration de Élise ${waiting.benevole.nom}` })).toBeInTheDocument();
    // A decided declaration: its decision and reason, no action, no checkbox.
    expect(within(rows[2]!).getByText(CEC_REFUSAL_REASONS[2].label)).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByText(`Élise ${past.benevole.nom}`)).toBeNull();
    const history = await screen.findByRole('table', { name: /Historique des décisions/ });
    expect(within(history).getByText('Sarah Henry')).toBeInTheDocument();
    expect(within(history).getByText(CEC_REFUSAL_REASONS[1].label)).toBeInTheDocument();
  });

  it('validates one declaration, then several chosen by keyboard, one call each', async () => {
    const [a, b, c] = [declaration(), declaration(), declaration()];
    const fake = serve([a!, b!, c!]);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: `Valider la déclaration de Élise ${a!.benevole.nom}` }));
    await screen.findByText(`Déclaration de Élise ${a!.benevole.nom} validée.`);
    expect(puts(fake)).toEqual([{ url: routeUrl(cecRoutes.updateStatus, { id: a!._id }), body: { status: 'Validée' } }]);

    // Keyboard: focus the second's checkbox, space, tab to the third's, space.
    const bulk = screen.getByRole('button', { name: 'Valider la sélection (0)' });
    expect(bulk).toBeDisabled();
    screen.getByRole('checkbox', { name: `Sélectionner la déclaration de Élise ${b!.benevole.nom}` }).focus();
    await user.keyboard(' ');
    screen.getByRole('checkbox', { name: `Sélectionner la déclaration de Élise ${c!.benevole.nom}` }).focus();
    await user.keyboard(' ');
    const ready = screen.getByRole('button', { name: 'Valider la sélection (2)' });
    ready.focus();
    await user.keyboard('{Enter}');
    await screen.findByText('2 déclarations validées.');
    expect(puts(fake).slice(1).map((p) => p.url)).toEqual([b!, c!].map((d) => routeUrl(cecRoutes.updateStatus, { id: d._id })));
  });

  it('selects every validable declaration with the header checkbox', async () => {
    const list = [declaration(), declaration(), declaration({ status: 'Validée', options: { validable: false } })];
    serve(list);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('checkbox', { name: 'Sélectionner toutes les déclarations à décider' }));
    expect(screen.getByRole('button', { name: 'Valider la sélection (2)' })).toBeEnabled();
  });

  it('refuses only with a reason: none chosen says so before any call, then the reason is sent', async () => {
    const d = declaration();
    const fake = serve([d]);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: `Refuser la déclaration de Élise ${d.benevole.nom}` }));
    const form = screen.getByRole('form', { name: `Refus de la déclaration de Élise ${d.benevole.nom}` });
    await user.click(within(form).getByRole('button', { name: 'Confirmer le refus' }));
    expect(within(form).getByText(CEC_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(puts(fake)).toEqual([]);
    await user.click(within(form).getByLabelText(CEC_REFUSAL_REASONS[3].label));
    await user.click(within(form).getByRole('button', { name: 'Confirmer le refus' }));
    await screen.findByText(`Déclaration de Élise ${d.benevole.nom} refusée.`);
    expect(puts(fake)).toEqual([{ url: routeUrl(cecRoutes.updateStatus, { id: d._id }), body: { status: 'Refusée', motif_refus_id: 3 } }]);
    await waitFor(() => expect(screen.queryByRole('form', { name: /Refus de la déclaration/ })).toBeNull());
  });

  it('says the server’s refusal to a member who is no CEC validator', async () => {
    stubFetch({
      [`GET ${routeUrl(cecRoutes.currentSession)}`]: () => json(200, SESSION),
      [`GET ${routeUrl(cecRoutes.declarations)}`]: () => json(403, { status: 403, code: 'CEC_NOT_VALIDATOR', message: ERRORS.CEC_NOT_VALIDATOR.message }),
    });
    render();
    expect(await screen.findByText(CEC_MESSAGES.notValidator)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
