// The API documentation served at /api/docs is generated from the contract: every route is there,
// with the access token required exactly on non-public routes and its errors listed per status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, API_BASE, declaredErrors, errorCodeOf, ERRORS, MESSAGES, type RouteDefinition } from '@portail/contract';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/docs/json', () => {
  it('documents every route of the contract with its access', async () => {
    const response = await t.http().get('/api/docs/json');
    expect(response.status).toBe(200);
    const document = response.body as {
      openapi: string;
      paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.components.securitySchemes.accessToken).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'x-access-token',
    });

    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = allRoutes().map(
      (route) => `${route.method} ${API_BASE}/${route.gateway}${route.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`,
    );
    expect(documented.sort()).toEqual(expected.sort());

    for (const route of allRoutes()) {
      const operation =
        document.paths[`${API_BASE}/${route.gateway}${route.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`]![
          route.method.toLowerCase()
        ]!;
      expect(operation.security, `${route.method} ${route.path}`).toEqual(
        route.access === 'public' ? [] : [{ accessToken: [] }],
      );
      expect(Object.keys(operation.responses)).toContain(String(route.successStatus ?? 200));
    }
  });

  it('lists each route’s errors per status, the codes enumerated and their French messages described', async () => {
    const document = (await t.http().get('/api/docs/json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, ErrorResponse> }>>;
    };
    const operationOf = (route: RouteDefinition) =>
      document.paths[`${API_BASE}/${route.gateway}${route.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`]![route.method.toLowerCase()]!;
    for (const route of allRoutes()) {
      const { responses } = operationOf(route);
      const name = `${route.method} ${route.gateway}${route.path}`;
      expect(Object.keys(responses).filter((status) => !/^\d{3}$/.test(status)), name).toEqual([]);
      const expected = new Map<string, Set<string>>();
      for (const key of declaredErrors(route)) {
        const status = String(ERRORS[key].status);
        expected.set(status, (expected.get(status) ?? new Set()).add(errorCodeOf(key)));
      }
      for (const [status, codes] of expected) {
        const schema = responses[status]!.content['application/json'].schema;
        expect(new Set(schema.properties.code.enum), `${name} ${status}`).toEqual(codes);
        expect(schema.properties.status.enum).toEqual([Number(status)]);
        for (const code of codes) expect(responses[status]!.description).toContain(`${code} : `);
      }
      expect(responses['500']!.description).toContain(MESSAGES.serverError);
    }
  });

  it('documents the access errors on an authenticated route and a route’s own errors with their text', async () => {
    const document = (await t.http().get('/api/docs/json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, ErrorResponse> }>>;
    };
    const register = document.paths[`${API_BASE}/auth-server/register`]!.post!.responses;
    expect(register['409']!.content['application/json'].schema.properties.code.enum).toEqual(['EMAIL_TAKEN']);
    expect(register['409']!.description).toBe(`EMAIL_TAKEN : ${MESSAGES.emailAlreadyLinked}`);
    expect(register['429']!.content['application/json'].schema.properties.code.enum).toEqual(['TOO_MANY_REQUESTS']);
    expect(register['401']).toBeUndefined();

    // PATCH users/:id: an authenticated route with no exemption from the entry checks.
    const updateUser = document.paths[`${API_BASE}/auth-server/users/{id}`]!.patch!.responses;
    expect(updateUser['401']!.content['application/json'].schema.properties.code.enum).toEqual(
      expect.arrayContaining(['UNAUTHENTICATED', 'INVALID_TOKEN', 'TOKEN_EXPIRED', 'SESSION_REVOKED']),
    );
    expect(updateUser['403']!.content['application/json'].schema.properties.code.enum).toEqual(
      expect.arrayContaining(['FORBIDDEN', 'USER_LOCKED', 'EMAIL_NOT_VALIDATED', 'PASSWORD_CHANGE_REQUIRED']),
    );
    expect(updateUser['403']!.description).toContain(`EMAIL_NOT_VALIDATED : ${MESSAGES.emailNotValidated}`);
  });
});

interface ErrorResponse {
  description: string;
  content: { 'application/json': { schema: { properties: { code: { enum: string[] }; status: { enum: number[] } } } } };
}
