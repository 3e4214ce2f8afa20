// The subsidy lists: the directory's filters and apply links, the dossiers list's filters written to
// the URL, state badges with the machine's labels, unread counts and only the server's actions.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { DossiersList, type DossierRow } from '../src/features/subsidies/dossiers-list.tsx';
import { SubsidyDirectory } from '../src/features/subsidies/subsidy-directory.tsx';
import { makeDossier, makeSubvention } from './support/subsidies.ts';

function Location() {
  return <output data-testid="location">{decodeURIComponent(useLocation().search)}</output>;
}

const OPEN: { ouverte: boolean; libelle: string; ouvre_le: string | null } = { ouverte: true, libelle: 'Campagne ouverte', ouvre_le: null };
/** A campaign as the directory reads it: with its window, and each sub-scheme's (open unless said). */
const entry = (subvention: ReturnType<typeof makeSubvention>, fenetre = OPEN, sousFenetre = OPEN) => ({
  ...subvention,
  fenetre,
  sous_dispositifs: subvention.sous_dispositifs.map((s) => ({ ...s, fenetre: sousFenetre })),
});

const SUBVENTIONS = [
  entry(makeSubvention({ sous_dispositifs: [{ id: '77777777-7777-4777-8777-777777777777', label: 'Innovation', date_debut: '2026-02-01', date_fin: '2026-03-31' }] })),
  entry(
    makeSubvention({
      id: '88888888-8888-4888-8888-888888888888',
      code: 'CNDS-2025',
      label: 'Part territoriale 2025',
      campagne_exercice: 2025,
      dispositif: { code: 'CNDS', label: 'Agence nationale du sport', duree_pluriannuelle: null },
    }),
  ),
];

