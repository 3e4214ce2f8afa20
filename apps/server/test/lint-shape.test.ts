// The lint rules that hold the code's shape (eslint.config.js, docs/architecture.md) fire where they
// should and stay quiet where the shape allows the import. The workspace's own config is run through
// ESLint's Node API on small files written under a temporary folder that mirrors the repository's
// layout (the cycle rule reads the files it follows from disk).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const PRISMA = 'Prisma is imported only by repositories';
const MODULE_INTERNAL = 'reaches inside the module';
const FEATURE_INTERNAL = 'reaches inside the feature';
const CYCLE = 'Dependency cycle detected';
const DB_LAYER = 'is outside what apps/server/src/db may import';
const TYPE_CYCLE = 'Import cycle, type imports counted';

let root: string;
let eslint: ESLint;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lint-shape-'));
  const config = (await import(path.join(repoRoot, 'eslint.config.js'))).default as Linter.Config[];
  // The workspace's config as it is, with the temporary folder as its base path.
  eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Writes files (paths relative to the mirrored repository) before any is linted: the cycle rule
 * resolves imports once and keeps the answer. */
async function write(files: Record<string, string>) {
  for (const [file, code] of Object.entries(files)) {
    const filePath = path.join(root, file);
    await mkdir(path.dirname(filePath), { recursive: true });
    await writeFile(filePath, code);
  }
}

