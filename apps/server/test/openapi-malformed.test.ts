// Property test over the published OpenAPI document (/api/docs/json): every operation receives its
// malformed families — wrong types, missing fields, NUL characters, unicode and lone surrogates, huge
// strings and numbers, deep nesting, bad ids, wrong content types, broken JSON and multipart — sent
// by a caller of a role the operation admits, and never answers a 5xx; every refusal has the
// catalogue's shape. Fixed seed and bounded runs: part of the normal test run.
import fc from 'fast-check';
import { ROLES, type Role } from '@portail/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssociation, linkUser } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

interface Parameter {
  name: string;
  in: 'path' | 'query';
}
interface Operation {
  method: string;
  path: string;
  roles: Role[] | 'public' | 'authenticated';
  parameters: Parameter[];
  /** Property names of the JSON body's schema, when the operation takes one. */
  bodyKeys: string[] | null;
  multipart: boolean;
}

let t: TestApp;
const operations: Operation[] = [];
const tokens = new Map<Role, string>();
beforeAll(async () => {
  t = await startTestApp({ logLevel: 'fatal' });
  const asso = await createAssociation(t);
  for (const role of ROLES) {
    const caller = await signIn(t, { roles: [role], ...(role === 'rds.user' ? { service: { nom: 'Service des propriétés' } } : {}) });
    if (role === 'lca.association') await linkUser(t, caller.account.id, asso);
    tokens.set(role, caller.token);
  }
  const document = (await t.http().get('/api/docs/json')).body as {
    paths: Record<string, Record<string, { description: string; security: unknown[]; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema?: { properties?: object } }> } }>>;
  };
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const roles = /Rôles : ([^.]+)\./.exec(op.description)?.[1];
      const json = op.requestBody?.content['application/json'];
      operations.push({
        method: method.toUpperCase(),
        path,
        roles: roles ? (roles.split(', ') as Role[]) : op.security.length === 0 ? 'public' : 'authenticated',
        parameters: op.parameters ?? [],
        bodyKeys: json ? Object.keys(json.schema?.properties ?? {}) : null,
        multipart: Boolean(op.requestBody?.content['multipart/form-data']),
      });
    }
  }
}, 120_000);
afterAll(() => t.close());

/** Texts no route should choke on. */
const nastyText = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\ud83d', '👍🏽', 'é\u0301', '\u202e', '%00', '%E0%A4%A', "'; DROP TABLE users; --", '../../etc/passwd', 'null', 'true', '-1', '1e400', 'NaN'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'é'.repeat(n)),
);
/** Values of any JSON type, and the extremes of each. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyText,
  fc.constantFrom(null, true, false, 0, -0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2, 2 ** 31, -(2 ** 63), [], {}, [null], { '': null }),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);
/** A path parameter: bad ids, unknown ids, encoded or raw oddities. */
const badId = fc.oneof(
  fc.uuid().map((id) => encodeURIComponent(id)),
  nastyText.filter((text) => text.length > 0).map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'))),
  fc.constantFrom('%00', '%E0%A4%A', '%ED%A0%80', 'a'.repeat(300), '00000000-0000-0000-0000-000000000000', '%2F..%2F', '-1', '1.5'),
);
const nestedText = (levels: number) => `{"a":${'['.repeat(levels)}1${']'.repeat(levels)}}`;

type Body = { contentType?: string; text?: string; json?: unknown };
const bodyFor = (keys: string[]): fc.Arbitrary<Body> =>
  fc.oneof(
    // Missing fields and wrong types of the whole body.
    nastyValue.map((json) => ({ json })),
    // The operation's own fields, each with a value of the wrong kind.
    fc.dictionary(fc.constantFrom(...(keys.length > 0 ? keys : ['x'])), nastyValue, { maxKeys: Math.max(1, keys.length) }).map((json) => ({ json })),
    fc.constantFrom<Body>(
      { text: nestedText(5_000), contentType: 'application/json' },
      { text: nestedText(40), contentType: 'application/json' },
      { text: '{"a":', contentType: 'application/json' },
      { text: '', contentType: 'application/json' },
      { text: '{"__proto__":{"x":1}}', contentType: 'application/json' },
      { text: '"\\u0000"', contentType: 'application/json' },
      { text: '{"a":"\\ud800"}', contentType: 'application/json' },
      { text: '<a/>', contentType: 'application/xml' },
      { text: 'a=1', contentType: 'application/x-www-form-urlencoded' },
      { text: 'texte', contentType: 'text/plain' },
      { text: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF', contentType: 'multipart/form-data' },
      { text: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF', contentType: 'multipart/form-data; boundary=x' },
      { text: '', contentType: `multipart/form-data; boundary=${'b'.repeat(300)}` },
      { text: '{}', contentType: 'application/json; charset=latin1' },
    ),
  );

function send(op: Operation, token: string | undefined, path: string, query: Record<string, string>, body: Body | null) {
  const method = op.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let request = t.http()[method](path).query(query);
  if (token) request = request.set(TOKEN_HEADER, token);
  if (!body) return request;
  request = request.set('content-type', body.contentType ?? 'application/json');
  return request.send(body.text ?? JSON.stringify(body.json) ?? 'null');
}

describe('every operation of the published document, sent malformed input', () => {
  it('never answers a 5xx, and answers each refusal in the catalogue shape', async () => {
    expect(operations.length).toBeGreaterThan(100);
    // Food aid's ten calls are among them (sites, addresses, sites with their address, members).
    expect(operations.filter((op) => op.path.includes('/association/haa/')).map((op) => `${op.method} ${op.path.replace(/^.*\/haa\//, '')}`).sort()).toEqual([
      'DELETE adresse', 'DELETE sites', 'GET adresse', 'GET membres', 'GET sites', 'PATCH adresse', 'PATCH sites', 'POST adresse', 'POST sites', 'POST sites_adresses',
    ]);
    const failures: string[] = [];
    for (const [index, op] of operations.entries()) {
      const token = op.roles === 'public' ? undefined : op.roles === 'authenticated' ? tokens.get('lca.association') : tokens.get(op.roles[0]!);
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      const queryNames = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      const call = fc.record({
        params: fc.tuple(...pathParams.map(() => badId)),
        query: fc.dictionary(fc.constantFrom(...queryNames, 'inconnu', 'a[b]'), nastyText.map((v) => v.replace(/[\ud800-\udfff]/g, '\u0000')), { maxKeys: 3 }),
        body: op.bodyKeys || op.multipart || op.method !== 'GET' ? bodyFor(op.bodyKeys ?? []).map((b): Body | null => b) : fc.constant(null),
      });
      await fc.assert(
        fc.asyncProperty(call, async ({ params, query, body }) => {
          let i = 0;
          const path = op.path.replace(/\{[^}]+\}/g, () => params[i++] as string);
          const response = await send(op, token, path, query, body);
          if (response.status >= 500 || (response.status >= 400 && typeof response.body?.code !== 'string')) {
            failures.push(`${op.method} ${op.path} ${response.status} ${JSON.stringify({ path, query, body }).slice(0, 300)} → ${response.text.slice(0, 200)}`);
          }
        }),
        { seed: 15 + index, numRuns: 6, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
