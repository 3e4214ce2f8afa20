// The dossier wizard's steps 0-4 (spec §4) and which ones the user may open: those already saved,
// the next one, and never step 3 or 4 before the dossier is complete (checkStep of the contract,
// the server's own rule). Pure.
import { checkStep, type Dossier, type Missing } from '@portail/contract';

export const WIZARD_STEPS = [
  { step: 0, title: 'Dispositif', hint: 'Subvention, sous-dispositif et exercice' },
  { step: 1, title: 'Demandeur', hint: 'Établissement, représentant légal, signataire, responsable et RIB' },
  { step: 2, title: 'Renouvellement et documents', hint: 'Renouvellement, pluriannualité et documents attendus' },
  { step: 3, title: 'Projets', hint: 'Les projets, leur budget et leur financement' },
  { step: 4, title: 'Attestation', hint: "Attestation sur l'honneur, puis transmission" },
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number]['step'];

/** The step where a missing item is filled in (transmission's summary says where to go). */
export const STEP_OF_MISSING: Record<Missing['kind'], WizardStep | null> = {
  etape: null,
  demandeur: 1,
  question: 2,
  champ: 2,
  reponse: 2,
  document: 2,
  projet: 3,
  attestation: 4,
};
export const LAST_STEP: WizardStep = 4;

type DossierForSteps = Pick<Dossier, 'identifiant' | 'description'>;

/** Why `step` cannot be opened now (null: it can). A new dossier (null) opens step 0 only. */
export function stepBlocker(dossier: DossierForSteps | null, step: number): string | null {
  if (step === 0) return null;
  if (!dossier) return 'Enregistrez d’abord le dispositif (étape 1).';
  if (step > Math.min(LAST_STEP, dossier.identifiant.step + 1)) return 'Enregistrez d’abord les étapes précédentes.';
  const check = checkStep(dossier, step);
  return check.ok ? null : check.message;
}

/** The steps the user may open, for the step menu. */
export function openSteps(dossier: DossierForSteps | null): WizardStep[] {
  return WIZARD_STEPS.map((s) => s.step).filter((step) => stepBlocker(dossier, step) === null);
}

/** What people read of a step: « Étape 2 sur 5 : Demandeur » (steps 0-4 of the spec are 1 to 5 on screen). */
export const stepName = (step: WizardStep): string => `Étape ${step + 1} sur ${WIZARD_STEPS.length} : ${WIZARD_STEPS[step].title}`;

/** The browser tab's title of a step of a subsidy request (the service's name follows). */
export const stepDocumentTitle = (step: WizardStep): string => `${stepName(step)} – Demande de subvention`;

/** The step to show from `?etape=` (falls back to the furthest open step). */
export function stepFromQuery(value: string | null, dossier: DossierForSteps | null): WizardStep {
  const open = openSteps(dossier);
  const asked = Number(value);
  if (value !== null && open.includes(asked as WizardStep)) return asked as WizardStep;
  return open[open.length - 1] ?? 0;
}
