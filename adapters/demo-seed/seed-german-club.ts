/**
 * The seed's German club (issue 24): "Verein Jugend im Dreiländereck Passau e. V.", ACTIVE and complete,
 * with its seat in Passau (the address's country is Germany), so it issues the German Zuwendungsbestätigung.
 * verein@demo.at is its Obmann/Obfrau. Its name sorts after his other clubs', so his club switch lists it
 * last and he still opens Musikverein Hallein first (the switch and the first club go by name). Its
 * receipt settings carry the German data (purposes, a Freistellungsbescheid of Finanzamt Passau issued
 * about two years before the seed's instant), and last year's donations asked for a receipt: two of
 * Dr. Anna Hofbauer's (one Sammelbestätigung) and one of Thomas Reindl's.
 *
 * Fixed records relative to the seed's instant, built after every other builder: nothing here draws from
 * the seed's PRNG (seed-build.ts) or counts on its counters, so the other clubs' data, ids and figures
 * stay as they were. The profile's Austrian-only parts (ZVR number, the BMF list's register number, the
 * SPEND 2 form) hold stand-ins, as the portal asks them of every club for a complete profile.
 */
import { ibanFromBban } from '#checks/iban.ts'
import { BILLING_SAME_AS_CLUB } from '#domain/clubs.ts'
import { DAY_MS, HOUR_MS, isoInstant, viennaDay, viennaDayStart } from '#domain/time.ts'
import type {
  ClubRecord,
  DonationRecord,
  FileRecord,
  ReceiptAddressRecord,
  ReceiptSettingsRecord,
} from '#domain/records.ts'
import { auditAdmin } from './seed-clubs.ts'
import { daysAgo } from './seed-build.ts'
import type { SeedBuild } from './seed-build.ts'
import { descriptionFor, SEED_FILES, SHORT_DESCRIPTIONS } from './seed-data.ts'
import { seedAccounts, seedClubRoles, seedClubTypes, seedClubs, seedReceipts } from './seed-accounts.ts'
import { addMembership } from './seed-users.ts'

const NAME = 'Verein Jugend im Dreiländereck Passau e. V.'
const CITY = 'Passau'
const CREATED_DAYS_AGO = 420
/** The club's tax number at Finanzamt Passau (Bavarian form), also on its Freistellungsbescheid. */
const TAX_NUMBER = '153/270/51234'

const HOFBAUER: ReceiptAddressRecord = {
  name: 'Dr. Anna Hofbauer',
  street: 'Ludwigstraße 8',
  postalCode: '94032',
  city: 'Passau',
  country: 'DE',
}

const REINDL: ReceiptAddressRecord = {
  name: 'Thomas Reindl',
  street: 'Schmiedgasse 4',
  postalCode: '94034',
  city: 'Passau',
  country: 'DE',
}

/** Last year's donations with a receipt address, in time order: id, month-day, cents, address. */
const DONATIONS: ReadonlyArray<readonly [string, string, number, ReceiptAddressRecord]> = [
  [seedReceipts.germanHofbauerDonationIds[0], '03-14', 10_000, HOFBAUER],
  [seedReceipts.germanHofbauerDonationIds[1], '09-22', 5_000, HOFBAUER],
  [seedReceipts.germanReindlDonationId, '11-28', 25_000, REINDL],
]

export interface GermanClubSeed {
  /** By club id: the German club's receipt settings. */
  readonly settings: ReadonlyMap<string, ReceiptSettingsRecord>
  /** Added to the seed's generated donations (seed-donations.ts). */
  readonly donations: readonly DonationRecord[]
}

/** The uploads a complete profile needs, with ids of their own (the running file ids stay the others'). */
const addFiles = (build: SeedBuild, clubId: string): void => {
  const sources: ReadonlyArray<readonly [string, FileRecord['kind'], FileRecord['label'], FileSource]> = [
    ['logo', 'IMAGE', 'LOGO', SEED_FILES.logo('jugendverein')],
    ['ausweis-vorne', 'IMAGE', 'LEGITIMATION_FRONT', SEED_FILES.legitimationFront],
    ['ausweis-hinten', 'IMAGE', 'LEGITIMATION_BACK', SEED_FILES.legitimationBack],
    ['spend2', 'DOCUMENT', 'SPEND2_FORM', SEED_FILES.spend2],
    ['bescheid', 'DOCUMENT', 'DEDUCTIBILITY_NOTICE', SEED_FILES.deductibility],
  ]
  sources.forEach(([slug, kind, label, source], index) => {
    const id = `file-passau-${slug}`
    build.files.set(id, {
      id,
      clubId,
      kind,
      label,
      ...source,
      uploadedAt: isoInstant(build.seedAt - (CREATED_DAYS_AGO - 2) * DAY_MS - index * 60_000),
    })
  })
}

