// The service's webhooks page (/instructeur/webhooks): its addresses; a new one checked with the
// contract's rule before it goes, its secret shown once and focused; replacing a secret and
// removing an address each after a confirmation; the delivery log with each attempt, narrowed to
// one address; an account without a service told so, asking nothing.
import { MESSAGES, WEBHOOK_MESSAGES, type Webhook, type WebhookDelivery } from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebhooksPage } from '../src/features/webhooks/webhooks-page.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { toasts } from '../src/lib/toast/toast-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { renderWithQueries } from './support/render-routes.tsx';

afterEach(() => {
  resetAppState();
  vi.unstubAllGlobals();
});

const SERVICE = '44444444-4444-4444-8444-444444444444';
const BASE = `/api/rds-server/services/${SERVICE}/webhooks`;
const HOOK: Webhook = { id: 'aaaaaaaa-0000-4000-8000-000000000001', url: 'https://outil.service.gouv.fr/evenements', created_at: '2026-11-02T09:30:00.000Z', secret_rotated_at: null };

function delivery(overrides: Partial<WebhookDelivery>): WebhookDelivery {
  return {
    id: 'dddddddd-0000-4000-8000-000000000001', webhook_id: HOOK.id, url: HOOK.url, event_id: 'eeeeeeee-0000-4000-8000-000000000001',
    event: 'dossier_instruction.etat_modifie', status: 'SENT', attempts: 1, http_status: 204, last_error: null, duration_ms: 35,
    next_attempt_at: null, created_at: '2026-11-20T10:00:00.000Z', sent_at: '2026-11-20T10:00:01.000Z',
    attempts_log: [{ attempt: 1, at: '2026-11-20T10:00:01.000Z', http_status: 204, error: null, duration_ms: 35 }],
    ...overrides,
  };
}

function signInAgent(withService = true) {
  const rds = withService ? { _id: SERVICE, nom: 'SDJES de Paris', email: null, type: 'departemental', locked: false } : null;
  session.signIn(makeSession(makeUser({ role: 'rds.user', roles: ['rds.user'], lcaId: null, associations: [], rds }), makeJwt(4_000_000_000, 'agent')));
}

const renderPage = () => renderWithQueries(<WebhooksPage />);

describe('the service’s webhooks', () => {
  it('adds an address checked before it goes, shows its secret once and focused, and lists it', async () => {
    signInAgent();
    const created = { ...HOOK, id: 'aaaaaaaa-0000-4000-8000-000000000002', url: 'https://outil.service.gouv.fr/autre' };
    const fake = stubFetch({
      [`GET ${BASE}`]: () => json(200, [HOOK]),
      [`POST ${BASE}`]: () => json(201, { webhook: created, secret: 'whsec_abcdef0123456789', message: WEBHOOK_MESSAGES.secretShownOnce }),
      [`GET ${BASE}/deliveries`]: () => json(200, []),
    });
    renderPage();
    const list = await screen.findByRole('table', { name: 'Adresses enregistrées' });
    expect(within(list).getByRole('rowheader', { name: HOOK.url })).toBeInTheDocument();
    expect(within(list).getByText('jamais')).toBeInTheDocument();

    const field = screen.getByLabelText(/^Adresse qui recevra les événements/);
    await userEvent.type(field, 'pas une adresse');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le webhook' }));
    const summary = await screen.findByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent(MESSAGES.badFormat('url'));
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, created.url);
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le webhook' }));
    const secret = await screen.findByTestId('webhook-secret-value');
    expect(secret).toHaveTextContent('whsec_abcdef0123456789');
    await waitFor(() => expect(document.getElementById('webhook-secret')).toHaveFocus());
    expect(screen.getByText(WEBHOOK_MESSAGES.secretShownOnce)).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'POST')!.body).toEqual({ url: created.url });
    expect(within(screen.getByRole('table', { name: 'Adresses enregistrées' })).getByRole('rowheader', { name: created.url })).toBeInTheDocument();
    expect(field).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'J’ai conservé le secret' }));
    expect(screen.queryByTestId('webhook-secret-value')).toBeNull();
  }, 30_000);

  it('replaces a secret and removes an address, each after its confirmation', async () => {
    signInAgent();
    let hooks = [HOOK];
    const fake = stubFetch({
      [`GET ${BASE}`]: () => json(200, hooks),
      [`POST ${BASE}/${HOOK.id}/secret`]: () => json(200, { webhook: { ...HOOK, secret_rotated_at: '2026-11-26T08:00:00.000Z' }, secret: 'whsec_nouveau', message: WEBHOOK_MESSAGES.secretShownOnce }),
      [`DELETE ${BASE}/${HOOK.id}`]: () => {
        hooks = [];
        return json(200, { message: WEBHOOK_MESSAGES.deleted });
      },
      [`GET ${BASE}/deliveries`]: () => json(200, []),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: `Remplacer le secret de ${HOOK.url}` }));
    let dialog = await screen.findByRole('dialog', { name: 'Remplacer le secret de signature ?' });
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remplacer le secret' }));
    expect(await screen.findByTestId('webhook-secret-value')).toHaveTextContent('whsec_nouveau');

    await userEvent.click(screen.getByRole('button', { name: `Supprimer ${HOOK.url}` }));
    dialog = await screen.findByRole('dialog', { name: 'Supprimer ce webhook ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer le webhook' }));
    await waitFor(() => expect(toasts.getToasts().map((t) => t.message)).toContain(WEBHOOK_MESSAGES.deleted));
    expect(await screen.findByText('Aucune adresse n’est enregistrée : ce service ne reçoit pas d’événements.')).toBeInTheDocument();
  }, 30_000);

  it('reads the delivery log with each attempt, narrowed to one address on demand', async () => {
    signInAgent();
    const failed = delivery({
      id: 'dddddddd-0000-4000-8000-000000000002', status: 'FAILED', attempts: 2, http_status: 503, next_attempt_at: '2026-11-20T10:05:00.000Z', sent_at: null,
      attempts_log: [
        { attempt: 1, at: '2026-11-20T10:00:01.000Z', http_status: null, error: 'connect ECONNREFUSED', duration_ms: 3 },
        { attempt: 2, at: '2026-11-20T10:01:01.000Z', http_status: 503, error: null, duration_ms: 40 },
      ],
    });
    const fake = stubFetch({
      [`GET ${BASE}`]: () => json(200, [HOOK]),
      [`GET ${BASE}/deliveries`]: () => json(200, [failed, delivery({})]),
    });
    renderPage();
    const log = await screen.findByRole('table', { name: /^Envois, du plus récent/ });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('En échec (HTTP 503)');
    expect(rows[0]).toHaveTextContent('essai 1 : connect ECONNREFUSED (3 ms) ; essai 2 : 503 (40 ms)');
    expect(rows[1]).toHaveTextContent('Envoyé (HTTP 204)');
    // The table scrolls by keyboard when it is wider than the screen.
    expect(screen.getByRole('region', { name: 'Tableau du journal des envois' })).toHaveAttribute('tabindex', '0');
    await userEvent.selectOptions(screen.getByLabelText('Adresse'), HOOK.id);
    await waitFor(() => expect(fake.requests.map((r) => r.url)).toContain(`${BASE}/deliveries?webhook=${HOOK.id}`));
  }, 30_000);

  it('tells an account without a service that it has no webhooks, and asks nothing', async () => {
    signInAgent(false);
    const fake = stubFetch({});
    renderPage();
    expect(await screen.findByText('Votre compte n’est rattaché à aucun service instructeur : il n’a pas de webhooks.')).toBeInTheDocument();
    expect(fake.requests).toEqual([]);
  });
});
