/**
 * `vite preview` answers every file with `Cache-Control: no-cache`, so each page load of a preview asks
 * again for all of its ~45 scripts. The server caches the hashed files under `/assets/` for a year
 * (server/static.ts), as production should: the preview now does the same, so the mocked build that the
 * e2e suite and `npm run preview` serve loads like the real one, and a test's second page load fetches and
 * compiles nothing again (figures: docs/performance.md, "npm test"). Everything else (index.html, the MSW
 * worker, the page a missing asset falls back to) keeps revalidating.
 */
import type { ServerResponse } from 'node:http'
import type { Plugin } from 'vite'
import { IMMUTABLE } from '#server/static.ts'

const HASHED_ASSET = /^\/assets\//

type Headers = Record<string, unknown>
const isHeaders = (value: unknown): value is Headers =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** sirv (the preview's file server) hands its headers to writeHead, where they win over setHeader. */
const cacheHashedAsset = (response: ServerResponse) => {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse
  response.writeHead = (...args: unknown[]) => {
    const headers = args.find(isHeaders) ?? {}
    const typeName = Object.keys(headers).find((name) => name.toLowerCase() === 'content-type')
    const type = typeName ? headers[typeName] : response.getHeader('content-type')
    const status = typeof args[0] === 'number' ? args[0] : response.statusCode
    if (status === 200 && typeof type === 'string' && !type.startsWith('text/html')) {
      for (const name of Object.keys(headers)) if (name.toLowerCase() === 'cache-control') delete headers[name]
      headers['Cache-Control'] = IMMUTABLE
      response.setHeader('Cache-Control', IMMUTABLE)
    }
    return writeHead(...args)
  }
}

export const previewCachingPlugin = (): Plugin => ({
  name: 'vereinsportal:preview-caching',
  configurePreviewServer(server) {
    server.middlewares.use((request, response, next) => {
      if (request.url && HASHED_ASSET.test(request.url)) cacheHashedAsset(response)
      next()
    })
  },
})
