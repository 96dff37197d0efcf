import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ISOLATED_UI_TESTS } from '#tests/isolated-ui-tests.ts'

const root = path.resolve(import.meta.dirname, '../..')

/** The component and unit test files (the `ui` projects of vitest.config.ts). */
const uiTestFiles = (): string[] =>
  ['src', 'mocks', 'adapters', 'checks', 'tests/unit'].flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => path.posix.join(folder, file.split(path.sep).join('/'))),
  )

/** What a file may change for the files after it in a shared worker. */
const LEAKS = /vi\.(mock|doMock|resetModules|stubEnv|stubGlobal|useFakeTimers)\(|configureApiAuth\(|setRequestTimeout\(/

describe('the component tests that run with fresh modules (vitest.config.ts, issue 13)', () => {
  it('lists every file that replaces modules, globals, the environment or the transport’s settings', () => {
    const leaking = uiTestFiles().filter(
      (file) =>
        file !== 'tests/unit/isolated-ui-tests.test.ts' && LEAKS.test(readFileSync(path.join(root, file), 'utf8')),
    )
    expect(leaking.filter((file) => !ISOLATED_UI_TESTS.includes(file))).toEqual([])
  })

  it('lists only files that exist', () => {
    const files = new Set(uiTestFiles())
    expect(ISOLATED_UI_TESTS.filter((file) => !files.has(file))).toEqual([])
  })
})
