/**
 * The seed's data for donation receipts (issue 24): the volume club's receipt settings (an Austrian club:
 * no German exemption), and last year's donations whose donors asked for a receipt, made out to their
 * name and address: two of Franz Berger's and one of Elisabeth Wagner's (the company's donation of the
 * tax data has an address too, seed-tax.ts). No receipt is issued yet, so the receipts screen starts with
 * last year's annual receipts to issue.
 *
 * Fixed records relative to the seed's instant: nothing here draws from the seed's PRNG (seed-build.ts),
 * so the other builders' data stays as it was.
 */
import { seedAccounts, seedClubs, seedReceipts } from './seed-accounts.ts'
import { daysAgo } from './seed-build.ts'
import type { SeedBuild } from './seed-build.ts'
import { HOUR_MS, viennaDay, viennaDayStart } from '#domain/time.ts'
import type { DonationRecord, ReceiptAddressRecord, ReceiptSettingsRecord } from '#domain/records.ts'

export interface ReceiptSeed {
  /** By club id. */
  readonly settings: ReadonlyMap<string, ReceiptSettingsRecord>
  /** Added to the seed's generated donations (seed-donations.ts). */
  readonly donations: readonly DonationRecord[]
}

const BERGER: ReceiptAddressRecord = {
  name: 'Franz Berger',
  street: 'Hauptstraße 12',
  postalCode: '8010',
  city: 'Graz',
  country: 'AT',
}

const WAGNER: ReceiptAddressRecord = {
  name: 'Elisabeth Wagner',
  street: 'Mozartgasse 3/5',
  postalCode: '5020',
  city: 'Salzburg',
  country: 'AT',
}

/** Last year's donations with a receipt address, in time order: id, month-day, cents, address. */
const DONATIONS: ReadonlyArray<readonly [string, string, number, ReceiptAddressRecord]> = [
  [seedReceipts.bergerDonationIds[0], '04-10', 7_500, BERGER],
  [seedReceipts.bergerDonationIds[1], '10-03', 2_500, BERGER],
  [seedReceipts.wagnerDonationId, '12-01', 15_000, WAGNER],
]

/** The volume club's receipt settings and its donations of the Vienna year before the seed's that ask for one. */
export const buildReceiptSeed = (build: SeedBuild): ReceiptSeed => {
  const clubId = seedClubs.volume
  const lastYear = Number(viennaDay(build.seedAt).slice(0, 4)) - 1
  // A campaign of the club that was open that day, else none (as a generated donation would have it).
  const campaigns = [...build.campaigns.values()].filter((campaign) => campaign.clubId === clubId)
  const donations = DONATIONS.map(([id, monthDay, amountCents, receiptAddress]): DonationRecord => {
    // Midday in Vienna: the day is the same in every time zone the app is shown in.
    const at = viennaDayStart(`${lastYear}-${monthDay}`) + 12 * HOUR_MS
    const day = viennaDay(at)
    return {
      id,
      clubId,
      campaignId: campaigns.find((campaign) => campaign.from <= day && day <= campaign.to)?.documentId ?? null,
      amountCents,
      donorName: receiptAddress.name,
      message: null,
      at,
      day,
      receiptAddress,
      // Hers has the link of a confirmation mail: the donor's page of a receipt the club has yet to issue.
      ...(id === seedReceipts.wagnerDonationId && { receiptToken: seedReceipts.wagnerReceiptToken }),
    }
  })
  const settings: ReceiptSettingsRecord = {
    clubId,
    place: 'Grünbach',
    // The club's chair (verein@demo.at), who signs its receipts.
    signerName: `${seedAccounts.verein.firstName} ${seedAccounts.verein.lastName}`,
    signerRole: 'Obmann',
    germany: null,
    updatedAt: daysAgo(build, 60),
  }
  return { settings: new Map([[clubId, settings]]), donations }
}
