/**
 * `npm run mock:bench`: how fast the mocked backend builds its seeded store (15 000+ donations) and
 * answers `GET donations/club/{clubId}` for the volume club, in-process (MSW handlers, as in Vitest and the
 * browser) and over HTTP (`mock:server`). Prints figures only; tests make no timed assertions.
 */
import { getResponse } from 'msw'
import { createMockBackend } from '#mocks/backend.ts'
import { buildSeed, seedInstant } from '#adapters/demo-seed/seed.ts'
import { seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { addDays, viennaDay } from '#domain/time.ts'
import { createHandlers } from '#mocks/handlers/all-handlers.ts'
import { startMockServer } from '#mocks/server.ts'

const HOUR = 3_600_000
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!
const ms = (value: number) => `${value.toFixed(1)} ms`

// Seed: the first build in a fresh process (cold JIT, as the first Vitest test or page load sees it),
// then builds for other hours (the cache is per hour, so each of these really builds).
// CPU time is reported too: on a busy machine wall time mostly measures the wait for a core.
const now = Date.now()
const timed = (work: () => void): [wall: number, cpu: number] => {
  const cpu = process.cpuUsage()
  const started = performance.now()
  work()
  const used = process.cpuUsage(cpu)
  return [performance.now() - started, (used.user + used.system) / 1000]
}
// The donations are built when something first reads them (adapters/demo-seed/seed-donations.ts), so each build is timed
// with them read: the whole cost of a store with 10 000+ donations.
let seed = undefined as unknown as ReturnType<typeof buildSeed>
const buildWithDonations = (at: number) => {
  const built = buildSeed(at)
  void built.tables.donations.size
  return built
}
const [cold, coldCpu] = timed(() => (seed = buildWithDonations(seedInstant(now))))
const [lazy] = timed(() => buildSeed(seedInstant(now) - 11 * HOUR))
const warm: number[] = []
const warmCpu: number[] = []
for (let i = 1; i <= 10; i++) {
  const [wall, cpu] = timed(() => buildWithDonations(seedInstant(now) - i * HOUR))
  warm.push(wall)
  warmCpu.push(cpu)
}
const donations = [...seed.tables.donations.values()]
const volume = donations.filter((donation) => donation.clubId === seedClubs.volume).length
console.log(
  `Seeded store: ${seed.tables.clubs.size} clubs, ${donations.length} donations (${volume} for ${seedClubs.volume})`,
)
console.log(`  build incl. donations, first in process (cold JIT): wall ${ms(cold)}, CPU ${ms(coldCpu)}`)
console.log(
  `  build incl. donations, warm (median of 10 / p95):   wall ${ms(median(warm))} / ${ms(p95(warm))}, CPU ${ms(median(warmCpu))} / ${ms(p95(warmCpu))}`,
)
console.log(`  build without reading the donations (what a page that shows none pays): wall ${ms(lazy)}`)

const today = viennaDay(now)
const cases: Array<[string, string]> = [
  ['default page (50, newest first)', ''],
  ['sorted by amount, desc', 'sort=amountCents,desc'],
  ['sorted by donor name', 'sort=donorName,asc'],
  ['last 30 days', `from=${addDays(today, -30)}&to=${today}`],
  ['1000 per page, page 5', 'size=1000&page=5'],
]

const measure = async (label: string, fetchOnce: (query: string) => Promise<number>) => {
  console.log(label)
  for (const [name, query] of cases) {
    const first = await fetchOnce(query)
    const times: number[] = []
    for (let i = 0; i < 30; i++) times.push(await fetchOnce(query))
    console.log(
      `  ${name.padEnd(34)} first ${ms(first).padStart(9)}   median ${ms(median(times)).padStart(8)}   p95 ${ms(p95(times)).padStart(8)}`,
    )
  }
}

// In-process: the MSW handlers (routing, token check, validation, domain, JSON), as the browser and Vitest run them.
const backend = createMockBackend()
const handlers = createHandlers(backend)
const token = backend.idTokenFor(seedAccounts.verein.email)
await measure(`GET /api/backend/v1/donations/club/${seedClubs.volume}, in-process (MSW handlers)`, async (query) => {
  const started = performance.now()
  const response = await getResponse(
    handlers,
    new Request(`http://localhost/api/backend/v1/donations/club/${seedClubs.volume}?${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    }),
  )
  await response!.json()
  if (response!.status !== 200) throw new Error(`status ${response!.status}`)
  return performance.now() - started
})

// Over HTTP: npm run mock:server.
const server = await startMockServer({ port: 0 })
const httpToken = server.backend.idTokenFor(seedAccounts.verein.email)
await measure(`GET /api/backend/v1/donations/club/${seedClubs.volume}, over HTTP (mock:server)`, async (query) => {
  const started = performance.now()
  const response = await fetch(`${server.url}/api/backend/v1/donations/club/${seedClubs.volume}?${query}`, {
    headers: { Authorization: `Bearer ${httpToken}` },
  })
  await response.json()
  if (response.status !== 200) throw new Error(`status ${response.status}`)
  return performance.now() - started
})
await server.close()
