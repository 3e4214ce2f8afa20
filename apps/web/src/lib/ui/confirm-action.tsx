// "Confirm then act": a tertiary button that opens the DSFR confirmation modal (confirm-dialog.tsx)
// with the question, the confirmation button and « Annuler ». The action runs once; the modal
// closes after it, whether it succeeded or not.
import { Button } from '@codegouvfr/react-dsfr/Button';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

interface ConfirmActionProps {
  /** Text of the first button, and its accessible name. */
  label: ReactNode;
  ariaLabel?: string;
  /** Text of the confirmation button, and its accessible name. */
  confirmLabel: ReactNode;
  confirmAriaLabel?: string;
  /** The modal's title (e.g. "Voulez-vous vraiment… ?"); « Confirmez-vous ? » unless said. */
  question?: ReactNode;
  onConfirm: () => Promise<void> | void;
}

export function ConfirmAction({ label, ariaLabel, confirmLabel, confirmAriaLabel, question, onConfirm }: ConfirmActionProps) {
  const [confirming, setConfirming] = useState(false);

  async function confirm() {
    try {
      await onConfirm();
    } finally {
      setConfirming(false);
    }
  }

  return (
    <>
      <Button size="small" priority="tertiary" onClick={() => setConfirming(true)} nativeButtonProps={ariaLabel ? { 'aria-label': ariaLabel } : {}}>
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={question ?? 'Confirmez-vous ?'}
        confirmLabel={confirmLabel}
        {...(confirmAriaLabel ? { confirmAriaLabel } : {})}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
