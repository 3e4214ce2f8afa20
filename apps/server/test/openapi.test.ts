// The API documentation served at /api/docs is generated from the contract: every route is there,
// with the access token required exactly on non-public routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, API_BASE } from '@portail/contract';
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
});
