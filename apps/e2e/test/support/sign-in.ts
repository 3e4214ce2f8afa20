// Signing in and out through the login page, as a person does; each journey answers the cookie
// banner its own way (it shows once per browser).
import type { Page } from 'playwright-core';
import { onPath, passwordField, visible } from './browser.ts';

export interface Credentials {
  email: string;
  password: string;
  /** Where the portal lands after signing in (the dashboard unless said). */
  landing?: string;
}

export async function signInWith(page: Page, who: Credentials): Promise<void> {
  await page.goto('/client/login');
  await page.getByLabel('Adresse électronique', { exact: true }).fill(who.email);
  await passwordField(page, 'Mot de passe').fill(who.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await onPath(page, who.landing ?? '/client/user/dashboard');
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await visible(page.getByRole('link', { name: 'Se connecter' }).first());
}
