// One input of the project editor (DSFR Input): its label with the red asterisk when required, its
// error under it (state error, aria-invalid, described by the message), and what every part of
// the editor receives.
import { Input } from '@codegouvfr/react-dsfr/Input';
import type { ReactNode } from 'react';
import { RequiredMark } from '../required-mark.tsx';
import type { ProjectDraft } from './project-draft.ts';

/** What each part of the editor receives. */
export interface ProjectPartProps {
  projet: ProjectDraft;
  /** Changes the project; `key` names the field changed, whose error then goes. */
  update: (key: string, change: (projet: ProjectDraft) => ProjectDraft) => void;
  errors: Readonly<Record<string, string>>;
  readOnly: boolean;
  /** The id of a field key's input (project-draft.ts projectFieldId). */
  idOf: (key: string) => string;
}

interface CommonFieldProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: string;
  error: string | undefined;
  readOnly: boolean;
  value: string | number | null | undefined;
  onChange: (value: string) => void;
}
/** A text, on one line or several: it says how long it may be, the contract's bound the server applies (DOSSIER_LIMITS). */
interface TextFieldProps {
  type?: 'text';
  textArea?: boolean;
  maxLength: number;
  min?: never;
  max?: never;
  step?: never;
}
interface NumberOrDateFieldProps {
  type: 'number' | 'date';
  textArea?: never;
  maxLength?: never;
  min?: number;
  max?: number;
  step?: number | string;
}
type ProjectFieldProps = CommonFieldProps & (TextFieldProps | NumberOrDateFieldProps);

export function ProjectField({ id, label, required, hint, error, readOnly, value, onChange, textArea, type = 'text', maxLength, min, max, step }: ProjectFieldProps) {
  const common = {
    id,
    disabled: readOnly,
    value: value ?? '',
    'aria-invalid': error ? true : undefined,
  } as const;
  return (
    <Input
      label={
        <>
          {label}
          {required && <RequiredMark />}
        </>
      }
      hintText={hint}
      state={error ? 'error' : 'default'}
      stateRelatedMessage={error}
      {...(textArea
        ? { textArea: true as const, nativeTextAreaProps: { ...common, rows: 4, maxLength, onChange: (e) => onChange(e.target.value) } }
        : { nativeInputProps: { ...common, type, min, max, step, maxLength, onChange: (e) => onChange(e.target.value) } })}
    />
  );
}

/** A number typed in a field: null when empty or not a number. */
export const numberOrNull = (text: string): number | null => (text === '' || !Number.isFinite(Number(text)) ? null : Number(text));
