// The dossier wizard: stepper navigation (open steps, the step in the URL, focus on the step's
// heading), saving each step through its handler, step 3 refused until the dossier is complete,
// expected documents shown or hidden by their conditions with the red asterisk, live budget totals.
import { MESSAGES, SUBSIDY_MESSAGES, type AssociationDocument, type Dossier, type Etablissement, type Question, type Representant } from '@portail/contract';
import type { ApplicantChoices } from '../src/features/subsidies/wizard/types.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { DossierWizard, type WizardHandlers } from '../src/features/subsidies/wizard/dossier-wizard.tsx';
import { ApiError } from '../src/lib/api/api-error.ts';
import { makeDossier, makeSubvention, SERVICE_ID } from './support/subsidies.ts';

const SUBVENTION = makeSubvention({
  sous_dispositifs: [{ id: '77777777-7777-4777-8777-777777777777', label: 'Fonctionnement', date_debut: '2026-01-15', date_fin: '2026-04-30' }],
  instructeurs: [{ service: { id: SERVICE_ID, nom: 'SDJES de Paris', type: null }, isReferent: true }],
  documents_attendus: [
    { code: 'rib', label: 'Relevé d’identité bancaire', labelCode: null, nature: 'RIB', part: 'dossier', enabled: true, isDefault: false, obligatoire: true, meta: {}, asks: [] },
    { code: 'STC', label: 'Statuts', labelCode: null, nature: 'Demande', part: 'dossier', enabled: true, isDefault: false, obligatoire: true, meta: {}, asks: [] },
    {
      code: 'BPP',
      label: 'Budget pluriannuel',
      labelCode: null,
      nature: 'Demande',
      part: 'dossier',
      enabled: true,
      isDefault: false,
      obligatoire: true,
      meta: {},
      asks: [{ scope: 'description', key: 'pluriannuel', operator: '===', value: true }],
    },
  ],
});

