import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// German only (spec §1: locale de, fallback de). The source messages are German, so the catalogue's
// msgid is the German text itself and the .po file doubles as the list of every string a person sees.
export default defineConfig({
  sourceLocale: 'de',
  locales: ['de'],
  fallbackLocales: { default: 'de' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/api/generated/**'],
    },
  ],
  format: formatter({ origins: true, lineNumbers: false }),
  orderBy: 'messageId',
})
