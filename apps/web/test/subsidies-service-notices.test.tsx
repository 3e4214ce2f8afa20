// What the instructing services said, on the member's dossier page (ServiceNotices): the comment of
// a dossier sent back, the reason of a refusal, the « incomplet » mark, each naming its service;
// nothing when the services said nothing.
import type { DossierView } from '@portail/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServiceNotices } from '../src/features/subsidies/service-notices.tsx';
import { makeDossier, makeDossierView, SERVICE_ID } from './support/subsidies.ts';

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
    render(<ServiceNotices dossier={view} />);
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
    render(<ServiceNotices dossier={view} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Dossier marqué incomplet par SDJES de Paris le 04/03/2026' })).toBeInTheDocument();
    expect(screen.getByText('Le RIB manque.')).toBeInTheDocument();
  });

  it('says nothing when the services gave no comment', () => {
    const view = makeDossierView(makeDossier({ step: 4, etat: 'D' }), { instructeurs });
    const { container } = render(<ServiceNotices dossier={view} />);
    expect(container).toBeEmptyDOMElement();
  });
});