const NO_CHOICES: ApplicantChoices = { etablissements: [], representants: [], ribs: [] };
const SIEGE = '12345678900011';
const CHOICES: ApplicantChoices = {
  etablissements: [{ siret: SIEGE, enseigne: 'Siège', actif: true, est_siege: true } as Etablissement],
  representants: [{ id: 'a0000000-0000-4000-8000-000000000001', civilite: 'Madame', prenom: 'Inès', nom: 'Garnier', fonction: 'Présidente', est_representant_legal: true, deleted: false } as Representant],
  ribs: [{ id: 'b0000000-0000-4000-8000-000000000001', id_siret: SIEGE, titulaire: 'Club', banque: null, domiciliation: null, iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' }],
};
const RIB_COPY = { uuid: 'c0000000-0000-4000-8000-000000000001', id_siret: SIEGE, type: 'RIB', nom: 'rib-siege.pdf', annee_validite: null } as AssociationDocument;

const QUESTIONS: Question[] = [
  { id: '0f000000-0000-4000-8000-000000000001', code: 'cer', label: 'L’association respecte-t-elle le contrat d’engagement républicain ?', type: 'booleen', obligatoire: true, enabled: true, rang: 1 },
  { id: '0f000000-0000-4000-8000-000000000002', code: 'financeurs', label: 'Autres financeurs publics ?', type: 'texte', obligatoire: false, enabled: true, rang: 2 },
];

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

interface HarnessExtra {
  choices?: ApplicantChoices;
  documents?: AssociationDocument[];
  /** Read mode, with the documents alone open or not (a dossier marked incomplete). */
  readOnly?: boolean;
  documentsOnly?: boolean;
}

function Harness({ initial, handlers, choices = NO_CHOICES, documents = [], readOnly = false, documentsOnly = false }: { initial: Dossier | null; handlers: Partial<WizardHandlers> } & HarnessExtra) {
  const [dossier, setDossier] = useState(initial);
  const all: WizardHandlers = {
    createDossier: async (choice) => {
      await handlers.createDossier?.(choice, SUBVENTION);
      setDossier(makeDossier({ code_subvention: choice.code_subvention, id_sous_type_dispositif: choice.id_sous_type_dispositif }));
    },
    updateDossier: async (changes, step) => {
      await handlers.updateDossier?.(changes, step);
      const next = { ...dossier!, identifiant: { ...dossier!.identifiant, step: Math.max(step, dossier!.identifiant.step) } };
      next.description = { ...next.description, ...changes.description };
      setDossier(next);
      return next;
    },
    uploadDocument: handlers.uploadDocument ?? vi.fn(),
    saveProject: vi.fn(),
    deleteProject: vi.fn(),
    transmit: vi.fn(),
    ...(handlers.attachDocuments ? { attachDocuments: handlers.attachDocuments } : {}),
  };
  return (
    <DossierWizard
      dossier={dossier}
      subvention={dossier ? SUBVENTION : null}
      subventions={[SUBVENTION]}
      choices={choices}
      associationDocuments={documents}
      questions={QUESTIONS}
      readOnly={readOnly}
      documentsOnly={documentsOnly}
      canTransmit
      handlers={all}
      draftKey="dossier:u1:d1"
    />
  );
}

function renderWizard(initial: Dossier | null, handlers: Partial<WizardHandlers> = {}, search = '', extra: HarnessExtra = {}) {
  return render(
    <MemoryRouter initialEntries={[`/associations/x/subvention-demande${search}`]}>
      <Harness initial={initial} handlers={handlers} {...extra} />
      <Location />
    </MemoryRouter>,
  );
}

const stepButton = (name: RegExp) => within(screen.getByRole('navigation', { name: 'Étapes du dossier' })).getByRole('button', { name });

describe('dossier wizard', () => {
  it('a new dossier starts at step 0; saving it creates the dossier and opens step 1 with its heading focused', async () => {
    const createDossier = vi.fn(async () => {});
    renderWizard(null, { createDossier });
    expect(screen.getByRole('heading', { name: 'Dispositif Étape 1 sur 5' })).toBeInTheDocument();
    expect(stepButton(/2\. Demandeur/)).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    expect(createDossier).not.toHaveBeenCalled();
    // The error summary takes the focus and links to the field, which says what is wrong (spec §5 wording).
    const summary = await screen.findByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent(MESSAGES.invalidForm);
    const link = within(summary).getByRole('link', { name: MESSAGES.pleaseFill('subvention') });
    const field = screen.getByLabelText('Subvention *');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(MESSAGES.pleaseFill('subvention'));
    await userEvent.click(link);
    expect(field).toHaveFocus();

    await userEvent.selectOptions(screen.getByLabelText('Subvention *'), SUBVENTION.code);
    // Fixed: the field's error and the summary go at once.
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByTestId('error-summary')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Sous-dispositif *'), 'Fonctionnement');
    expect(screen.getByText(/dépôt du 15\/01\/2026 au 30\/04\/2026/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    expect(createDossier).toHaveBeenCalledWith(
      { code_subvention: SUBVENTION.code, id_sous_type_dispositif: '77777777-7777-4777-8777-777777777777', exercice: 2026 },
      SUBVENTION,
    );
    // The new dossier (step 0 saved) opens step 1.
    await screen.findByRole('heading', { name: 'Demandeur Étape 2 sur 5' });
  });

  it('moves between open steps through the URL, focusing the step heading; step 3 stays closed while incomplete', async () => {
    renderWizard(makeDossier({ step: 2 }), {}, '?etape=1');
    expect(screen.getByRole('heading', { name: 'Demandeur Étape 2 sur 5' })).toBeInTheDocument();
    expect(stepButton(/4\. Projets/)).toBeDisabled();
    await userEvent.click(stepButton(/3\. Renouvellement/));
    const heading = screen.getByRole('heading', { name: 'Renouvellement et documents Étape 3 sur 5' });
    expect(heading).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('?etape=2');
    await userEvent.click(stepButton(/1\. Dispositif/));
    expect(screen.getByRole('heading', { name: 'Dispositif Étape 1 sur 5' })).toHaveFocus();
  });

  it('step 2 shows the expected documents by their conditions, required ones marked, and refuses to go on without them', async () => {
    const updateDossier = vi.fn(async () => makeDossier());
    renderWizard(makeDossier({ step: 2 }), { updateDossier }, '?etape=2');
    const statuts = screen.getByRole('group', { name: 'Statuts (obligatoire)' });
    // The red asterisk is seen, its meaning is read.
    expect(within(statuts).getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('group', { name: /Budget pluriannuel/ })).toBeNull();
    expect(screen.getByText('0 document(s) joint(s) sur 2')).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('group', { name: /Demande pluriannuelle/ })).getByLabelText('Oui'));
    expect(screen.getByRole('group', { name: /Budget pluriannuel/ })).toBeInTheDocument();
    expect(screen.getByText('0 document(s) joint(s) sur 3')).toBeInTheDocument();
    expect(screen.getByTestId('exercice-fin')).toHaveTextContent('2028');

    await userEvent.click(within(screen.getByRole('group', { name: /renouvellement/ })).getByLabelText('Non'));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    expect(updateDossier).not.toHaveBeenCalled();
    const summary = screen.getByTestId('error-summary');
    expect(within(summary).getByRole('link', { name: 'Le document « Statuts » est obligatoire.' })).toHaveAttribute('href', '#doc-STC-file');
    expect(within(summary).getByRole('link', { name: 'Le document « Budget pluriannuel » est obligatoire.' })).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('group', { name: /Demande pluriannuelle/ })).getByLabelText('Non'));
    expect(screen.queryByRole('group', { name: /Budget pluriannuel/ })).toBeNull();
  });

  it('a complete dossier opens step 3, whose project editor has one budget per year with live totals', async () => {
    const complete = makeDossier({ step: 2, statut: 'complet', pluriannuel: true, renouvellement: false, exercice_fin: 2027 });
    renderWizard(complete, {}, '?etape=3');
    expect(screen.getByRole('heading', { name: 'Projets Étape 4 sur 5' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un projet' }));
    expect(screen.getByText(/Période :/)).toHaveTextContent('Période : Pluriannuel, exercices 2026 à 2027');
    expect(screen.getByText('Budget prévisionnel du projet – 2026')).toBeInTheDocument();
    expect(screen.getByText('Budget prévisionnel du projet – 2027')).toBeInTheDocument();
    expect(screen.getByLabelText('2026 – SDJES de Paris (€)')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('2026 – SDJES de Paris (€)'), '1500');
    await userEvent.type(screen.getByLabelText('2027 – SDJES de Paris (€)'), '2000');
    expect(screen.getByTestId('projet-nouveau-total-demande')).toHaveTextContent(/3\s500\s€/);
    await userEvent.type(screen.getByLabelText(/^64 – /, { selector: '#projet-nouveau-budget-2027-charges-comptes-64' }), '4000');
    expect(screen.getByTestId('projet-nouveau-budget-2027-insuffisance')).toHaveTextContent(/4\s000\s€/);
    expect(screen.getByTestId('projet-nouveau-budget-2026-insuffisance')).toHaveTextContent(/^0\s€$/);
    // The evaluation comment is required without indicators (checkProject).
    await userEvent.type(screen.getByLabelText(/Intitulé/), 'École de vélo');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le projet' }));
    await waitFor(() => expect(screen.getByLabelText(/Modalités d’évaluation/)).toHaveAccessibleDescription(/Le commentaire de l'évaluation est obligatoire quand aucun indicateur n'est renseigné\./));
  });

  it('keeps the unsaved input of a new project across a reload; cancelling gives it up', async () => {
    const complete = makeDossier({ step: 2, statut: 'complet', pluriannuel: true, renouvellement: false, exercice_fin: 2027 });
    const first = renderWizard(complete, {}, '?etape=3');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un projet' }));
    await userEvent.type(screen.getByLabelText(/Intitulé/), 'Stage d’été');
    first.unmount();

    // The page is loaded again: the step offers the unsaved project back, with what was typed.
    renderWizard(complete, {}, '?etape=3');
    expect(screen.queryByLabelText(/Intitulé/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reprendre la saisie' }));
    expect(screen.getByLabelText(/Intitulé/)).toHaveValue('Stage d’été');
    expect(screen.getByText(/Votre saisie non enregistrée a été restaurée/)).toBeInTheDocument();
    // Cancelling asks first (the DSFR modal), then gives it up for good.
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.getByRole('dialog', { name: 'Abandonner la saisie du projet ?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abandonner la saisie' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reprendre la saisie' })).toBeNull();
  });

  it('« Annuler » in the project editor closes at once when nothing was typed, and asks before losing typed input', async () => {
    const complete = makeDossier({ step: 2, statut: 'complet', pluriannuel: false, renouvellement: false, exercice_fin: 2026 });
    renderWizard(complete, {}, '?etape=3');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un projet' }));
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByLabelText(/Intitulé/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un projet' }));
    await userEvent.type(screen.getByLabelText(/Intitulé/), 'Stage d’été');
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    const dialog = screen.getByRole('dialog', { name: 'Abandonner la saisie du projet ?' });
    expect(dialog).toHaveTextContent('Les modifications non enregistrées de ce projet seront perdues.');
    // « Continuer la saisie » keeps what was typed.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuer la saisie' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText(/Intitulé/)).toHaveValue('Stage d’été');
  });

  it('checks a file’s size and type before sending it: over 15 MB or a forbidden extension is refused with the spec’s message', async () => {
    const uploadDocument = vi.fn(async () => RIB_COPY);
    renderWizard(makeDossier({ step: 1 }), { uploadDocument }, '?etape=1', { choices: CHOICES, documents: [RIB_COPY] });
    await userEvent.selectOptions(screen.getByLabelText(/Établissement demandeur/), SIEGE);
    await userEvent.selectOptions(screen.getByLabelText(/^RIB/), CHOICES.ribs[0]!.id);
    const input = document.querySelector<HTMLInputElement>('#doc-rib-file')!;
    const big = new File(['%PDF-1.4'], 'releve.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 16 * 1024 * 1024 });
    await userEvent.upload(input, big);
    expect(await screen.findByText('La taille du fichier ne doit excéder 15MO.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const script = new File(['echo'], 'releve.exe', { type: 'application/octet-stream' });
    await userEvent.setup({ applyAccept: false }).upload(input, script);
    expect(await screen.findByText("L'extension du fichier (exe) n'est pas autorisée.")).toBeInTheDocument();
    expect(uploadDocument).not.toHaveBeenCalled();
    // A right file goes, and the message goes away.
    await userEvent.upload(input, new File(['%PDF-1.4'], 'releve.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(uploadDocument).toHaveBeenCalledTimes(1));
    expect(screen.queryByText("L'extension du fichier (exe) n'est pas autorisée.")).toBeNull();
  });

  it('a creation refused because the dossier exists links to the existing dossier', async () => {
    const createDossier = vi.fn(async () => {
      throw new ApiError('Un dossier existe déjà pour cette subvention, ce sous-dispositif et cet exercice.', 409, {
        code: 'DOSSIER_EXISTS',
        details: { id_dossier: '99999999-9999-4999-8999-999999999999', id_fo: '2026-000007' },
      });
    });
    renderWizard(null, { createDossier });
    await userEvent.selectOptions(screen.getByLabelText('Subvention *'), SUBVENTION.code);
    await userEvent.selectOptions(screen.getByLabelText('Sous-dispositif *'), 'Fonctionnement');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    expect(await screen.findByText(/Un dossier existe déjà/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ouvrir le dossier existant n° 2026-000007' })).toHaveAttribute(
      'href',
      '/associations/subvention-demande/99999999-9999-4999-8999-999999999999',
    );
  });

  it('the documents step restores its answers after a reload and forgets them once saved', async () => {
    const updateDossier = vi.fn(async () => makeDossier());
    const first = renderWizard(makeDossier({ step: 2 }), { updateDossier }, '?etape=2');
    await userEvent.click(within(screen.getByRole('group', { name: /renouvellement/ })).getByLabelText('Oui'));
    first.unmount();

    renderWizard(makeDossier({ step: 2 }), { updateDossier }, '?etape=2');
    expect(within(screen.getByRole('group', { name: /renouvellement/ })).getByLabelText('Oui')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Revenir à la version enregistrée' }));
    expect(within(screen.getByRole('group', { name: /renouvellement/ })).getByLabelText('Oui')).not.toBeChecked();
    expect(sessionStorage.length).toBe(0);
  });

  it('asks the questions in step 2, the required one marked, answers kept in the step', async () => {
    const updateDossier = vi.fn(async () => makeDossier());
    renderWizard(makeDossier({ step: 2 }), { updateDossier }, '?etape=2');
    const cer = screen.getByRole('group', { name: /contrat d’engagement républicain \? \(obligatoire\)$/ });
    expect(within(cer).getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByLabelText('Autres financeurs publics ?')).toBeInTheDocument();
    await userEvent.click(within(cer).getByLabelText('Non'));
    expect(within(cer).getByLabelText('Non')).toBeChecked();
  });

  it('step 4 names what is missing, the unanswered required question among it, and keeps transmission closed', async () => {
    const complete = makeDossier({ step: 4, statut: 'complet', pluriannuel: false, renouvellement: false, exercice_fin: 2026 });
    renderWizard({ ...complete, attestation: { certifie: true, date: '2026-11-20T10:00:00.000Z' } }, {}, '?etape=4');
    const missing = await screen.findByTestId('missing-list');
    expect(within(missing).getByText(/contrat d’engagement républicain/)).toHaveTextContent('(étape 3 : Renouvellement et documents)');
    expect(within(missing).queryByText(/Autres financeurs/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Transmettre le dossier' })).toBeDisabled();
  });

  it('step 1 asks for the RIB’s copy the scheme expects, offers the establishment’s ones or an upload, and sends it with the step', async () => {
    const updateDossier = vi.fn(async () => makeDossier());
    let finish = () => {};
    const uploadDocument = vi.fn(async (_type: string, _file: File, options?: { onProgress?: (fraction: number) => void }) => {
      options?.onProgress?.(0.4);
      await new Promise<void>((resolve) => (finish = resolve));
      return { ...RIB_COPY, uuid: 'c0000000-0000-4000-8000-000000000002', nom: 'nouveau-rib.pdf' };
    });
    renderWizard(makeDossier({ step: 1 }), { updateDossier, uploadDocument }, '?etape=1', { choices: CHOICES, documents: [RIB_COPY] });
    await userEvent.selectOptions(screen.getByLabelText(/Établissement demandeur/), SIEGE);
    await userEvent.selectOptions(screen.getByLabelText(/^RIB/), CHOICES.ribs[0]!.id);
    for (const label of [/Représentant légal/, /Signataire/, /Responsable du dossier/]) await userEvent.selectOptions(screen.getByLabelText(label), CHOICES.representants[0]!.id);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    expect(updateDossier).not.toHaveBeenCalled();
    expect(within(screen.getByTestId('error-summary')).getByRole('link', { name: SUBSIDY_MESSAGES.ribScanRequired })).toHaveAttribute('href', '#doc-rib-file');

    // A new copy uploaded for the chosen establishment, then sent with the step.
    await userEvent.upload(document.querySelector<HTMLInputElement>('#doc-rib-file')!, new File(['%PDF-1.4'], 'nouveau-rib.pdf', { type: 'application/pdf' }));
    expect(uploadDocument).toHaveBeenCalledWith('RIB', expect.any(File), { idSiret: SIEGE, onProgress: expect.any(Function) });
    // The upload's progress, until the server answers.
    expect(await screen.findByText('Dépôt en cours : 40 %')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '40');
    finish();
    expect(await screen.findByText('Joint : nouveau-rib.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    await waitFor(() => expect(updateDossier).toHaveBeenCalled());
    const [changes, step] = updateDossier.mock.calls[0] as unknown as [{ documents: { code: string; uuid: string }[]; demandeur: { id_rib: string } }, number];
    expect(step).toBe(1);
    expect(changes.demandeur.id_rib).toBe(CHOICES.ribs[0]!.id);
    expect(changes.documents).toEqual([expect.objectContaining({ code: 'rib', uuid: 'c0000000-0000-4000-8000-000000000002' })]);
  });

  it('a dossier marked incomplete is read only but its documents: one is attached and the documents alone are saved', async () => {
    const updateDossier = vi.fn(async () => makeDossier());
    const attachDocuments = vi.fn(async () => {});
    const uploadDocument = vi.fn(async () => ({ uuid: 'c0000000-0000-4000-8000-000000000003', id_siret: null, type: 'Demande', nom: 'statuts-2026.pdf', annee_validite: null }) as AssociationDocument);
    const marked = makeDossier({ step: 4 });
    marked.documents = [{ uuid: RIB_COPY.uuid, code: 'rib', nom: RIB_COPY.nom, id_type: 'RIB' }];
    renderWizard(marked, { updateDossier, uploadDocument, attachDocuments }, '?etape=2', { readOnly: true, documentsOnly: true });
    expect(screen.getByText(/Ce dossier est en lecture seule, sauf ses documents/)).toBeInTheDocument();
    // The answers stay as saved.
    for (const radio of within(screen.getByRole('group', { name: /renouvellement/ })).getAllByRole('radio')) expect(radio).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les documents' }));
    expect(attachDocuments).not.toHaveBeenCalled();
    expect(within(screen.getByTestId('error-summary')).getByRole('link', { name: 'Le document « Statuts » est obligatoire.' })).toBeInTheDocument();

    await userEvent.upload(document.querySelector<HTMLInputElement>('#doc-STC-file')!, new File(['%PDF-1.4'], 'statuts-2026.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Joint : statuts-2026.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les documents' }));
    await waitFor(() => expect(attachDocuments).toHaveBeenCalledTimes(1));
    expect(attachDocuments).toHaveBeenCalledWith([
      expect.objectContaining({ code: 'rib', uuid: RIB_COPY.uuid }),
      expect.objectContaining({ code: 'STC', uuid: 'c0000000-0000-4000-8000-000000000003' }),
    ]);
    expect(updateDossier).not.toHaveBeenCalled();
  });

  it('a dossier in read mode without the completion offers no document to attach and nothing to save', () => {
    renderWizard(makeDossier({ step: 4 }), { attachDocuments: vi.fn() }, '?etape=2', { readOnly: true });
    expect(screen.getByText('Ce dossier est en lecture seule : il n’est pas modifiable dans son état actuel.')).toBeInTheDocument();
    expect(document.querySelector('#doc-STC-file')).toBeNull();
    expect(screen.queryByRole('button', { name: /Enregistrer/ })).toBeNull();
  });
});
