// Webhooks of the instructing services (docs/domain.md « Webhooks des services instructeurs »),
// against a local HTTP receiver started here: a service's agent registers a URL and gets its secret
// once; a state change of the service's dossier arrives signed (HMAC-SHA256 of `timestamp.body`);
// a receiver that is down gets the event after a retry once it is back, and the log shows both
// attempts; strangers neither see nor change another service's webhooks; inputs refused in French;
// every change audited.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from '@portail/contract';
import { createAssociation, type TestAssociation } from './support/association-factory.ts';
import { freePort } from './support/free-port.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { createDossier, createScheme, instructionCalls, signInService, type ServiceAgent, type SubsidyScheme } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on `port` that answers 204 and keeps what it got. */
function startReceiver(port: number, received: Received[]): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
const stop = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

async function until<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let t: TestApp;
let agent: ServiceAgent;
let asso: TestAssociation;
let scheme: SubsidyScheme;
let port: number;
let receiver: Server | null = null;
const received: Received[] = [];
let secret: string;
let webhookId: string;

const base = (serviceId: string) => `/api/rds-server/services/${serviceId}/webhooks`;
const as = (token: string) => ({
  get: (path: string, query: Record<string, string> = {}) => t.http().get(path).query(query).set(TOKEN_HEADER, token),
  post: (path: string, body?: object) => t.http().post(path).set(TOKEN_HEADER, token).send(body),
  del: (path: string) => t.http().delete(path).set(TOKEN_HEADER, token),
});

beforeAll(async () => {
  t = await startTestApp({ logLevel: 'fatal', webhooks: { delivery: true, timeoutMs: 2_000, retryMs: 300, maxRetryMs: 1_000, maxAttempts: 10 } });
  agent = await signInService(t, 'Service aux webhooks');
  asso = await createAssociation(t);
  scheme = await createScheme(t, { serviceIds: [agent.serviceId] });
  port = await freePort();
  receiver = await startReceiver(port, received);
});
afterAll(async () => {
  if (receiver) await stop(receiver);
  await t.close();
});

