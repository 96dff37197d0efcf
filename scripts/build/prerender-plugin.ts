/**
 * Vite plugin: after a real build (no mocked backend), renders the public pages to HTML at build time
 * (the renderer is src/prerender.tsx) and writes them beside the app as
 * `prerendered/<page>.html` (`/` → `prerendered/index.html`, `/payment/return` → `prerendered/payment/return.html`,
 * `/spenden/$campaignId` → `prerendered/spenden/$campaignId.html`). The server (server/static.ts) answers those
 * paths with them (a `$name` segment: any value there), so their content paints from the HTML; every other page
 * keeps `index.html`, the shell's outline. The mocked build is not prerendered: its backend runs
 * in the page and starts first anyway.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin, ResolvedConfig } from 'vite'

/**
 * What the server-side build of src/prerender.tsx exports. Spelled out rather than imported: this plugin is
 * checked as Node code, without the DOM the app's modules are typed against
 * (tests/unit/prerender-plugin.test.ts checks that the module matches).
 */
export interface PrerenderModule {
  readonly PRERENDERED_PAGES: readonly string[]
  readonly prerender: (path: string) => Promise<string>
}

export const PRERENDERED_DIR = 'prerendered'

/** The file a prerendered path is written to, relative to the build's output folder. */
export const prerenderedFile = (pagePath: string): string =>
  `${PRERENDERED_DIR}/${pagePath === '/' ? 'index' : pagePath.replace(/^\/+|\/+$/g, '')}.html`

/** `index.html` with `#root`'s outline replaced by a page's HTML, marked with the path it shows. */
export const withPage = (template: string, pagePath: string, html: string): string => {
  const root = /<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>)/
  if (!root.test(template)) throw new Error('index.html: no <div id="root"> before <noscript> to put the page into.')
  // The router's server-only scroll script: inline (the CSP allows none) and it removes itself when it runs;
  // the browser's router restores scrolling on its own.
  let page = html.replace(/<script(?![^>]*\bsrc=)[^>]*>[\s\S]*?<\/script>/g, '')
  // The page's <title> (React renders it where the component is) belongs in the head from the first byte.
  const title = /<title>[\s\S]*?<\/title>/.exec(page)?.[0]
  let document = template
  if (title) {
    page = page.replace(title, '')
    document = document.replace(/<title>[\s\S]*?<\/title>/, () => title)
  }
  return document.replace(root, () => `<div id="root" data-prerendered="${pagePath}">${page}</div>\n    `)
}

export const prerenderPlugin = (): Plugin => {
  let config: ResolvedConfig
  return {
    name: 'vereinsportal:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    async closeBundle() {
      // Only the browser build of the real product; never the nested server-side build below.
      if (config.build.ssr || config.env.VITE_MOCKS !== 'false') return
      const started = Date.now()
      const outDir = path.resolve(config.root, config.build.outDir)
      // Inside the project, so the server build's imports of packages resolve from node_modules/.
      mkdirSync(path.join(config.root, 'node_modules/.cache'), { recursive: true })
      const serverDir = mkdtempSync(path.join(config.root, 'node_modules/.cache/prerender-'))
      try {
        const { build } = await import('vite')
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: 'src/prerender.tsx', outDir: serverDir, emptyOutDir: true, sourcemap: false, minify: false },
        })
        const entry = pathToFileURL(path.join(serverDir, 'prerender.js')).href
        const { prerender, PRERENDERED_PAGES } = (await import(entry)) as PrerenderModule
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8')
        for (const pagePath of PRERENDERED_PAGES) {
          const file = path.join(outDir, prerenderedFile(pagePath))
          mkdirSync(path.dirname(file), { recursive: true })
          writeFileSync(file, withPage(template, pagePath, await prerender(pagePath)))
        }
        config.logger.info(
          `prerendered ${PRERENDERED_PAGES.length} public pages into ${PRERENDERED_DIR}/ in ${Date.now() - started} ms`,
        )
      } finally {
        rmSync(serverDir, { recursive: true, force: true })
      }
    },
  }
}
