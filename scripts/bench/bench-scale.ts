/**
 * `npm run bench:scale`: 1, 2 and 4 server processes on one PostgreSQL (scripts/run/cluster.ts: behind a
 * round-robin proxy, so one client's requests land on every process in turn), each count on a fresh
 * database with the demo seed. Per count, at the same time:
 *
 * - a mixed load (autocannon): each connection in turn reads the club's overview and a page of its
 *   donations, the administration's club list and the public campaign, and starts a card checkout on it
 *   (four reads, one write);
 * - the card-payment webhook (./bench-webhook.ts): paid checkouts' signed events delivered many at once,
 *   with redeliveries, which the proxy hands to different processes than their first delivery.
 *
 * Then it checks what must hold however many processes there are:
 * - jobs exactly once: one donation per paid checkout (none doubled by a redelivery on another process),
 *   and each donor's thank-you mail, queued by the webhook, delivered exactly once over SMTP (a local sink
 *   counts the Message-IDs, which are the outbox ids) although every process runs a mail dispatcher;
 * - totals consistent: the campaign's and the club's totals rose by exactly the sum paid (bench-webhook),
 *   and the kept aggregates (donation_day_totals, club_counts) equal what summing the rows gives.
 *
 * Prints a table: processes | req/s | p50 ms | p99 ms | errors | jobs exactly once | totals consistent.
 * This machine's cores bound the figures; correctness is the point. Exit code 1 when a check failed or a
 * request erred.
 *
 *   --processes 1,2,4   the counts
 *   --duration 20       seconds of mixed load per count
 *   --connections 16    concurrent connections of the mixed load
 *   --webhook-events 1000 --webhook-duplicates 200 --webhook-concurrency 16
 *   --port 0            the proxy's port (0: free ports); the processes take the ports after it
 *   --postgres-port 0   the throwaway PostgreSQL's port (0: a free one), when DATABASE_URL is unset
 *   --emulator-port 18590   the Firebase Auth emulator's port (sign-in as production: Firebase Auth)
 *   --json <file>       also write the rows as JSON
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { SEED_PASSWORD, seedAccounts, seedCampaigns, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { freePort } from '#server/testing/free-port.ts'
import { createScratchDatabase } from '#server/testing/scratch-database.ts'
import { startSmtpSink } from '#server/testing/smtp-sink.ts'
import { startCluster, startThrowawayPostgres } from '#scripts/run/cluster.ts'
import type { Cluster } from '#scripts/run/cluster.ts'
import { startAuthEmulator } from '#scripts/run/firebase-emulator.ts'
import { describeWebhook, measureWebhook, WARM_UP } from './bench-webhook.ts'
import type { WebhookResult } from './bench-webhook.ts'

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '1,2,4' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '16' },
    'webhook-events': { type: 'string', default: '1000' },
    'webhook-duplicates': { type: 'string', default: '200' },
    'webhook-concurrency': { type: 'string', default: '16' },
    port: { type: 'string', default: '0' },
    'postgres-port': { type: 'string', default: '0' },
    'emulator-port': { type: 'string', default: '18590' },
    json: { type: 'string' },
  },
})
const counts = values.processes.split(',').map((count) => Number(count.trim()))
if (counts.some((count) => !Number.isInteger(count) || count < 1))
  throw new Error(`--processes: whole numbers, comma-separated, not ${values.processes}`)
const duration = Number(values.duration)
const connections = Number(values.connections)
const webhookOptions = {
  events: Number(values['webhook-events']),
  duplicates: Number(values['webhook-duplicates']),
  concurrency: Number(values['webhook-concurrency']),
}
const port = Number(values.port) || undefined
const emulatorPort = Number(values['emulator-port'])

const API = '/api/backend/v1'
const CAMPAIGN = seedCampaigns.runningEnabled
const CLUB = seedClubs.volume
/** Raised far above what the load sends from its one address, but still counted (their cost is measured). */
const RATE_LIMIT = '1000000'

const signInAt =
  (emulatorHost: string) =>
  async (_base: string, email: string): Promise<string> => {
    const response = await fetch(
      `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: SEED_PASSWORD, returnSecureToken: true }),
      },
    )
    if (!response.ok) throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`)
    return ((await response.json()) as { idToken: string }).idToken
  }

