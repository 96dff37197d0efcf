/**
 * The seed's clubs, one after the other: the representative, the profile, the uploaded files, the club
 * record (and, for a deactivated club, its audit entry), further board members, campaigns, donations and
 * the payment account. Club types and club roles, which every club refers to, too.
 */
import type { LegitimationDocumentKind } from '#openapi/generated/model/legitimationDocumentKind.ts'
import type { PaymentRequirement } from '#openapi/generated/model/paymentRequirement.ts'
import { ibanFromBban } from '#checks/iban.ts'
import { BILLING_SAME_AS_CLUB } from '#domain/clubs.ts'
import { DAY_MS, MINUTE_MS, isoInstant } from '#domain/time.ts'
import { daysAgo } from './seed-build.ts'
import type { SeedBuild } from './seed-build.ts'
import { buildClubCampaigns } from './seed-campaigns.ts'
import { addDonationJob } from './seed-donations.ts'
import { BANKS, CLUB_ROLES, CLUB_TYPES, SEED_FILES, SHORT_DESCRIPTIONS, descriptionFor } from './seed-data.ts'
import type { ClubSeed } from './seed-data.ts'
import { seedAccounts, seedClubRoles, seedClubTypes, seedClubs, seedPaymentAccounts } from './seed-accounts.ts'
import { addMembership, generatedUser, randomPerson } from './seed-users.ts'
import type { ClubProfileRecord, ClubRoleRecord, ClubTypeRecord, FileRecord, UserRecord } from '#domain/records.ts'

type ClubType = (typeof CLUB_TYPES)[number]

const DOCUMENT_KINDS: readonly LegitimationDocumentKind[] = ['PASSPORT', 'ID_CARD', 'DRIVING_LICENCE']

/** Why the seed's inactive clubs were deactivated (their dashboards show it); others get a general reason. */
const DEACTIVATION_REASONS: Readonly<Record<string, string>> = {
  [seedClubs.inactive]:
    'Der Bescheid über die Spendenbegünstigung ist abgelaufen. Bitte laden Sie den aktuellen Bescheid hoch, dann geben wir den Verein wieder frei.',
  [seedClubs.inactiveIncomplete]: 'Registrierung abgelehnt: Die ZVR-Zahl ist im Vereinsregister nicht zu finden.',
}
const deactivationReasonOf = (seed: ClubSeed): string =>
  DEACTIVATION_REASONS[seed.id] ??
  (seed.fill === 'complete'
    ? 'Auf Wunsch des Vereinsvorstands deaktiviert.'
    : 'Registrierung abgelehnt: Das Profil wurde nicht vervollständigt.')

/** The administrator the seed's audit entries name. */
export const auditAdmin = {
  uid: seedAccounts.admin.uid,
  name: `${seedAccounts.admin.firstName} ${seedAccounts.admin.lastName}`,
  email: seedAccounts.admin.email,
}

export const buildClubTypes = (build: SeedBuild): Map<string, ClubTypeRecord> =>
  new Map(
    CLUB_TYPES.map((type) => [
      seedClubTypes[type.key],
      { id: seedClubTypes[type.key], name: type.name, createdAt: daysAgo(build, 1200) },
    ]),
  )

export const buildClubRoles = (build: SeedBuild): Map<string, ClubRoleRecord> =>
  new Map(CLUB_ROLES.map((role) => [role.id, { ...role, createdAt: daysAgo(build, 1200) }]))

/** How far a club's profile is filled in. */
interface Fill {
  /** More than the registration: the profile was worked on. */
  full: boolean
  /** Parts left empty in a partial profile. */
  gaps: ReadonlySet<string>
}

