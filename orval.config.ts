import { defineConfig } from 'orval'

// Everything below src/api/generated is written by `npm run api:generate` from openapi/portal.yaml and is
// never edited by hand. Each target cleans its own folder, so a removed operation leaves no stale file.
// No `baseUrl` here: it would end up inside every query key. src/api/client.ts adds the host.
const input = { target: './openapi/portal.yaml' }
// The program the generated code is compiled in: orval writes imports with the `.ts` extension only when that
// program allows them (the root tsconfig.json holds nothing but references).
const tsconfig = './tsconfig.app.json'

export default defineConfig({
  // Typed TanStack Query hooks and query options, one folder per tag, plus MSW handlers with faker data
  // (the mocked backend's fallback for anything without a hand-written handler).
  query: {
    input,
    output: {
      mode: 'tags-split',
      tsconfig,
      target: './src/api/generated/query/endpoints',
      schemas: './openapi/generated/model',
      client: 'react-query',
      httpClient: 'fetch',
      clean: true,
      indexFiles: false,
      mock: { indexMockFiles: true, generators: [{ type: 'msw', delay: false }] },
      override: {
        mutator: { path: './src/api/client.ts', name: 'apiFetch' },
        fetch: { includeHttpResponseReturnType: false },
        query: { signal: true },
      },
    },
  },
  // zod schemas of every parameter, body and response, for forms and for the backends' validation. Zod Mini
  // (`zod/mini`): its schemas are plain functions marked pure, so a screen's chunk holds the zod it uses and
  // only the schemas it imports, not the whole classic API and every schema of the tag
  // (docs/decisions/0018-zod-mini-and-lazy-dialogs.md).
  zod: {
    input,
    output: {
      mode: 'tags-split',
      tsconfig,
      target: './openapi/generated/zod',
      client: 'zod',
      fileExtension: '.zod.ts',
      clean: true,
      indexFiles: false,
      override: {
        zod: {
          variant: 'mini',
          generate: { param: true, query: true, header: false, body: true, response: true },
          coerce: { query: ['number', 'boolean'], param: ['number'] },
          // Objects are closed (docs/decisions/0024-closed-contract.md): bodies and responses are
          // `strictObject`s, so a backend refuses an unknown request field and `--strict` an unknown
          // response field. Query and path parameters stay open (unknown query parameters are ignored).
          strict: { body: true, response: true, param: false, query: false, header: false },
        },
      },
    },
  },
})