interface MixedResult {
  rps: number
  p50: number
  p99: number
  errors: number
  requests: number
}

/** The mixed load through the proxy: four reads and a checkout per round of each connection. */
const mixedLoad = async (base: string, tokens: { admin: string; verein: string }): Promise<MixedResult> => {
  const as = (token: string) => ({ authorization: `Bearer ${token}` })
  const checkout = JSON.stringify({
    amountCents: 1000,
    donorName: 'Lastprobe',
    email: 'last@bench.demo.at',
    message: null,
  })
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      { method: 'GET', path: `${API}/club/cluboverview/${CLUB}`, headers: as(tokens.verein) },
      {
        method: 'GET',
        path: `${API}/donations/club/${CLUB}?page=1&size=20&sort=amountCents,desc`,
        headers: as(tokens.verein),
      },
      { method: 'GET', path: `${API}/club?page=0&size=20`, headers: as(tokens.admin) },
      { method: 'GET', path: `${API}/giving/campaigns/${CAMPAIGN}` },
      {
        method: 'POST',
        path: `${API}/giving/campaigns/${CAMPAIGN}/checkouts`,
        headers: { 'content-type': 'application/json' },
        body: checkout,
      },
    ],
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  }
}

const UNSENT = 'SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL'

/** What counting the rows gives against the kept totals: the rows where they disagree. */
const aggregateDrift = async (client: pg.Client): Promise<number> => {
  const counted = `sum(CASE WHEN dispute = 'LOST' THEN 0 ELSE amount_cents - refunded_cents END)`
  const donations = await client.query<{ n: string }>(`
    SELECT count(*) AS n FROM (
      (SELECT club_id, campaign_id, day, count, cents FROM donation_day_totals
       EXCEPT SELECT club_id, coalesce(campaign_id, ''), day, count(*), ${counted} FROM donations GROUP BY 1, 2, 3)
      UNION ALL
      (SELECT club_id, coalesce(campaign_id, ''), day, count(*), ${counted} FROM donations GROUP BY 1, 2, 3
       EXCEPT SELECT club_id, campaign_id, day, count, cents FROM donation_day_totals)
    ) AS d`)
  const clubs = await client.query<{ n: string }>(`
    SELECT count(*) AS n FROM (
      (SELECT status, club_type_id, count FROM club_counts
       EXCEPT SELECT status, coalesce(club_type_id, ''), count(*) FROM clubs GROUP BY 1, 2)
      UNION ALL
      (SELECT status, coalesce(club_type_id, ''), count(*) FROM clubs GROUP BY 1, 2
       EXCEPT SELECT status, club_type_id, count FROM club_counts)
    ) AS c`)
  return Number(donations.rows[0]!.n) + Number(clubs.rows[0]!.n)
}

const countOf = async (client: pg.Client, query: string): Promise<number> =>
  Number((await client.query<{ n: string }>(query)).rows[0]!.n)

interface Row {
  processes: number
  mixed: MixedResult
  webhook: WebhookResult
  /** Requests the proxy handed to each process. */
  spread: readonly number[]
  mails: {
    queued: number
    delivered: number
    duplicates: number
    unknown: number
    pending: number
    /** From the end of the load until the outbox was empty. */
    drainSeconds: number
  }
  drift: number
  serverErrors: string[]
  jobsExactlyOnce: boolean
  totalsConsistent: boolean
  failures: string[]
}

