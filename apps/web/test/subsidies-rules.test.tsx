// Subsidy screens' pure rules: the /dossiers filters in the URL, the wizard's open steps, the
// expected documents shown by their conditions and their progress, and the budget table's live totals.
import type { Subvention } from '@portail/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { BudgetTable } from '../src/features/subsidies/budget-table.tsx';
import { readFilters, toggle, writeFilters } from '../src/features/subsidies/dossier-filters.ts';
import { stateLabel, stateSeverity } from '../src/features/subsidies/dossier-states.ts';
import { documentProgress, shownDocuments } from '../src/features/subsidies/expected-items.ts';
import { openSteps, stepBlocker, stepDocumentTitle, stepFromQuery } from '../src/features/subsidies/wizard-steps.ts';
import { makeDossier, makeSubvention } from './support/subsidies.ts';

describe('dossier filters in the URL', () => {
  it('reads repeated parameters, drops unknown values and keeps page 1 out', () => {
    const filters = readFilters(
      new URLSearchParams('exercices=2025&exercices=2026&exercices=abc&etats=A&etats=Z&statuts=complet&statuts=x&searchQuery=%20club%20&page=3'),
    );
    expect(filters).toEqual({ exercices: [2026, 2025], etats: ['A'], statuts: ['complet'], searchQuery: 'club', page: 3 });
    expect(writeFilters({ ...filters, page: 1 }).toString()).toBe(
      'exercices=2026&exercices=2025&etats=A&statuts=complet&searchQuery=club',
    );
  });

  it('a toggled filter goes back to page 1 and round-trips through the query', () => {
    const start = readFilters(new URLSearchParams('etats=A&page=2'));
    const next = toggle(start, 'etats', 'D');
    expect(next.etats).toEqual(['A', 'D']);
    expect(next.page).toBe(1);
    expect(readFilters(writeFilters(toggle(next, 'etats', 'A')))).toEqual({ ...next, etats: ['D'] });
  });
});

describe('dossier states', () => {
  it('uses the machine’s labels', () => {
    expect(stateLabel('A')).toBe('En cours de saisie');
    expect(stateLabel('D')).toBe('Transmis au service instructeur');
    expect(stateLabel('6')).toBe('Accordé');
    expect(stateSeverity('11')).toBe('error');
    expect(stateSeverity('6')).toBe('success');
  });
});

describe('wizard steps', () => {
  it('a new dossier opens step 0 only', () => {
    expect(openSteps(null)).toEqual([0]);
    expect(stepBlocker(null, 1)).toMatch(/étape 1\)/);
    // One numbering on screen, 1 to 5: the tab's title names the step.
    expect(stepDocumentTitle(1)).toBe('Étape 2 sur 5 : Demandeur – Demande de subvention');
  });

  it('opens saved steps and the next one, and not step 3 before the dossier is complete', () => {
    const atStep2 = makeDossier({ step: 2, statut: 'incomplet' });
    expect(openSteps(atStep2)).toEqual([0, 1, 2]);
    expect(stepBlocker(atStep2, 3)).toBe("Le dossier doit être complet pour passer à l'étape suivante.");
    const complete = makeDossier({ step: 2, statut: 'complet', exercice_fin: 2027, pluriannuel: true, renouvellement: false });
    expect(openSteps(complete)).toEqual([0, 1, 2, 3]);
    expect(stepFromQuery('4', complete)).toBe(3);
    expect(stepFromQuery('1', complete)).toBe(1);
    expect(stepFromQuery(null, makeDossier({ step: 0 }))).toBe(1);
  });
});

describe('expected documents', () => {
  const subvention: Pick<Subvention, 'documents_attendus'> = makeSubvention({
    documents_attendus: [
      doc('STATUTS', true, []),
      doc('PLURI', true, [{ scope: 'description', key: 'pluriannuel', operator: '===', value: true }]),
      doc('TCA', false, [{ scope: 'description', key: 'pluriannuel', operator: 'has', masquer_si_tca: true }]),
      { ...doc('OFF', true, []), enabled: false },
      { ...doc('PROJ', true, []), part: 'projet' },
    ],
  });

  it('shows a document by its conditions, hides disabled ones, TCA-masked ones and project ones', () => {
    const annual = makeDossier({ pluriannuel: false });
    expect(shownDocuments(subvention, annual).map((d) => d.code)).toEqual(['STATUTS', 'TCA']);
    const multiYear = makeDossier({ pluriannuel: true });
    expect(shownDocuments(subvention, multiYear).map((d) => [d.code, d.required])).toEqual([
      ['STATUTS', true],
      ['PLURI', true],
      ['TCA', false],
    ]);
    const tca = makeDossier({ pluriannuel: true, couplage_tca: true });
    expect(shownDocuments(subvention, tca).map((d) => d.code)).toEqual(['STATUTS', 'PLURI']);
  });

  it('counts the attached documents among those shown', () => {
    const shown = shownDocuments(subvention, makeDossier({ pluriannuel: true }));
    expect(documentProgress(shown, ['STATUTS', 'OFF'])).toEqual({ attached: 1, total: 3, percent: 33 });
    expect(documentProgress([], [])).toEqual({ attached: 0, total: 0, percent: 100 });
  });
});

describe('budget table', () => {
  function Harness() {
    const [budget, setBudget] = useState({});
    return <BudgetTable annee={2026} budget={budget} onChange={setBudget} idPrefix="b" />;
  }

  it('recomputes the totals, excess and shortfall as amounts are typed', () => {
    render(<Harness />);
    const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^60 – Achats/, '1000');
    type(/^64 – Charges de personnel/, '2500');
    type(/^Frais financiers/, '100');
    expect(screen.getByTestId('b-charges')).toHaveTextContent(/3\s600\s€/);
    expect(screen.getByTestId('b-insuffisance')).toHaveTextContent(/3\s600\s€/);
    type(/^74 – Subventions/, '3000');
    type(/^Fonds propres/, '500');
    type(/^86 – /, '200');
    type(/^87 – /, '400');
    expect(screen.getByTestId('b-produits')).toHaveTextContent(/3\s500\s€/);
    expect(screen.getByTestId('b-total-charges')).toHaveTextContent(/3\s800\s€/);
    expect(screen.getByTestId('b-total-produits')).toHaveTextContent(/3\s900\s€/);
    expect(screen.getByTestId('b-excedent')).toHaveTextContent(/100\s€/);
    expect(screen.getByTestId('b-insuffisance')).toHaveTextContent(/^0\s€$/);
    type(/^74 – Subventions/, '');
    expect(screen.getByTestId('b-produits')).toHaveTextContent(/500\s€/);
  });
});

function doc(code: string, obligatoire: boolean, asks: Subvention['documents_attendus'][number]['asks']): Subvention['documents_attendus'][number] {
  return { code, label: `Document ${code}`, labelCode: null, nature: 'Demande', part: 'dossier', enabled: true, isDefault: false, obligatoire, meta: {}, asks };
}

