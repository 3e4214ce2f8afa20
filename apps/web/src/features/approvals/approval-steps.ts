// The approval dossier wizard's steps 0-4 (spec §4) and which ones may be opened: those already
// saved and the next one; every step in read mode (nothing is saved there). Pure.
export const APPROVAL_STEPS = [
  { step: 0, title: 'Agrément', hint: 'L’agrément demandé, son service instructeur et sa campagne' },
  { step: 1, title: 'Demandeur', hint: 'Le siège de l’association, son représentant légal, le signataire et le responsable du dossier' },
  { step: 2, title: 'Documents', hint: 'Les documents attendus par l’agrément, choisis parmi ceux de l’association ou déposés' },
  { step: 3, title: 'Critères d’agrément', hint: 'Le tronc commun d’agrément, l’aide alimentaire pour une habilitation HAA, les informations demandées' },
  { step: 4, title: 'Transmission', hint: 'L’attestation du cerfa, puis la transmission au service instructeur' },
] as const;
export type ApprovalStepNumber = (typeof APPROVAL_STEPS)[number]['step'];
export const LAST_APPROVAL_STEP: ApprovalStepNumber = 4;

export function openApprovalSteps(saved: number, readOnly: boolean): ApprovalStepNumber[] {
  return APPROVAL_STEPS.map((s) => s.step).filter((step) => readOnly || step <= Math.min(LAST_APPROVAL_STEP, saved + 1));
}

/** The step to show from `?etape=` (else the furthest open one). */
export function approvalStepFromQuery(value: string | null, saved: number, readOnly: boolean): ApprovalStepNumber {
  const open = openApprovalSteps(saved, readOnly);
  const asked = Number(value);
  if (value !== null && open.includes(asked as ApprovalStepNumber)) return asked as ApprovalStepNumber;
  return readOnly ? 0 : (open[open.length - 1] ?? 0);
}

/** « Étape 2 sur 5 : Demandeur – Demande d'agrément », the browser tab's title of a step. */
export const approvalStepTitle = (step: ApprovalStepNumber): string => `Étape ${step + 1} sur ${APPROVAL_STEPS.length} : ${APPROVAL_STEPS[step].title} – Demande d’agrément`;
