// A dossier wizard's head (a subsidy's or an approval's): the DSFR stepper over steps 0-4 (shown as
// 1 to 5) and the buttons that open the steps the user may reach. Focus goes to the stepper's
// heading on each step change, not on the page's first display, where the page title leads.
import { fr } from '@codegouvfr/react-dsfr';
import { Stepper } from '@codegouvfr/react-dsfr/Stepper';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The page's ?etape= (the spec's 0-4), and the move to another step: a history entry each, so Back returns. */
export function useStepParam(): [string | null, (step: number) => void] {
  const [params, setParams] = useSearchParams();
  const goTo = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('etape', String(next));
        return copy;
      },
      { replace: false },
    );
  return [params.get('etape'), goTo];
}

interface WizardStepsNavProps {
  steps: readonly { step: number; title: string }[];
  step: number;
  /** The steps that may be opened. */
  open: readonly number[];
  goTo: (step: number) => void;
}

export function WizardStepsNav({ steps, step, open, goTo }: WizardStepsNavProps) {
  const stepper = useRef<HTMLDivElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = stepper.current?.querySelector('h2');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }, [step]);

  const current = steps.find((s) => s.step === step);
  return (
    <>
      {/* The space keeps the title and « Étape n sur 5 » apart in the heading's spoken name. */}
      <Stepper ref={stepper} currentStep={step + 1} stepCount={steps.length} title={`${current?.title ?? ''} `} nextTitle={steps[step + 1]?.title} />
      <nav aria-label="Étapes du dossier" className={fr.cx('fr-mb-3w')}>
        <ol className={fr.cx('fr-btns-group', 'fr-btns-group--inline-sm', 'fr-btns-group--sm')}>
          {steps.map((s) => (
            <li key={s.step}>
              <button
                type="button"
                className={fr.cx('fr-btn', 'fr-btn--sm', s.step === step ? undefined : 'fr-btn--tertiary')}
                aria-current={s.step === step ? 'step' : undefined}
                disabled={!open.includes(s.step)}
                onClick={() => goTo(s.step)}
              >
                {s.step + 1}. {s.title}
              </button>
            </li>
          ))}
        </ol>
      </nav>
    </>
  );
}
