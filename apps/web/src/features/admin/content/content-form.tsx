// The frame of a content form: its heading, focused when the form opens (so a keyboard or screen
// reader user lands on it), the form-level error announced (or a `useSending` form's error summary),
// the submit button, disabled while the form is sent.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { useEffect, useId, useRef, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { focusElement } from '../../../lib/focus/focus.ts';
import { ErrorSummary } from '../../../lib/forms/error-summary.tsx';
import { FormError } from '../../../lib/forms/form-error.tsx';
import type { FieldErrors } from '../../../lib/forms/field-errors.ts';

interface ContentFormProps {
  title: string;
  /** A `useZodForm` form's error… */
  formError?: string | null;
  /** …or a `useSending` form's summary. */
  summary?: ComponentProps<typeof ErrorSummary>;
  submitLabel: string;
  /** Said by the button while the form is sent. */
  busyLabel?: string;
  submitting: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

export function ContentForm({ title, formError = null, summary, submitLabel, busyLabel, submitting, onSubmit, children }: ContentFormProps) {
  const headingId = `formulaire-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (heading.current) focusElement(heading.current);
  }, []);
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className={fr.cx('fr-mb-2w')}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className={fr.cx('fr-h5')}>
        {title}
      </h3>
      {summary ? <ErrorSummary {...summary} /> : <FormError message={formError} />}
      {children}
      <Button type="submit" disabled={submitting} className={fr.cx('fr-mt-2w')}>
        {submitting && busyLabel ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}

/** A list field's error: its own, or its first item's (`routes.0`). */
export const listError = (errors: FieldErrors, name: string): string | undefined =>
  errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];
