// The commune field with search-as-you-type (lib/ui/commune-combobox.tsx): by keyboard alone, ↓/↑
// move among the towns found, Entrée picks (name, postcode, INSEE code) without submitting the
// form, Échap closes; aria-expanded, aria-activedescendant and the live region follow.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommuneFeature } from '@portail/contract';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CommuneCombobox, type PickedCommune } from '../src/lib/ui/commune-combobox.tsx';

const town = (name: string, postcode: string, citycode: string): CommuneFeature => ({
  type: 'Feature', geometry: null, properties: { label: name, name, postcode, citycode, context: '69, Rhône' } as CommuneFeature['properties'],
});
const TOWNS = [town('Villeurbanne', '69100', '69266'), town('Villefranche-sur-Saône', '69400', '69264'), town('Villeurbanne', '69603', '69266')];

function Form({ onPick, onSubmit, search }: { onPick: (p: PickedCommune) => void; onSubmit: () => void; search: (q: string) => Promise<readonly CommuneFeature[]> }) {
  const [value, setValue] = useState('');
  return (
    <form aria-label="Adresse" onSubmit={(event) => { event.preventDefault(); onSubmit(); }}>
      <CommuneCombobox id="commune" label="Commune" value={value} onChange={setValue} onPick={(p) => { setValue(p.commune); onPick(p); }} search={search} delay={0} />
    </form>
  );
}

describe('the commune combobox', () => {
  it('is driven by the keyboard: arrows, Enter to pick, Escape to close', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const onSubmit = vi.fn();
    const search = vi.fn(async (q: string) => TOWNS.filter((t) => t.properties.name.toLowerCase().startsWith(q.toLowerCase())));
    render(<Form onPick={onPick} onSubmit={onSubmit} search={search} />);
    const input = screen.getByRole('combobox', { name: /Commune/ });
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.type(input, 'Vil');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    expect(search).toHaveBeenLastCalledWith('Vil');
    expect(screen.getByRole('status')).toHaveTextContent('3 communes trouvées');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', 'commune-liste-0');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the last, back to the first.
    expect(input).toHaveAttribute('aria-activedescendant', 'commune-liste-0');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', 'commune-liste-2');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', 'commune-liste-1');

    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith({ commune: 'Villefranche-sur-Saône', cp: '69400', code_insee: '69264' });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input).toHaveValue('Villefranche-sur-Saône');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByRole('status')).toHaveTextContent('Commune choisie : Villefranche-sur-Saône (69400).');

    await user.clear(input);
    await user.type(input, 'Villeu');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByRole('status')).toHaveTextContent('2 communes trouvées');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(onPick).toHaveBeenCalledTimes(1);
    // With the list closed, Enter submits the form as usual.
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('says when nothing is found, asks nothing under two letters, and picks by click', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const search = vi.fn(async (q: string) => (q.startsWith('Zz') ? [] : TOWNS.slice(0, 1)));
    render(<Form onPick={onPick} onSubmit={() => undefined} search={search} />);
    const input = screen.getByRole('combobox', { name: /Commune/ });
    await user.type(input, 'Z');
    expect(search).not.toHaveBeenCalled();
    await user.type(input, 'z');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Aucune commune trouvée.'));
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.clear(input);
    await user.type(input, 'Vi');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.click(screen.getByRole('option', { name: 'Villeurbanne (69100)' }));
    expect(onPick).toHaveBeenCalledWith({ commune: 'Villeurbanne', cp: '69100', code_insee: '69266' });
  });
});
