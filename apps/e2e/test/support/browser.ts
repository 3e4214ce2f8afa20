// One Chromium per test file, a new French browser context per test, screenshots at key steps (and
// on failure) in .test-artifacts/e2e/, each screen shot also checked for accessibility (axe-core,
// support/accessibility.ts). Uncaught errors in the page fail the test.
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { expectAccessible } from './accessibility.ts';
import { ARTIFACTS_DIR, CHROMIUM_PATH } from './paths.ts';

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** How long a page may take to show what a step waits for. */
export const STEP_TIMEOUT_MS = 15_000;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

export interface BrowserFixture {
  readonly baseUrl: string;
  /** The page of the current test. */
  page(): Page;
  context(): BrowserContext;
  /** Full-page PNG in .test-artifacts/e2e/<file>-<test>-<nn>-<step>.png; returns its path. */
  shot(step: string): Promise<string>;
}

/** Call once at the top of a test file. */
export function useBrowser(): BrowserFixture {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let prefix = 'test';
  let counter = 0;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async (ctx) => {
    prefix = `${slug(basename(ctx.task.file.name).replace(/\.test\.ts$/, ''))}-${slug(ctx.task.name)}`;
    counter = 0;
    pageErrors = [];
    context = await browser!.newContext({
      baseURL: baseUrl,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      viewport: { width: 1280, height: 900 },
    });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(30_000);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
  });

  afterEach(async (ctx) => {
    try {
      if (ctx.task.result?.state === 'fail' && page && !page.isClosed()) {
        await page.screenshot({ path: join(ARTIFACTS_DIR, `${prefix}-ECHEC.png`), fullPage: true }).catch(() => {});
      }
    } finally {
      await context?.close();
      context = undefined;
      page = undefined;
    }
    expect(pageErrors, 'erreurs JavaScript non rattrapées dans la page').toEqual([]);
  });

  return {
    baseUrl,
    page: () => {
      if (!page) throw new Error('useBrowser(): pas de page hors d’un test');
      return page;
    },
    context: () => {
      if (!context) throw new Error('useBrowser(): pas de contexte hors d’un test');
      return context;
    },
    async shot(step: string) {
      counter += 1;
      const file = join(ARTIFACTS_DIR, `${prefix}-${String(counter).padStart(2, '0')}-${slug(step)}.png`);
      await page!.screenshot({ path: file, fullPage: true });
      // Every screen a journey looks at is also checked for accessibility.
      await expectAccessible(page!, step);
      return file;
    },
  };
}

/** Waits until the locator shows (auto-waiting like Playwright Test's toBeVisible). */
export async function visible(locator: Locator, timeout = STEP_TIMEOUT_MS): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/**
 * Focuses a scrollable region and checks that the arrow key scrolls it sideways. Chromium animates
 * keyboard scrolling, so the position is awaited, not read once right after the key press.
 */
export async function scrollsSidewaysByKeyboard(page: Page, region: Locator, timeout = STEP_TIMEOUT_MS): Promise<void> {
  await region.focus();
  const before = await region.evaluate((el) => el.scrollLeft);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await region.evaluate(
    (el, { start, wait }) =>
      new Promise<void>((resolve, reject) => {
        const until = Date.now() + wait;
        const check = () => {
          if (el.scrollLeft > start) resolve();
          else if (Date.now() > until) reject(new Error(`la région ne défile pas au clavier (scrollLeft ${el.scrollLeft})`));
          else requestAnimationFrame(check);
        };
        check();
      }),
    { start: before, wait: timeout },
  );
}

/** Waits until the page's path (under the base URL) matches. */
export async function onPath(page: Page, path: string | RegExp, timeout = STEP_TIMEOUT_MS): Promise<void> {
  await page.waitForURL(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname + url.search)),
    { timeout, waitUntil: 'commit' },
  );
}

/** The path and query of the page, e.g. `/client/login?redirect_url=%2Fuser%2Fdashboard`. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** An input by its exact label (forms may carry the same accessible name, e.g. "Nouveau mot de passe"). */
export function inputField(page: Page, label: string): Locator {
  return page.getByLabel(label, { exact: true }).and(page.locator('input, textarea, select'));
}

/** A password field by its exact label. */
export const passwordField = inputField;

/**
 * Checks a DSFR radio by its label: the DSFR draws the radio on the label, which covers the
 * (transparent) input, so the label is what a user clicks.
 */
export async function chooseRadio(page: Page, group: string, label: string): Promise<void> {
  const radio = page.getByRole('group', { name: group }).getByRole('radio', { name: label, exact: true });
  await page.getByRole('group', { name: group }).locator('label', { hasText: label }).click();
  if (!(await radio.isChecked()))
    throw new Error(`Le bouton radio « ${label} » (${group}) n'est pas coché après le clic.`);
}

/** Fresh address for one journey (the server lower-cases addresses). */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

export const DEMO_PASSWORD = 'Demo-Portail-2026!';
