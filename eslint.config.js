// @ts-check
// One lint config for the whole workspace; packages run `eslint src test` against it.
// typescript-eslint's recommended rules without type information, so a full lint stays fast on
// 2 cores; `pnpm typecheck` is where types are checked.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    // Run-time data (DATA_DIR defaults to ./data of where a service runs), not frontends' src/data/.
    'data/',
    '*/*/data/',
    '**/.data/',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    '**/artifacts/',
    '**/.mf/',
    // schemathesis' own Python environment (fuzz/README.md), installed on first use
    'fuzz/.venv/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Node built-ins, then packages (ours included), then this package's own files.
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          'newlines-between': 'always-and-inside-groups',
        },
      ],
      'import-x/first': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Kysely's own advice: migrations run on Kysely<any> and import nothing from the app.
    files: ['**/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['frontends/**/src/**', 'packages/ui/**', 'packages/api-client/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The browser builds strip the contracts' schemas (frontends/build-kit/src/browser-contracts.ts,
      // docs/adr/0017): a schema is an empty object there, so browser code takes TypeBox's types only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@sinclair/typebox',
              allowTypeImports: true,
              message: 'Browser code gets no schemas (docs/adr/0017): import types only.',
            },
          ],
        },
      ],
      // Real-time events are read typed, through the hub's `on(name, handler)` or the contracts'
      // `dataOf` (issue 31): a cast of an event's data would let a changed payload pass the typecheck.
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > MemberExpression.expression[property.name='data'][object.name=/^(e|event|ev)$/]",
          message: 'Read real-time event data with realtime.on(name, handler) or dataOf(event, def), not a cast.',
        },
        {
          selector:
            "TSAsExpression > LogicalExpression.expression > MemberExpression.left[property.name='data'][object.name=/^(e|event|ev)$/]",
          message: 'Read real-time event data with realtime.on(name, handler) or dataOf(event, def), not a cast.',
        },
      ],
    },
  },
]);
