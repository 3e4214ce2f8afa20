// The frame of a part's add or edit form: its title (also the form's accessible name), the form
// and, for a form that can be closed, "Annuler".
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import type { FormEventHandler, ReactNode } from 'react';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';

interface PartFormShellProps {
  title: string;
  form: { formError: string | null; submitting: boolean };
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  onCancel?: () => void;
  /** Shown between the title and the form. */
  intro?: ReactNode;
  children: ReactNode;
}

export function PartFormShell({ title, form, onSubmit, submitLabel, onCancel, intro, children }: PartFormShellProps) {
  return (
    <div className={fr.cx('fr-mt-4w')}>
      <h3 className={fr.cx('fr-h5')}>{title}</h3>
      {intro}
      <SubmitForm form={form} onSubmit={onSubmit} label={title} submitLabel={submitLabel}>
        {children}
      </SubmitForm>
      {onCancel && (
        <Button priority="tertiary" size="small" onClick={onCancel} className={fr.cx('fr-mt-2w')}>
          Annuler
        </Button>
      )}
    </div>
  );
}