const clubProfile = (
  build: SeedBuild,
  seed: ClubSeed,
  type: ClubType,
  representative: UserRecord,
  { full, gaps }: Fill,
): ClubProfileRecord => {
  const { prng } = build
  build.counters.zvr += prng.int(1_000_000, 60_000_000)
  const bank = prng.pick(BANKS)
  const bban = `${bank.code}${String(prng.int(0, 99_999_999_999)).padStart(11, '0')}`
  const address = { street: seed.street, houseNumber: seed.houseNumber, postalCode: seed.postalCode, city: seed.city }
  const separateBilling = full && !gaps.has('billing') && prng.chance(0.25)
  const birthYear = prng.int(1952, 1996)

  return {
    name: seed.name,
    zvrNumber: String(build.counters.zvr),
    vatNumber: full && !gaps.has('texts') ? `${prng.int(10, 98)} ${prng.int(100, 999)}/${prng.int(1000, 9999)}` : '',
    donationNumber: full && !gaps.has('texts') ? `${type.donationPrefix} ${prng.int(1000, 9999)}` : '',
    description: full && !gaps.has('texts') ? descriptionFor(seed.type, seed.name, seed.city) : '',
    shortDescription: full && !gaps.has('texts') ? SHORT_DESCRIPTIONS[seed.type] : '',
    address,
    bankInfo:
      full && !gaps.has('bank')
        ? { bankName: bank.name, iban: ibanFromBban('AT', bban), bic: bank.bic, accountHolder: seed.name }
        : { bankName: '', iban: '', bic: '', accountHolder: '' },
    billingAddress: gaps.has('billing')
      ? // Neither the club's address nor a separate one: the gap the profile check reports.
        { ...BILLING_SAME_AS_CLUB, sameAsClubAddress: false }
      : separateBilling
        ? {
            sameAsClubAddress: false,
            street: prng.pick(['Hauptstraße', 'Kirchengasse', 'Lindenweg', 'Mühlgasse', 'Gartengasse']),
            houseNumber: String(prng.int(1, 60)),
            postalCode: seed.postalCode,
            city: seed.city,
            country: 'AT',
            additionalInformation: 'z. H. Kassier/in',
          }
        : { ...BILLING_SAME_AS_CLUB },
    legitimation:
      full && !gaps.has('legitimation')
        ? {
            firstName: representative.firstName,
            lastName: representative.lastName,
            phoneNumber: representative.phoneNumber,
            birthDate: `${birthYear}-${String(prng.int(1, 12)).padStart(2, '0')}-${String(prng.int(1, 28)).padStart(2, '0')}`,
            email: representative.email,
            documentKind: prng.pick(DOCUMENT_KINDS),
          }
        : {
            firstName: representative.firstName,
            lastName: representative.lastName,
            phoneNumber: '',
            birthDate: null,
            email: representative.email,
            documentKind: null,
          },
    clubTypeId: seedClubTypes[seed.type],
    clubSize: seed.size,
  }
}

const addFile = (
  build: SeedBuild,
  clubId: string,
  kind: FileRecord['kind'],
  label: FileRecord['label'],
  source: { path: string; name: string; contentType: string; size: number },
  uploadedDaysAgo: number,
): void => {
  const counter = ++build.counters.file
  const record: FileRecord = {
    id: `file-${String(counter).padStart(4, '0')}`,
    clubId,
    kind,
    label,
    ...source,
    uploadedAt: isoInstant(build.seedAt - uploadedDaysAgo * DAY_MS - counter * MINUTE_MS),
  }
  build.files.set(record.id, record)
}

/** The files a club of this fill has uploaded: logo, legitimation, documents, gallery. */
const buildClubFiles = (build: SeedBuild, seed: ClubSeed, type: ClubType, { full, gaps }: Fill): void => {
  const uploadedDaysAgo = Math.max(1, seed.createdDaysAgo - 2)
  if (full && !gaps.has('logo')) addFile(build, seed.id, 'IMAGE', 'LOGO', SEED_FILES.logo(type.logo), uploadedDaysAgo)
  if (full && !gaps.has('legitimation')) {
    addFile(build, seed.id, 'IMAGE', 'LEGITIMATION_FRONT', SEED_FILES.legitimationFront, uploadedDaysAgo)
    addFile(build, seed.id, 'IMAGE', 'LEGITIMATION_BACK', SEED_FILES.legitimationBack, uploadedDaysAgo)
  }
  if (full && !gaps.has('documents')) {
    addFile(build, seed.id, 'DOCUMENT', 'SPEND2_FORM', SEED_FILES.spend2, uploadedDaysAgo)
    if (!gaps.has('deductibility')) {
      addFile(build, seed.id, 'DOCUMENT', 'DEDUCTIBILITY_NOTICE', SEED_FILES.deductibility, uploadedDaysAgo)
    }
    if (build.prng.chance(0.4))
      addFile(build, seed.id, 'DOCUMENT', 'OTHER_DOCUMENT', SEED_FILES.statutes, uploadedDaysAgo)
  }
  for (let g = 0; g < seed.gallery; g++) {
    const source = SEED_FILES.gallery[g % SEED_FILES.gallery.length]!
    addFile(build, seed.id, 'IMAGE', 'GALLERY', source, Math.max(1, uploadedDaysAgo - 10 * g))
  }
}

/** The club record, and for a deactivated club the audit entry of its deactivation. */
const addClubRecord = (build: SeedBuild, seed: ClubSeed, clubIndex: number, profile: ClubProfileRecord): void => {
  const createdAt = daysAgo(build, seed.createdDaysAgo)
  const checkedDaysAgo = Math.max(0, seed.createdDaysAgo - 3)
  const deactivationReason = seed.status === 'INACTIVE' ? deactivationReasonOf(seed) : null
  // Some weeks ago, a few days apart, and never before the club was registered.
  const deactivatedAt =
    deactivationReason === null ? null : daysAgo(build, Math.min(Math.max(1, seed.createdDaysAgo - 5), 12 + clubIndex))
  build.clubs.set(seed.id, {
    id: seed.id,
    profile,
    status: seed.status,
    isChecked: seed.checked,
    checkedAt: seed.checked ? daysAgo(build, checkedDaysAgo) : null,
    checkedBy: seed.checked ? seedAccounts.admin.uid : null,
    bankReview: null,
    deactivationReason,
    deactivatedAt,
    createdAt,
    updatedAt: daysAgo(build, Math.max(0, seed.createdDaysAgo - 5)),
  })
  if (deactivationReason !== null && deactivatedAt !== null) {
    build.auditEntries.push({
      id: `audit-seed-${seed.id}-deactivated`,
      at: deactivatedAt,
      action: 'CLUB_DEACTIVATED',
      actor: auditAdmin,
      club: { id: seed.id, name: seed.name },
      user: null,
      changes: [
        { field: 'status', before: seed.fill === 'complete' ? 'ACTIVE' : 'PROCESSING', after: 'INACTIVE' },
        { field: 'deactivationReason', before: null, after: deactivationReason },
      ],
    })
  }
}