type FileSource = Pick<FileRecord, 'path' | 'name' | 'contentType' | 'size'>

/** The German club, its Obmann (verein@demo.at), files, receipt settings and last year's receipt donations. */
export const buildGermanClubSeed = (build: SeedBuild): GermanClubSeed => {
  const clubId = seedClubs.german
  const chair = build.users.get(seedAccounts.verein.uid)!
  const createdAt = daysAgo(build, CREATED_DAYS_AGO)
  const club: ClubRecord = {
    id: clubId,
    profile: {
      name: NAME,
      // A stand-in: German clubs have no ZVR number (theirs is in the Vereinsregister of Amtsgericht Passau).
      zvrNumber: '9403200017',
      vatNumber: TAX_NUMBER,
      donationNumber: TAX_NUMBER,
      description: descriptionFor('jugend', NAME, CITY),
      shortDescription: SHORT_DESCRIPTIONS.jugend,
      address: { street: 'Innstraße', houseNumber: '12', postalCode: '94032', city: CITY, country: 'DE' },
      bankInfo: {
        bankName: 'Sparkasse Passau',
        // Bankleitzahl 740 500 00 and a fixed account number.
        iban: ibanFromBban('DE', '740500000024681357'),
        bic: 'BYLADEM1PAS',
        accountHolder: NAME,
      },
      billingAddress: { ...BILLING_SAME_AS_CLUB },
      legitimation: {
        firstName: chair.firstName,
        lastName: chair.lastName,
        phoneNumber: chair.phoneNumber,
        birthDate: '1971-03-14',
        email: chair.email,
        documentKind: 'ID_CARD',
      },
      clubTypeId: seedClubTypes.jugend,
      clubSize: 50,
    },
    status: 'ACTIVE',
    isChecked: true,
    checkedAt: daysAgo(build, CREATED_DAYS_AGO - 3),
    checkedBy: auditAdmin.uid,
    bankReview: null,
    deactivationReason: null,
    deactivatedAt: null,
    createdAt,
    updatedAt: daysAgo(build, CREATED_DAYS_AGO - 5),
  }
  build.clubs.set(clubId, club)
  addMembership(build, clubId, chair.uid, seedClubRoles.obmann, createdAt)
  addFiles(build, clubId)

  const lastYear = Number(viennaDay(build.seedAt).slice(0, 4)) - 1
  const donations = DONATIONS.map(([id, monthDay, amountCents, receiptAddress]): DonationRecord => {
    // Midday in Vienna: the day is the same in every time zone the app is shown in.
    const at = viennaDayStart(`${lastYear}-${monthDay}`) + 12 * HOUR_MS
    return {
      id,
      clubId,
      campaignId: null,
      amountCents,
      donorName: receiptAddress.name,
      message: null,
      at,
      day: viennaDay(at),
      receiptAddress,
    }
  })

  // About two years old: it carries receipts for three more years (five in all, § 63 Abs. 5 AO).
  const issuedOn = viennaDay(build.seedAt - 730 * DAY_MS)
  const settings: ReceiptSettingsRecord = {
    clubId,
    place: CITY,
    signerName: `${chair.firstName} ${chair.lastName}`,
    signerRole: '1. Vorsitzender',
    germany: {
      purposes: 'Förderung der Jugendhilfe und des Sports',
      exemption: {
        kind: 'FREISTELLUNGSBESCHEID',
        taxOffice: 'Finanzamt Passau',
        taxNumber: TAX_NUMBER,
        issuedOn,
        // The notice assessed the year before it was issued.
        lastPeriod: String(Number(issuedOn.slice(0, 4)) - 1),
      },
    },
    updatedAt: daysAgo(build, 60),
  }
  return { settings: new Map([[clubId, settings]]), donations }
}