/** Writes `code` at `file` and returns the messages ESLint gives it. */
async function lint(file: string, code: string): Promise<string[]> {
  const filePath = path.join(root, file);
  await write({ [file]: code });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const hasMessage = (messages: string[], text: string) => messages.some((m) => m.includes(text));

describe('no Prisma import outside repositories, apps/server/src/db and apps/server/src/seed', () => {
  it.each([
    ['apps/server/src/modules/things/service.ts', "import { type Database } from '../../db/prisma.ts';"],
    ['apps/server/src/modules/things/service.ts', "import type { Prisma } from '../../generated/prisma/client.ts';"],
    ['apps/server/src/modules/things/widgets/service.ts', "import { Prisma } from '@prisma/client';"],
    ['apps/server/src/modules/things/policy.ts', "export { Prisma } from '../../db/prisma.ts';"],
    ['apps/server/src/http/limits.ts', "import { createDatabase } from '../db/prisma.ts';"],
  ])('fails in %s: %s', async (file, code) => {
    expect(hasMessage(await lint(file, `${code}\n`), PRISMA)).toBe(true);
  });

  it.each([
    ['apps/server/src/modules/things/repository.ts', "import type { Database } from '../../db/prisma.ts';"],
    [
      'apps/server/src/modules/things/widgets/repository.ts',
      "import type { Prisma } from '../../../generated/prisma/client.ts';",
    ],
    ['apps/server/src/modules/things/things.repository.ts', "import type { Database } from '../../db/prisma.ts';"],
    ['apps/server/src/db/read-things.ts', "import type { Database } from './prisma.ts';"],
    // Seeding writes its fixed rows in bulk; audit-verify.ts hands the client to the audit repository.
    ['apps/server/src/seed/demo-things.ts', "import type { Database } from '../db/prisma.ts';"],
    ['apps/server/src/seed/registry/loader.ts', "import { Prisma } from '../../db/prisma.ts';"],
    ['apps/server/src/audit-verify.ts', "import { createDatabase } from './db/prisma.ts';"],
    ['apps/server/src/app.ts', "import { createDatabase } from './db/prisma.ts';"],
    // A service names the transaction through db/transaction.ts, which hides Prisma.
    ['apps/server/src/modules/things/service.ts', "import type { DbTransaction } from '../../db/transaction.ts';"],
  ])('is allowed in %s: %s', async (file, code) => {
    expect(hasMessage(await lint(file, `${code}\n`), PRISMA)).toBe(false);
  });
});

describe('the database folder imports no module (seeding and tools live above the modules)', () => {
  it.each([
    ['apps/server/src/db/demo-things.ts', "import { hashPassword } from '../modules/auth/index.ts';"],
    ['apps/server/src/db/registry/generator.ts', "import { searchableName } from '../../modules/proxy-asso/index.ts';"],
    // A type, a re-export or a lazy import is still a dependency of the floor on what stands on it.
    ['apps/server/src/db/demo-things.ts', "import type { FileStorage } from '../storage/index.ts';"],
    ['apps/server/src/db/demo-things.ts', "export { REFERENTIEL_SOURCES } from '../seed/referentiel-data/index.ts';"],
    ['apps/server/src/db/verify.ts', "export const load = () => import('../modules/audit/index.ts');"],
    ['apps/server/src/db/limits.ts', "import { x } from '../http/limits.ts';"],
    ['apps/server/src/db/wiring.ts', "import type { AppServices } from '../services.ts';"],
  ])('fails in %s: %s', async (file, code) => {
    expect(hasMessage(await lint(file, `${code}\nexport const _ = 1;\n`), DB_LAYER)).toBe(true);
  });

  it.each([
    ['apps/server/src/db/rate-limit-counters.ts', "import { Prisma, type Database } from './prisma.ts';"],
    ['apps/server/src/db/prisma.ts', "import { PrismaClient } from '../generated/prisma/client.ts';"],
    ['apps/server/src/db/migrate.ts', "import { REPO_ROOT } from '../config.ts';"],
    ['apps/server/src/db/database-url.ts', "export const load = () => import('./embedded-postgres.ts');"],
    ['apps/server/src/db/migrate.ts', "import pg from 'pg';"],
    // Above the floor, seeding uses the modules and the database alike.
    ['apps/server/src/seed/demo-things.ts', "import { hashPassword } from '../modules/auth/index.ts';"],
    ['apps/server/src/seed/demo-things.ts', "import type { Database } from '../db/prisma.ts';"],
  ])('is allowed in %s: %s', async (file, code) => {
    expect(hasMessage(await lint(file, `${code}\nexport const _ = 1;\n`), DB_LAYER)).toBe(false);
  });
});

describe('a server module is used only through its index.ts', () => {
  it.each([
    ['apps/server/src/modules/things/service.ts', "import { x } from '../mail/service.ts';"],
    ['apps/server/src/modules/things/widgets/service.ts', "import { x } from '../../mail/outbox/repository.ts';"],
    ['apps/server/src/modules/things/index.ts', "export * from '../mail/policy.ts';"],
    ['apps/server/src/modules/things/routes.ts', "export const load = () => import('../mail/service.ts');"],
    // The wiring and the shared layers too.
    ['apps/server/src/services.ts', "import { x } from './modules/mail/outbox/service.ts';"],
    ['apps/server/src/http/openapi.ts', "import { x } from '../modules/mail/routes.ts';"],
  ])('fails in %s: %s', async (file, code) => {
    expect(hasMessage(await lint(file, `${code}\nexport const _ = 1;\n`), MODULE_INTERNAL)).toBe(true);
  });

  it.each([
    ['apps/server/src/modules/things/service.ts', "import { x } from '../mail/index.ts';"],
    ['apps/server/src/modules/things/widgets/service.ts', "import { x } from '../../mail/index.ts';"],
    // Inside one module, its own files and aggregates are free to each other.
    ['apps/server/src/modules/things/widgets/service.ts', "import { x } from '../policy.ts';"],
    // Shared layers outside modules/ are not modules.
    ['apps/server/src/modules/things/routes.ts', "import { x } from '../../http/contract-routes.ts';"],
    ['apps/server/src/app.ts', "import { x } from './modules/mail/index.ts';"],
  ])('is allowed in %s: %s', async (file, code) => {
    expect(hasMessage(await lint(file, `${code}\nexport const _ = x;\n`), MODULE_INTERNAL)).toBe(false);
  });
});

describe('a client feature uses another feature only through its index.ts', () => {
  it('fails on a file inside another feature', async () => {
    const messages = await lint(
      'apps/web/src/features/account/profile-page.tsx',
      "import { LoginPage } from '../auth/login-page.tsx';\nexport const _ = LoginPage;\n",
    );
    expect(hasMessage(messages, FEATURE_INTERNAL)).toBe(true);
  });

  it.each([
    ['apps/web/src/features/account/profile-page.tsx', "import { x } from '../auth/index.ts';"],
    ['apps/web/src/features/account/profile-page.tsx', "import { x } from '../../lib/api/index.ts';"],
    // The router loads each page lazily from its file: apps/web/src/app is not a feature.
    ['apps/web/src/app/router.tsx', "export const x = () => import('../features/auth/login-page.tsx');"],
  ])('is allowed in %s: %s', async (file, code) => {
    const body = code.startsWith('import') ? `${code}\nexport const _ = x;\n` : `${code}\n`;
    expect(hasMessage(await lint(file, body), FEATURE_INTERNAL)).toBe(false);
  });
});

describe('no import cycle', () => {
  const a = "import { b } from './b.ts';\nexport const a = () => b;\n";
  const b = "import { a } from './a.ts';\nexport const b = () => a;\n";

  it('fails when two server files import each other', async () => {
    await write({ 'apps/server/src/modules/loop/a.ts': a, 'apps/server/src/modules/loop/b.ts': b });
    expect(hasMessage(await lint('apps/server/src/modules/loop/a.ts', a), CYCLE)).toBe(true);
  });

  it('fails on a cycle between client files', async () => {
    await write({ 'apps/web/src/lib/loop/a.ts': a, 'apps/web/src/lib/loop/b.ts': b });
    expect(hasMessage(await lint('apps/web/src/lib/loop/a.ts', a), CYCLE)).toBe(true);
  });

  it('allows a one-way import, and in the client a type-only import back (gone at run time)', async () => {
    const files = {
      'apps/server/src/modules/line/c.ts': 'export const c = 1;\n',
      'apps/server/src/modules/line/d.ts': "import { c } from './c.ts';\nexport const d = c;\n",
      'apps/web/src/lib/line/e.ts': "import type { F } from './f.ts';\nexport const e = (f: F) => f;\n",
      'apps/web/src/lib/line/f.ts': "import { e } from './e.ts';\nexport type F = 1;\nexport const f = e;\n",
    };
    await write(files);
    for (const [file, code] of Object.entries(files)) {
      const messages = await lint(file, code);
      expect(hasMessage(messages, CYCLE) || hasMessage(messages, TYPE_CYCLE)).toBe(false);
    }
  });
});

describe('no import cycle in the server, type imports counted', () => {
  // A module's routes typed by the whole services type of services.ts, which imports every module.
  const services = "import { thingRoutes } from './modules/things/index.ts';\nexport const createServices = () => ({ things: 1, thingRoutes });\nexport type AppServices = ReturnType<typeof createServices>;\n";
  const index = "export { thingRoutes } from './routes.ts';\n";

  it('fails on routes that name the services type of services.ts', async () => {
    const routes = "import type { AppServices } from '../../services.ts';\nexport function thingRoutes({ things }: AppServices) {\n  return things;\n}\n";
    await write({
      'apps/server/src/services.ts': services,
      'apps/server/src/modules/things/index.ts': index,
      'apps/server/src/modules/things/routes.ts': routes,
    });
    const messages = await lint('apps/server/src/modules/things/routes.ts', routes);
    expect(hasMessage(messages, TYPE_CYCLE)).toBe(true);
    expect(messages.find((m) => m.includes(TYPE_CYCLE))).toContain('modules/things/routes.ts → services.ts → modules/things/index.ts → modules/things/routes.ts');
    // import-x alone lets it through: the import back is a type.
    expect(hasMessage(messages, CYCLE)).toBe(false);
  });

  it.each([
    ['a type import back', "import type { H } from './h.ts';\nexport const g = (h: H) => h;\n", "import { g } from './g.ts';\nexport type H = 1;\nexport const h = g;\n"],
    ['a type re-export back', "export type { H } from './h.ts';\nexport const g = 1;\n", "import { g } from './g.ts';\nexport type H = typeof g;\n"],
    ['a lazy import back', "export const g = () => import('./h.ts');\n", "import type { g } from './g.ts';\nexport type H = typeof g;\n"],
  ])('fails on %s between two server files', async (_case, g, h) => {
    const dir = `apps/server/src/modules/circle-${_case.replaceAll(' ', '-')}`;
    await write({ [`${dir}/g.ts`]: g, [`${dir}/h.ts`]: h });
    expect(hasMessage(await lint(`${dir}/g.ts`, g), TYPE_CYCLE)).toBe(true);
  });

  it('allows routes that declare the services they call, from their own module', async () => {
    const service = 'export function createThingService() {\n  return { count: () => 1 };\n}\nexport type ThingService = ReturnType<typeof createThingService>;\n';
    const routes = "import type { ThingService } from './service.ts';\nexport interface ThingRouteServices {\n  things: ThingService;\n}\nexport function thingRoutes({ things }: ThingRouteServices) {\n  return things.count();\n}\n";
    const files = {
      'apps/server/src/wired.ts': services.replaceAll('things/', 'tidy/'),
      'apps/server/src/modules/tidy/index.ts': `${index}export { createThingService, type ThingService } from './service.ts';\n`,
      'apps/server/src/modules/tidy/service.ts': service,
      'apps/server/src/modules/tidy/routes.ts': routes,
    };
    await write(files);
    for (const [file, code] of Object.entries(files)) expect(hasMessage(await lint(file, code), TYPE_CYCLE)).toBe(false);
  });
});
