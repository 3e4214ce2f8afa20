// Pass'Sport through the browser: a member of the demo sports club (server seed/demo-pass-sport.ts:
// affiliated to the Fédération française de football) opens Pass'Sport from its association on the dashboard, creates
// the structure's dossier (§8's toast), then registers three beneficiaries by code: a wrong one (its
// format refused as it is typed, then a well-formed code that does not exist: the server's message),
// one another establishment of the club has already registered (the server's message), and one
// registered; the inscriptions table scrolls by keyboard at 320 px; the dossier's PDF is
// downloaded and is a PDF; the head office files its federation's affiliation certificate. Every
// screen is checked with axe; the database holds the inscriptions and the certificate's document,
// which the administration then opens.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callPortal, TINY_PDF } from './support/api.ts';
import { createLinkedMember } from './support/associations.ts';
import { DEMO_PASSWORD, onPath, scrollsSidewaysByKeyboard, uniqueEmail, useBrowser, visible } from './support/browser.ts';
import { useMailbox } from './support/mail.ts';
import { signInWith } from './support/sign-in.ts';

const browser = useBrowser();
useMailbox();

/** The demo sports club (server seed/demo-registry.ts `sportive`). */
const CLUB = { id: '00000000-0000-4000-8000-0000000a5501', siretSiege: '10000001700010', siretSecondaire: '10000001700028' };
const member = { email: uniqueEmail('psp'), password: 'PassSport-Parcours-2026!', nom: 'Lemoine', prenom: 'Julie' };
/** A member of the club's secondary establishment, who registered a beneficiary there first. */
const other = { email: uniqueEmail('psp-antenne'), password: 'PassSport-Antenne-2026!', nom: 'Perrin', prenom: 'Marc' };

/** The club's federation (server seed/demo-pass-sport.ts DEMO_FEDERATION), declared with its SIREN in the club's file. */
const FEDERATION = { siren: '775671357', nom: 'Fédération française de football' };

/** The messages of the contract (pass-sport/messages.ts), as the club reads them. */
const M = {
  created: "Le dossier d'inscription a bien été créé !",
  invalidCode: "Le code Pass'Sport n'est pas valide : il s'écrit sous la forme 24-XXXX-XXXX",
  codeUnknown: (code: string) => `Le numéro Pass'Sport ${code} n'existe pas.`,
  alreadyRegistered: (code: string) => `Le bénéficiaire ${code} est déjà inscrit.`,
};

/** The schemes' administrator, who moves dossiers through processing and refund. */
const RDS_ADMIN = { email: 'admin.rds@demo.example.org', password: DEMO_PASSWORD, landing: '/client/instructeur' };

let pool: pg.Pool;
/** The dossier of the club's secondary establishment, created in beforeAll. */
let antenne: { id: string; numero: number };
const api = (method: string, path: string, body?: unknown, token?: string) => callPortal(browser.baseUrl, method, path, body, token);
interface Beneficiaire {
  code_psp: string;
  prenom: string;
  nom: string;
}
let free: Beneficiaire;
let taken: Beneficiaire;
let unknownCode: string;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 2 });
  await createLinkedMember(browser.baseUrl, member, { id_correspondance: CLUB.id, id_siret: CLUB.siretSiege, fonction: 'Présidente' });
  await createLinkedMember(browser.baseUrl, other, { id_correspondance: CLUB.id, id_siret: CLUB.siretSecondaire, fonction: 'Trésorier' });
  // Two beneficiaries of the open exercise nobody has registered yet.
  const rows = await pool.query<Beneficiaire & { exercice_id: number }>(
    `SELECT b.code_psp, b.prenom, b.nom, b.exercice_id FROM psp_beneficiaires b JOIN psp_exercices e ON e.id = b.exercice_id AND e.active
      WHERE NOT EXISTS (SELECT 1 FROM psp_inscriptions i WHERE i.live_beneficiaire_id = b.id)
      ORDER BY b.code_psp LIMIT 2`,
  );
  expect(rows.rows).toHaveLength(2);
  [free, taken] = [rows.rows[0]!, rows.rows[1]!];
  const yy = String(rows.rows[0]!.exercice_id).padStart(2, '0');
  unknownCode = `${yy}-ZZZZ-ZZZZ`;
  expect((await pool.query('SELECT 1 FROM psp_beneficiaires WHERE code_psp = $1', [unknownCode])).rowCount).toBe(0);

  // The secondary establishment registers `taken` in its own dossier.
  const session = (await api('POST', '/auth-server/login', { email: other.email, password: other.password })) as { token: string };
  const created = (await api('POST', '/psp-server/dossiers', { structure: { id_siret: CLUB.siretSecondaire, nom: 'Antenne du club' } }, session.token)) as {
    dossier: { id: string; numero: number };
  };
  antenne = created.dossier;
  await api('POST', `/psp-server/dossiers/${created.dossier.id}/inscriptions`, { code_psp: taken.code_psp }, session.token);
});

