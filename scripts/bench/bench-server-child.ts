/**
 * A backend for `npm run bench:server`, in its own process (so it does not share an event loop with the
 * load generator): `--target mock` serves the bench state from memory (mock:server), `--target server`
 * the real server on a database the bench prepared (DATA_DIR or DATABASE_URL). Prints `ready <url>`.
 */
import { parseArgs } from 'node:util'
import { benchState } from './bench-data.ts'

const { values } = parseArgs({
  options: { target: { type: 'string' }, clubs: { type: 'string' }, donations: { type: 'string' } },
})

if (values.target === 'mock') {
  const { startMockServer } = await import('#mocks/server.ts')
  const { stateOfDemo } = await import('#mocks/db/seed-state.ts')
  const state = benchState(Date.now(), { clubs: Number(values.clubs), donations: Number(values.donations) })
  void state.tables.donations.size
  const running = await startMockServer({ port: 0, initialState: stateOfDemo(state) })
  console.log(`ready ${running.url}`)
} else {
  throw new Error('--target mock only: the server is started with server/main.ts')
}
