// The DSFR modal of a confirmation (« Voulez-vous vraiment… ? »), as a native modal <dialog>: the
// page behind is inert, focus stays inside, Échap or « Fermer » or « Annuler » close it, and focus
// goes back to the button that opened it. Its markup and look are the DSFR modal's; it is driven by
// React (not the DSFR script, which would open and close it behind React's back).
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  /** Shown while true. */
  open: boolean;
  /** The question, the modal's title. */
  title: ReactNode;
  /** What follows the question (what will happen, what is lost). */
  children?: ReactNode;
  /** Text of the confirmation button, and its accessible name unless `confirmAriaLabel`. */
  confirmLabel: ReactNode;
  confirmAriaLabel?: string;
  /** Text of the button that closes without acting. */
  cancelLabel?: string;
  /** The action: the modal stays open (buttons disabled) until it settles, then closes. */
  onConfirm: () => Promise<void> | void;
  /** Closed without acting (Annuler, Fermer, Échap). */
  onClose: () => void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, confirmAriaLabel, cancelLabel = 'Annuler', onConfirm, onClose }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const node = dialog.current;
    if (!open || !node) return;
    opener.current = document.activeElement;
    // A browser without modal dialogs (the test DOM) shows it in place.
    if (typeof node.showModal === 'function') node.showModal();
    else node.setAttribute('open', '');
    return () => {
      if (typeof node.close === 'function' && node.open) node.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    };
  }, [open]);

  if (!open) return null;

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="lca-modal"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <div className={fr.cx('fr-container', 'fr-container--fluid', 'fr-container-md')}>
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--center')}>
          <div className={fr.cx('fr-col-12', 'fr-col-md-8', 'fr-col-lg-6')}>
            <div className={fr.cx('fr-modal__body')}>
              <div className={fr.cx('fr-modal__header')}>
                <button type="button" className={fr.cx('fr-btn--close', 'fr-btn')} title="Fermer" disabled={busy} onClick={onClose}>
                  Fermer
                </button>
              </div>
              <div className={fr.cx('fr-modal__content')}>
                <h1 id={titleId} className={fr.cx('fr-modal__title')}>
                  {title}
                </h1>
                {children}
              </div>
              <div className="fr-modal__footer">
                <ul className={fr.cx('fr-btns-group', 'fr-btns-group--right', 'fr-btns-group--inline-reverse', 'fr-btns-group--inline-lg')}>
                  <li>
                    <Button type="button" disabled={busy} onClick={() => void confirm()} nativeButtonProps={confirmAriaLabel ? { 'aria-label': confirmAriaLabel } : {}}>
                      {confirmLabel}
                    </Button>
                  </li>
                  <li>
                    <Button type="button" priority="secondary" disabled={busy} onClick={onClose}>
                      {cancelLabel}
                    </Button>
                  </li>
                </ul>
              </div>
            </div>
          </div>
        </div>
      </div>
    </dialog>
  );
}