describe('registration', () => {
  it('answers the secret once; the list never shows it; audited in the service chain', async () => {
    const created = await as(agent.token).post(base(agent.serviceId), { url: `http://127.0.0.1:${port}/hook` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(created.body.message).toBe(WEBHOOK_MESSAGES.secretShownOnce);
    secret = created.body.secret;
    webhookId = created.body.webhook.id;
    const list = await as(agent.token).get(base(agent.serviceId));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ id: webhookId, url: `http://127.0.0.1:${port}/hook`, created_at: expect.any(String), secret_rotated_at: null }]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const audit = await t.db.auditEntry.findMany({ where: { associationId: agent.serviceId, entity: 'webhook_service' } });
    expect(audit.map((a) => a.action)).toEqual(['creation']);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it.each([
    ['ftp://127.0.0.1/hook', 'url', WEBHOOK_MESSAGES.urlScheme],
    ['http://recepteur.example.org/hook', 'url', WEBHOOK_MESSAGES.urlScheme],
    ['https://user:motdepasse@recepteur.example.org/hook', 'url', WEBHOOK_MESSAGES.urlScheme],
    ["pas une adresse", 'url', "La valeur du champ url n'est pas au bon format."],
    ['', 'url', 'Le champ url est obligatoire.'],
  ])('refuses %j in French (400)', async (url, field, message) => {
    const response = await as(agent.token).post(base(agent.serviceId), { url });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', fields: { [field]: message } });
  });

  it('refuses https nowhere but http anywhere but localhost in production', async () => {
    const { createWebhookService } = await import('../src/modules/webhooks/index.ts');
    const production = createWebhookService({ repository: {} as never, audit: {} as never, options: { ...t.config.webhooks, production: true }, log: t.app.log });
    expect(() => production.checkUrl('http://localhost:8080/hook')).toThrow(WEBHOOK_MESSAGES.urlScheme);
    expect(() => production.checkUrl('https://recepteur.example.org/hook')).not.toThrow();
  });

  it('refuses the same URL twice and more than the limit per service (409, French)', async () => {
    const other = await signInService(t);
    const add = (n: number) => as(other.token).post(base(other.serviceId), { url: `https://recepteur.example.org/${n}` });
    for (let n = 0; n < WEBHOOK_LIMITS.perService; n++) expect((await add(n)).status).toBe(201);
    const twice = await as(other.token).post(base(other.serviceId), { url: 'https://recepteur.example.org/0' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'WEBHOOK_LIMIT_REACHED' });
    await as(other.token).del(`${base(other.serviceId)}/${(await as(other.token).get(base(other.serviceId))).body[0].id}`);
    const duplicate = await as(other.token).post(base(other.serviceId), { url: 'https://recepteur.example.org/1' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ status: 409, code: 'WEBHOOK_EXISTS', message: WEBHOOK_MESSAGES.exists });
    expect((await add(99)).status).toBe(201);
    expect((await add(100)).body).toEqual({ status: 409, code: 'WEBHOOK_LIMIT_REACHED', message: WEBHOOK_MESSAGES.limitReached(WEBHOOK_LIMITS.perService) });
  });

  it("a stranger service neither sees nor changes another's webhooks (404)", async () => {
    const stranger = await signInService(t, 'Service étranger');
    expect((await as(stranger.token).get(base(agent.serviceId))).status).toBe(404);
    expect((await as(stranger.token).post(base(agent.serviceId), { url: 'https://pirate.example.org/' })).status).toBe(404);
    expect((await as(stranger.token).del(`${base(agent.serviceId)}/${webhookId}`)).status).toBe(404);
    expect((await as(stranger.token).post(`${base(agent.serviceId)}/${webhookId}/secret`)).status).toBe(404);
    expect((await as(stranger.token).get(`${base(agent.serviceId)}/deliveries`)).status).toBe(404);
    // Through its own service, another's webhook is not found either.
    const response = await as(stranger.token).del(`${base(stranger.serviceId)}/${webhookId}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: 404, code: 'WEBHOOK_NOT_FOUND', message: WEBHOOK_MESSAGES.notFound });
    expect(await t.db.serviceWebhook.count({ where: { id: webhookId } })).toBe(1);
  });
});

describe('delivery', () => {
  let dossierId: string;

  it('sends a signed event when the service opens the instruction of its dossier', async () => {
    const dossier = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'D' });
    dossierId = dossier.id;
    const fired = await instructionCalls(t, agent.token).fire(dossier.id, agent.serviceId, { event: 'ouvrir_instruction' });
    expect(fired.status, JSON.stringify(fired.body)).toBe(200);
    const got = await until('the event', async () => received.find((r) => r.body.includes(dossier.id)));
    const timestamp = got.headers[WEBHOOK_HEADERS.timestamp] as string;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${got.body}`).digest('hex')}`;
    expect(got.headers[WEBHOOK_HEADERS.signature]).toBe(expected);
    expect(got.headers['content-type']).toBe('application/json');
    const event = JSON.parse(got.body);
    const history = await t.db.stateHistory.findFirstOrThrow({ where: { machine: 'dossier_instruction', event: 'ouvrir_instruction', toState: '2' }, orderBy: { createdAt: 'desc' } });
    expect(got.headers[WEBHOOK_HEADERS.eventId]).toBe(history.id);
    expect(event).toEqual({
      id: history.id,
      type: 'dossier_instruction.etat_modifie',
      date: history.createdAt.toISOString(),
      data: { machine: 'dossier_instruction', objet: history.objectId, dossier: dossier.id, service: agent.serviceId, evenement: 'ouvrir_instruction', de: 'D', vers: '2', libelle_etat: "En cours d'instruction" },
    });
    // A wrong signature would not verify.
    expect(createHmac('sha256', 'autre').update(`${timestamp}.${got.body}`).digest('hex')).not.toBe(expected.slice(7));
  });

  it('writes nothing for a refused transition', async () => {
    const before = await t.db.webhookDelivery.count();
    const refused = await instructionCalls(t, agent.token).fire(dossierId, agent.serviceId, { event: 'ouvrir_instruction' });
    expect(refused.status).toBe(409);
    expect(await t.db.webhookDelivery.count()).toBe(before);
  });

  it('retries a receiver that is down, delivers once it is back, and the log shows both attempts', async () => {
    await stop(receiver!);
    receiver = null;
    const fired = await instructionCalls(t, agent.token).fire(dossierId, agent.serviceId, { event: 'soumettre_commission' });
    expect(fired.status, JSON.stringify(fired.body)).toBe(200);
    const log = () => as(agent.token).get(`${base(agent.serviceId)}/deliveries`, { webhook: webhookId });
    const failed = await until('a failed attempt', async () => (await log()).body.find((d: { status: string; data?: unknown; attempts: number }) => d.status === 'FAILED' && d.attempts >= 1));
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.http_status).toBeNull();
    expect(failed.next_attempt_at).not.toBeNull();
    receiver = await startReceiver(port, received);
    const sent = await until('the delivery after the retry', async () => (await log()).body.find((d: { id: string; status: string }) => d.id === failed.id && d.status === 'SENT'));
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(sent.http_status).toBe(204);
    expect(sent.next_attempt_at).toBeNull();
    const attempts = sent.attempts_log as { attempt: number; http_status: number | null; error: string | null; duration_ms: number }[];
    expect(attempts[0]).toMatchObject({ attempt: 1, http_status: null, error: expect.stringMatching(/ECONNREFUSED|connect/i) });
    expect(attempts.at(-1)).toMatchObject({ attempt: sent.attempts, http_status: 204, error: null });
    expect(attempts.every((a) => a.duration_ms >= 0)).toBe(true);
    const events = received.filter((r) => r.headers[WEBHOOK_HEADERS.eventId] === sent.event_id);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.body).data).toMatchObject({ evenement: 'soumettre_commission', de: '2', vers: '3' });
  });

  it('signs with the new secret once rotated (audited), and the old one no longer verifies', async () => {
    const rotated = await as(agent.token).post(`${base(agent.serviceId)}/${webhookId}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(secret);
    expect(rotated.body.webhook.secret_rotated_at).not.toBeNull();
    const fired = await instructionCalls(t, agent.token).fire(dossierId, agent.serviceId, { event: 'enregistrer_avis' });
    expect(fired.status, JSON.stringify(fired.body)).toBe(200);
    const got = await until('the event', async () => received.find((r) => r.body.includes('"enregistrer_avis"')));
    const timestamp = got.headers[WEBHOOK_HEADERS.timestamp] as string;
    const sign = (key: string) => `sha256=${createHmac('sha256', key).update(`${timestamp}.${got.body}`).digest('hex')}`;
    expect(got.headers[WEBHOOK_HEADERS.signature]).toBe(sign(rotated.body.secret));
    expect(got.headers[WEBHOOK_HEADERS.signature]).not.toBe(sign(secret));
    secret = rotated.body.secret;
  });

  it('tells the service of its financial reports’ changes too (crf.etat_modifie)', async () => {
    const dossier = await createDossier(t, asso, scheme, [agent.serviceId], { etat: '9' });
    const [crf] = await t.db.$queryRaw<{ id: string }[]>`
      INSERT INTO crfs (id, dossier_id, association_id, service_id, exercice, etat, updated_at)
      VALUES (gen_random_uuid(), ${dossier.id}::uuid, ${asso.id}::uuid, ${agent.serviceId}::uuid, 2026, '4', now()) RETURNING id::text AS id`;
    const fired = await t.http().post(`/api/lca-server/demande/dossiers/${dossier.id}/crf/${crf!.id}/events`).set(TOKEN_HEADER, agent.token).send({ event: 'receptionner' });
    expect(fired.status, JSON.stringify(fired.body)).toBe(200);
    const got = await until('the report’s event', async () => received.find((r) => r.body.includes(crf!.id)));
    const event = JSON.parse(got.body);
    expect(event).toMatchObject({ type: 'crf.etat_modifie', data: { machine: 'crf', objet: crf!.id, dossier: dossier.id, service: agent.serviceId, evenement: 'receptionner', de: '4', vers: '5' } });
    const timestamp = got.headers[WEBHOOK_HEADERS.timestamp] as string;
    expect(got.headers[WEBHOOK_HEADERS.signature]).toBe(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${got.body}`).digest('hex')}`);
  });

  it('sends, once a worker runs, a delivery written before the job queue was installed (no job of its own)', async () => {
    // As an instance without a worker writes it while no worker ever installed the queue: the delivery alone.
    const history = await t.db.stateHistory.findFirstOrThrow({ where: { machine: 'dossier_instruction' }, orderBy: { createdAt: 'desc' } });
    const eventId = randomUUID();
    const body = JSON.stringify({ id: eventId, type: 'dossier_instruction.etat_modifie', date: history.createdAt.toISOString(), data: { machine: 'dossier_instruction', objet: history.objectId } });
    const orphan = await t.db.webhookDelivery.create({ data: { webhookId, eventId, event: 'dossier_instruction.etat_modifie', body } });
    expect(await t.db.$queryRaw<unknown[]>`SELECT 1 FROM graphile_worker.jobs WHERE key = ${`webhook:${orphan.id}`}`).toEqual([]);
    // The worker's start looks for such deliveries and gives each one its job.
    await t.app.services.webhooks.stop();
    await t.app.services.webhooks.startDelivery(t.config.databaseUrl!);
    const got = await until('the orphan delivery', async () => received.find((r) => r.headers[WEBHOOK_HEADERS.eventId] === eventId));
    expect(got.body).toBe(body);
    await until('the delivery marked sent', async () => (await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: orphan.id } })).status === 'SENT');
  });

  it('an instance without a worker writes the delivery with its job: the instance with one sends it', async () => {
    // The same database and signing key: the agent's token holds on both.
    const second = await startTestApp(
      { logLevel: 'fatal', jwtSecret: t.config.jwtSecret, webhooks: { delivery: false, timeoutMs: 2_000, retryMs: 300, maxRetryMs: 1_000, maxAttempts: 10 } },
      { databaseUrl: t.config.databaseUrl! },
    );
    try {
      const dossier = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'D' });
      const fired = await second.http().post(`/api/lca-server/demande/dossiers/${dossier.id}/instructions/${agent.serviceId}/events`).set(TOKEN_HEADER, agent.token).send({ event: 'ouvrir_instruction' });
      expect(fired.status, JSON.stringify(fired.body)).toBe(200);
      const got = await until('the event written by the other instance', async () => received.find((r) => r.body.includes(dossier.id)));
      expect(JSON.parse(got.body).data).toMatchObject({ dossier: dossier.id, evenement: 'ouvrir_instruction', vers: '2' });
    } finally {
      await second.close();
    }
  });

  it('a deleted webhook is told nothing more (audited)', async () => {
    const removed = await as(agent.token).del(`${base(agent.serviceId)}/${webhookId}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: WEBHOOK_MESSAGES.deleted });
    const audit = await t.db.auditEntry.findMany({ where: { associationId: agent.serviceId, entity: 'webhook_service' }, orderBy: { seq: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['creation', 'rotation_secret', 'suppression']);
    const before = await t.db.webhookDelivery.count();
    const dossier = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'D' });
    expect((await instructionCalls(t, agent.token).fire(dossier.id, agent.serviceId, { event: 'ouvrir_instruction' })).status).toBe(200);
    expect(await t.db.webhookDelivery.count()).toBe(before);
  });
});
