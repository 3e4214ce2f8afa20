// A form of the client: its form-level error above it, its fields, then a submit button that is
// disabled while the form is being sent. Validation is the contract schema's, not the browser's.
import { Button } from '@codegouvfr/react-dsfr/Button';
import type { FormEventHandler, ReactNode } from 'react';
import { FormError } from './form-error.tsx';

interface SubmitFormProps {
  /** The state of `useZodForm` that the form shows: its error and whether it is being sent. */
  form: { formError: string | null; submitting: boolean };
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Accessible name of the form. */
  label: string;
  submitLabel: string;
  children: ReactNode;
}

export function SubmitForm({ form, onSubmit, label, submitLabel, children }: SubmitFormProps) {
  return (
    <>
      <FormError message={form.formError} />
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        {children}
        <Button type="submit" disabled={form.submitting}>
          {submitLabel}
        </Button>
      </form>
    </>
  );
}