const benchCount = async (
  processes: number,
  serverUrl: string,
  emulatorHost: string,
  smtpPort: number,
  sink: Awaited<ReturnType<typeof startSmtpSink>>,
): Promise<Row> => {
  const scratch = await createScratchDatabase(serverUrl, 'vp_bench_scale')
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vereinsportal-bench-scale-'))
  const client = new pg.Client({ connectionString: scratch.url })
  let cluster: Cluster | undefined
  try {
    cluster = await startCluster({
      processes,
      databaseUrl: scratch.url,
      dataDir,
      port,
      firebaseEmulatorHost: emulatorHost,
      env: {
        // The production log level (a line per request), discarded but paid for.
        LOG_LEVEL: 'info',
        RATE_LIMIT_SIGN_IN_PER_MINUTE: RATE_LIMIT,
        RATE_LIMIT_PUBLIC_PER_MINUTE: RATE_LIMIT,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
    })
    await client.connect()
    const base = cluster.url
    const signIn = signInAt(emulatorHost)
    const tokens = {
      admin: await signIn(base, seedAccounts.admin.email),
      verein: await signIn(base, seedAccounts.verein.email),
    }
    const label = `${processes} process${processes === 1 ? '' : 'es'}`
    const donationsBefore = await countOf(client, 'SELECT count(*) AS n FROM donations')
    const mailsBefore = await countOf(client, `SELECT count(*) AS n FROM mail_outbox WHERE kind = 'DONATION_RECEIVED'`)
    sink.received.length = 0

    const [mixed, webhook] = await Promise.all([
      mixedLoad(base, tokens),
      measureWebhook(label, base, webhookOptions, signIn),
    ])
    console.log(
      `  ${label.padEnd(26)} ${'mixed load (4 reads : 1 checkout)'.padEnd(44)} ${mixed.rps.toFixed(0).padStart(6)} req/s  p50 ${mixed.p50} ms  p99 ${mixed.p99} ms  errors ${mixed.errors} of ${mixed.requests}`,
    )
    console.log(describeWebhook(webhook))

    // Every process dispatches (at once after its own commits, the others every few seconds): wait until
    // nothing is left to send, then compare what the SMTP server got with the outbox.
    const paid = webhookOptions.events + WARM_UP
    // Waits while the outbox drains; only a dispatch that stops moving for half a minute fails.
    const draining = performance.now()
    let pending = await countOf(client, UNSENT)
    for (let still = Date.now(); pending > 0 && Date.now() - still < 30_000;) {
      await new Promise((resolve) => setTimeout(resolve, 500))
      const now = await countOf(client, UNSENT)
      if (now < pending) still = Date.now()
      pending = now
    }
    const drainSeconds = (performance.now() - draining) / 1000
    // A mail the SMTP server accepted is marked sent just after: let the last marks land.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const sentIds = new Set(
      (await client.query<{ id: string }>('SELECT id FROM mail_outbox WHERE sent_at IS NOT NULL')).rows.map(
        (row) => row.id,
      ),
    )
    const received = sink.received.map((mail) => /^<([^@>]+)@/.exec(mail.headers['message-id'] ?? '')?.[1] ?? '')
    const distinct = new Set(received)
    const mails = {
      queued:
        (await countOf(client, `SELECT count(*) AS n FROM mail_outbox WHERE kind = 'DONATION_RECEIVED'`)) - mailsBefore,
      delivered: distinct.size,
      duplicates: received.length - distinct.size,
      unknown: [...distinct].filter((id) => !sentIds.has(id)).length,
      pending,
      drainSeconds,
    }
    const newDonations = (await countOf(client, 'SELECT count(*) AS n FROM donations')) - donationsBefore
    const drift = await aggregateDrift(client)

    const failures: string[] = [...webhook.failures]
    const expect = (what: string, actual: number, expected: number) => {
      if (actual !== expected) failures.push(`${what}: ${actual}, expected ${expected}`)
    }
    expect('new donations (rows)', newDonations, paid)
    expect('thank-you mails queued', mails.queued, paid)
    expect('mails left unsent', mails.pending, 0)
    expect('mails delivered more than once', mails.duplicates, 0)
    expect('mails delivered that the outbox does not have as sent', mails.unknown, 0)
    expect('mails sent (outbox) but not received', [...sentIds].filter((id) => !distinct.has(id)).length, 0)
    expect('aggregate rows that disagree with the donations and clubs', drift, 0)
    expect('mixed load errors', mixed.errors, 0)
    const spread = cluster.proxy.counts
    if (spread.some((count) => count === 0)) failures.push(`a process got no request: ${spread.join(' / ')}`)
    for (const failure of cluster.proxy.failures.slice(0, 5))
      failures.push(`at the proxy: ${failure.method} ${failure.url} → process ${failure.process}: ${failure.error}`)
    const serverErrors = cluster.errorLines()
    expect('server errors in the logs', serverErrors.length, 0)
    const jobsExactlyOnce =
      webhook.accepted === webhookOptions.events &&
      webhook.duplicatesReported === webhookOptions.duplicates &&
      newDonations === paid &&
      mails.queued === paid &&
      mails.pending === 0 &&
      mails.duplicates === 0 &&
      mails.unknown === 0 &&
      sentIds.size >= distinct.size
    const totalsConsistent =
      webhook.raisedCents.campaign === webhook.raisedCents.expected &&
      webhook.raisedCents.club === webhook.raisedCents.expected &&
      webhook.newDonations.campaign === webhook.newDonations.expected &&
      webhook.newDonations.club === webhook.newDonations.expected &&
      drift === 0
    console.log(
      `  ${''.padEnd(26)} mails: ${mails.queued} queued, ${mails.delivered} delivered, ${mails.duplicates} twice, ${mails.pending} pending (${mails.drainSeconds.toFixed(0)} s after the load); aggregate drift ${drift}; requests per process ${spread.join(' / ')}`,
    )
    for (const line of serverErrors.slice(0, 5)) console.log(`  server error: ${line.slice(0, 300)}`)
    return {
      processes,
      mixed,
      webhook,
      spread: [...spread],
      mails,
      drift,
      serverErrors,
      jobsExactlyOnce,
      totalsConsistent,
      failures,
    }
  } finally {
    await client.end().catch(() => undefined)
    await cluster?.stop()
    await scratch.drop().catch((error: unknown) => console.error('dropping the database:', error))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const cleanups: Array<() => Promise<void> | void> = []
const rows: Row[] = []
let exitCode = 0
try {
  console.log(
    `bench:scale: ${counts.join(', ')} processes; mixed load ${connections} connections × ${duration} s; webhook ${webhookOptions.events} events + ${webhookOptions.duplicates} redeliveries, ${webhookOptions.concurrency} in flight; ${availableParallelism()} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
  )
  let serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    const postgres = await startThrowawayPostgres(Number(values['postgres-port']) || undefined)
    cleanups.push(postgres.stop)
    serverUrl = postgres.url
    console.log(`Throwaway PostgreSQL on ${serverUrl}`)
  }
  const emulator = await startAuthEmulator({ quiet: true, port: emulatorPort })
  cleanups.push(emulator.stop)
  const smtpPort = await freePort()
  const sink = await startSmtpSink(smtpPort)
  cleanups.push(() => sink.close())
  for (const processes of counts) rows.push(await benchCount(processes, serverUrl, emulator.host, smtpPort, sink))

  console.log('\n| processes | req/s | p50 ms | p99 ms | errors | jobs exactly once | totals consistent |')
  console.log('|---:|---:|---:|---:|---:|---|---|')
  for (const row of rows) {
    const errors = row.mixed.errors + row.webhook.errors + row.webhook.warmUpErrors
    if (errors > 0 || !row.jobsExactlyOnce || !row.totalsConsistent || row.failures.length > 0) exitCode = 1
    console.log(
      `| ${row.processes} | ${row.mixed.rps.toFixed(0)} | ${row.mixed.p50} | ${row.mixed.p99} | ${errors} | ${row.jobsExactlyOnce ? 'yes' : 'NO'} | ${row.totalsConsistent ? 'yes' : 'NO'} |`,
    )
  }
  console.log(
    '\n| processes | webhook events/s | p50 ms | p99 ms | donations | mails delivered once | requests per process |',
  )
  console.log('|---:|---:|---:|---:|---:|---:|---|')
  for (const row of rows) {
    console.log(
      `| ${row.processes} | ${row.webhook.eventsPerSecond.toFixed(0)} | ${row.webhook.p50} | ${row.webhook.p99} | ${row.webhook.newDonations.campaign} | ${row.mails.delivered} | ${row.spread.join(' / ')} |`,
    )
  }
  for (const row of rows)
    if (row.failures.length > 0) console.log(`\n${row.processes} processes, WRONG: ${row.failures.join('; ')}`)
  if (values.json) {
    mkdirSync(path.dirname(path.resolve(values.json)), { recursive: true })
    writeFileSync(
      values.json,
      JSON.stringify(
        {
          connections,
          durationS: duration,
          webhook: webhookOptions,
          machine: { cpus: availableParallelism(), model: cpus()[0]?.model ?? null, node: process.version },
          rows,
        },
        null,
        2,
      ),
    )
  }
} catch (error) {
  exitCode = 1
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup()
    } catch (error) {
      console.error('cleanup:', error instanceof Error ? error.message : error)
    }
  }
}
process.exit(exitCode)
