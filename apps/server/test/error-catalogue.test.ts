// The error catalogue holds: each route answers only the errors its contract entry declares (checked
// on every answer of every test file by the test app, proved here on a route that breaks the rule),
// a rate-limited route declares its 429, and the catalogue's entries are consistent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes, declaredErrors, declaresError, defineRoute, ERROR_CODES, errorBody, errorCodeOf, type ErrorKey, ERRORS, MEMBERSHIP_MESSAGES, MESSAGES, messageSchema, SUBSIDY_ERRORS_AWAITING_ROUTES, TRANSITION_ERRORS } from '@portail/contract';
import { registerRoute } from '../src/http/contract-routes.ts';
import { appError, undeclaredErrors } from '../src/http/errors.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const probe = defineRoute({
  method: 'POST', gateway: 'lca-server', path: '/test/catalogue-probe', access: 'public',
  summary: 'Test only', errors: ['NOT_FOUND'], body: z.object({ key: z.string() }), response: z.object({}),
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, {
    extend: (app) => registerRoute(app, probe, async ({ body }) => {
      throw appError(body.key as 'NOT_FOUND');
    }),
  });
});
afterAll(() => t.close());

describe('declared errors, over HTTP', () => {
  it('records nothing for an error the route declares (its own, or one of its kind)', async () => {
    const own = await t.http().post('/api/lca-server/test/catalogue-probe').send({ key: 'NOT_FOUND' });
    expect(own.body).toEqual({ message: MESSAGES.http404, status: 404, code: 'NOT_FOUND' });
    const invalid = await t.http().post('/api/lca-server/test/catalogue-probe').send({});
    expect(invalid.body.code).toBe('VALIDATION_ERROR');
    expect(undeclaredErrors).toEqual([]);
  });

  it('records an error the route does not declare, which fails the test file at close', async () => {
    const response = await t.http().post('/api/lca-server/test/catalogue-probe').send({ key: 'EMAIL_TAKEN' });
    expect(response.body).toEqual({ message: MESSAGES.emailAlreadyLinked, status: 409, code: 'EMAIL_TAKEN' });
    expect(undeclaredErrors.splice(0)).toEqual(['409 EMAIL_TAKEN POST lca-server/test/catalogue-probe']);
  });

  it('refuses to register a rate-limited route that does not declare its 429', () => {
    expect(() => registerRoute(t.app, { ...probe, path: '/test/limited' }, async () => ({}), { rateLimit: { name: 'register' } })).toThrow(
      /TOO_MANY_REQUESTS/,
    );
  });
});

describe('the catalogue', () => {
  const keys = Object.keys(ERRORS) as ErrorKey[];

  it('names each wire code once as a key; an entry with another code differs from it in status or text', () => {
    for (const key of keys) {
      const code = errorCodeOf(key);
      expect(keys, key).toContain(code);
      if (code !== key) {
        const same = ERRORS[code as ErrorKey];
        expect(same.status !== ERRORS[key].status || same.message !== ERRORS[key].message, key).toBe(true);
      }
    }
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('gives parametrised messages an example and answers the entry’s field', () => {
    for (const key of keys) {
      const entry = ERRORS[key] as { message: unknown; example?: object };
      if (typeof entry.message === 'function') expect(entry.example, key).toBeDefined();
    }
    expect(errorBody('SAME_PASSWORD')).toEqual({
      message: MESSAGES.samePassword, status: 400, code: 'SAME_PASSWORD', fields: { new_password: MESSAGES.samePassword },
    });
    expect(errorBody('JOINS_LIMIT', { max: 3 })).toEqual({ message: MEMBERSHIP_MESSAGES.joinsPerDayReached(3), status: 429, code: 'JOINS_LIMIT' });
  });

  it('is used: every entry is declared by some route, or by the routes that fire state-machine events', () => {
    const declared = new Set(allRoutes().flatMap((route) => declaredErrors(route)));
    // The dossier routes fire state-machine events (delete, transmit); the remaining subsidy entries wait for their routes.
    expect(keys.filter((key) => !declared.has(key))).toEqual([...SUBSIDY_ERRORS_AWAITING_ROUTES]);
  });

  it('makes a route that fires a state-machine event declare the refused-transition errors', () => {
    const route = defineRoute({
      method: 'POST', gateway: 'lca-server', path: '/demande/dossiers/:id/transmettre', access: 'authenticated',
      summary: 'exemple', response: messageSchema, firesTransition: true,
    });
    for (const key of TRANSITION_ERRORS) expect(declaredErrors(route)).toContain(key);
    expect(declaresError(route, 409, 'TRANSITION_WRONG_STATE')).toBe(true);
    expect(declaresError({ ...route, firesTransition: false }, 409, 'TRANSITION_WRONG_STATE')).toBe(false);
  });
});
