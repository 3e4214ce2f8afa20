// CEC declarations through the browser: the demo CEC validator of « Les Amis du théâtre de
// démonstration » (server seed/demo-cec.ts) opens /declarations, validates one declaration, tries to
// refuse another without a reason (told it is required, nothing sent), refuses it with a reason, and
// finds both decisions in the history; at 320 px the table scrolls by keyboard. Every screen is
// checked with axe; the database holds the decisions, their log rows and audit entries.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, scrollsSidewaysByKeyboard, useBrowser, visible } from './support/browser.ts';
import { signInWith } from './support/sign-in.ts';

const browser = useBrowser();
const VALIDATOR = { email: 'valideur.cec@demo.example.org', password: DEMO_PASSWORD };
/** The demo association the validator decides for (server seed/demo-registry.ts `culturelle`). */
const ASSOCIATION_ID = '00000000-0000-4000-8000-0000000a5502';

let pool: pg.Pool;
beforeAll(() => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 2 });
});
afterAll(async () => {
  await pool?.end();
});

describe('déclarations CEC', () => {
  it('le valideur CEC valide une déclaration et en refuse une autre avec un motif', async () => {
    const page = browser.page();
    await signInWith(page, VALIDATOR);
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    await page.goto('/client/declarations');
    await visible(page.getByRole('heading', { level: 1, name: 'Déclarations CEC' }));
    const table = page.getByRole('table', { name: /^Déclarations de la session en cours/ });
    await visible(table.getByText('Élise Bonnet'));
    await browser.shot('declarations de la session');

    // One validated.
    await page.getByRole('button', { name: 'Valider la déclaration de Élise Bonnet' }).click();
    await visible(page.getByText('Déclaration de Élise Bonnet validée.'));
    await visible(table.getByRole('row').filter({ hasText: 'Élise Bonnet' }).getByText('Validée', { exact: true }));
    await browser.shot('declaration validee');

    // Another refused: without a reason first, then with one.
    await page.getByRole('button', { name: 'Refuser la déclaration de Yanis Chevalier' }).click();
    const form = page.getByRole('form', { name: 'Refus de la déclaration de Yanis Chevalier' });
    await visible(form);
    await form.getByRole('button', { name: 'Confirmer le refus' }).click();
    await visible(form.getByText('Le motif du refus est obligatoire.'));
    await browser.shot('refus sans motif');
    await form.getByText("Le nombre d'heures déclaré ne correspond pas à l'engagement").click();
    await form.getByRole('button', { name: 'Confirmer le refus' }).click();
    await visible(page.getByText('Déclaration de Yanis Chevalier refusée.'));
    const refused = table.getByRole('row').filter({ hasText: 'Yanis Chevalier' });
    await visible(refused.getByText('Refusée', { exact: true }));
    await visible(refused.getByText("Le nombre d'heures déclaré ne correspond pas à l'engagement"));
    const history = page.getByRole('table', { name: /^Historique des décisions/ });
    await visible(history.getByText('Yanis Chevalier'));
    await visible(history.getByText('Élise Bonnet').first());
    await browser.shot('declaration refusee et historique');

    // At 320 px the declarations' table scrolls by keyboard.
    await page.setViewportSize({ width: 320, height: 800 });
    const region = page.getByRole('region', { name: 'Tableau des déclarations de la session en cours' });
    await scrollsSidewaysByKeyboard(page, region);
    await browser.shot('declarations a 320 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    const rows = await pool.query<{
      benevole_prenom: string;
      status: string;
      motif_refus_id: number | null;
      logs: number;
      audits: number;
    }>(
      `SELECT d.benevole_prenom, d.status, d.motif_refus_id,
              (SELECT count(*)::int FROM cec_declaration_logs l WHERE l.declaration_id = d.id) AS logs,
              (SELECT count(*)::int FROM audit_entries a WHERE a.entity = 'declaration_cec' AND a.entity_id = d.id::text) AS audits
         FROM cec_declarations d WHERE d.association_id = $1 AND d.benevole_prenom IN ('Élise', 'Yanis') AND d.decided_at > now() - interval '10 minutes'
`,
      [ASSOCIATION_ID],
    );
    expect(rows.rows).toHaveLength(2);
    expect(rows.rows).toEqual(
      expect.arrayContaining([
        { benevole_prenom: 'Yanis', status: 'Refusée', motif_refus_id: 1, logs: 1, audits: 1 },
        { benevole_prenom: 'Élise', status: 'Validée', motif_refus_id: null, logs: 1, audits: 1 },
      ]),
    );
  });
});
