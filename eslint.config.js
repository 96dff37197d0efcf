import js from '@eslint/js'
import vitest from '@vitest/eslint-plugin'
import prettier from 'eslint-config-prettier/flat'
import boundaries from 'eslint-plugin-boundaries'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import playwright from 'eslint-plugin-playwright'
import reactHooks from 'eslint-plugin-react-hooks'
import testingLibrary from 'eslint-plugin-testing-library'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * One import style: package imports (`#src/…`, `#domain/…`, see package.json `imports`) with the file
 * extension, `./x.ts` only within a folder. Shared by every `no-restricted-imports` below: a later block's
 * options replace an earlier block's, they do not add up.
 */
const importStyle = [
  { group: ['../*', '..'], message: 'Import across folders with a package import (#src/…, #domain/…), not ../.' },
  {
    group: ['@/*', '@mocks/*', '@domain/*'],
    message: 'The aliases are gone: use the package imports (#src/…, #mocks/…, #domain/…).',
  },
  {
    regex: String.raw`^(#|\./)(?!.*\.[a-z]+$)`,
    message: 'Name the file with its extension (#src/lib/format.ts), as Node resolves package imports.',
  },
]

/**
 * The zones of ../shared/architecture.md ("Rules of the house"), checked by eslint-plugin-boundaries on every
 * import, export … from and import() (resolved through package.json `imports` by the TypeScript resolver).
 * Each folder is an element; what an element may import is listed in `zonePolicies`, everything else is an
 * error. Imports within one element (inside one feature, inside domain/) are not checked.
 */
const zoneElements = [
  // src/: imports flow routes → features → components, lib → api; the catalogue is data every layer loads.
  { type: 'routes', pattern: 'src/routes' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'components', pattern: 'src/components' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'api', pattern: 'src/api' },
  { type: 'locales', pattern: 'src/locales' },
  // The contract, the rules, the shared checks and what both backends plug in.
  { type: 'openapi', pattern: 'openapi' },
  { type: 'domain', pattern: 'domain' },
  { type: 'checks', pattern: 'checks' },
  { type: 'adapter', pattern: 'adapters/*', capture: ['adapter'] },
  { type: 'mocks', pattern: 'mocks' },
  { type: 'server', pattern: 'server' },
  // Tooling: may use anything.
  { type: 'scripts', pattern: 'scripts' },
  { type: 'tests', pattern: 'tests' },
].map((element) => ({ ...element, partialMatch: false }))

/** Element patterns name folders; the files at the top of src/ are classified one by one. */
const zoneFiles = [{ category: 'app', pattern: 'src/*.{ts,tsx,css}' }] // main.tsx, router.tsx, prerender.tsx, styles.css: the app's top

/** The top of src/ (a file category) or elements of the given types. */
const zones = (...names) => [
  ...(names.includes('app') ? [{ file: { categories: 'app' } }] : []),
  { element: { types: { anyOf: names.filter((name) => name !== 'app') } } },
]
const zone = (from, ...mayImport) => ({ from: { element: { type: from } }, allow: { to: zones(...mayImport) } })

const zonePolicies = [
  {
    from: { file: { categories: 'app' } },
    allow: { to: zones('app', 'routes', 'feature', 'components', 'lib', 'api', 'locales', 'openapi', 'checks') },
  },
  // The mocked backend starts only from main.tsx, with import() so that a real build never loads it.
  {
    from: { file: { path: 'src/main.tsx' } },
    allow: { to: { file: { path: 'mocks/browser.ts' } }, dependency: { nodeKind: 'dynamic-import' } },
  },
  zone('routes', 'app', 'routes', 'feature', 'components', 'lib', 'api', 'locales', 'openapi', 'checks'),
  // A feature imports no other feature (a feature's own files are one element, and those imports are not checked).
  zone('feature', 'components', 'lib', 'api', 'locales', 'openapi', 'checks'),
  zone('components', 'components', 'lib', 'api', 'locales', 'openapi', 'checks'),
  zone('lib', 'lib', 'api', 'locales', 'openapi', 'checks'),
  zone('api', 'api', 'openapi'),
  zone('openapi', 'openapi'),
  zone('domain', 'domain', 'openapi', 'checks'),
  zone('checks', 'checks'),
  zone('adapter', 'adapter', 'domain', 'openapi', 'checks'),
  zone('server', 'server', 'adapter', 'domain', 'openapi', 'checks'),
  // mock:server is the server's own app over the in-memory store; orval's response mocks live in src/api.
  zone('mocks', 'mocks', 'server', 'adapter', 'domain', 'openapi', 'checks', 'api'),
  { from: { element: { types: { anyOf: ['scripts', 'tests'] } } }, allow: { to: { module: { origin: 'local' } } } },
]