/** More members for established clubs: a treasurer, sometimes a secretary (the volume club has its own). */
const buildClubBoard = (build: SeedBuild, seed: ClubSeed, { full }: Fill): void => {
  if (seed.status === 'PROCESSING' || !full || seed.id === seedClubs.volume) return
  const createdAt = daysAgo(build, seed.createdDaysAgo)
  const member = () => generatedUser(build, randomPerson(build), seed.createdDaysAgo - 1).uid
  addMembership(build, seed.id, member(), seedClubRoles.kassier, createdAt)
  if (build.prng.chance(0.5)) addMembership(build, seed.id, member(), seedClubRoles.schriftfuehrung, createdAt)
}

/** The club's card-payment account in the state the seed names, and the audit entry of a rejection. */
const buildPaymentAccount = (build: SeedBuild, seed: ClubSeed, clubIndex: number): void => {
  if (!seed.payment) return
  const known = Object.values(seedPaymentAccounts).find((account) => account.clubId === seed.id)
  const accountId =
    known?.accountId ?? `acct_${seed.id.replace(/^club-/, '').replace(/-/g, '')}${String(clubIndex).padStart(2, '0')}`
  const requirements: PaymentRequirement[] =
    seed.payment !== 'ONBOARDING'
      ? []
      : seed.id === seedClubs.secondActive
        ? ['REPRESENTATIVE_IDENTITY', 'BANK_ACCOUNT']
        : ['BUSINESS_DETAILS', 'REPRESENTATIVE_IDENTITY', 'BANK_ACCOUNT', 'TERMS_ACCEPTANCE']
  const accountCreatedDaysAgo = seed.payment === 'ONBOARDING' ? 3 : Math.min(300, seed.createdDaysAgo - 10)
  const rejectReason =
    seed.payment === 'REJECTED'
      ? 'Die Identität der Kontaktperson konnte vom Kartenanbieter nicht bestätigt werden.'
      : null
  if (rejectReason !== null) {
    build.auditEntries.push({
      id: `audit-seed-${accountId}-rejected`,
      at: daysAgo(build, 20),
      action: 'PAYMENT_ACCOUNT_REJECTED',
      actor: auditAdmin,
      club: { id: seed.id, name: seed.name },
      user: null,
      changes: [
        { field: 'paymentAccount.accountId', before: accountId, after: accountId },
        { field: 'paymentAccount.status', before: 'ONBOARDING', after: 'REJECTED' },
        { field: 'paymentAccount.rejectReason', before: null, after: rejectReason },
      ],
    })
  }
  build.paymentAccounts.set(accountId, {
    accountId,
    clubId: seed.id,
    status: seed.payment,
    chargesEnabled: seed.payment === 'ACTIVE',
    payoutsEnabled: seed.payment === 'ACTIVE',
    requirements,
    rejectReason,
    createdAt: daysAgo(build, accountCreatedDaysAgo),
    updatedAt: daysAgo(build, seed.payment === 'REJECTED' ? 20 : Math.max(1, accountCreatedDaysAgo - 1)),
  })
}

/** One club of seed-data.ts's CLUBS and everything that belongs to it, in the PRNG's order. */
export const buildClub = (build: SeedBuild, seed: ClubSeed, clubIndex: number): void => {
  const type = CLUB_TYPES.find((candidate) => candidate.key === seed.type)!
  const createdAt = daysAgo(build, seed.createdDaysAgo)
  const representative = seed.representative
    ? build.users.get(seedAccounts[seed.representative].uid)!
    : generatedUser(build, randomPerson(build), seed.createdDaysAgo)
  if (!build.memberships.has(`${seed.id}:${representative.uid}`)) {
    addMembership(build, seed.id, representative.uid, seedClubRoles.obmann, createdAt)
  }

  const fill: Fill = {
    full: seed.fill !== 'registered',
    gaps: new Set(seed.fill === 'partial' ? (seed.gaps ?? []) : []),
  }
  const profile = clubProfile(build, seed, type, representative, fill)
  buildClubFiles(build, seed, type, fill)
  addClubRecord(build, seed, clubIndex, profile)
  buildClubBoard(build, seed, fill)
  const campaigns = buildClubCampaigns(build, seed)
  // Only what the donations are derived from: the records are built on first read.
  addDonationJob(build, seed, campaigns)
  buildPaymentAccount(build, seed, clubIndex)
}
