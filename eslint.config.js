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
  //    - apps/server/src/db/** (the client, migrations, seeds, the transaction helper);
  //    - app.ts, which creates the client from the configuration, and services.ts, which hands
  //      it to each module's repositories (the wiring: neither writes a query).
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: [
      `${SERVER}/**/repository.ts`,
      `${SERVER}/**/*.repository.ts`,
      `${SERVER}/db/**`,
      `${SERVER}/app.ts`,
      `${SERVER}/services.ts`,
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
  // 3. No import cycle in the server, the client or the contract (type-only imports excepted:
  //    they vanish at run time).
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
);
