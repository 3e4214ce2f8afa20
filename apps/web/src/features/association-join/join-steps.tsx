// The three steps of "ajout association" (docs/domain.md « Parcours »): choose the association, its establishment,
// then certify on one's honour and join.
import { Stepper } from '@codegouvfr/react-dsfr/Stepper';

export const JOIN_PATHS = {
  association: '/ajout-association/choix-association',
  establishment: '/ajout-association/choix-etablissement',
  certificate: '/ajout-association/certificat-honneur',
} as const;

const STEPS = ['Choix de l’association', 'Choix de l’établissement', 'Attestation sur l’honneur'];

export function JoinSteps({ current }: { current: 1 | 2 | 3 }) {
  return <Stepper currentStep={current} stepCount={STEPS.length} title={STEPS[current - 1]!} nextTitle={STEPS[current]} />;
}
