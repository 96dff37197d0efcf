import '@testing-library/jest-dom/vitest'
// happy-dom has no IndexedDB; the offline file storage and the mocked backend's persistence need one.
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { resetMockBackend, server } from '#mocks/node.ts'
import '#src/lib/i18n/i18n.ts'
// Every catalogue: the screens' (each feature's, docs/decisions/0018) and the demo tools'.
import.meta.glob(['/src/features/*/messages.ts', '/src/components/mock-tools/messages.ts'], { eager: true })

// happy-dom lacks object URLs; the storage adapter hands them out for previews and downloads.
if (!('createObjectURL' in URL)) {
  let next = 0
  Object.assign(URL, {
    createObjectURL: () => `blob:http://localhost:3000/${++next}`,
    revokeObjectURL: () => undefined,
  })
}

// findBy… and waitFor wait up to 1 s by default; a busy two-core CI machine has taken longer than that to
// render the dashboard of the seed's largest club. A screen that never appears still fails well within the
// test's own time limit (vitest.config.ts).
configure({ asyncUtilTimeout: 5_000 })

// Every test talks to the same stateful mocked backend the browser uses, freshly seeded, and any
// request no handler knows fails the test instead of silently reaching the network.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
beforeEach(() => {
  // Files share a worker's page (vitest.config.ts): what one test kept in storage (an active club, a
  // draft) must not choose for the next.
  // (Files that run in Node, `@vitest-environment node`, have no storage.) Nor may what a test left in
  // the page (a portal, a screen still rendering when it ended) meet the next file's queries.
  globalThis.localStorage?.clear()
  globalThis.sessionStorage?.clear()
  globalThis.document?.body.replaceChildren()
  resetMockBackend()
})
afterEach(() => {
  cleanup()
  // sonner keeps its toasts in one module-level store: without this they leak into the next test.
  toast.dismiss()
  server.resetHandlers()
})
afterAll(() => server.close())
