/** The seed's campaigns: the volume club's six (one per state) and generated ones for the other clubs. */
import { DAY_MS, isoInstant, viennaDay } from '#domain/time.ts'
import { dayOffset, daysAgo } from './seed-build.ts'
import type { SeedBuild } from './seed-build.ts'
import { CAMPAIGN_NAMES, SHORT_DESCRIPTIONS, VOLUME_CAMPAIGNS } from './seed-data.ts'
import type { ClubSeed } from './seed-data.ts'
import { seedClubs } from './seed-accounts.ts'
import type { CampaignRecord } from '#domain/records.ts'

type CampaignState = 'ENDED' | 'RUNNING' | 'UPCOMING'
const PATTERNS: ReadonlyArray<{ state: CampaignState; enabled: boolean }> = [
  { state: 'ENDED', enabled: true },
  { state: 'RUNNING', enabled: true },
  { state: 'UPCOMING', enabled: true },
  { state: 'RUNNING', enabled: false },
  { state: 'ENDED', enabled: false },
  { state: 'UPCOMING', enabled: false },
]

const generatedCampaign = (
  { prng, seedAt }: SeedBuild,
  seed: ClubSeed,
  name: string,
  index: number,
  pattern: number,
): CampaignRecord => {
  // Clubs that are not active only have campaigns from the past (inactive) or drafts (processing).
  const chosen: { state: CampaignState; enabled: boolean } =
    seed.status === 'INACTIVE'
      ? { state: 'ENDED', enabled: index % 2 === 0 }
      : seed.status === 'PROCESSING'
        ? { state: 'UPCOMING', enabled: false }
        : PATTERNS[pattern % PATTERNS.length]!
  const maxAge = Math.max(40, seed.createdDaysAgo - 10)
  let fromDay: number
  let toDay: number
  if (chosen.state === 'ENDED') {
    fromDay = -Math.min(maxAge, prng.int(120, 400))
    toDay = fromDay + prng.int(20, Math.min(90, -fromDay - 5))
  } else if (chosen.state === 'RUNNING') {
    fromDay = -prng.int(5, Math.min(60, maxAge))
    toDay = prng.int(10, 90)
  } else {
    fromDay = prng.int(10, 45)
    toDay = fromDay + prng.int(20, 90)
  }
  const goalCents = prng.pick([200_000, 500_000, 1_000_000, 2_500_000])
  const amountCents = prng.pick([1000, 2000, 2500, 5000])
  const minimumDonationCents = prng.pick([300, 500, 1000])
  const day = (offset: number) => viennaDay(seedAt + offset * DAY_MS)
  return {
    documentId: `cmp-${seed.id.replace(/^club-/, '')}-${index + 1}`,
    clubId: seed.id,
    name,
    description: `${name}: ${SHORT_DESCRIPTIONS[seed.type]} Jeder Beitrag hilft uns, dieses Vorhaben umzusetzen.`,
    goalCents,
    amountCents,
    minimumDonationCents,
    date: day(toDay + prng.int(1, 20)),
    time: `${String(prng.int(9, 19)).padStart(2, '0')}:${prng.pick(['00', '15', '30', '45'])}`,
    from: day(fromDay),
    to: day(toDay),
    enabled: chosen.enabled,
    createdAt: isoInstant(seedAt - Math.max(1, -fromDay + 10) * DAY_MS),
    updatedAt: isoInstant(seedAt - Math.max(1, -fromDay + 5) * DAY_MS),
  }
}

/** One club's campaigns, added to the build and returned (its donations fall into them). */
export const buildClubCampaigns = (build: SeedBuild, seed: ClubSeed): CampaignRecord[] => {
  const clubCampaigns: CampaignRecord[] = []
  if (seed.id === seedClubs.volume) {
    for (const campaign of VOLUME_CAMPAIGNS) {
      clubCampaigns.push({
        documentId: campaign.id,
        clubId: seed.id,
        name: campaign.name,
        description: campaign.description,
        goalCents: campaign.goalCents,
        amountCents: campaign.amountCents,
        minimumDonationCents: campaign.minimumDonationCents,
        date: dayOffset(build, campaign.eventDay),
        time: campaign.time,
        from: dayOffset(build, campaign.fromDay),
        to: dayOffset(build, campaign.toDay),
        enabled: campaign.enabled,
        createdAt: daysAgo(build, Math.max(1, -campaign.fromDay + 14)),
        updatedAt: daysAgo(build, Math.max(1, -campaign.fromDay + 7)),
      })
    }
  } else {
    const names = CAMPAIGN_NAMES[seed.type]
    for (let c = 0; c < seed.campaigns; c++) {
      clubCampaigns.push(generatedCampaign(build, seed, names[c % names.length]!, c, build.counters.campaignPattern++))
    }
  }
  for (const campaign of clubCampaigns) build.campaigns.set(campaign.documentId, campaign)
  return clubCampaigns
}