afterAll(async () => {
  await pool?.end();
});

describe("Pass'Sport", () => {
  it('un club inscrit ses bénéficiaires par leur code et télécharge le PDF du dossier', async () => {
    const page = browser.page();
    await signInWith(page, member);
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    // From the dashboard's Pass'Sport tile (the club's card of « Mes associations » has the same link).
    await page.getByRole('heading', { level: 2, name: "Pass'Sport" }).getByRole('link').click();
    await onPath(page, '/client/associations/pass-sport');
    await visible(page.getByRole('heading', { level: 1, name: "Pass'Sport" }));
    await browser.shot('pas encore de dossier');

    await page.getByRole('button', { name: "Créer le dossier d'inscription" }).click();
    await visible(page.getByText(M.created));
    await visible(page.getByRole('heading', { level: 2, name: 'Inscriptions' }));
    await visible(page.getByText('Aucun bénéficiaire inscrit.'));
    await browser.shot('dossier cree');

    const code = page.getByRole('textbox', { name: /Code Pass'Sport du bénéficiaire/ });
    const submit = page.getByRole('button', { name: 'Inscrire', exact: true });
    // A wrong code: its format said as soon as it is complete, then one that does not exist.
    await code.fill(`${unknownCode.slice(0, 3)}ABCI-ZZZZ`);
    await visible(page.getByText(M.invalidCode, { exact: false }));
    await browser.shot('code mal forme');
    await code.fill(unknownCode);
    await submit.click();
    await visible(page.getByText(M.codeUnknown(unknownCode)));
    await browser.shot('code inconnu');

    // One the club's other establishment has already registered.
    await code.fill(taken.code_psp);
    await submit.click();
    await visible(page.getByText(M.alreadyRegistered(taken.code_psp)));
    await browser.shot('deja inscrit');

    // One registered, typed in lower case.
    await code.fill(free.code_psp.toLowerCase());
    await submit.click();
    await visible(page.getByText(`${free.prenom} ${free.nom} (${free.code_psp}) est inscrit au Pass'Sport.`));
    const table = page.getByRole('table', { name: 'Inscriptions du dossier (1)' });
    await visible(table.getByText(free.code_psp));
    await visible(page.getByText('1 bénéficiaire inscrit.'));
    await browser.shot('beneficiaire inscrit');

    // At 320 px the inscriptions' table scrolls by keyboard.
    await page.setViewportSize({ width: 320, height: 800 });
    await scrollsSidewaysByKeyboard(page, page.getByRole('region', { name: 'Inscriptions du dossier (1)' }));
    await browser.shot('inscriptions a 320 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le dossier (PDF)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^pass-sport-\d+\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The head office files its federation's certificate for the open exercise (replacing the one on record).
    const certificates = page.getByRole('region', { name: "Attestations d'affiliation" });
    await certificates.getByRole('combobox', { name: "Fédération de l'attestation" }).selectOption({ label: `${FEDERATION.nom} (SIREN 775 671 357)` });
    await certificates.locator('input[type="file"]').setInputFiles({ name: 'attestation-fff.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await certificates.getByRole('button', { name: "Déposer l'attestation" }).click();
    await visible(page.getByText(new RegExp(`^L'attestation d'affiliation \\(${FEDERATION.nom}, exercice \\d{4}\\) a été déposée\\.$`)));
    await visible(page.getByRole('table', { name: "Attestations d'affiliation de l'association (1)" }).getByText(FEDERATION.nom));
    await browser.shot('attestation deposee');
    const filed = await pool.query<{ type: string; nom: string; etat: string }>(
      `SELECT d.type, d.nom, d.etat FROM psp_affiliations a JOIN association_documents d ON d.id = a.document_id
         WHERE a.association_id = $1 AND a.siren_federation = $2`,
      [CLUB.id, FEDERATION.siren],
    );
    expect(filed.rows).toEqual([{ type: 'AFFIL', nom: 'attestation-fff.pdf', etat: 'courant' }]);

    const rows = await pool.query<{ code_psp: string; id_siret: string; id_etat: string }>(
      `SELECT b.code_psp, d.id_siret, i.id_etat FROM psp_inscriptions i JOIN psp_dossiers d ON d.id = i.dossier_id
         JOIN psp_beneficiaires b ON b.id = i.beneficiaire_id WHERE d.association_id = $1 ORDER BY d.id_siret`,
      [CLUB.id],
    );
    expect(rows.rows).toEqual([
      { code_psp: free.code_psp, id_siret: CLUB.siretSiege, id_etat: '1' },
      { code_psp: taken.code_psp, id_siret: CLUB.siretSecondaire, id_etat: '1' },
    ]);
  });

  it("l'administrateur des dispositifs traite le dossier d'une structure, le met en paiement et constate son remboursement", async () => {
    const page = browser.page();
    await signInWith(page, RDS_ADMIN);
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    await page.goto('/client/administration/psp');
    await visible(page.getByRole('heading', { level: 1, name: "Administration Pass'Sport" }));
    const etat = page.getByRole('combobox', { name: 'État des dossiers' });
    const table = page.getByRole('table', { name: /^Dossiers Pass'Sport/ });
    const steps = [
      { from: 'Enregistré', action: 'Commencer le traitement', to: 'En cours de traitement' },
      { from: 'En cours de traitement', action: 'Mettre en paiement', to: 'En cours de paiement' },
      { from: 'En cours de paiement', action: 'Constater le remboursement', to: 'Remboursé' },
    ];
    for (const step of steps) {
      await etat.selectOption({ label: step.from });
      const row = table.getByRole('row').filter({ hasText: `n° ${antenne.numero}` });
      await visible(row);
      await row.getByRole('button', { name: `${step.action} : dossier n° ${antenne.numero}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: step.action }).click();
      await visible(page.getByText(`Dossier n° ${antenne.numero} (Antenne du club) : ${step.to.toLowerCase()}.`));
      await browser.shot(step.to);
    }
    await etat.selectOption({ label: 'Remboursé' });
    await visible(table.getByRole('row').filter({ hasText: `n° ${antenne.numero}` }).getByText('Remboursé', { exact: true }));
    await visible(page.getByRole('table', { name: /^Exercices/ }));
    await visible(page.getByRole('table', { name: /^Fédérations sportives agréées/ }).getByText('Fédération française de football'));
    await visible(page.getByRole('table', { name: /^Attestations d'affiliation déposées/ }).getByText('Association sportive de démonstration').first());
    await browser.shot('administration rembourse');
    // The certificate the club filed (first journey) opens by its single-use link.
    const certificate = page.getByRole('table', { name: /^Attestations d'affiliation déposées/ })
      .getByRole('button', { name: new RegExp(`^Attestation de Association sportive de démonstration \\(${FEDERATION.nom}, \\d{4}\\)`) });
    const [download] = await Promise.all([page.waitForEvent('download'), certificate.click()]);
    expect(download.suggestedFilename()).toBe('attestation-fff.pdf');
    expect(readFileSync((await download.path())!).equals(TINY_PDF)).toBe(true);

    const history = await pool.query<{ to_state: string }>(
      `SELECT to_state FROM state_history WHERE machine = 'pass_sport' AND object_id = $1 ORDER BY created_at`,
      [antenne.id],
    );
    expect(history.rows.map((r) => r.to_state)).toEqual(['2', '3', '4']);
  });
});
