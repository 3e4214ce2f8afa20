// A hand-made form's state (forms whose values are not a contract schema's strings, else
// use-zod-form.ts): its field errors, its form-level error and whether it is being sent.
// - `refuse(found)` shows the form's own checks: each field marked, the error summary listing them
//   (links to the fields) and focused; nothing refused: the summary goes.
// - `send(action)` runs the call, one at a time (a second one while the first is in flight is not
//   run: false); a refusal shows the server's French message and its field errors (mapped to the
//   form's keys by `fieldOfServerKey`) in the same summary, focused; what was typed stays.
// - `fix(key)` forgets a field's error as soon as it is changed; the summary forgets it too and goes
//   when no error is left.
import { MESSAGES } from '@portail/contract';
import { useCallback, useId, useRef, useState } from 'react';
import { isApiError } from '../api/api-error.ts';
import { useFocusAfterRender } from '../focus/focus.ts';
import { serverFieldErrors, type FieldErrors } from './field-errors.ts';
import type { SummaryItem } from './error-summary.tsx';

interface SendingOptions {
  /** The form key of a server field (`description.intitule` → `intitule`); null: not one of the form's fields. */
  fieldOfServerKey?: (key: string) => string | null;
  /** The id of the element a field's link leads to; default `field-<key>`. */
  targetOf?: (key: string) => string | null;
  /** The server fields a refusal names (default: its `fields`), e.g. a refused file under its field (`uploadFieldErrors`). */
  refusedFields?: (error: unknown) => FieldErrors;
}

const defaultTarget = (key: string) => `field-${key}`;

export function useSending(options: SendingOptions = {}) {
  const [formError, setFormErrorState] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  /** Set at once (the state only with the next render): a second submission in the same moment is not run. */
  const inFlight = useRef(false);
  /** The last refusal itself, for screens that act on its details (e.g. a link to the existing dossier). */
  const [refusal, setRefusal] = useState<unknown>(null);
  const summaryId = `resume-erreurs-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const moveFocus = useFocusAfterRender();
  const targetOf = options.targetOf ?? defaultTarget;
  const fieldOfServerKey = options.fieldOfServerKey;
  const refusedFields = options.refusedFields;

  /** A form-level message (a refusal the form computed itself), focused. */
  const setFormError = useCallback(
    (message: string | null) => {
      setFormErrorState(message);
      if (message) moveFocus(summaryId);
    },
    [moveFocus, summaryId],
  );

  /** The form's own checks: true when something is refused (the summary is then focused). */
  const refuse = useCallback(
    (found: FieldErrors): boolean => {
      setErrors(found);
      const refused = Object.keys(found).length > 0;
      setFormErrorState(refused ? MESSAGES.invalidForm : null);
      if (refused) moveFocus(summaryId);
      return refused;
    },
    [moveFocus, summaryId],
  );

  const fix = useCallback((...keys: string[]) => {
    setErrors((current) => {
      if (!keys.some((key) => key in current)) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
  }, []);

  /** A field's problem found outside a submission (a refused upload): marked and listed, not focused. */
  const setFieldError = useCallback((key: string, message: string) => setErrors((current) => ({ ...current, [key]: message })), []);

  async function send(action: () => Promise<void>): Promise<boolean> {
    if (inFlight.current) return false;
    inFlight.current = true;
    setFormErrorState(null);
    setErrors({});
    setRefusal(null);
    setSending(true);
    try {
      await action();
      return true;
    } catch (error) {
      setRefusal(error);
      const fields = refusedFields ? refusedFields(error) : isApiError(error) ? serverFieldErrors(error.fields) : {};
      const mapped: FieldErrors = {};
      for (const [key, message] of Object.entries(fields)) mapped[fieldOfServerKey ? (fieldOfServerKey(key) ?? `serveur:${key}`) : key] = message;
      setErrors(mapped);
      // Field problems come under the generic heading, each in the list; otherwise the message alone.
      setFormErrorState(Object.keys(mapped).length > 0 ? MESSAGES.invalidForm : isApiError(error) ? error.message : MESSAGES.httpEmpty);
      moveFocus(summaryId);
      return false;
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  const items: SummaryItem[] = Object.entries(errors).map(([key, message]) => ({ key, message, targetId: key.startsWith('serveur:') ? null : targetOf(key) }));
  // The generic heading goes with the last field problem fixed; a server message stays until the next try.
  const shownError = formError === MESSAGES.invalidForm && items.length === 0 ? null : formError;
  return {
    /** What the summary shows: give it to <ErrorSummary {...summary} />. */
    summary: { id: summaryId, message: shownError, items },
    formError: shownError,
    setFormError,
    errors,
    refuse,
    fix,
    setFieldError,
    refusal,
    sending,
    send,
    summaryId,
  };
}
