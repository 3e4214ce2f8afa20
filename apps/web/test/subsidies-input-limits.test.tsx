// Every text a member types in the dossier wizard and the project editor stops at the length the
// server accepts: each input and text area carries the maxLength of the contract's DOSSIER_LIMITS,
// the bound the API's schemas and answer checks apply (a member cannot type what would be refused).
import { DOSSIER_LIMITS, type Dossier, type Question, type Subvention } from '@portail/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { DossierWizard } from '../src/features/subsidies/wizard/dossier-wizard.tsx';
import { makeDossier, makeSubvention, SERVICE_ID } from './support/subsidies.ts';

const field = (code: string, part: 'dossier' | 'projet', type: string): Subvention['champs_attendus'][number] => ({
  code, label: `Champ ${code}`, labelCode: null, type, part, enabled: true, isDefault: false, obligatoire: false, meta: {}, asks: [],
});
const SUBVENTION = makeSubvention({
  instructeurs: [{ service: { id: SERVICE_ID, nom: 'SDJES de Paris', type: null }, isReferent: true }],
  champs_attendus: [field('projet_club', 'dossier', 'text'), field('contact', 'dossier', 'email'), field('licencies', 'dossier', 'number'), field('public_vise', 'projet', 'text')],
});
const QUESTIONS: Question[] = [
  { id: '0f000000-0000-4000-8000-000000000002', code: 'financeurs', label: 'Autres financeurs publics ?', type: 'texte', obligatoire: false, enabled: true, rang: 1 },
];

function renderWizard(dossier: Dossier, etape: number) {
  return render(
    <MemoryRouter initialEntries={[`/associations/x/subvention-demande/d?etape=${etape}`]}>
      <DossierWizard
        dossier={dossier}
        subvention={SUBVENTION}
        subventions={[SUBVENTION]}
        choices={{ etablissements: [], representants: [], ribs: [] }}
        associationDocuments={[]}
        questions={QUESTIONS}
        readOnly={false}
        canTransmit
        handlers={{ createDossier: vi.fn(), updateDossier: vi.fn(), uploadDocument: vi.fn(), saveProject: vi.fn(), deleteProject: vi.fn(), transmit: vi.fn() }}
      />
    </MemoryRouter>,
  );
}

const byId = (id: string) => {
  const element = document.getElementById(id);
  expect(element, `#${id}`).not.toBeNull();
  return element as HTMLInputElement | HTMLTextAreaElement;
};
/** Every field of the page where a member types words (not numbers, dates, files or choices). */
const textFields = () => [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('textarea, input:not([type]), input[type="text"], input[type="email"], input[type="url"], input[type="search"]')];

describe('length of what a member types', () => {
  it('in the project editor: each text at its contract bound, every line added included', async () => {
    renderWizard(makeDossier({ step: 3, statut: 'complet', pluriannuel: false, renouvellement: false, exercice_fin: 2026 }), 3);
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un projet' }));
    for (const name of ['Ajouter un indicateur', 'Ajouter un public', 'Ajouter un territoire', 'Ajouter un cofinanceur']) await userEvent.click(screen.getByRole('button', { name }));
    await waitFor(() => expect(document.getElementById('projet-nouveau-cofinancements-0-financeur')).not.toBeNull());
    const p = 'projet-nouveau';
    const expected: Record<string, number> = {
      [`${p}-intitule`]: DOSSIER_LIMITS.label,
      [`${p}-objectifs`]: DOSSIER_LIMITS.longText,
      [`${p}-description`]: DOSSIER_LIMITS.longText,
      [`${p}-evaluation-indicateurs-0-intitule`]: DOSSIER_LIMITS.label,
      [`${p}-evaluation`]: DOSSIER_LIMITS.comment,
      [`${p}-moyens-commentaire`]: DOSSIER_LIMITS.comment,
      [`${p}-beneficiaire-0-lib_statut`]: DOSSIER_LIMITS.label,
      [`${p}-beneficiaire-0-lib_tranche_age`]: DOSSIER_LIMITS.label,
      [`${p}-beneficiaire-0-lib_genre`]: DOSSIER_LIMITS.label,
      [`${p}-territoires-territoires-0-libelle`]: DOSSIER_LIMITS.label,
      [`${p}-territoires-commentaire`]: DOSSIER_LIMITS.comment,
      [`${p}-cofinancements-0-financeur`]: DOSSIER_LIMITS.label,
      [`${p}-custom-public_vise`]: DOSSIER_LIMITS.answer,
    };
    for (const [id, max] of Object.entries(expected)) expect(byId(id).maxLength, `#${id}`).toBe(max);
    // No text of the editor is left unbounded.
    const unbounded = textFields().filter((f) => f.maxLength < 0).map((f) => f.id);
    expect(unbounded).toEqual([]);
    // The browser keeps to it: what is typed past the bound is not taken.
    const intitule = byId(`${p}-intitule`);
    await userEvent.click(intitule);
    await userEvent.paste('x'.repeat(DOSSIER_LIMITS.label + 5));
    expect(intitule.value).toHaveLength(DOSSIER_LIMITS.label);
  }, 30_000);

  it('in the dossier’s answers: expected fields and questions at the contract’s bound for an answer', async () => {
    renderWizard(makeDossier({ step: 2, statut: 'incomplet' }), 2);
    await waitFor(() => expect(document.getElementById('question-financeurs')).not.toBeNull());
    expect(byId('question-financeurs').maxLength).toBe(DOSSIER_LIMITS.answer);
    expect(byId('custom-projet_club').maxLength).toBe(DOSSIER_LIMITS.answer);
    expect(byId('custom-contact').maxLength).toBe(DOSSIER_LIMITS.answer);
    // A number is bounded by its value, not its length.
    expect(byId('custom-licencies').getAttribute('maxlength')).toBeNull();
    expect(textFields().filter((f) => f.maxLength < 0).map((f) => f.id)).toEqual([]);
  });
});
