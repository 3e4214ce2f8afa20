// "Confirm then act": a tertiary button that, once pressed, is replaced by a confirmation button
// and "Annuler" (with an optional question announced to screen readers). The action runs once;
// the buttons come back after it, whether it succeeded or not.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { useState, type ReactNode } from 'react';

interface ConfirmActionProps {
  /** Text of the first button, and its accessible name. */
  label: ReactNode;
  ariaLabel?: string;
  /** Text of the confirmation button, and its accessible name. */
  confirmLabel: ReactNode;
  confirmAriaLabel?: string;
  /** Shown while confirming (e.g. "Voulez-vous vraiment… ?"). */
  question?: ReactNode;
  onConfirm: () => Promise<void> | void;
}

export function ConfirmAction({
  label,
  ariaLabel,
  confirmLabel,
  confirmAriaLabel,
  question,
  onConfirm,
}: ConfirmActionProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  if (!confirming) {
    return (
      <Button
        size="small"
        priority="tertiary"
        onClick={() => setConfirming(true)}
        nativeButtonProps={ariaLabel ? { 'aria-label': ariaLabel } : {}}
      >
        {label}
      </Button>
    );
  }
  return (
    <>
      <Button
        size="small"
        disabled={busy}
        onClick={() => void confirm()}
        nativeButtonProps={confirmAriaLabel ? { 'aria-label': confirmAriaLabel } : {}}
      >
        {confirmLabel}
      </Button>
      <Button size="small" priority="tertiary" disabled={busy} onClick={() => setConfirming(false)}>
        Annuler
      </Button>
      {question && (
        <p role="alert" className={fr.cx('fr-text--sm', 'fr-mb-0')} style={{ flexBasis: '100%' }}>
          {question}
        </p>
      )}
    </>
  );
}
