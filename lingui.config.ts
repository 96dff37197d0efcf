import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// German only (spec §1: locale de, fallback de). The source messages are German, so the catalogue's
// msgid is the German text itself and the .po files double as the list of every string a person sees.
//
// Two catalogues, so the first paint does not carry the text of every screen (docs/decisions/0007):
// - `shell`: what the shell and the public start pages show, loaded with the app (src/lib/i18n/i18n.ts);
// - `messages`: the screens, everything else, loaded by the screens themselves (src/lib/i18n/screen-messages.ts).
const notExtracted = ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/api/generated/**']
const shell = [
  '<rootDir>/src/components/layout',
  '<rootDir>/src/components/ui',
  '<rootDir>/src/components/auth',
  '<rootDir>/src/lib/i18n',
  '<rootDir>/src/features/start',
]

export default defineConfig({
  sourceLocale: 'de',
  locales: ['de'],
  fallbackLocales: { default: 'de' },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/shell', include: shell, exclude: notExtracted },
    { path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: [...notExtracted, ...shell] },
  ],
  format: formatter({ origins: true, lineNumbers: false }),
  orderBy: 'messageId',
})
