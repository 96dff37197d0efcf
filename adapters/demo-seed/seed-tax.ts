/**
 * The seed's data for the annual transmission to the tax office (issue 23): the volume club is deductible
 * (its BMF entry confirmed by the administrator), four donors consented to the transmission, one in each
 * state of the bPK query but AMBIGUOUS/ERROR, and last year's donations carry their consents, with a
 * company's donation and one without data among them. So the tax screen has a year to transmit right away.
 *
 * Fixed records relative to the seed's instant: nothing here draws from the seed's PRNG (seed-build.ts),
 * so the other builders' data stays as it was.
 */
import { seedAccounts, seedClubs, seedTax } from './seed-accounts.ts'
import { createPrng } from './prng.ts'
import { daysAgo } from './seed-build.ts'
import type { SeedBuild } from './seed-build.ts'
import { TAX_CONSENT_TEXT, taxDonorKey } from '#domain/tax-donors.ts'
import { refNrFor } from '#domain/tax-transmission.ts'
import { DAY_MS, HOUR_MS, isoInstant, viennaDay, viennaDayStart } from '#domain/time.ts'
import type {
  BpkState,
  ClubTaxRecord,
  DonationRecord,
  DonationTaxRecord,
  ReceiptAddressRecord,
  TaxConsentRecord,
  TaxConsentScopeRecord,
  TaxDonorRecord,
} from '#domain/records.ts'

export interface TaxSeed {
  /** By club id. */
  readonly status: ReadonlyMap<string, ClubTaxRecord>
  readonly donors: ReadonlyMap<string, TaxDonorRecord>
  readonly consents: ReadonlyMap<string, TaxConsentRecord>
  /** Added to the seed's generated donations (seed-donations.ts). */
  readonly donations: readonly DonationRecord[]
}

interface DonorSeed {
  /** In the ids: `tax-donor-<key>`, `consent-seed-<key>-…`. */
  key: string
  firstName: string
  lastName: string
  birthDate: string
  bpkState: BpkState
  bpkMessage: string | null
  scope: TaxConsentScopeRecord
  /** Looks unguessable, as the domain's consent ids (the withdrawal link carries them) do. */
  consentToken: string
  /** Month-day of last year and cents, oldest first; a consent "until withdrawn" covers the later ones. */
  donations: ReadonlyArray<readonly [string, number]>
}

const DONORS: readonly DonorSeed[] = [
  {
    key: 'huber',
    firstName: 'Maria',
    lastName: 'Huber',
    birthDate: '1975-04-12',
    bpkState: 'FOUND',
    bpkMessage: null,
    scope: 'UNTIL_WITHDRAWN',
    consentToken: 'Q7vK2mXp9LrT4wNs',
    donations: [
      ['03-14', 5_000],
      ['11-30', 12_000],
    ],
  },
  {
    key: 'gruber',
    firstName: 'Johann',
    lastName: 'Gruber',
    birthDate: '1962-11-03',
    bpkState: 'FOUND',
    bpkMessage: null,
    scope: 'DONATION',
    consentToken: 'h3ZpW8cYt5JqB1xE',
    donations: [['06-02', 25_000]],
  },
  {
    key: 'moser',
    firstName: 'Sabine',
    lastName: 'Moser',
    birthDate: '1988-07-21',
    bpkState: 'NO_MATCH',
    bpkMessage: 'Keine Person gefunden',
    scope: 'DONATION',
    consentToken: 'Fn6rD2kUa9GsM4vC',
    donations: [['09-09', 8_000]],
  },
  {
    key: 'bauer',
    firstName: 'Lukas',
    lastName: 'Bauer',
    birthDate: '1995-02-08',
    bpkState: 'NONE',
    bpkMessage: null,
    scope: 'DONATION',
    consentToken: 'y8TbL3oXe7PwR2jK',
    donations: [['12-20', 3_000]],
  },
]

/**
 * Donations of last year that no donor's consent covers: a company's, which asked for a receipt too
 * (seed-receipts.ts), and one given without data.
 */
const OTHER_DONATIONS: ReadonlyArray<{
  monthDay: string
  cents: number
  donorName: string
  company: boolean
  receiptAddress?: ReceiptAddressRecord
}> = [
  {
    monthDay: '05-05',
    cents: 50_000,
    donorName: 'Autohaus Berger GmbH',
    company: true,
    receiptAddress: {
      name: 'Autohaus Berger GmbH',
      street: 'Industriestraße 4',
      postalCode: '2700',
      city: 'Wiener Neustadt',
      country: 'AT',
    },
  },
  { monthDay: '08-18', cents: 4_000, donorName: 'Anna Schmid', company: false },
]

