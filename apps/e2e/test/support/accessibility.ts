// Accessibility of a page as the browser shows it: axe-core (the rules of RGAA's WCAG 2.1 A and AA
// criteria it can check automatically) run in the page; a serious or critical violation fails the
// journey, listed with its elements.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** No serious or critical WCAG 2.1 A/AA violation on the page as it is now (`everyImpact`: no violation at all, moderate and minor too). */
export async function expectAccessible(page: Page, where: string, options: { everyImpact?: boolean } = {}): Promise<void> {
  // Evaluated through the browser's debugging protocol: the portal's CSP (script-src 'self') stays as it is.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 200) })) }));
  });
  const serious = violations.filter((v) => options.everyImpact || v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    const lines = serious.map((v) => `${v.id} (${v.impact}) : ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).slice(0, 5).join(', ')}`);
    throw new Error(`Accessibilité, ${where} :\n${lines.join('\n')}`);
  }
}
