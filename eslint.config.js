import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Layer arrows of ARCHITECTURE.md, enforced: each layer lists what it may NOT import. */
const layer = (files, forbidden) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map((dir) => ({
          group: [`**/${dir}/*`, `**/${dir}`],
          message: `${files[0]} must not import ${dir}/ (ARCHITECTURE.md)`,
        })),
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['node_modules/', '.next/', '.data/', '.relay/', '.scratch/', 'test-results/', 'next-env.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', performance: 'readonly', URL: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Type-aware rules (floating promises, misused promises, unsafe any…) on the product's code; the tests assert on
  // loosely typed JSON on purpose and keep the syntactic set.
  ...tseslint.configs.recommendedTypeCheckedOnly.map((config) => ({
    ...config,
    files: ['{app,ui,server,chain,engine,devnet,scripts,contracts}/**/*.{ts,tsx}'],
  })),
  {
    files: ['{app,ui,server,chain,engine,devnet,scripts,contracts}/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    // An async function with nothing to await is harmless where a signature is async by contract (a queue's
    // job, a bench's preparation); floating and misused promises are what matter, and they stay errors.
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  { files: ['app/**/*.{ts,tsx}', 'ui/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  layer(['engine/**'], ['app', 'ui', 'server', 'chain', 'contracts', 'devnet', 'scripts', 'test']),
  {
    files: ['engine/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'engines are pure: draw from the seeded PRNG in the state' },
        { object: 'Date', property: 'now', message: 'engines are pure: no clock' },
      ],
    },
  },
  // The chain layer and the server read the time and set timers through the injected Clock only, so tests drive
  // their deadlines, retries and back-offs instead of waiting for them.
  {
    files: ['chain/**', 'server/**'],
    ignores: ['chain/clock.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'read the time from the injected Clock (chain/clock.ts)' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'set timers through the injected Clock (chain/clock.ts)' },
        { name: 'setInterval', message: 'set timers through the injected Clock (chain/clock.ts)' },
      ],
    },
  },
  layer(['devnet/**'], ['app', 'ui', 'server', 'chain', 'contracts', 'engine', 'scripts', 'test']),
  layer(['contracts/**'], ['app', 'ui', 'server', 'chain', 'engine', 'devnet', 'scripts', 'test']),
  layer(['chain/**'], ['app', 'ui', 'server', 'devnet', 'scripts', 'test']),
  layer(['server/**'], ['app', 'ui', 'devnet', 'scripts', 'test']),
  // The host calls the chain side, never the other way: they meet in server/move-policy.ts.
  layer(['server/chain/**'], ['app', 'ui', 'devnet', 'scripts', 'test', 'host']),
  layer(['app/**'], ['devnet', 'scripts', 'test']),
  layer(['ui/**'], ['app', 'devnet', 'scripts', 'test']),
  // The browser's code may know the server's shapes, never run its code (which would ship it to the browser).
  {
    files: ['ui/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/*', '**/server'],
              allowTypeImports: true,
              message: 'ui/ may import types only from server/ (ARCHITECTURE.md)',
            },
          ],
        },
      ],
    },
  },
  layer(['scripts/**'], ['test']),
  // Tests wait on what they wait for (an event, a bounded expect.poll / vi.waitFor), never on the time passing; time
  // a test controls goes through a clock (ManualClock, the devnet's `now`, Playwright's page.clock).
  {
    files: ['test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "NewExpression[callee.name='Promise'] > ArrowFunctionExpression[params.length=1] > CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']",
          "NewExpression[callee.name='Promise'] > ArrowFunctionExpression[params.length=1] > BlockStatement > ExpressionStatement > CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']",
        ].map((selector) => ({
          selector,
          message: 'no sleeping in tests: wait for the thing itself (expect.poll, vi.waitFor) or move a clock',
        })),
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'no waitForTimeout: wait for what the user sees, or run page.clock',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'node:timers/promises',
              message: 'no sleeping in tests: wait for the thing itself or move a clock',
            },
          ],
        },
      ],
    },
  },
);
