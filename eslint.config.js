import js from '@eslint/js'
import vitest from '@vitest/eslint-plugin'
import prettier from 'eslint-config-prettier/flat'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import playwright from 'eslint-plugin-playwright'
import reactHooks from 'eslint-plugin-react-hooks'
import testingLibrary from 'eslint-plugin-testing-library'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import architecture from './eslint-rules/architecture.js'

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
        projectService: { allowDefaultProject: ['eslint.config.js', 'eslint-rules/*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, architecture },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'architecture/layers': 'error',
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
            { name: 'zod', message: "Import z from './src/lib/zod.ts' (configured: no eval, German messages)." },
            {
              name: 'zod/mini',
              message: "Route parameters use '@/lib/search-params'; forms import z from './src/lib/zod.ts'.",
            },
            // Screens raise toasts through '@/lib/toast', which fetches sonner with the first toast (issue 12).
            {
              name: 'sonner',
              message: "Import toast from './src/lib/toast.ts' (sonner stays out of the screens' chunks).",
            },
          ],
          patterns: [{ group: ['zod/*'], message: "Import z from './src/lib/zod.ts'." }],
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
    files: ['eslint.config.js', 'eslint-rules/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  // Last: turns off the stylistic rules Prettier owns, so lint and format never disagree.
  prettier,
)