/**
 * Tests (and the mocked backend's test client) use the mocked backend, the seed and the test helpers; the
 * zones are about what ships.
 */
const testFiles = ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'mocks/test-client.ts']

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'coverage',
      'test-results',
      'playwright-report',
      'src/api/generated',
      'openapi/generated',
      'src/routeTree.gen.ts',
      'src/locales',
      'public',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Router `redirect()` and `notFound()` are thrown on purpose.
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Implementations of promise-returning interfaces (auth providers, test doubles) are often synchronous
      // inside; forcing an await there adds noise without catching bugs. Floating promises are still errors.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    plugins: { boundaries },
    settings: {
      'boundaries/elements': zoneElements,
      'boundaries/files': zoneFiles,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { typescript: { project: import.meta.dirname } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', checkUnknownLocals: true, policies: zonePolicies }],
      'no-restricted-imports': ['error', { patterns: importStyle }],
    },
  },
  {
    files: testFiles,
    rules: { 'boundaries/dependencies': 'off' },
  },
  {
    // adapters/ run in the browser too (the simulated provider reads and builds Stripe-shaped events with
    // adapters/stripe-events/): Stripe's Node SDK stays in server/payments/, types included.
    files: ['adapters/**'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'stripe',
              message: "Stripe's SDK is the server's (server/payments/); adapters/ run in the browser too.",
            },
          ],
          patterns: [
            { group: ['stripe/*'], message: "Stripe's SDK is the server's (server/payments/)." },
            ...importStyle,
          ],
        },
      ],
    },
  },
  {
    // Screens reach the backend only through generated hooks (src/api/client.ts is the one transport).
    files: ['src/features/**', 'src/components/**', 'src/routes/**'],
    ignores: ['src/components/mock-tools/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the backend through the generated hooks in src/api/generated.' },
      ],
    },
  },
  {
    // zod only through src/lib/zod.ts, which configures it (no eval under the CSP, German messages) before
    // a schema parses; route parameters use src/lib/search-params.ts, so the start route loads no zod.
    files: ['src/**'],
    ignores: [
      'src/lib/zod.ts',
      'src/lib/i18n/zod-messages.ts',
      'src/lib/toast.ts',
      'src/components/layout/toaster.tsx',
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: "Import z from '#src/lib/zod.ts' (configured: no eval, German messages)." },
            {
              name: 'zod/mini',
              message: "Route parameters use '#src/lib/search-params.ts'; forms import z from '#src/lib/zod.ts'.",
            },
            // Screens raise toasts through src/lib/toast.ts, which fetches sonner with the first toast.
            {
              name: 'sonner',
              message: "Import toast from '#src/lib/toast.ts' (sonner stays out of the screens' chunks).",
            },
          ],
          patterns: [{ group: ['zod/*'], message: "Import z from '#src/lib/zod.ts'." }, ...importStyle],
        },
      ],
    },
  },
  {
    files: ['mocks/**', 'scripts/**', 'tests/**', 'server/*-main.ts', '*.config.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Accessibility of the markup, statically; the e2e suite runs axe on the rendered pages.
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx'],
    ...vitest.configs.recommended,
    rules: {
      ...vitest.configs.recommended.rules,
      // A skipped or focused test is never committed: the suite is what a change must pass.
      'vitest/no-focused-tests': 'error',
      'vitest/no-disabled-tests': 'error',
      // Vitest's expect takes a message as its second argument (`expect(status, body).toBe(201)`).
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      // Helpers that assert are named expect… (expectDataSurvivesRestart).
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'assert'] }],
    },
  },
  {
    files: ['src/**/*.test.tsx'],
    ...testingLibrary.configs['flat/react'],
    // The render helpers of tests/utils/render.tsx (react-dom/server's renderToString is not one).
    settings: { 'testing-library/custom-renders': ['renderRoute', 'renderComponent'] },
  },
  {
    files: ['tests/e2e*/**', 'tests/journeys/**'],
    ...playwright.configs['flat/recommended'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      // Helpers that assert are named expect… (expectOutcome).
      'playwright/expect-expect': ['warn', { assertFunctionPatterns: ['^expect[A-Z]'] }],
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  // Last: turns off the stylistic rules Prettier owns, so lint and format never disagree.
  prettier,
)
