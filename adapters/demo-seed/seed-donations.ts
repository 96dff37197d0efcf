/**
 * The seed's donations: what each club's are derived from (a job), and the table that builds the 13 000
 * records from the jobs the first time anything reads it.
 */
import { DAY_MS, HOUR_MS, startOfMonth, viennaDay, viennaDayStart } from '#domain/time.ts'
import { createPrng } from './prng.ts'
import type { SeedBuild } from './seed-build.ts'
import {
  DONATION_AMOUNTS,
  DONATION_MESSAGES,
  DONATION_WEIGHTS,
  FIRST_NAMES_FEMALE,
  FIRST_NAMES_MALE,
  LAST_NAMES,
} from './seed-data.ts'
import type { ClubSeed } from './seed-data.ts'
import type { CampaignRecord, DonationRecord } from '#domain/records.ts'

/** Generated donations carry this id prefix: persistence stores only the others. */
export const SEED_DONATION_PREFIX = 'seed-d'

// Every donor name combination, built once: 15 000 donations then share 1 600 strings.
const DONOR_NAMES = [...FIRST_NAMES_FEMALE, ...FIRST_NAMES_MALE].flatMap((first) =>
  LAST_NAMES.map((last) => `${first} ${last}`),
)
const FAMILY_NAMES = LAST_NAMES.map((last) => `Familie ${last}`)

const hashString = (text: string): number => {
  let hash = 2166136261
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619)
  return hash >>> 0
}

/** What one club's generated donations are derived from (besides `seedAt`). */
export interface DonationJob {
  clubId: string
  count: number
  /** Days back the donations spread over. */
  span: number
  /** Milliseconds before `seedAt` the donations stop. */
  pause: number
  /** The club's campaigns open for donations by `seedAt`. */
  windows: ReadonlyArray<{ id: string; from: string; to: string; minimum: number }>
}

/** Builds the donations of every job, in order: ids run on across clubs, each club has its own PRNG. */
const generateDonations = (seedAt: number, jobs: readonly DonationJob[], into: (record: DonationRecord) => void) => {
  const monthStart = viennaDayStart(startOfMonth(viennaDay(seedAt)))
  let donationCounter = 0
  for (const { clubId, count, span, pause, windows } of jobs) {
    const donationPrng = createPrng(hashString(clubId))
    // A typed array sorts numerically without a comparator: the largest single cost of the seed otherwise.
    const instants = new Float64Array(count)
    for (let d = 0; d < count; d++) {
      // Skewed towards the present: clubs gain donors over time.
      instants[d] =
        seedAt - pause - Math.floor(donationPrng.next() ** 1.25 * span * DAY_MS) - donationPrng.int(0, HOUR_MS)
    }
    // A few in the current month, so "this month" on the dashboard is never empty.
    if (!pause)
      for (let d = 0; d < 3; d++) instants[d] = seedAt - Math.floor((seedAt - monthStart) * 0.5 * donationPrng.next())
    instants.sort()
    for (const at of instants) {
      const day = viennaDay(at)
      let campaignId: string | null = null
      let amount: number = donationPrng.weighted(DONATION_AMOUNTS, DONATION_WEIGHTS)
      if (windows.length > 0 && donationPrng.chance(0.65)) {
        // Pick uniformly among the campaigns open that day without allocating a list per donation.
        let open = 0
        for (const window of windows) if (window.from <= day && day <= window.to) open += 1
        if (open > 0) {
          let chosen = Math.floor(donationPrng.next() * open)
          for (const window of windows) {
            if (window.from <= day && day <= window.to && chosen-- === 0) {
              campaignId = window.id
              amount = Math.max(amount, window.minimum)
              break
            }
          }
        }
      }
      const roll = donationPrng.next()
      const donorName =
        roll < 0.2
          ? null
          : roll < 0.25
            ? FAMILY_NAMES[Math.floor(donationPrng.next() * FAMILY_NAMES.length)]!
            : DONOR_NAMES[Math.floor(donationPrng.next() * DONOR_NAMES.length)]!
      donationCounter += 1
      const id = `${SEED_DONATION_PREFIX}${String(donationCounter).padStart(6, '0')}`
      into({
        id,
        clubId,
        campaignId,
        amountCents: amount,
        donorName,
        message: donationPrng.chance(0.3) ? donationPrng.pick(DONATION_MESSAGES) : null,
        at,
        day,
      })
    }
  }
}

/**
 * The seed's donation table, a Map that builds its 13 000 records the first time anything reads it. Most
 * page loads in the browser (sign-in, start page, administration) never do, and building them is most of
 * the seed's cost. Its content never changes: a transaction that writes donations copies it first.
 * `fixed` are the seed's donations made by hand (seed-tax.ts), after the generated ones.
 */
class LazyDonations extends Map<string, DonationRecord> {
  #pending: (() => void) | null

  constructor(seedAt: number, jobs: readonly DonationJob[], fixed: readonly DonationRecord[]) {
    super()
    this.#pending = () => {
      generateDonations(seedAt, jobs, (record) => super.set(record.id, record))
      for (const record of fixed) super.set(record.id, record)
    }
  }

  get materialized(): boolean {
    return this.#pending === null
  }

  #ready(): this {
    const pending = this.#pending
    if (pending) {
      this.#pending = null
      pending()
    }
    return this
  }

  override get size(): number {
    this.#ready()
    return super.size
  }
  override get(id: string) {
    this.#ready()
    return super.get(id)
  }
  override has(id: string) {
    this.#ready()
    return super.has(id)
  }
  override set(id: string, record: DonationRecord) {
    this.#ready()
    return super.set(id, record)
  }
  override delete(id: string) {
    this.#ready()
    return super.delete(id)
  }
  override clear() {
    this.#pending = null
    super.clear()
  }
  override forEach(
    callback: (value: DonationRecord, key: string, map: Map<string, DonationRecord>) => void,
    thisArg?: unknown,
  ) {
    this.#ready()
    super.forEach(callback, thisArg)
  }
  override keys() {
    this.#ready()
    return super.keys()
  }
  override values() {
    this.#ready()
    return super.values()
  }
  override entries() {
    this.#ready()
    return super.entries()
  }
  override [Symbol.iterator]() {
    this.#ready()
    return super.entries()
  }
}

export const lazyDonations = (
  seedAt: number,
  jobs: readonly DonationJob[],
  fixed: readonly DonationRecord[] = [],
): ReadonlyMap<string, DonationRecord> => new LazyDonations(seedAt, jobs, fixed)

/** True for a seed donation table nobody has read yet (it holds only generated donations, none built). */
export const isUnreadSeedDonations = (table: ReadonlyMap<string, unknown>): boolean =>
  table instanceof LazyDonations && !table.materialized

/** Notes how a club's donations are to be generated, spread over its history and into its open campaigns. */
export const addDonationJob = (build: SeedBuild, seed: ClubSeed, clubCampaigns: readonly CampaignRecord[]): void => {
  if (seed.donations <= 0) return
  const today = viennaDay(build.seedAt)
  build.donationJobs.push({
    clubId: seed.id,
    count: seed.donations,
    span: seed.donationDays ?? Math.min(seed.createdDaysAgo - 5, 400),
    // An inactive club stopped collecting some time ago.
    pause: seed.status === 'INACTIVE' ? 90 * DAY_MS : 0,
    windows: clubCampaigns
      .filter((campaign) => campaign.from <= today)
      .map((campaign) => ({
        id: campaign.documentId,
        from: campaign.from,
        to: campaign.to,
        minimum: campaign.minimumDonationCents,
      })),
  })
}
