// Sharing a dossier (DossierShare): the address sent to the server, its French answer, its refusal
// of someone who is not a member shown next to the form.
import { DOSSIER_MESSAGES, MESSAGES, type DossierView } from '@portail/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DossierShare } from '../src/features/subsidies/dossier-share.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { toasts } from '../src/lib/toast/toast-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { makeDossier } from './support/subsidies.ts';

const base = makeDossier({ step: 2 });
const DOSSIER: DossierView = { ...base, projets: [], deleted: false, options: { events: [], actions: ['consulter', 'modifier'] }, transmission: null, crfs: [] };
const SHARE = `PATCH /api/lca-server/demande/dossiers/${DOSSIER.id}/share`;

afterEach(() => resetAppState());

describe('sharing a dossier', () => {
  it('sends the address and says it is shared', async () => {
    session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'share-user')));
    const fake = stubFetch({ [SHARE]: () => json(200, { message: DOSSIER_MESSAGES.shared }) });
    render(<DossierShare dossier={DOSSIER} />);
    await userEvent.type(screen.getByLabelText('Adresse électronique du membre'), 'tresorier@club.example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Partager' }));
    await waitFor(() => expect(toasts.getToasts().map((t) => t.message)).toContain(DOSSIER_MESSAGES.shared));
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PATCH', body: { email: 'tresorier@club.example.org' } });
    expect(screen.getByLabelText('Adresse électronique du membre')).toHaveValue('');
  });

  it('shows the refusal of someone who is not a member, and asks for an address first', async () => {
    session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'share-user')));
    const fake = stubFetch({ [SHARE]: () => json(400, { code: 'DOSSIER_INPUT_INVALID', message: DOSSIER_MESSAGES.shareNotMember }) });
    render(<DossierShare dossier={DOSSIER} />);
    await userEvent.click(screen.getByRole('button', { name: 'Partager' }));
    const field = screen.getByLabelText('Adresse électronique du membre');
    expect(field).toHaveAccessibleDescription(MESSAGES.pleaseFill('adresse électronique'));
    await waitFor(() => expect(screen.getByTestId('error-summary')).toHaveFocus());
    expect(fake.requests).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Adresse électronique du membre'), 'inconnu@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Partager' }));
    // The server's refusal (a catalogue code, in French) in the summary, which takes the focus.
    await waitFor(() => expect(screen.getByTestId('error-summary')).toHaveTextContent(DOSSIER_MESSAGES.shareNotMember));
    await waitFor(() => expect(screen.getByTestId('error-summary')).toHaveFocus());
  });
});
