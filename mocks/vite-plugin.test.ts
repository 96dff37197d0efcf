import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { ResolvedConfig } from 'vite'
import { describe, expect, it, vi } from 'vitest'
import { mockServiceWorkerPlugin } from './vite-plugin.ts'

type Hook = (...args: unknown[]) => unknown
const hook = (plugin: ReturnType<typeof mockServiceWorkerPlugin>, name: string): Hook =>
  plugin[name as keyof typeof plugin] as Hook

/** Runs the plugin for a mode whose .env file says `VITE_MOCKS=<value>` and reports what the build emitted. */
const build = (mocks: string | undefined) => {
  const envDir = mkdtempSync(join(tmpdir(), 'mock-plugin-'))
  if (mocks !== undefined) writeFileSync(join(envDir, '.env.test-mode'), `VITE_MOCKS=${mocks}\n`)
  const plugin = mockServiceWorkerPlugin()
  const config: Partial<ResolvedConfig> = { mode: 'test-mode', envDir, root: envDir, base: '/' }
  hook(plugin, 'configResolved')(config)
  const emitFile = vi.fn()
  hook(plugin, 'generateBundle').call({ emitFile, environment: { config: { consumer: 'client' } } })
  const browserModule = hook(plugin, 'load')(resolve(process.cwd(), 'mocks/browser.ts'))
  return Object.assign(emitFile, { browserModule })
}

describe('the mock service worker plugin', () => {
  it('emits the worker into a build with mocks', () => {
    const emitFile = build(undefined)
    expect(emitFile).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'mockServiceWorker.js', type: 'asset' }))
    const [asset] = emitFile.mock.calls[0] as [{ source: string }]
    expect(asset.source).toContain('Mock Service Worker')
  })

  it('keeps it out of a build without mocks', () => {
    expect(build('false')).not.toHaveBeenCalled()
  })

  it('replaces mocks/browser.ts by a stub without mocks, so no MSW code reaches a chunk', () => {
    expect(build(undefined).browserModule).toBeUndefined()
    const stub = build('false').browserModule
    expect(stub).toContain('export const startMockBackend')
    expect(stub).not.toContain('msw')
  })
})
