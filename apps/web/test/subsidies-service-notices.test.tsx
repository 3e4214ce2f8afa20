// What the instructing services said, on the member's dossier page (ServiceNotices): the comment of
// a dossier sent back, the reason of a refusal, the « incomplet » mark, each naming its service;
// nothing when the services said nothing. Under the « incomplet » mark, the member declares the
// dossier complete (POST …/complete) when the machine offers the action `completer`, and only then.
import type { DossierView } from '@portail/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPLETED_MESSAGE } from '../src/features/subsidies/dossier-complete.tsx';
import { ServiceNotices } from '../src/features/subsidies/service-notices.tsx';
import { toasts } from '../src/lib/toast/toast-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeDossier, makeDossierView, SERVICE_ID } from './support/subsidies.ts';

afterEach(resetAppState);
const ignore = () => {};

const OTHER_SERVICE = '77777777-7777-4777-8777-777777777777';
const instructeurs: DossierView['instructeurs'] = [
  { service: { id: SERVICE_ID, nom: 'SDJES de Paris', type: 'departement' }, isReferent: true },
  { service: { id: OTHER_SERVICE, nom: 'DRAJES Île-de-France', type: 'region' }, isReferent: false },
];

describe('what the instructing services said, on the member’s dossier page', () => {
  it('shows the comment of a dossier sent back and the reason of a refusal, each with its service', () => {
    const view = makeDossierView(makeDossier({ step: 4, etat: 'C' }), {
      instructeurs,
      instructions: [
        { etat: 'C', id_service_instructeur: SERVICE_ID, commentaire: 'Merci de joindre le budget de la saison.' },
        { etat: '11', id_service_instructeur: OTHER_SERVICE, commentaire: 'Hors du champ du dispositif.' },
      ],
    });
    render(<ServiceNotices dossier={view} onChanged={ignore} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Dossier renvoyé pour correction par SDJES de Paris' })).toBeInTheDocument();
    expect(screen.getByText('Merci de joindre le budget de la saison.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Subvention refusée par DRAJES Île-de-France' })).toBeInTheDocument();
    expect(screen.getByText('Hors du champ du dispositif.')).toBeInTheDocument();
  });

  it('shows the « incomplet » mark with what is missing', () => {
    const view = makeDossierView(makeDossier({ step: 4, etat: '2' }), {
      instructeurs,
      incomplet: { commentaire: 'Le RIB manque.', date: '2026-03-04T10:00:00.000Z', service: { id: SERVICE_ID, nom: 'SDJES de Paris' } },
    });
    render(<ServiceNotices dossier={view} onChanged={ignore} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Dossier marqué incomplet par SDJES de Paris le 04/03/2026' })).toBeInTheDocument();
    expect(screen.getByText('Le RIB manque.')).toBeInTheDocument();
  });

  it('says nothing when the services gave no comment', () => {
    const view = makeDossierView(makeDossier({ step: 4, etat: 'D' }), { instructeurs });
    const { container } = render(<ServiceNotices dossier={view} onChanged={ignore} />);
    expect(container).toBeEmptyDOMElement();
  });

  const incomplet = { commentaire: 'Le RIB manque.', date: '2026-03-04T10:00:00.000Z', service: { id: SERVICE_ID, nom: 'SDJES de Paris' } };

  it('lets the member declare the dossier complete with a word for the service, and shows the dossier the server answers', async () => {
    const view = makeDossierView(makeDossier({ step: 4, etat: '2' }), { instructeurs, incomplet, options: { events: [], actions: ['consulter', 'completer'] } });
    const completed = makeDossierView(makeDossier({ step: 4, etat: '2' }), { instructeurs, options: { events: [], actions: ['consulter'] } });
    const fake = stubFetch({ [`POST /api/lca-server/demande/dossiers/${view.id}/complete`]: () => json(200, completed) });
    const onChanged = vi.fn();
    render(<ServiceNotices dossier={view} onChanged={onChanged} />);
    await userEvent.type(screen.getByLabelText('Un mot pour le service (facultatif)'), '  Le RIB est joint.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Déclarer le dossier complet' }));

    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledWith(completed));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toEqual({ comment: 'Le RIB est joint.' });
    expect(toasts.getToasts().map((t) => t.message)).toContain(COMPLETED_MESSAGE);
  });

  it('shows the server’s French refusal and keeps what was typed', async () => {
    const view = makeDossierView(makeDossier({ step: 4, etat: '2' }), { instructeurs, incomplet, options: { events: [], actions: ['consulter', 'completer'] } });
    stubFetch({
      [`POST /api/lca-server/demande/dossiers/${view.id}/complete`]: () =>
        json(409, { code: 'INSTRUCTION_ACTION_REFUSED', message: 'Action impossible dans l’état actuel du dossier.' }),
    });
    const onChanged = vi.fn();
    render(<ServiceNotices dossier={view} onChanged={onChanged} />);
    await userEvent.type(screen.getByLabelText('Un mot pour le service (facultatif)'), 'Voilà.');
    await userEvent.click(screen.getByRole('button', { name: 'Déclarer le dossier complet' }));

    expect(await screen.findByText('Action impossible dans l’état actuel du dossier.')).toBeInTheDocument();
    expect(screen.getByLabelText('Un mot pour le service (facultatif)')).toHaveValue('Voilà.');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('offers no completion when the machine does not give the member the action', () => {
    const view = makeDossierView(makeDossier({ step: 4, etat: '6' }), { instructeurs, incomplet });
    render(<ServiceNotices dossier={view} onChanged={ignore} />);
    expect(screen.getByRole('heading', { level: 2, name: /Dossier marqué incomplet/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Déclarer le dossier complet' })).not.toBeInTheDocument();
  });
});
