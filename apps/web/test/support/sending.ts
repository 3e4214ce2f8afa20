// The shared behaviour of a form sent with `useSending`, checked the same way on each screen: one
// submission at a time, and a refusal in the focused error summary.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** A route's answer held until the test lets it go: `respond` is the fake's handler. */
export function heldAnswer() {
  const waiting: ((response: Response) => void)[] = [];
  return {
    respond: () => new Promise<Response>((resolve) => waiting.push(resolve)),
    /** Answers every call held so far. */
    release: (answer: () => Response) => {
      for (const resolve of waiting.splice(0)) resolve(answer());
    },
  };
}

interface OneAtATime {
  user: UserEvent;
  /** The submit button's name, and what it says while the form is sent. */
  label: string;
  busyLabel: string;
  /** How many requests the form has sent so far. */
  sent: () => number;
  /** Lets the held request go. */
  release: () => void;
}

/**
 * Double-clicks the submit button while its request is held, then submits the form once more (as
 * another way to send it would): the button is disabled and says it is sending, one request goes;
 * once answered the button says it is sending no more (the form may have closed).
 */
export async function sendTwiceWhileHeld({ user, label, busyLabel, sent, release }: OneAtATime) {
  const button = screen.getByRole('button', { name: label });
  const form = button.closest('form')!;
  await user.dblClick(button);
  await waitFor(() => expect(sent()).toBe(1));
  expect(within(form).getByRole('button', { name: busyLabel })).toBeDisabled();
  fireEvent.submit(form);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(sent()).toBe(1);
  release();
  await waitFor(() => expect(screen.queryByRole('button', { name: busyLabel })).toBeNull());
  expect(sent()).toBe(1);
}

/** The server's refusal: its French message heads the error summary, which takes the focus. */
export async function expectRefusalInFocusedSummary(message: string) {
  const summary = await screen.findByTestId('error-summary');
  expect(within(summary).getByRole('heading', { name: message })).toBeInTheDocument();
  await waitFor(() => expect(summary).toHaveFocus());
}
