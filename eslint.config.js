// One lint setup for the whole workspace. The last blocks hold the code's shape (see
// docs/architecture.md, « Les règles de lint qui tiennent la forme ») and are tested by
// apps/server/test/lint-shape.test.ts.
import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import shape from './eslint/module-boundaries.js';

const SERVER = 'apps/server/src';

/** Prisma (the client, its generated types, its packages) is imported only where queries are written. */
const PRISMA_IMPORT = {
  patterns: [
    {
      regex: '(^|/)(db/prisma(\\.ts)?|generated/prisma(/.*)?)$|^@prisma/',
      message:
        'Prisma is imported only by repositories (repository.ts, *.repository.ts) and apps/server/src/db: a service takes a repository, and a DbTransaction from db/transaction.ts when its writes must commit together.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/generated/**',
      '.data/**',
      '.test-artifacts/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },

  // ── The shape ────────────────────────────────────────────────────────────────────────────────
  // 1. No Prisma outside the repositories and the database folder. Allowed, and nothing else:
  //    - repositories: `repository.ts` (a module's or an aggregate's) and `*.repository.ts`;
  //    - apps/server/src/db/** (the client, migrations, the transaction helper, read helpers);
  //    - apps/server/src/seed/** (demo and reference data): it writes thousands of fixed rows in
  //      bulk before any request, with no rule to hold, so its inserts stay beside its data rather
  //      than adding bulk-insert functions to the modules' repositories that only the demo would use;
  //    - app.ts, which creates the client from the configuration, services.ts, which hands it to
  //      each module's repositories, and audit-verify.ts, which hands it to the audit module's (the
  //      wiring: none writes a query).
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: [
      `${SERVER}/**/repository.ts`,
      `${SERVER}/**/*.repository.ts`,
      `${SERVER}/db/**`,
      `${SERVER}/seed/**`,
      `${SERVER}/app.ts`,
      `${SERVER}/services.ts`,
      `${SERVER}/audit-verify.ts`,
    ],
    rules: { 'no-restricted-imports': ['error', PRISMA_IMPORT] },
  },
  // 2. A server module is used by other modules, and by app.ts, services.ts and http/, only through
  //    its index.ts; a client feature is used by other features only through its index.ts (the
  //    router in apps/web/src/app loads each page from its own file, lazily).
  {
    files: [`${SERVER}/**/*.ts`],
    plugins: { shape },
    rules: { 'shape/module-boundaries': ['error', { root: `${SERVER}/modules`, label: 'module', outside: true }] },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { shape },
    rules: { 'shape/module-boundaries': ['error', { root: 'apps/web/src/features', label: 'feature' }] },
  },
  // 3. The database folder is the floor the modules stand on: it imports only itself, the generated
  //    Prisma client and config.ts, never a module (nor seed/, http/ or the wiring above them). What
  //    needs both the database and the modules (seeding, audit-verify.ts) lives above the modules.
  {
    files: [`${SERVER}/db/**/*.ts`],
    plugins: { shape },
    rules: {
      'shape/layers': [
        'error',
        {
          layer: `${SERVER}/db`,
          mayImport: [`${SERVER}/db`, `${SERVER}/generated`, `${SERVER}/config.ts`],
          why: 'the modules use db/, never the reverse; code that needs both lives above the modules (src/seed, entry points)',
        },
      ],
    },
  },
  // 4. No import cycle in the server, the client or the contract (type-only imports excepted:
  //    they vanish at run time); in the server, not even through a type (5. below).
  {
    files: [`${SERVER}/**/*.ts`, 'apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, the plugin reads only .js files and sees no cycle through TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // 5. No import cycle in the server, type imports counted: a module's routes name the services they
  //    call (declared in the module), never the whole services type of services.ts, which imports
  //    every module; a type import back still ties the two files' checking and reading together.
  {
    files: [`${SERVER}/**/*.ts`],
    plugins: { shape },
    rules: { 'shape/no-cycle-with-types': ['error', { root: SERVER }] },
  },
);
