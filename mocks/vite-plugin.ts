/**
 * Keeps the mocked backend out of any build without mocks (`VITE_MOCKS=false` for the mode, read with
 * loadEnv), and serves it where mocks are on:
 * - MSW's worker script is served in development and emitted into a build only with mocks, so `public/`
 *   holds no mockServiceWorker.js;
 * - without mocks, mocks/browser.ts (the app's one dynamic import into mocks/) is replaced by a stub, so
 *   neither MSW nor the seed can end up in a chunk even if the bundler keeps that import;
 * - without mocks, the seed's sample files (public/seed-files) are removed from the output, unless the
 *   mode says `VITE_SEED_FILES=true` (`npm start`'s build: its server loads the demo seed, whose records
 *   point at those files).
 */
import { readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { loadEnv } from 'vite'
import type { Plugin } from 'vite'

const WORKER_FILE = 'mockServiceWorker.js'
const BROWSER_ENTRY = path.resolve(import.meta.dirname, 'browser.ts')
const STUB = `export const startMockBackend = () => Promise.reject(new Error('This build has no mocked backend (VITE_MOCKS=false).'))\n`

export const mockServiceWorkerPlugin = (): Plugin => {
  let enabled = true
  let keepSeedFiles = false
  let workerUrl = `/${WORKER_FILE}`
  let outDir: string | null = null
  const workerScript = () => readFileSync(createRequire(import.meta.url).resolve(`msw/${WORKER_FILE}`), 'utf8')

  return {
    name: 'vereinsportal:mock-service-worker',
    configResolved(config) {
      const env = loadEnv(config.mode, config.envDir || config.root, 'VITE_')
      enabled = env.VITE_MOCKS !== 'false'
      keepSeedFiles = env.VITE_SEED_FILES === 'true'
      workerUrl = `${config.base.endsWith('/') ? config.base : `${config.base}/`}${WORKER_FILE}`
      outDir = config.build ? path.resolve(config.root, config.build.outDir) : null
    },
    load(id) {
      if (!enabled && id.split('?')[0] === BROWSER_ENTRY) return STUB
      return undefined
    },
    configureServer(server) {
      if (!enabled) return
      server.middlewares.use((request, response, next) => {
        if (new URL(request.url ?? '/', 'http://localhost').pathname !== workerUrl) return next()
        response.writeHead(200, {
          'Content-Type': 'application/javascript; charset=utf-8',
          'Cache-Control': 'no-cache',
          'Service-Worker-Allowed': '/',
        })
        response.end(workerScript())
      })
    },
    // main.tsx imports the mocked backend only after the app's own modules ran, and nothing renders before
    // it started: in a build with mocks the page fetches its chunks alongside the entry instead.
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle
        if (!enabled || !bundle) return undefined
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
        const entry = chunks.find((chunk) => chunk.facadeModuleId?.split('?')[0] === BROWSER_ENTRY)
        if (!entry) return undefined
        const files = new Set<string>()
        const add = (fileName: string) => {
          if (files.has(fileName)) return
          files.add(fileName)
          chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(add)
        }
        add(entry.fileName)
        const base = workerUrl.slice(0, -WORKER_FILE.length)
        return [...files].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${fileName}` },
          injectTo: 'head' as const,
        }))
      },
    },
    generateBundle() {
      if (!enabled || (this.environment && this.environment.config.consumer !== 'client')) return
      this.emitFile({ type: 'asset', fileName: WORKER_FILE, source: workerScript() })
    },
    closeBundle() {
      if (!enabled && !keepSeedFiles && outDir)
        rmSync(path.join(outDir, 'seed-files'), { recursive: true, force: true })
    },
  }
}
