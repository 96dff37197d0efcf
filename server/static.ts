/**
 * The built app (STATIC_DIR, e.g. `dist-start/` of `npm start`) served by the server, as production
 * should serve it:
 *
 * - files as they are; the hashed ones under `/assets/` cached for a year (`immutable`), everything else
 *   revalidated (`no-cache`), `index.html` above all, so a new release is picked up on the next load;
 * - every other GET of a page (a path without a file extension, or one a browser navigates to) answers
 *   with `index.html`: the app's router takes it from there (`/home`, `/club/x/profile`, …);
 * - never under `/api/`, `/__mock/`, `/healthz`, `/readyz`: those stay the server's own 404 problems;
 * - never source maps (`*.map` is 404 even when the build has them) nor dotfiles (404, not the page).
 *
 * Compression (br, gzip) and the security headers are the whole server's (server/app.ts).
 */
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'

export const INDEX_FILE = 'index.html'
export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'

/** Paths the app never owns: the server's API, test and identity hooks, health. */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/__mock(\/|$)/, /^\/healthz(\/|$)/, /^\/readyz(\/|$)/]
/** A dotfile or a dot folder anywhere in the path. */
const DOTFILE = /(^|\/)\./
const SOURCE_MAP = /\.map$/i
const HAS_EXTENSION = /\.[A-Za-z0-9]{1,8}$/

const pathnameOf = (url: string): string => {
  const pathname = url.split('?')[0] ?? url
  try {
    return decodeURIComponent(pathname)
  } catch {
    return pathname
  }
}

/** Whether a request nobody answered gets the app's `index.html` (the router decides the page). */
export const isAppPage = (request: FastifyRequest): boolean => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const pathname = pathnameOf(request.url)
  if (SERVER_PATHS.some((prefix) => prefix.test(pathname))) return false
  if (SOURCE_MAP.test(pathname) || DOTFILE.test(pathname) || pathname.startsWith('/assets/')) return false
  const last = pathname.split('/').pop() ?? ''
  if (!HAS_EXTENSION.test(last)) return true
  // A dotted last segment a browser navigates to (an address in a path) is still a page.
  const accept = request.headers.accept ?? ''
  return accept.includes('text/html')
}

/** Where the build keeps the public pages rendered at build time (scripts/build/prerender-plugin.ts). */
export const PRERENDERED_DIR = 'prerendered'

/** The prerendered file of a page path (`/` → `prerendered/index.html`), if the build has one. */
const prerenderedPages = (dir: string): Map<string, string> => {
  const pages = new Map<string, string>()
  const visit = (folder: string) => {
    if (!existsSync(folder)) return
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name)
      if (entry.isDirectory()) visit(file)
      else if (entry.name.endsWith('.html')) {
        const relative = path.relative(path.join(dir, PRERENDERED_DIR), file).split(path.sep).join('/')
        const page = `/${relative.replace(/\.html$/, '')}`
        pages.set(page === '/index' ? '/' : page, path.relative(dir, file).split(path.sep).join('/'))
      }
    }
  }
  visit(path.join(dir, PRERENDERED_DIR))
  return pages
}

/**
 * Whether a prerendered page's path stands for `pathname`: segment by segment equal, where a `$name` segment
 * (a page prerendered for any value of a parameter, such as `/spenden/$campaignId`) takes any non-empty one.
 */
const pageMatches = (page: string, pathname: string): boolean => {
  const wanted = page.split('/')
  const given = pathname.split('/')
  return (
    wanted.length === given.length &&
    wanted.every((segment, index) => segment === given[index] || (segment.startsWith('$') && given[index] !== ''))
  )
}

/** The prerendered file for a path: its own page, else a page with parameters that stands for it. */
export const prerenderedPageFor = (pages: ReadonlyMap<string, string>, pathname: string): string | undefined => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const own = pages.get(path)
  if (own) return own
  for (const [page, file] of pages) if (page.includes('/$') && pageMatches(page, path)) return file
  return undefined
}

/**
 * Answers a page with its HTML rendered at build time when the build has one (the public pages:
 * their content paints before the scripts run), else with the app's `index.html`; revalidated on every load.
 */
export const sendAppPage = (reply: FastifyReply, pages: ReadonlyMap<string, string>, url: string): FastifyReply => {
  reply.code(200)
  return reply.sendFile(prerenderedPageFor(pages, pathnameOf(url)) ?? INDEX_FILE)
}

/** Serves the build's files; returns its prerendered pages for `sendAppPage`. */
export const registerStatic = async (app: FastifyInstance, root: string): Promise<ReadonlyMap<string, string>> => {
  const dir = path.resolve(root)
  if (!existsSync(path.join(dir, INDEX_FILE))) {
    throw new Error(`STATIC_DIR ${dir} has no ${INDEX_FILE}: build the app first (npm start does).`)
  }
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    wildcard: true,
    // `/` is a page like any other (sendAppPage): it may have prerendered HTML.
    index: false,
    dotfiles: 'ignore',
    serveDotFiles: false,
    redirect: false,
    cacheControl: false,
    // Source maps are never served, whatever the build put next to the scripts.
    allowedPath: (pathname) => !SOURCE_MAP.test(pathname),
    setHeaders: (reply: FastifyReply, file: string) => {
      const relative = path.relative(dir, file).split(path.sep).join('/')
      reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE)
    },
  })
  const pages = prerenderedPages(dir)
  // The folder itself is no file to serve: `/` is the start page (prerendered, or the app's index.html).
  app.get('/', (request, reply) => sendAppPage(reply, pages, request.url))
  return pages
}
