// Journey: the demo instructor of the SDJES de Paris registers, by keyboard, an address of a
// receiver started here for the service's webhooks, reads its secret once, and the next state
// change of a dossier of the service reaches the receiver signed with that secret; the delivery
// log shows it sent, at 320 px its table scrolls by keyboard; the address is then removed after
// its confirmation. Every screen is checked with axe.
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callPortal } from './support/api.ts';
import { insertAssociation, type JourneyAssociation } from './support/associations.ts';
import { DEMO_PASSWORD, scrollsSidewaysByKeyboard, useBrowser, visible } from './support/browser.ts';
import { copyDemoDossier } from './support/dossiers.ts';
import { signInWith } from './support/sign-in.ts';

const browser = useBrowser();
const INSTRUCTOR = { email: 'instructeur@demo.example.org', password: DEMO_PASSWORD, landing: '/client/instructeur' };
const ASSOCIATION: JourneyAssociation = {
  id: randomUUID(), nom: 'Cercle d’escrime de Blois', sigle: 'CEB', siren: '202600144', rna: 'W412026014',
  siretSiege: '20260014400017', siretSecondaire: '20260014400025',
};

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;
let pool: pg.Pool;
let dossierId: string;
let serviceId: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/evenements`;
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 1 });
  await insertAssociation(pool, ASSOCIATION);
  dossierId = (await copyDemoDossier(pool, ASSOCIATION, { campaign: 'ANS Part territoriale', etats: { 'SDJES de Paris': 'D' } })).id;
  serviceId = (await pool.query<{ id: string }>(`SELECT id FROM service_accounts WHERE nom = 'SDJES de Paris'`)).rows[0]!.id;
});
afterAll(async () => {
  await pool?.end();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

describe('webhooks du service instructeur', () => {
  it('enregistre une adresse au clavier, lit le secret une fois, reçoit l’événement signé, le journal le montre ; puis la supprime', async () => {
    const page = browser.page();
    await signInWith(page, INSTRUCTOR);
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    await page.getByRole('link', { name: 'Webhooks du service' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Webhooks du service' }));
    await browser.shot('webhooks du service');

    // By keyboard: the address field, then Enter.
    const field = page.getByLabel(/^Adresse qui recevra les événements/);
    await field.focus();
    await page.keyboard.type(receiverUrl);
    await page.keyboard.press('Enter');
    const secretBox = page.locator('#webhook-secret');
    await visible(secretBox);
    await page.waitForFunction(() => document.activeElement?.id === 'webhook-secret');
    const secret = (await page.getByTestId('webhook-secret-value').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await browser.shot('secret affiche une fois');
    await page.getByRole('button', { name: 'J’ai conservé le secret' }).click();
    await visible(page.getByRole('table', { name: 'Adresses enregistrées' }).getByRole('rowheader', { name: receiverUrl }));

    // A state change of one of the service's dossiers reaches the receiver, signed with that secret.
    const { token } = (await callPortal(browser.baseUrl, 'POST', '/auth-server/login', { email: INSTRUCTOR.email, password: INSTRUCTOR.password })) as { token: string };
    await callPortal(browser.baseUrl, 'POST', `/lca-server/demande/dossiers/${dossierId}/instructions/${serviceId}/events`, { event: 'ouvrir_instruction' }, token);
    const deadline = Date.now() + 30_000;
    let got: Received | undefined;
    while (!(got = received.find((r) => r.body.includes(dossierId))) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(got, 'l’événement du dossier reçu').toBeDefined();
    const timestamp = got!.headers['x-portail-timestamp'] as string;
    expect(got!.headers['x-portail-signature']).toBe(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${got!.body}`).digest('hex')}`);
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'dossier_instruction.etat_modifie', data: { dossier: dossierId, evenement: 'ouvrir_instruction', de: 'D', vers: '2' } });

    // The log shows it sent; at 320 px its table scrolls by keyboard.
    await page.getByRole('button', { name: 'Relire le journal' }).click();
    const log = page.getByRole('table', { name: /^Envois, du plus récent/ });
    await visible(log.getByText('Envoyé (HTTP 204)').first());
    await page.setViewportSize({ width: 320, height: 800 });
    const region = page.getByRole('region', { name: 'Tableau du journal des envois' });
    await scrollsSidewaysByKeyboard(page, region);
    await browser.shot('journal des envois a 320 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Removed after its confirmation: nothing more is sent to it.
    await page.getByRole('button', { name: `Supprimer ${receiverUrl}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer ce webhook ?' });
    await visible(dialog);
    await browser.shot('confirmation de la suppression');
    await dialog.getByRole('button', { name: 'Supprimer le webhook' }).click();
    await visible(page.getByText('Aucune adresse n’est enregistrée : ce service ne reçoit pas d’événements.'));
  }, 180_000);
});
