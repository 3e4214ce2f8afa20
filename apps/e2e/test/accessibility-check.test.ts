// The accessibility check of the journeys can fail: the sign-in page passes it, the same page with
// a button that has no name (a critical WCAG 4.1.2 failure) does not.
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility.ts';
import { useBrowser, visible } from './support/browser.ts';

const browser = useBrowser();

describe('accessibility check', () => {
  it('passes the sign-in page and fails it once a nameless button is added', async () => {
    const page = browser.page();
    await page.goto('/client/login');
    await visible(page.getByRole('button', { name: 'Se connecter' }));
    await expectAccessible(page, 'connexion');
    await page.evaluate(() => document.querySelector('main')!.append(document.createElement('button')));
    await expect(expectAccessible(page, 'connexion avec un bouton sans nom')).rejects.toThrow(/button-name \(critical\)/);
  });
});
