// A hand-made form's sending state (forms whose values are not a contract schema's strings, else
// use-zod-form.ts): the form-level error and whether it is being sent. `send` runs the call and
// shows its refusal above the form in French; what was typed stays.
import { MESSAGES } from '@portail/contract';
import { useState } from 'react';
import { errorMessage } from '../api/api-error.ts';

export function useSending() {
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  async function send(action: () => Promise<void>): Promise<void> {
    setFormError(null);
    setSending(true);
    try {
      await action();
    } catch (error) {
      setFormError(errorMessage(error, MESSAGES.httpEmpty));
    } finally {
      setSending(false);
    }
  }
  return { formError, setFormError, sending, send };
}
