/**
 * Derived lookups over the donations, cached by the identity of the table's map: a transaction that
 * writes donations gets a new map and so a fresh index, everything else shares the cached one.
 */
import { countedCents } from '#domain/records.ts'
import type { DonationRecord } from '#domain/records.ts'
import type { Tables } from './types.ts'

export interface DonationTotals {
  cents: number
  count: number
}

export interface DonationIndex {
  /** Donations per club, oldest first. */
  readonly byClub: ReadonlyMap<string, readonly DonationRecord[]>
  /** Donations per campaign, oldest first. */
  readonly byCampaign: ReadonlyMap<string, readonly DonationRecord[]>
  readonly campaignTotals: ReadonlyMap<string, DonationTotals>
}

const EMPTY: readonly DonationRecord[] = []
const cache = new WeakMap<Tables['donations'], DonationIndex>()

const byTime = (a: DonationRecord, b: DonationRecord): number => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

export const donationIndex = (donations: Tables['donations']): DonationIndex => {
  let index = cache.get(donations)
  if (index) return index
  const byClub = new Map<string, DonationRecord[]>()
  const byCampaign = new Map<string, DonationRecord[]>()
  const campaignTotals = new Map<string, DonationTotals>()
  for (const donation of donations.values()) {
    let club = byClub.get(donation.clubId)
    if (!club) byClub.set(donation.clubId, (club = []))
    club.push(donation)
    if (donation.campaignId !== null) {
      let campaign = byCampaign.get(donation.campaignId)
      if (!campaign) byCampaign.set(donation.campaignId, (campaign = []))
      campaign.push(donation)
      const totals = campaignTotals.get(donation.campaignId)
      if (totals) {
        totals.cents += countedCents(donation)
        totals.count += 1
      } else campaignTotals.set(donation.campaignId, { cents: countedCents(donation), count: 1 })
    }
  }
  for (const list of byClub.values()) list.sort(byTime)
  for (const list of byCampaign.values()) list.sort(byTime)
  index = { byClub, byCampaign, campaignTotals }
  cache.set(donations, index)
  return index
}

export const donationsOfClub = (donations: Tables['donations'], clubId: string): readonly DonationRecord[] =>
  donationIndex(donations).byClub.get(clubId) ?? EMPTY

export const donationsOfCampaign = (donations: Tables['donations'], campaignId: string): readonly DonationRecord[] =>
  donationIndex(donations).byCampaign.get(campaignId) ?? EMPTY

export const campaignTotals = (donations: Tables['donations'], campaignId: string): DonationTotals =>
  donationIndex(donations).campaignTotals.get(campaignId) ?? { cents: 0, count: 0 }
