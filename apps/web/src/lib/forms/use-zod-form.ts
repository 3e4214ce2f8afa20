// Form state whose schema is the contract's: errors next to fields, typed input kept on failure.
import { useCallback, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { isApiError } from '../api/api-error.ts';
import { MESSAGES } from '@portail/contract';
import { issuesToFieldErrors, serverFieldErrors, type FieldErrors } from './field-errors.ts';

export interface FieldBinding {
  /** The form field's name, also the input's name (and its id, prefixed). */
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export function useZodForm<V extends Record<string, string>, Out>(
  schema: z.ZodType<Out>,
  initial: V,
  /** Maps the form's strings to the schema's input (constants, renamed fields...). */
  toInput: (values: V) => unknown = (values) => values,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const setValue = useCallback((name: keyof V, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // The field's error goes, and its items' (`routes.0`) for a list kept in one field.
    setErrors((current) => {
      const stale = Object.keys(current).filter((key) => key === name || key.startsWith(`${String(name)}.`));
      if (stale.length === 0) return current;
      return Object.fromEntries(Object.entries(current).filter(([key]) => !stale.includes(key)));
    });
  }, []);

  const field = (name: keyof V & string): FieldBinding => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (value) => setValue(name, value),
  });

  const handleSubmit = (onValid: (data: Out) => Promise<void> | void) => async (event?: FormEvent) => {
    event?.preventDefault();
    setFormError(null);
    const parsed = schema.safeParse(toInput(values));
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error));
      setFormError(MESSAGES.invalidForm);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onValid(parsed.data);
    } catch (error) {
      setFormError(isApiError(error) ? error.message : MESSAGES.httpEmpty);
      if (isApiError(error)) setErrors(serverFieldErrors(error.fields));
    } finally {
      setSubmitting(false);
    }
  };

  return { values, setValues, setValue, field, errors, formError, setFormError, submitting, handleSubmit };
}
