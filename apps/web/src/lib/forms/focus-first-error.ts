// After a refused submission, the keyboard focus goes to the form's first field in error (RGAA
// 11.10: its message is tied to it by aria-describedby), or, when the refusal names no field, to the
// form's alert; a keyboard or screen reader user lands on what to correct instead of the button.
import { useRef, type FormEvent } from 'react';
import { focusWhenPresent } from '../focus/focus.ts';

export function useFocusFirstError<T extends HTMLElement = HTMLDivElement>() {
  const container = useRef<T>(null);
  /** The form's submit (a use-zod-form `handleSubmit(…)`), then the focus on what it refused, once rendered. */
  const focusingErrors =
    (submit: (event?: FormEvent) => Promise<void>) =>
    async (event?: FormEvent): Promise<void> => {
      await submit(event);
      const node = container.current;
      if (!node?.isConnected) return;
      focusWhenPresent(() => {
        if (!node.isConnected) return null;
        return node.querySelector<HTMLElement>('[aria-invalid="true"]') ?? node.querySelector<HTMLElement>('[role="alert"]');
      });
    };
  return { container, focusingErrors };
}
