import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import moduleBoundaries from './scripts/eslint/module-boundaries.js';
import webSections from './scripts/eslint/web-sections.js';

// Production files that may not touch the database: HTTP routes and MCP tools are thin transports
// (validate, build ctx, call a verb, present); a row type may still be imported as a type.
const transports = ['src/modules/**/routes.ts', 'src/modules/mcp/tools/**'];
const envMessage = 'Read configuration through src/config (the only module that reads process.env).';
// process.env read, destructured, or imported from node:process.
const noProcessEnv = [
  "MemberExpression[object.name='process'][property.name='env']",
  "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']",
  "ImportDeclaration[source.value=/^(node:)?process$/] > ImportSpecifier[imported.name='env']",
].map((selector) => ({ selector, message: envMessage }));
const noTransaction = {
  selector: "CallExpression[callee.property.name='transaction']",
  message:
    'Open a transaction with inTransaction(ctx, (ctx) => ...) from src/platform/db/in-transaction.ts: it joins the one ctx is already in.',
};
const dbMessage = 'A transport calls verbs; the database is reached only inside them.';
const tests = ['**/*.test.ts', '**/*.fixtures.ts', 'src/test/**'];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'data',
      'dist',
      '.dist-*',
      'drizzle',
      'coverage',
      'web/dist',
      '.bench-tmp',
      '.bench-cache',
      '.ci-out',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', ...noProcessEnv, noTransaction],
    },
  },
  {
    // Modules meet at their faces, on layers (scripts/eslint/module-boundaries.js), and no file
    // of src/ takes part in an import cycle, type imports included.
    files: ['src/**/*.ts'],
    ignores: tests,
    plugins: { ctxhub: moduleBoundaries, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver': { node: { extensions: ['.ts'] } },
    },
    rules: {
      'ctxhub/module-faces': 'error',
      'ctxhub/layers': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  {
    // drizzle-kit's list of every module's tables reaches into each module on purpose.
    files: ['src/schema.ts'],
    rules: { 'ctxhub/module-faces': 'off' },
  },
  {
    files: transports,
    ignores: tests,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['drizzle-orm', 'pg', '@electric-sql/pglite'].map((name) => ({
            name,
            message: dbMessage,
            allowTypeImports: true,
          })),
          patterns: [
            {
              group: ['drizzle-orm/*', '@electric-sql/pglite/*', '**/platform/db/*', '**/platform/db/**'],
              message: dbMessage,
              allowTypeImports: true,
            },
            {
              group: ['**/table.ts'],
              message: "A transport calls verbs; a module's tables are reached only inside them.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The database layer is where transactions are opened (inTransaction, the PGlite client).
    files: ['src/platform/db/**'],
    rules: { 'no-restricted-syntax': ['error', ...noProcessEnv] },
  },
  {
    files: [
      'src/config/**',
      'src/test/**',
      'bench/**',
      'scripts/**',
      'vitest.config.ts',
      'drizzle.config.ts',
      '**/*.test.ts',
      'web/e2e/**',
    ],
    rules: { 'no-restricted-syntax': ['error', noTransaction] },
  },
  {
    // The Admin UI: React's rules of hooks, and the server reached only through HTTP. Its code may
    // import the server's zod schemas as types (the API's answer shapes), never anything that runs.
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/e2e/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**'],
              message: 'The UI takes only types from the server (import type): it calls the /v1 API.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The Admin UI's layers (scripts/eslint/web-sections.js): a section imports no other
    // section's files, ui/ and api/ import no section, and only api/ calls the API.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'ctxhub-web': webSections },
    rules: { 'ctxhub-web/sections': 'error', 'ctxhub-web/api-calls': 'error' },
  },
);
