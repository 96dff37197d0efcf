/**
 * After the stateful handlers: orval's generated faker handlers answer an API path that has no stateful
 * handler yet (an operation just added to the contract), and anything else under the API prefix gets a
 * 404 problem instead of reaching the network. The generated handlers (and faker) load only when needed.
 */
import { getResponse, http } from 'msw'
import type { HttpHandler, RequestHandler } from 'msw'
import { problemResponse } from '#domain/operation.ts'
import { problem } from '#domain/problem.ts'
import { API_PREFIX } from '#openapi/generated/operations.ts'
import { toHttpResponse } from './api-route.ts'

let generated: Promise<RequestHandler[]> | null = null

const loadGenerated = (): Promise<RequestHandler[]> =>
  (generated ??= import('./generated.ts').then((module) => module.generatedHandlers()))

export const fallbackHandler = (): HttpHandler =>
  http.all(`*${API_PREFIX}/*`, async ({ request }) => {
    const response = await getResponse(await loadGenerated(), request)
    if (response) return response
    const path = new URL(request.url).pathname
    return toHttpResponse(
      problemResponse(problem('not-found', `No operation answers ${request.method} ${path}.`), path),
    )
  })
