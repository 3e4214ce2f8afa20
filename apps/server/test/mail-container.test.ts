// TESTCONTAINERS=1: mail delivery to the Mailpit of compose, in a container (the other mail tests
// use an in-process SMTP server). Without a Docker engine the test says so and checks nothing else.
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { startMailpitContainer, type MailpitContainer } from './support/testcontainers.ts';

interface MailpitList {
  messages: { To: { Address: string }[]; Subject: string }[];
}

describe.runIf(process.env.TESTCONTAINERS === '1')('TESTCONTAINERS=1: delivery to Mailpit', () => {
  let mailpit: MailpitContainer | undefined;
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    await mailpit?.stop();
  });

  it('delivers the assistance mail to the Mailpit of compose, or says no Docker engine answers', async () => {
    const result = await startMailpitContainer();
    if ('unavailable' in result) {
      console.warn(`mail-container : ${result.unavailable} ; test de distribution par Mailpit non joué.`);
      expect(result.unavailable).toMatch(/^aucun moteur Docker ne répond/);
      return;
    }
    mailpit = result.started;
    t = await startTestApp({ smtpUrl: mailpit.smtpUrl });
    const response = await t
      .http()
      .post('/api/mail-server/notification/sendEmail')
      .send({ to: t.config.supportEmail, subject: 'Question par Mailpit', body: 'Bonjour,\nune question.' });
    expect(response.status).toBe(201);

    let caught: MailpitList['messages'] = [];
    for (let tries = 0; tries < 50 && caught.length === 0; tries += 1) {
      caught = ((await (await fetch(`${mailpit.apiUrl}/api/v1/messages`)).json()) as MailpitList).messages;
      if (caught.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(caught).toHaveLength(1);
    expect(caught[0]!.Subject).toContain('Question par Mailpit');
    expect(caught[0]!.To.map((to) => to.Address)).toEqual([t.config.supportEmail]);
  }, 180_000);
});