/**
 * A vbPK as the Stammzahlenregister gives one (172 characters of base64), the same for every build: the
 * base64 of 128 bytes from a PRNG of its own.
 */
const seedVbpk = (seed: number): string => {
  const prng = createPrng(seed)
  return btoa(String.fromCharCode(...Array.from({ length: 128 }, () => prng.int(0, 255))))
}

/** The volume club's tax data and donations of the Vienna year before the seed's. */
export const buildTaxSeed = (build: SeedBuild): TaxSeed => {
  const clubId = seedClubs.volume
  const lastYear = Number(viennaDay(build.seedAt).slice(0, 4)) - 1
  // Midday in Vienna: the day is the same in every time zone the app is shown in.
  const middayOf = (monthDay: string): number => viennaDayStart(`${lastYear}-${monthDay}`) + 12 * HOUR_MS
  // A campaign of the club that was open that day, else none (as a generated donation would have it).
  const campaigns = [...build.campaigns.values()].filter((campaign) => campaign.clubId === clubId)
  /** A donation without its id: they are numbered in time order at the end. */
  const donation = (
    at: number,
    amountCents: number,
    donorName: string,
    tax: DonationTaxRecord | null,
  ): Omit<DonationRecord, 'id'> => {
    const day = viennaDay(at)
    return {
      clubId,
      campaignId: campaigns.find((campaign) => campaign.from <= day && day <= campaign.to)?.documentId ?? null,
      amountCents,
      donorName,
      message: null,
      at,
      day,
      ...(tax && { tax }),
    }
  }

  const donors = new Map<string, TaxDonorRecord>()
  const consents = new Map<string, TaxConsentRecord>()
  const donations: Array<Omit<DonationRecord, 'id'>> = []
  for (const [index, seed] of DONORS.entries()) {
    const number = index + 1
    const times = seed.donations.map(([monthDay]) => middayOf(monthDay))
    const donorId = `tax-donor-${seed.key}`
    const createdAt = isoInstant(times[0]!)
    donors.set(donorId, {
      id: donorId,
      clubId,
      number,
      refNr: refNrFor(number),
      firstName: seed.firstName,
      lastName: seed.lastName,
      birthDate: seed.birthDate,
      matchKey: taxDonorKey(seed.firstName, seed.lastName, seed.birthDate),
      bpkState: seed.bpkState,
      vbpk: seed.bpkState === 'FOUND' ? seedVbpk(0x7a5b0000 + number) : null,
      bpkMessage: seed.bpkMessage,
      createdAt,
      // Queried the day after the last donation; one not queried yet is as it was made.
      updatedAt: seed.bpkState === 'NONE' ? createdAt : isoInstant(times.at(-1)! + DAY_MS),
    })
    // A consent "until withdrawn" is given once and covers the later donations; any other, one each.
    let consentId = ''
    for (const [d, at] of times.entries()) {
      if (d === 0 || seed.scope === 'DONATION') {
        consentId = `consent-seed-${seed.key}-${seed.consentToken}${d === 0 ? '' : `-${d + 1}`}`
        consents.set(consentId, {
          id: consentId,
          clubId,
          donorId,
          email: `${seed.firstName}.${seed.lastName}@example.at`.toLowerCase(),
          scope: seed.scope,
          text: TAX_CONSENT_TEXT,
          givenAt: isoInstant(at),
          withdrawnAt: null,
        })
      }
      donations.push(
        donation(at, seed.donations[d]![1], `${seed.firstName} ${seed.lastName}`, {
          company: false,
          donorId,
          consentId,
        }),
      )
    }
  }
  for (const other of OTHER_DONATIONS)
    donations.push({
      ...donation(
        middayOf(other.monthDay),
        other.cents,
        other.donorName,
        other.company ? { company: true, donorId: null, consentId: null } : null,
      ),
      ...(other.receiptAddress && { receiptAddress: other.receiptAddress }),
    })
  donations.sort((a, b) => a.at - b.at)

  const confirmedAt = daysAgo(build, 400)
  const status: ClubTaxRecord = {
    clubId,
    taxNumber: '123456789',
    lastReportOn: null,
    entries: [
      {
        id: seedTax.entryId,
        confirmed: {
          registerNumber: 'SO-4711',
          category: 'SP',
          validFrom: '2019-01-01',
          revokedOn: null,
          confirmedAt,
          confirmedByName: `${seedAccounts.admin.firstName} ${seedAccounts.admin.lastName}`,
        },
        pending: null,
        changedAt: confirmedAt,
      },
    ],
    updatedAt: confirmedAt,
  }
  return {
    status: new Map([[clubId, status]]),
    donors,
    consents,
    donations: donations.map((record, index) => ({
      id: `donation-tax-${String(index + 1).padStart(2, '0')}`,
      ...record,
    })),
  }
}
