// The form's error summary (DSFR alert, RGAA 11.10): what went wrong, each field's problem as a
// link to that field, focused when the form is refused so that a keyboard or screen reader user
// lands on it. A refusal without field problems (the server's, in French) shows its message alone.
import { fr } from '@codegouvfr/react-dsfr';
import type { MouseEvent } from 'react';
import { focusElement } from '../focus/focus.ts';

export interface SummaryItem {
  /** The field's key in the form's errors. */
  key: string;
  message: string;
  /** The id of the element the link leads to (the field, or a group's first input); none: no link. */
  targetId: string | null;
}

interface ErrorSummaryProps {
  /** Its id, for the form to focus it. */
  id: string;
  /** The heading: « Veuillez vérifier… » for field problems, the server's message otherwise. */
  message: string | null;
  items: readonly SummaryItem[];
}

function goToField(event: MouseEvent<HTMLAnchorElement>, targetId: string) {
  const target = document.getElementById(targetId);
  if (!target) return;
  // The router would take the fragment for a page change; focus the field instead.
  event.preventDefault();
  focusElement(target);
}

export function ErrorSummary({ id, message, items }: ErrorSummaryProps) {
  if (!message && items.length === 0) return null;
  return (
    <div id={id} tabIndex={-1} role="alert" className={fr.cx('fr-alert', 'fr-alert--error', 'fr-mb-3w')} data-testid="error-summary">
      <h3 className={fr.cx('fr-alert__title')}>{message}</h3>
      {items.length > 0 && (
        <ul>
          {items.map((item) => (
            <li key={item.key}>
              {item.targetId ? (
                <a href={`#${item.targetId}`} onClick={(event) => goToField(event, item.targetId!)}>
                  {item.message}
                </a>
              ) : (
                item.message
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
