// The changes of an audit entry as the journal and the histories show them: whatever the value (a
// boolean, a list, an object, nested ones), a French text, never JSON; a list of texts as bullets.
import type { AuditEntryView } from '@portail/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditChanges, valueText } from '../src/lib/ui/audit-changes.tsx';

const entry = (changements: AuditEntryView['changements'], action = 'update'): AuditEntryView => ({
  id: 'e1', seq: 1, date: '2026-11-27T09:05:00.000Z', auteur: null, entite: 'representant_legal', entite_id: null, action, id_siret: null, changements,
});

describe('the changes of an audit entry', () => {
  it('words booleans, lists and objects, nested ones too, without JSON', () => {
    expect(valueText(true)).toBe('Oui');
    expect(valueText(false)).toBe('Non');
    expect(valueText(['home', 'login'])).toBe('home, login');
    expect(valueText([])).toBe('aucun');
    expect(valueText({ nom: 'Dupont', roles: ['président', 'trésorier'], adresse: { ville: 'Paris' } })).toBe('nom : Dupont ; roles : (président, trésorier) ; adresse : (ville : Paris)');
    expect(valueText(null)).toBe('—');
  });

  it('shows each field by its label, a list of texts as bullets, and no brace nor bracket', () => {
    const { container } = render(
      <AuditChanges
        labels={{ actif: 'Actif', pages: 'Pages', adresse: 'Adresse' }}
        entry={entry([
          { champ: 'actif', avant: false, apres: true },
          { champ: 'pages', avant: null, apres: ['Accueil', 'Connexion'] },
          { champ: 'adresse', avant: { ville: 'Lyon' }, apres: { ville: 'Paris', codes: [75001, 75002] } },
        ])}
      />,
    );
    expect(container).toHaveTextContent('Actif : Non → Oui');
    expect(screen.getByText('Connexion').tagName).toBe('LI');
    expect(container).toHaveTextContent('Adresse : ville : Lyon → ville : Paris ; codes : (75001, 75002)');
    expect(container.textContent).not.toMatch(/[{[\]}]/);
  });
});
