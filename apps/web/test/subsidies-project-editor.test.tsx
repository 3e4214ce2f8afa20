// The project editor of step 4 (« Projets ») and what a keyboard or screen reader user meets in the
// wizard: the editor's heading focused when it opens, headings in order, a project's recurrence from
// the dossier's renewal answer, evaluation indicators (ranked from 1, minimum and maximum), publics,
// territories and co-funders sent as the API stores them, the error summary focused with a link to
// each field, errors gone as soon as the field is fixed, the server's field errors on the same
// fields, and the saved project's notice focused.
import { MESSAGES, RECURRENCE_RENOUVELLEMENT, SUBSIDY_MESSAGES, type Dossier } from '@portail/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api/api-error.ts';
import type { ProjectDraft } from '../src/features/subsidies/wizard/project/project-draft.ts';
import { DossierWizard, type WizardHandlers } from '../src/features/subsidies/wizard/dossier-wizard.tsx';
import { makeDossier, makeSubvention, SERVICE_ID } from './support/subsidies.ts';

const SUBVENTION = makeSubvention({ instructeurs: [{ service: { id: SERVICE_ID, nom: 'SDJES de Paris', type: null }, isReferent: true }] });
const COMPLETE = makeDossier({ step: 3, statut: 'complet', pluriannuel: false, renouvellement: true, exercice_fin: 2026 });

function Wizard({ initial, saveProject, updateDossier }: { initial: Dossier; saveProject: WizardHandlers['saveProject']; updateDossier?: WizardHandlers['updateDossier'] }) {
  const [dossier] = useState(initial);
  const handlers: WizardHandlers = {
    createDossier: vi.fn(),
    updateDossier: updateDossier ?? (async () => dossier),
    uploadDocument: vi.fn(),
    saveProject,
    deleteProject: vi.fn(),
    transmit: vi.fn(),
  };
  return (
    <DossierWizard
      dossier={dossier}
      subvention={SUBVENTION}
      subventions={[SUBVENTION]}
      choices={{ etablissements: [], representants: [], ribs: [] }}
      associationDocuments={[]}
      questions={[]}
      readOnly={false}
      canTransmit
      handlers={handlers}
    />
  );
}

function renderWizard(initial: Dossier, saveProject: WizardHandlers['saveProject'], etape = 3, updateDossier?: WizardHandlers['updateDossier']) {
  return render(
    <MemoryRouter initialEntries={[`/associations/x/subvention-demande/d?etape=${etape}`]}>
      <Wizard initial={initial} saveProject={saveProject} updateDossier={updateDossier} />
    </MemoryRouter>,
  );
}

const headingLevels = () => screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));

