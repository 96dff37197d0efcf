import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'
import { readdirSync } from 'node:fs'

// German only (spec §1: locale de, fallback de). The source messages are German, so the catalogue's
// msgid is the German text itself and the .po files double as the list of every string a person sees.
//
// Split by where a message is shown, so neither the first paint nor a screen carries the text of every
// screen (docs/decisions/0007, 0018):
// - `shell`: what the shell and the public start pages show, loaded with the app (src/lib/i18n/i18n.ts);
// - `features/<feature>`: one per feature, loaded by its screens (src/features/<feature>/messages.ts);
// - `messages`: what the screens share (components, labels, checks), loaded with every feature's catalogue
//   (src/lib/i18n/screen-messages.ts);
// - `tax`: the tax and receipt texts several screens show (src/lib/labels/tax-labels.ts, the receipt
//   helpers of src/lib, src/components/tax) and the club profile's section on them, loaded by those
//   modules (src/lib/i18n/tax-messages.ts): only the screens that show tax data or receipts carry them (the
//   profile's section is loaded after the profile form);
// - `mock-tools`: the demo tools of the mocked mode, loaded by their panel.
const notExtracted = ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/api/generated/**']
const shell = [
  '<rootDir>/src/components/layout',
  '<rootDir>/src/components/ui',
  '<rootDir>/src/components/auth',
  '<rootDir>/src/lib/i18n',
  '<rootDir>/src/features/start',
]
// Every folder of src/features but the start pages (which are the shell's).
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'start')
  .map((entry) => entry.name)
  .sort()
const mockTools = '<rootDir>/src/components/mock-tools'
const tax = [
  '<rootDir>/src/lib/labels/tax-labels.ts',
  '<rootDir>/src/lib/receipt-address.ts',
  '<rootDir>/src/lib/receipt-refusal.ts',
  '<rootDir>/src/components/tax',
  '<rootDir>/src/features/club-profile/components/deductibility-section.tsx',
  '<rootDir>/src/features/club-profile/deductibility-schema.ts',
]

export default defineConfig({
  sourceLocale: 'de',
  locales: ['de'],
  fallbackLocales: { default: 'de' },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/shell', include: shell, exclude: notExtracted },
    ...features.map((feature) => ({
      path: `<rootDir>/src/locales/{locale}/features/${feature}`,
      include: [`<rootDir>/src/features/${feature}`],
      exclude: [...notExtracted, ...tax],
    })),
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [...notExtracted, ...shell, '<rootDir>/src/features', mockTools, ...tax],
    },
    { path: '<rootDir>/src/locales/{locale}/tax', include: tax, exclude: notExtracted },
    { path: '<rootDir>/src/locales/{locale}/mock-tools', include: [mockTools], exclude: notExtracted },
  ],
  format: formatter({ origins: true, lineNumbers: false }),
  orderBy: 'messageId',
})
