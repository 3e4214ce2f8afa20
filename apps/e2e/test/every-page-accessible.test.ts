// Every page of the portal, for every role of the demo: each route of the client's route table that
// the role may enter and that needs no identifier (the pages with one are the journeys'), opened as
// that person would, is checked with axe once its content has loaded (no serious or critical WCAG
// 2.1 A/AA violation). A page the role may enter also answers with its own title, not an error.
// Each page also reflows at 320 px (WCAG 1.4.10, a 1 280 px screen zoomed to 400 %): the page itself
// never scrolls sideways; only a table's own region may, by keyboard.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../../web/src/app/route-table.ts';
import { expectAccessible } from './support/accessibility.ts';
import { DEMO_PASSWORD, passwordField, useBrowser, visible } from './support/browser.ts';

const browser = useBrowser();

const ACCOUNTS = [
  { role: 'lca.association', email: 'valideur.cec@demo.example.org' },
  { role: 'lca.admin', email: 'admin.lca@demo.example.org' },
  { role: 'rds.user', email: 'instructeur@demo.example.org' },
  { role: 'rds.service', email: 'service@demo.example.org' },
  { role: 'rds.admin', email: 'admin.rds@demo.example.org' },
  { role: 'rds.appli_admin', email: 'appli.rds@demo.example.org' },
  { role: 'osiris.appli_admin', email: 'appli.osiris@demo.example.org' },
  { role: 'osiris.admin-programme', email: 'programme.osiris@demo.example.org' },
] as const;

/** The pages a role may enter that need no identifier: optional parameters dropped, required ones left to the journeys. */
function pagesOf(role: string): { path: string; title: string }[] {
  const seen = new Set<string>();
  return ROUTE_TABLE.flatMap(({ path, layout, meta }) => {
    const link = path.replace(/\/:[A-Za-z]+\?/g, '');
    if (layout !== 'default' || link.includes(':') || seen.has(link) || (meta.roles && !meta.roles.includes(role))) return [];
    seen.add(link);
    return [{ path: link, title: meta.title }];
  });
}

async function signIn(page: Page, email: string) {
  await page.goto('/client/login');
  await page.getByLabel('Adresse électronique', { exact: true }).fill(email);
  await passwordField(page, 'Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/client/login'), { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Tout accepter' }).click();
}

describe('chaque page, pour chaque rôle, passe le contrôle d’accessibilité', () => {
  it.each(ACCOUNTS)('$role', async ({ role, email }) => {
    const page = browser.page();
    await signIn(page, email);
    const pages = pagesOf(role);
    expect(pages.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const { path, title } of pages) {
      await page.goto(`/client${path}`);
      await visible(page.getByRole('heading', { level: 1 }));
      // The page's own data shown (lists, figures), not its loading state.
      await page.waitForLoadState('networkidle');
      const heading = (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim() ?? '';
      if (/Une erreur s'est produite|Page non trouvée/.test(heading)) failures.push(`${path} : « ${heading} » au lieu de « ${title} »`);
      await expectAccessible(page, `${role} ${path}`, { everyImpact: true }).catch((error: Error) => failures.push(error.message));
      const viewport = page.viewportSize()!;
      await page.setViewportSize({ width: 320, height: viewport.height });
      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth <= width) return null;
        // What sticks out: the deepest elements past the right edge, outside a scrolling region.
        const outside = Array.from(document.body.querySelectorAll<HTMLElement>("*")).filter((el) => {
          const box = el.getBoundingClientRect();
          return box.right > width + 1 && box.width > 0 && !el.closest('[role="region"][tabindex="0"]') && Array.from(el.children).every((child) => child.getBoundingClientRect().right <= width + 1);
        });
        return `${document.documentElement.scrollWidth} px : ${outside.slice(0, 4).map((el) => `<${el.tagName.toLowerCase()} class="${el.className}">${(el.textContent ?? '').trim().slice(0, 40)}`).join(' | ')}`;
      });
      if (overflow) failures.push(`${path} défile de côté à 320 px (${overflow})`);
      await page.setViewportSize(viewport);
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 600_000);
});
