import { globSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ISOLATED_UI_TEST_FILES, UI_TEST_FILES } from '#tests/ui-test-files.ts'

const root = path.resolve(import.meta.dirname, '../..')

/** The files of the `ui` projects, found with the globs vitest.config.ts gives them. */
const uiTestFiles = globSync(UI_TEST_FILES, { cwd: root }).map((file) => file.split(path.sep).join('/'))
const isIsolated = (file: string) => ISOLATED_UI_TEST_FILES.some((glob) => path.posix.matchesGlob(file, glob))

/**
 * What a file may change for the files after it in a shared worker: a module replaced (`vi` `mock`,
 * `doMock`, `unmock`, `doUnmock`, `resetModules`), a global or an environment variable stubbed, fake
 * timers or a fixed clock, the transport's token source or time limit. Spaces between the parts do not
 * hide a call. (Spies need nothing: `restoreMocks` undoes them after every test. A `@vitest-environment`
 * comment neither: Vitest runs the files of another environment in workers of their own.)
 */
const LEAKS = [
  /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock|resetModules|stubEnv|stubGlobal|useFakeTimers|setSystemTime)\s*\(/,
  /\bconfigureApiAuth\s*\(/,
  /\bsetRequestTimeout\s*\(/,
]
const leaks = (source: string) => LEAKS.some((pattern) => pattern.test(source))
const source = (file: string) => readFileSync(path.join(root, file), 'utf8')

describe('the component tests that run with fresh modules (*.isolated.test.ts(x), vitest.config.ts)', () => {
  it('finds the component and unit tests, some of them isolated', () => {
    expect(uiTestFiles).toContain('tests/unit/ui-test-isolation.test.ts')
    expect(uiTestFiles.filter(isIsolated)).toContain('src/api/client.isolated.test.ts')
  })

  it('recognises a call that leaks however it is spaced', () => {
    // Written with a `_` that is taken out, so that this file does not itself contain what it looks for.
    const code = (text: string) => text.replaceAll('_', '')
    expect(leaks(code("vi._mock('#src/lib/auth/firebase-auth.ts')"))).toBe(true)
    expect(leaks(code('vi\n  ._stubGlobal("fetch", fetch)'))).toBe(true)
    expect(leaks(code('vi . _useFakeTimers ({})'))).toBe(true)
    expect(leaks(code('_configureApiAuth ({ getIdToken })'))).toBe(true)
    expect(leaks(code('vi._mocked(fetch)'))).toBe(false)
    expect(leaks(code('vi._spyOn(console, "error")'))).toBe(false)
  })

  it('names every file that replaces modules, globals, the clock, the environment or the transport’s settings *.isolated', () => {
    const leakingUnderAnotherName = uiTestFiles.filter((file) => !isIsolated(file) && leaks(source(file)))
    expect(leakingUnderAnotherName, 'rename these to *.isolated.test.ts(x)').toEqual([])
  })

  it('runs no file isolated that needs no fresh modules (each costs a module graph of its own)', () => {
    const isolatedWithoutCause = uiTestFiles.filter((file) => isIsolated(file) && !leaks(source(file)))
    expect(isolatedWithoutCause, 'these can share modules: drop .isolated from their names').toEqual([])
  })
})
