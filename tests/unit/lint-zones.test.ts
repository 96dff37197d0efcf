// @vitest-environment node
/**
 * The house rules (../shared/architecture.md) as `npm run lint` enforces them: the project's own
 * eslint.config.js lints a one-line module placed at a path in a zone, and the test reads which rule, if any,
 * refused the import. The type-aware rules are switched off here: the modules exist only in memory.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..', '..')
const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] })

const ZONE_RULES = new Set(['boundaries/dependencies', 'no-restricted-imports'])

/** The zone rules that refuse `code` in a module at `file` (relative to the project root). */
const refusals = async (file: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, file) })
  const messages = result?.messages ?? []
  const fatal = messages.find((message) => message.fatal)
  if (fatal) throw new Error(`${file}: ${fatal.message}`)
  return messages.flatMap((message) => (message.ruleId && ZONE_RULES.has(message.ruleId) ? [message.ruleId] : []))
}

const importOf = (source: string) => `export * from '${source}'`

type Case = [from: string, source: string]

const expectRefused = async ([from, source]: Case, code = importOf(source)) =>
  expect(await refusals(from, code), `${from} → ${source}`).toContain('boundaries/dependencies')

/** Passes only for a module that exists: an import the resolver cannot follow is not checked at all. */
const expectAllowed = async ([from, source]: Case, code = importOf(source)) => {
  const target = source.startsWith('#') ? source.replace(/^#(\w+)\//, '$1/') : path.join(path.dirname(from), source)
  expect(existsSync(path.join(root, target)), `${target} exists`).toBe(true)
  expect(await refusals(from, code), `${from} → ${source}`).toEqual([])
}

describe('src/: imports flow routes → features → components, lib → api', () => {
  it.each<Case>([
    ['src/routes/zone-probe.tsx', '#src/features/admin/admin-page.tsx'],
    ['src/routes/zone-probe.tsx', '#src/router.tsx'],
    ['src/features/admin/zone-probe.ts', '#src/features/admin/search.ts'],
    ['src/features/admin/zone-probe.ts', '#src/components/ui/button.tsx'],
    ['src/features/admin/zone-probe.ts', '#src/lib/format.ts'],
    ['src/features/admin/zone-probe.ts', '#src/api/client.ts'],
    ['src/features/admin/zone-probe.ts', '#src/locales/de/features/admin.po'],
    ['src/features/admin/zone-probe.ts', '#checks/iban.ts'],
    ['src/components/ui/zone-probe.ts', '#src/lib/format.ts'],
    ['src/lib/zone-probe.ts', '#src/api/client.ts'],
    ['src/lib/zone-probe.ts', '#openapi/generated/model/problem.ts'],
    ['src/api/zone-probe.ts', '#openapi/generated/model/problem.ts'],
    ['src/router.tsx', '#src/routes/__root.tsx'],
  ])('%s may import %s', (from, source) => expectAllowed([from, source]))

  it.each<Case>([
    ['src/features/admin/zone-probe.ts', '#src/features/users/roles.ts'],
    ['src/features/admin/zone-probe.ts', '#src/routes/login.tsx'],
    ['src/features/admin/zone-probe.ts', '#src/router.tsx'],
    ['src/components/ui/zone-probe.ts', '#src/features/admin/search.ts'],
    ['src/lib/zone-probe.ts', '#src/components/ui/button.tsx'],
    ['src/lib/zone-probe.ts', '#src/features/admin/search.ts'],
    ['src/api/zone-probe.ts', '#src/lib/format.ts'],
    ['src/api/zone-probe.ts', '#checks/iban.ts'],
  ])('%s must not import %s', (from, source) => expectRefused([from, source]))
})

describe('src/ does not reach into the backends', () => {
  it.each<Case>([
    ['src/lib/zone-probe.ts', '#domain/clubs.ts'],
    ['src/lib/zone-probe.ts', '#server/app.ts'],
    ['src/lib/zone-probe.ts', '#adapters/demo-seed/seed-accounts.ts'],
    ['src/lib/zone-probe.ts', '#mocks/node.ts'],
    ['src/features/admin/zone-probe.ts', '#mocks/browser.ts'],
    ['src/main.tsx', '#mocks/browser.ts'],
    ['src/lib/zone-probe.ts', '#tests/backend/client.ts'],
  ])('%s must not import %s', (from, source) => expectRefused([from, source]))

  it('main.tsx starts the mocked backend with import(), and nothing else may', async () => {
    const startMocks = "export const start = () => import('#mocks/browser.ts')"
    await expectAllowed(['src/main.tsx', '#mocks/browser.ts'], startMocks)
    await expectRefused(['src/router.tsx', '#mocks/browser.ts'], startMocks)
    await expectRefused(['src/lib/zone-probe.ts', '#mocks/browser.ts'], startMocks)
    await expectRefused(['src/main.tsx', '#mocks/node.ts'], "export const start = () => import('#mocks/node.ts')")
  })

  it('re-exports count as imports', () =>
    expectRefused(['src/lib/zone-probe.ts', '#server/app.ts'], "export { buildApp } from '#server/app.ts'"))
})

describe('the backends', () => {
  it.each<Case>([
    ['domain/zone-probe.ts', '#domain/clubs.ts'],
    ['domain/zone-probe.ts', '#openapi/generated/model/problem.ts'],
    ['domain/zone-probe.ts', '#checks/iban.ts'],
    ['checks/zone-probe.ts', '#checks/iban.ts'],
    ['adapters/offline-identity/zone-probe.ts', '#domain/ports.ts'],
    ['adapters/offline-identity/zone-probe.ts', '#openapi/generated/model/problem.ts'],
    ['adapters/offline-identity/zone-probe.ts', '#checks/iban.ts'],
    ['adapters/demo-seed/zone-probe.ts', '#adapters/offline-identity/passwords.ts'],
    ['server/zone-probe.ts', '#domain/clubs.ts'],
    ['server/zone-probe.ts', '#adapters/offline-identity/passwords.ts'],
    ['mocks/zone-probe.ts', '#server/app.ts'],
    ['mocks/zone-probe.ts', '#domain/clubs.ts'],
    ['mocks/zone-probe.ts', '#adapters/demo-seed/seed.ts'],
  ])('%s may import %s', (from, source) => expectAllowed([from, source]))

  it.each<Case>([
    ['domain/zone-probe.ts', '#adapters/demo-seed/seed.ts'],
    ['domain/zone-probe.ts', '#server/app.ts'],
    ['domain/zone-probe.ts', '#mocks/node.ts'],
    ['domain/zone-probe.ts', '#src/lib/format.ts'],
    ['checks/zone-probe.ts', '#domain/clubs.ts'],
    ['checks/zone-probe.ts', '#openapi/generated/model/problem.ts'],
    ['adapters/offline-identity/zone-probe.ts', '#src/lib/format.ts'],
    ['adapters/offline-identity/zone-probe.ts', '#mocks/node.ts'],
    ['adapters/offline-identity/zone-probe.ts', '#server/app.ts'],
    ['server/zone-probe.ts', '#mocks/node.ts'],
    ['server/zone-probe.ts', '#mocks/db/types.ts'],
    ['server/zone-probe.ts', '#src/lib/format.ts'],
    ['mocks/zone-probe.ts', '#src/features/admin/search.ts'],
  ])('%s must not import %s', (from, source) => expectRefused([from, source]))
})

describe('tests use the test helpers and the mocked backend', () => {
  it.each<Case>([
    ['src/features/admin/zone-probe.test.tsx', '#mocks/node.ts'],
    ['src/features/admin/zone-probe.test.tsx', '#adapters/demo-seed/seed-accounts.ts'],
    ['domain/zone-probe.test.ts', '#tests/backend/client.ts'],
    ['server/zone-probe.test.ts', '#mocks/backend.ts'],
    ['tests/unit/zone-probe.ts', '#server/app.ts'],
  ])('%s may import %s', (from, source) => expectAllowed([from, source]))
})

describe('one import style', () => {
  it.each<Case>([
    ['src/features/admin/components/zone-probe.ts', '../search.ts'],
    ['server/db/zone-probe.ts', '../app.ts'],
    ['src/features/admin/zone-probe.test.tsx', '../users/roles.ts'],
    ['src/lib/zone-probe.ts', '@/lib/format'],
    ['mocks/zone-probe.ts', '@mocks/node'],
    ['src/lib/zone-probe.ts', '#src/lib/format'],
  ])('%s must not import %s', async (from, source) =>
    expect(await refusals(from, importOf(source)), `${from} → ${source}`).toContain('no-restricted-imports'),
  )

  it("adapters/ run in the browser too: Stripe's SDK only in server/", async () => {
    for (const code of [importOf('stripe'), "import type Stripe from 'stripe'\nexport type S = Stripe"]) {
      expect(await refusals('adapters/stripe-events/zone-probe.ts', code), code).toContain('no-restricted-imports')
    }
    expect(await refusals('server/payments/zone-probe.ts', importOf('stripe'))).toEqual([])
  })

  it('imports within a folder use ./ with the extension', () =>
    expectAllowed(['src/features/admin/zone-probe.ts', './search.ts']))
})
