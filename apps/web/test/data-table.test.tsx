// Tables wider than a 320 px screen scroll in a labelled, focusable region (axe
// `scrollable-region-focusable`): the shared DataTable, and the tables that used react-dsfr's Table,
// whose container a keyboard could not reach (the mail outbox of /administration/lca first).
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxTable } from '../src/features/admin/outbox-table.tsx';
import { DataTable } from '../src/lib/ui/data-table.tsx';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { renderWithQueries } from './support/render-routes.tsx';

afterEach(resetAppState);

describe('DataTable', () => {
  it('draws its caption, heads and rows in a focusable region named by the caption', () => {
    render(<DataTable caption="Financements" headers={['Année', 'Montant']} data={[['2026', '1 000 €'], ['2027', '2 000 €']]} />);
    const region = screen.getByRole('region', { name: 'Financements' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table', { name: 'Financements' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Année', 'Montant']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).queryAllByRole('rowheader')).toHaveLength(0);
  });

  it('heads each row with its first cell when asked', () => {
    render(<DataTable rowHeaders bordered caption="Réponses" headers={['Champ', 'Réponse']} data={[['Objet', 'Sport']]} />);
    expect(screen.getByRole('rowheader', { name: 'Objet' })).toHaveAttribute('scope', 'row');
    expect(screen.getByRole('region', { name: 'Réponses' }).closest('.fr-table')).toHaveClass('fr-table--bordered');
    expect(screen.getByRole('region', { name: 'Réponses' }).closest('.fr-table')).not.toHaveClass('fr-table--multiline');
  });

  it('wraps the text of its cells when they hold free text (multiline), where the DSFR keeps each cell on one line', () => {
    render(<DataTable rowHeaders multiline caption="Réponses" headers={['Question', 'Réponse']} data={[['Autres financeurs ?', 'La commune, pour la mise à disposition des équipements sportifs du quartier.']]} />);
    expect(screen.getByRole('region', { name: 'Réponses' }).closest('.fr-table')).toHaveClass('fr-table--multiline');
  });
});

describe('the mail outbox of /administration/lca', () => {
  it('scrolls by keyboard: its table sits in a focusable region', async () => {
    const mail = { _id: 'm1', to: 'camille@example.org', from: 'portail@example.org', replyTo: null, subject: 'Bienvenue', text: '…', status: 'SENT', attempts: 1, lastError: null, createdAt: '2026-11-27T08:00:00.000Z', sentAt: '2026-11-27T08:00:01.000Z' };
    stubFetch({ 'GET /api/mail-server/outbox': () => json(200, { items: [mail], total: 1 }) });
    renderWithQueries(<OutboxTable />, { router: false });
    const region = await screen.findByRole('region', { name: "Boîte d'envoi (1 sur 1)" });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('cell', { name: 'camille@example.org' })).toBeInTheDocument();
  });
});