describe('project editor', () => {
  it('opens with its heading focused, headings in order, the dossier’s renewal answer as the project’s', async () => {
    renderWizard(COMPLETE, vi.fn());
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un projet' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Nouveau projet' })).toHaveFocus());
    // h2 (the step), h3 (the project), h4 (its budget): no level skipped.
    const levels = headingLevels();
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 1)).toBeLessThanOrEqual(1));
    const recurrence = screen.getByRole('group', { name: /Nouveau projet ou renouvellement/ });
    expect(within(recurrence).getByLabelText('Renouvellement')).toBeChecked();
  });

  it('lists every problem in the focused summary with a link to its field, clears each once fixed, then sends indicators, publics, territories and co-funders', async () => {
    const saveProject = vi.fn(async (_projet: ProjectDraft) => {});
    renderWizard(COMPLETE, saveProject);
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un projet' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un indicateur' }));
    // Adding a line focuses its first field.
    const indicator = screen.getByLabelText(/Intitulé de l’indicateur/);
    await waitFor(() => expect(indicator).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un public' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le projet' }));
    expect(saveProject).not.toHaveBeenCalled();

    const summary = screen.getByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary).getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual([MESSAGES.pleaseFill('intitulé'), SUBSIDY_MESSAGES.indicateurIntitule(1), SUBSIDY_MESSAGES.indicateurBounds(1), MESSAGES.pleaseFill('public bénéficiaire 1')]);
    await userEvent.click(within(summary).getByRole('link', { name: SUBSIDY_MESSAGES.indicateurBounds(1) }));
    const min = screen.getByLabelText(/Minimum prévu/);
    expect(min).toHaveFocus();
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveAccessibleDescription(SUBSIDY_MESSAGES.indicateurBounds(1));

    await userEvent.type(min, '10');
    await userEvent.type(screen.getByLabelText(/Maximum prévu/), '20');
    expect(min).not.toHaveAttribute('aria-invalid');
    expect(within(summary).queryByRole('link', { name: SUBSIDY_MESSAGES.indicateurBounds(1) })).toBeNull();
    await userEvent.type(indicator, 'Enfants sachant nager');
    await userEvent.type(screen.getByLabelText(/^Intitulé/, { selector: '#projet-nouveau-intitule' }), 'École de natation');
    await userEvent.type(screen.getByLabelText(/^Public/), 'Enfants du quartier');
    // Every problem fixed: the summary is gone.
    expect(screen.queryByTestId('error-summary')).toBeNull();
    await userEvent.type(screen.getByLabelText('Tranche d’âge'), '6-12 ans');
    await userEvent.type(screen.getByLabelText('Nombre de personnes'), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un territoire' }));
    await userEvent.type(screen.getByLabelText(/^Territoire/), 'Paris 19e');
    await userEvent.type(screen.getByLabelText(/^Précisions sur les territoires/), 'Quartier prioritaire de la politique de la ville.');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un cofinanceur' }));
    await userEvent.type(screen.getByLabelText(/^Financeur/), 'Ville de Paris');
    await userEvent.type(screen.getByLabelText('Montant sollicité (€)'), '1500');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le projet' }));

    await waitFor(() => expect(saveProject).toHaveBeenCalledTimes(1));
    const sent = saveProject.mock.calls[0]![0];
    expect(sent.description).toMatchObject({ intitule: 'École de natation', recurrence: RECURRENCE_RENOUVELLEMENT });
    expect(sent.evaluation.indicateurs).toEqual([{ rang: 1, intitule: 'Enfants sachant nager', prevu_min: 10, prevu_max: 20 }]);
    expect(sent.beneficiaire).toEqual([expect.objectContaining({ lib_statut: 'Enfants du quartier', lib_tranche_age: '6-12 ans', nombre: 200 })]);
    expect(sent.territoires).toEqual({ commentaire: 'Quartier prioritaire de la politique de la ville.', territoires: [{ libelle: 'Paris 19e' }] });
    expect(sent.cofinancements).toEqual([{ financeur: 'Ville de Paris', montant: 1500 }]);
    // Back to the list: the notice of the saved project takes the focus.
    await waitFor(() => expect(screen.getByText('Le projet « École de natation » a été enregistré.').closest('[id="projets-notice"]')).toHaveFocus());
  }, 60_000);

  it('puts the server’s field errors on the same fields, in the focused summary', async () => {
    const refusal = new ApiError(MESSAGES.invalidForm, 400, { code: 'VALIDATION_ERROR', fields: { 'body.description.intitule': MESSAGES.maxLength('intitulé', 250) } });
    const saveProject = vi.fn(async () => {
      throw refusal;
    });
    renderWizard(COMPLETE, saveProject);
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un projet' }));
    await userEvent.type(screen.getByLabelText(/^Intitulé/, { selector: '#projet-nouveau-intitule' }), 'Stage');
    await userEvent.type(screen.getByLabelText(/Modalités d’évaluation/), 'Bilan en fin de saison.');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le projet' }));
    const summary = await screen.findByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: MESSAGES.maxLength('intitulé', 250) })).toHaveAttribute('href', '#projet-nouveau-intitule');
    expect(screen.getByLabelText(/^Intitulé/, { selector: '#projet-nouveau-intitule' })).toHaveAccessibleDescription(MESSAGES.maxLength('intitulé', 250));
  });
});

describe('step forms', () => {
  it('a radio group’s error goes as soon as it is answered, and the summary with it', async () => {
    renderWizard(makeDossier({ step: 2 }), vi.fn(), 2);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    const summary = screen.getByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    const link = within(summary).getByRole('link', { name: MESSAGES.pleaseFill('renouvellement') });
    await userEvent.click(link);
    const group = screen.getByRole('group', { name: /renouvellement/ });
    expect(within(group).getByLabelText('Oui')).toHaveFocus();
    expect(group).toHaveTextContent(MESSAGES.pleaseFill('renouvellement'));
    await userEvent.click(within(group).getByLabelText('Non'));
    expect(group).not.toHaveTextContent(MESSAGES.pleaseFill('renouvellement'));
    await userEvent.click(within(screen.getByRole('group', { name: /Demande pluriannuelle/ })).getByLabelText('Non'));
    expect(screen.queryByTestId('error-summary')).toBeNull();
  });

  it('the attestation: refused unchecked (summary focused, the box marked), saved with its notice focused', async () => {
    const updateDossier = vi.fn(async () => COMPLETE);
    renderWizard(makeDossier({ step: 4, statut: 'complet', pluriannuel: false, renouvellement: false, exercice_fin: 2026 }), vi.fn(), 4, updateDossier);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer l’attestation' }));
    await waitFor(() => expect(screen.getByTestId('error-summary')).toHaveFocus());
    const box = screen.getByLabelText(/Je certifie exactes/);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(MESSAGES.requiredCheckbox);
    await userEvent.click(box);
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByTestId('error-summary')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer l’attestation' }));
    await waitFor(() => expect(document.getElementById('attestation-enregistree')).toHaveFocus());
    expect(updateDossier).toHaveBeenCalledWith({ attestation: { certifie: true, date: expect.any(String) } }, 4);
  });

  it('a server message outside the catalogue is never shown: the French text of its status is', async () => {
    const { toApiError } = await import('../src/lib/api/error-mapping.ts');
    const updateDossier = vi.fn(async () => {
      throw toApiError(500, { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
    });
    renderWizard(makeDossier({ step: 4, statut: 'complet', pluriannuel: false, renouvellement: false, exercice_fin: 2026 }), vi.fn(), 4, updateDossier);
    await userEvent.click(screen.getByLabelText(/Je certifie exactes/));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer l’attestation' }));
    const summary = await screen.findByTestId('error-summary');
    expect(summary).toHaveTextContent(MESSAGES.serverError);
    expect(summary).not.toHaveTextContent('Internal Server Error');
    await waitFor(() => expect(summary).toHaveFocus());
  });
});
