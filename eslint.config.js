import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through src/config (the only module that reads process.env).',
};
const noTransaction = {
  selector: "CallExpression[callee.property.name='transaction']",
  message:
    'Open a transaction with inTransaction(ctx, (ctx) => ...) from src/platform/db/in-transaction.ts: it joins the one ctx is already in.',
};

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
      'no-restricted-syntax': ['error', noProcessEnv, noTransaction],
    },
  },
  {
    // The database layer is where transactions are opened (inTransaction, the PGlite client).
    files: ['src/platform/db/**'],
    rules: { 'no-restricted-syntax': ['error', noProcessEnv] },
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
    ],
    rules: { 'no-restricted-syntax': ['error', noTransaction] },
  },
);
