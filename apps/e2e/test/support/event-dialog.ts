// An event fired from a confirmation modal (an instruction's or a financial report's): the button,
// the modal named after the event, what the test fills in, a screenshot, the confirmation; then the
// wait for the result, which takes the focus.
import type { Page } from 'playwright-core';
import { visible } from './browser.ts';

export type DialogLocator = ReturnType<Page['getByRole']>;

export async function fireFromDialog(
  page: Page,
  event: { label: string; dialogName: string | RegExp; resultId: string },
  fill: (dialog: DialogLocator) => Promise<void>,
  shot: () => Promise<unknown>,
): Promise<void> {
  await page.getByRole('button', { name: event.label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: event.dialogName });
  await visible(dialog);
  await fill(dialog);
  await shot();
  await dialog.getByRole('button', { name: `Confirmer : ${event.label}` }).click();
  await page.waitForFunction((id) => document.activeElement?.id === id, event.resultId);
}
