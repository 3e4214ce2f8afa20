// Shared by the access tests of the association file (association-access*.test.ts): two
// associations with their members, and the calls of /api/proxy-asso/association/* made as one of them.
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { MESSAGES } from '@portail/contract';
import { createAssociation, linkUser, type AssociationOptions } from './association-factory.ts';
import { signIn } from './factories.ts';
import { TOKEN_HEADER } from './http-helpers.ts';
import type { TestApp } from './test-app.ts';

export type Caller = Awaited<ReturnType<typeof signIn>>;
export type Method = 'get' | 'post' | 'patch' | 'delete';
/** A call: what it does (for the failure message), method, path below /association ('' for the file itself), query, body. */
export type Call = [string, Method, string, Record<string, string>, object?];

export const NOT_FOUND = { message: MESSAGES.http404, status: 404, code: 'NOT_FOUND' };
export const FORBIDDEN = { message: MESSAGES.forbidden, status: 403, code: 'FORBIDDEN' };

/** A change list of one key. */
export const change = (key: string, value: unknown) => [{ key, value }];

/**
 * Association A (built with `optionsA`) with a member at its head office (headA) and one at its
 * first secondary establishment (secA); association B with a member at its head office (headB).
 */
export async function twoAssociations(t: TestApp, optionsA: AssociationOptions) {
  const a = await createAssociation(t, optionsA);
  const b = await createAssociation(t);
  const [headA, secA, headB] = [await signIn(t), await signIn(t), await signIn(t)];
  await linkUser(t, headA.account.id, a);
  await linkUser(t, secA.account.id, a, a.secondaires[0]);
  await linkUser(t, headB.account.id, b);
  return { a, b, headA, secA, headB };
}

const base = '/api/proxy-asso/association';

/**
 * `send(caller, method, type, query, body?)`: a call of the association file on the app `app()`
 * (started in beforeAll) as `caller`, a signed-in user or a bare access token.
 */
export function associationSender(app: () => TestApp) {
  return (caller: Caller | string, method: Method, type: string, query: Record<string, string>, body?: object) => {
    const token = typeof caller === 'string' ? caller : caller.token;
    const request = app().http()[method](type ? `${base}/${type}` : base).query(query).set(TOKEN_HEADER, token);
    return body === undefined ? request : request.send(body);
  };
}

export function expectNotFound(response: Response, what: string) {
  expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(404);
  expect(response.body).toEqual(NOT_FOUND);
}