describe('subsidy directory', () => {
  it('filters by scheme, exercise and text in the URL, shows sub-schemes with their dates and links to apply', async () => {
    render(
      <MemoryRouter initialEntries={['/repertoire-des-subventions']}>
        <SubsidyDirectory subventions={SUBVENTIONS} applyPath={(code) => `/associations/A1/subvention-demande?subvention=${code}`} />
        <Location />
      </MemoryRouter>,
    );
    expect(screen.getByText('2 subvention(s)')).toBeInTheDocument();
    expect(screen.getByText('Innovation : dépôt du 01/02/2026 au 31/03/2026')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Dispositif'), 'CNDS');
    expect(screen.getByTestId('location')).toHaveTextContent('?dispositif=CNDS');
    expect(screen.getByText('1 subvention(s)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Déposer une demande pour Part territoriale 2025' })).toHaveAttribute(
      'href',
      '/associations/A1/subvention-demande?subvention=CNDS-2025',
    );
    await userEvent.selectOptions(screen.getByLabelText('Dispositif'), '');
    await userEvent.type(screen.getByLabelText('Rechercher'), 'innovation');
    expect(screen.getByText('1 subvention(s)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: SUBVENTIONS[0]!.label })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Exercice'), '2025');
    expect(screen.getByText('Aucune subvention ne correspond à ces critères.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?q=innovation&exercice=2025');
  });
});

describe('subsidy directory, campaign windows', () => {
  it('says « Campagne close » or « Ouvre le … » and offers to apply only while a campaign takes dossiers', () => {
    const closed = entry(
      makeSubvention({ code: 'CLOSED', label: 'Campagne passée', sous_dispositifs: [{ id: '77777777-7777-4777-8777-777777777777', label: 'Emploi', date_debut: '2026-02-01', date_fin: '2026-03-31' }] }),
      { ouverte: false, libelle: 'Campagne close', ouvre_le: null },
      { ouverte: false, libelle: 'Campagne close', ouvre_le: null },
    );
    const soon = entry(makeSubvention({ id: '99999999-9999-4999-8999-999999999999', code: 'SOON', label: 'Campagne à venir' }), { ouverte: false, libelle: 'Ouvre le 01/01/2027', ouvre_le: '2027-01-01' });
    const open = entry(makeSubvention({ id: '88888888-8888-4888-8888-888888888888', code: 'OPEN', label: 'Campagne ouverte 2026' }), { ouverte: true, libelle: 'Campagne ouverte jusqu’au 31/12/2026', ouvre_le: null });
    render(
      <MemoryRouter initialEntries={['/repertoire-des-subventions']}>
        <SubsidyDirectory subventions={[closed, soon, open]} applyPath={(code) => `/apply/${code}`} />
      </MemoryRouter>,
    );
    const section = (name: string) => within(screen.getByRole('region', { name }));
    expect(section('Campagne passée').getByText('Campagne close', { selector: 'p > *' })).toBeInTheDocument();
    expect(section('Campagne passée').getByText('Emploi : dépôt du 01/02/2026 au 31/03/2026 (Campagne close)')).toBeInTheDocument();
    expect(section('Campagne passée').queryByRole('link')).toBeNull();
    expect(section('Campagne à venir').getByText('Ouvre le 01/01/2027')).toBeInTheDocument();
    expect(section('Campagne à venir').queryByRole('link')).toBeNull();
    expect(section('Campagne ouverte 2026').getByText('Campagne ouverte jusqu’au 31/12/2026')).toBeInTheDocument();
    expect(section('Campagne ouverte 2026').getByRole('link', { name: 'Déposer une demande pour Campagne ouverte 2026' })).toHaveAttribute('href', '/apply/OPEN');
  });
});

describe('dossiers list', () => {
  const rows: DossierRow[] = [
    { dossier: makeDossier({ etat: 'A' }), actions: ['consulter', 'modifier', 'supprimer', 'transmettre'], unread: 2, unreadMessages: 0 },
    { dossier: { ...makeDossier({ etat: 'D', statut: 'complet' }), id: '99999999-9999-4999-8999-999999999999', identifiant: { id_fo: '2026-000002', step: 4 } }, actions: ['consulter'], unread: 0, unreadMessages: 3 },
  ];

  function renderList(entry = '/dossiers', onDelete = vi.fn()) {
    render(
      <MemoryRouter initialEntries={[entry]}>
        <DossiersList rows={rows} total={25} pageSize={10} currentYear={2026} onDelete={onDelete} dossierPath={(row, mode) => `/associations/S/subvention-demande/${row.dossier.id}?mode=${mode}`} />
        <Location />
      </MemoryRouter>,
    );
    return onDelete;
  }

  it('shows the machine’s state labels, unread counts and only the actions the server gives', async () => {
    const onDelete = renderList();
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(within(first!).getByText('En cours de saisie')).toBeInTheDocument();
    expect(within(first!).getByText('2 non lue(s)')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Modifier le dossier 2026-000001' })).toHaveAttribute('href', expect.stringContaining('mode=edit'));
    await userEvent.click(within(first!).getByRole('button', { name: 'Supprimer le dossier 2026-000001' }));
    expect(onDelete).toHaveBeenCalledWith(rows[0]);
    expect(within(second!).getByText('Transmis au service instructeur')).toBeInTheDocument();
    // The messages of the services not read yet, in their own column (as the work list shows them).
    const column = screen.getAllByRole('columnheader').findIndex((h) => h.textContent === 'Messages');
    expect(within(second!).getAllByRole('cell')[column]).toHaveTextContent('3 non lu(s)');
    expect(within(first!).getAllByRole('cell')[column]).toHaveTextContent('—');
    expect(within(second!).getByRole('link', { name: 'Consulter le dossier 2026-000002' })).toHaveAttribute('href', expect.stringContaining('mode=read'));
    expect(within(second!).queryByRole('link', { name: /Modifier/ })).toBeNull();
    expect(within(second!).queryByRole('button', { name: /Supprimer/ })).toBeNull();
  });

  it('writes the filters to the URL (repeated parameters, back to page 1) and paginates', async () => {
    renderList('/dossiers?exercices=2025&page=2');
    expect(screen.getByRole('checkbox', { name: '2025' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'En cours de saisie' }));
    expect(screen.getByTestId('location')).toHaveTextContent('?exercices=2025&etats=A');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Transmis au service instructeur' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Complet' }));
    await userEvent.type(screen.getByLabelText(/Rechercher/), 'club');
    await userEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(screen.getByTestId('location')).toHaveTextContent('?exercices=2025&etats=A&etats=D&statuts=complet&searchQuery=club');
    expect(screen.getByRole('link', { name: '3' })).toHaveAttribute('href', expect.stringContaining('page=3'));
  });
});
