import { availableParallelism } from 'node:os'
import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'
import { ISOLATED_UI_TEST_FILES, UI_TEST_FILES } from './tests/ui-test-files.ts'

/**
 * The projects:
 * - `ui`: component and unit tests (happy-dom) against the mocked backend via msw/node, and the tests of
 *   adapters/ and checks/, sharing their modules across the files of a worker; `ui:isolated`: those named
 *   `*.isolated.test.ts(x)`, each file with fresh modules (tests/ui-test-files.ts says which files need that);
 * - `server`: the server's edge and a restart on the same data (server/*.test.ts);
 * - `domain:memory` and `domain:pglite`: the same domain suite (domain/*.test.ts) against the mocked
 *   backend's in-memory store and against the server on embedded PostgreSQL (PGlite);
 * - `contract`: the contract suite (tests/contract/) against the mocked backend's server, in-process;
 * - `domain:postgres`, only when DATABASE_URL is set: the domain suite against that PostgreSQL server;
 * - `firebase`, only when FIREBASE_AUTH_EMULATOR_HOST is set: the server with Firebase Auth
 *   (the files named `*.firebase.test.ts` under server/; `npm run test:firebase` starts the emulator).
 */
/**
 * Projects that start embedded PostgreSQL (PGlite) run each test file in a child process of its own:
 * creating and freeing PGlite's WebAssembly in the reused worker threads intermittently aborts V8
 * ("Check failed: jit_page_->allocations_.erase(addr) == 1", nodejs/node#64500), taking the whole run
 * with it. One instance per process never does.
 */
const pgliteIsolation = { pool: 'forks' as const }

const domainProject = (name: string, setup: string, options: { pool?: 'forks'; isolate?: boolean } = {}) => ({
  extends: true as const,
  test: {
    name,
    environment: 'node',
    include: ['domain/**/*.test.ts'],
    setupFiles: [setup],
    ...options,
  },
})

const uiProject = {
  environment: 'happy-dom' as const,
  setupFiles: ['./tests/utils/setup-tests.ts'],
  // happy-dom has no layout; screens that measure (virtual lists) get a viewport from the test.
  environmentOptions: { happyDOM: { url: 'http://localhost:3000/', width: 1280, height: 800 } },
}

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      restoreMocks: true,
      testTimeout: 15_000,
      // Worker threads start faster than the default child processes (docs/performance.md, "npm test").
      pool: 'threads',
      // One worker more than cores: the server and PGlite files wait on child processes, timers and the
      // database a good part of their time, which left a third of two cores idle with two workers; four
      // gained nothing more (docs/performance.md, "npm test").
      maxWorkers: availableParallelism() + 1,
      projects: [
        {
          extends: true,
          test: { ...uiProject, name: 'ui', include: UI_TEST_FILES, exclude: ISOLATED_UI_TEST_FILES, isolate: false },
        },
        { extends: true, test: { ...uiProject, name: 'ui:isolated', include: ISOLATED_UI_TEST_FILES } },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts'],
            // *.postgres.test.ts need a PostgreSQL server (npm run test:postgres sets DATABASE_URL).
            exclude: [
              'server/**/*.firebase.test.ts',
              ...(process.env.DATABASE_URL ? [] : ['server/**/*.postgres.test.ts']),
            ],
            ...pgliteIsolation,
          },
        },
        {
          extends: true,
          test: { name: 'contract', environment: 'node', include: ['tests/contract/**/*.test.ts'] },
        },
        domainProject('domain:memory', './tests/backend/setup-memory.ts'),
        // The files share one PGlite per process (tests/backend/setup-sql.ts): one boot per worker instead of
        // one per file. Still forks, never threads (above).
        domainProject('domain:pglite', './tests/backend/setup-pglite.ts', { ...pgliteIsolation, isolate: false }),
        ...(process.env.DATABASE_URL ? [domainProject('domain:postgres', './tests/backend/setup-postgres.ts')] : []),
        // Only with an Auth emulator running (`npm run test:firebase` starts one).
        ...(process.env.FIREBASE_AUTH_EMULATOR_HOST
          ? [
              {
                extends: true as const,
                test: {
                  name: 'firebase',
                  environment: 'node',
                  include: ['server/**/*.firebase.test.ts'],
                  // One emulator: files reseed it, so they must not overlap.
                  fileParallelism: false,
                  ...pgliteIsolation,
                },
              },
            ]
          : []),
      ],
    },
  }),
)
