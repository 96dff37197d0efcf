import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
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
      'src/routeTree.gen.ts',
      'src/locales',
      'public',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js', 'eslint-rules/*.js'] }, tsconfigRootDir: import.meta.dirname },
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
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Call the backend through the generated hooks in src/api/generated.' }],
    },
  },
  {
    files: ['mocks/**', 'scripts/**', 'tests/**', 'server/*-main.ts', '*.config.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['eslint.config.js', 'eslint-rules/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
)
