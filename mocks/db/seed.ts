/**
 * Builds the seeded state: deterministic (a fixed PRNG seed) and relative to the instant it is built
 * for, so "this month" and running campaigns always exist. The instant is the current hour, and builds
 * are cached by it: Vitest reseeds before every test, and within an hour that costs nothing.
 */
import type { LegitimationDocumentKind } from '../../src/api/generated/query/model/legitimationDocumentKind.ts'
import type { PaymentRequirement } from '../../src/api/generated/query/model/paymentRequirement.ts'
import type { Role } from '../../src/api/generated/query/model/role.ts'
import { ibanFromBban } from '../../src/lib/iban.ts'
import { DEFAULT_GLOBALS } from '../../domain/globals.ts'
import { DAY_MS, HOUR_MS, MINUTE_MS, isoInstant, viennaDay, viennaDayStart, startOfMonth } from '../../domain/time.ts'
import { createPrng } from './prng.ts'
import type { Prng } from './prng.ts'
import {
  BANKS,
  CAMPAIGN_NAMES,
  CLUB_ROLES,
  CLUB_TYPES,
  CLUBS,
  DONATION_AMOUNTS,
  DONATION_MESSAGES,
  DONATION_WEIGHTS,
  FIRST_NAMES_FEMALE,
  FIRST_NAMES_MALE,
  LAST_NAMES,
  MAIL_DOMAINS,
  SEED_FILES,
  SHORT_DESCRIPTIONS,
  VOLUME_CAMPAIGNS,
  descriptionFor,
} from './seed-data.ts'
import type { ClubSeed } from './seed-data.ts'
import {
  SEED_PASSWORD,
  seedAccounts,
  seedAppLogoId,
  seedClubRoles,
  seedClubTypes,
  seedClubs,
  seedInvitations,
  seedPaymentAccounts,
} from './seed-accounts.ts'
import type { SeedAccountKey } from './seed-accounts.ts'
import { DEFAULT_FAULTS } from './types.ts'
import type {
  AuditEntryRecord,
  CampaignRecord,
  CredentialRecord,
  ClubProfileRecord,
  ClubRecord,
  DbState,
  DonationRecord,
  FileRecord,
  InvitationRecord,
  MembershipRecord,
  OnboardingLinkRecord,
  PaymentAccountRecord,
  UserRecord,
} from './types.ts'

/** Bump when the seed's shape changes, so persisted browser state from an older seed is dropped. */
export const SEED_VERSION = 1

/** Generated donations carry this id prefix: persistence stores only the others. */
export const SEED_DONATION_PREFIX = 'seed-d'

export const expiredOnboardingLinkId = 'link-hallein-abgelaufen'

/** The seed's anchor for `now`: the start of the current hour. */
export const seedInstant = (now: number): number => Math.floor(now / HOUR_MS) * HOUR_MS

const cache = new Map<number, DbState>()

export const buildSeed = (seedAt: number): DbState => {
  let state = cache.get(seedAt)
  if (!state) {
    state = generate(seedAt)
    // A long-running dev server crosses hours; keep only the latest few builds.
    if (cache.size > 3) cache.delete(cache.keys().next().value!)
    cache.set(seedAt, state)
  }
  return state
}

// ------------------------------------------------------------------------------------------------------

const transliterate = (text: string): string =>
  text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9.-]+/g, '-')

const hashString = (text: string): number => {
  let hash = 2166136261
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619)
  return hash >>> 0
}

// Every donor name combination, built once: 15 000 donations then share 1 600 strings.
const DONOR_NAMES = [...FIRST_NAMES_FEMALE, ...FIRST_NAMES_MALE].flatMap((first) => LAST_NAMES.map((last) => `${first} ${last}`))
const FAMILY_NAMES = LAST_NAMES.map((last) => `Familie ${last}`)

const DOCUMENT_KINDS: readonly LegitimationDocumentKind[] = ['PASSPORT', 'ID_CARD', 'DRIVING_LICENCE']
const MOBILE_PREFIXES = ['650', '660', '664', '676', '680', '699'] as const

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

interface Person {
  firstName: string
  lastName: string
}

const generate = (seedAt: number): DbState => {
  const prng = createPrng(0x5eed2026)
  const daysAgo = (days: number): string => isoInstant(seedAt - days * DAY_MS)
  const dayOffset = (days: number): string => viennaDay(seedAt + days * DAY_MS)

  const users = new Map<string, UserRecord>()
  const credentials = new Map<string, CredentialRecord>()
  const clubs = new Map<string, ClubRecord>()
  const memberships = new Map<string, MembershipRecord>()
  const invitations = new Map<string, InvitationRecord>()
  const files = new Map<string, FileRecord>()
  const campaigns = new Map<string, CampaignRecord>()
  const paymentAccounts = new Map<string, PaymentAccountRecord>()
  const onboardingLinks = new Map<string, OnboardingLinkRecord>()
  const auditEntries: AuditEntryRecord[] = []
  const usedEmails = new Set<string>()
  const auditAdmin = {
    uid: seedAccounts.admin.uid,
    name: `${seedAccounts.admin.firstName} ${seedAccounts.admin.lastName}`,
    email: seedAccounts.admin.email,
  }

  const clubTypes = new Map(
    CLUB_TYPES.map((type) => [seedClubTypes[type.key], { id: seedClubTypes[type.key], name: type.name, createdAt: daysAgo(1200) }]),
  )
  const clubRoles = new Map(CLUB_ROLES.map((role) => [role.id, { ...role, createdAt: daysAgo(1200) }]))

  const phone = (): string => `+43 ${prng.pick(MOBILE_PREFIXES)} ${prng.int(1_000_000, 9_999_999)}`

  const addUser = (record: UserRecord): UserRecord => {
    users.set(record.uid, record)
    credentials.set(record.uid, { uid: record.uid, password: SEED_PASSWORD, sessionsValidAfter: 0 })
    usedEmails.add(record.email)
    return record
  }

  const randomPerson = (): Person => ({
    firstName: prng.chance(0.5) ? prng.pick(FIRST_NAMES_FEMALE) : prng.pick(FIRST_NAMES_MALE),
    lastName: prng.pick(LAST_NAMES),
  })

  const generatedUser = (person: Person, createdDaysAgo: number, role: Role = 'ROLE_USER'): UserRecord => {
    let email = `${transliterate(person.firstName)}.${transliterate(person.lastName)}@${prng.pick(MAIL_DOMAINS)}`
    for (let n = 2; usedEmails.has(email); n++) email = email.replace(/(\d*)@/, `${n}@`)
    return addUser({
      uid: `uid-${prng.string(20)}`,
      email,
      firstName: person.firstName,
      lastName: person.lastName,
      role,
      emailVerified: true,
      phoneNumber: phone(),
      createdAt: daysAgo(createdDaysAgo),
    })
  }

  const accountUser = (key: SeedAccountKey, role: Role, createdDaysAgo: number, emailVerified = true): UserRecord => {
    const account = seedAccounts[key]
    return addUser({ ...account, role, emailVerified, phoneNumber: phone(), createdAt: daysAgo(createdDaysAgo) })
  }

  accountUser('admin', 'ROLE_ADMIN', 1200)
  accountUser('staff', 'ROLE_STAFF', 1000)
  accountUser('verein', 'ROLE_USER', 1100)
  accountUser('neu', 'ROLE_USER', 6)
  accountUser('unbestaetigt', 'ROLE_USER', 2, false)
  accountUser('freigabe', 'ROLE_USER', 14)

  const addMembership = (clubId: string, uid: string, clubRoleId: string, createdAt: string) => {
    const id = `${clubId}:${uid}`
    memberships.set(id, { id, clubId, uid, clubRoleId, createdAt })
  }

  let fileCounter = 0
  const addFile = (
    clubId: string,
    kind: FileRecord['kind'],
    label: FileRecord['label'],
    source: { path: string; name: string; contentType: string; size: number },
    uploadedDaysAgo: number,
  ): FileRecord => {
    fileCounter += 1
    const record: FileRecord = {
      id: `file-${String(fileCounter).padStart(4, '0')}`,
      clubId,
      kind,
      label,
      ...source,
      uploadedAt: isoInstant(seedAt - uploadedDaysAgo * DAY_MS - fileCounter * MINUTE_MS),
    }
    files.set(record.id, record)
    return record
  }

  let zvr = 100_000_000
  let campaignPattern = 0
  const donationJobs: DonationJob[] = []

  for (const [clubIndex, seed] of CLUBS.entries()) {
    const type = CLUB_TYPES.find((candidate) => candidate.key === seed.type)!
    const createdAt = daysAgo(seed.createdDaysAgo)
    const representative = seed.representative
      ? users.get(seedAccounts[seed.representative].uid)!
      : generatedUser(randomPerson(), seed.createdDaysAgo)
    if (!memberships.has(`${seed.id}:${representative.uid}`)) {
      addMembership(seed.id, representative.uid, seedClubRoles.obmann, createdAt)
    }

    zvr += prng.int(1_000_000, 60_000_000)
    const gaps = new Set(seed.fill === 'partial' ? (seed.gaps ?? []) : [])
    const full = seed.fill !== 'registered'
    const bank = prng.pick(BANKS)
    const bban = `${bank.code}${String(prng.int(0, 99_999_999_999)).padStart(11, '0')}`
    const address = { street: seed.street, houseNumber: seed.houseNumber, postalCode: seed.postalCode, city: seed.city }
    const separateBilling = full && !gaps.has('billing') && prng.chance(0.25)
    const birthYear = prng.int(1952, 1996)

    const profile: ClubProfileRecord = {
      name: seed.name,
      zvrNumber: String(zvr),
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
        ? { sameAsClubAddress: false, street: '', houseNumber: '', postalCode: '', city: '', country: '', additionalInformation: '' }
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
          : { sameAsClubAddress: true, street: '', houseNumber: '', postalCode: '', city: '', country: '', additionalInformation: '' },
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

    const uploadedDaysAgo = Math.max(1, seed.createdDaysAgo - 2)
    if (full && !gaps.has('logo')) addFile(seed.id, 'IMAGE', 'LOGO', SEED_FILES.logo(type.logo), uploadedDaysAgo)
    if (full && !gaps.has('legitimation')) {
      addFile(seed.id, 'IMAGE', 'LEGITIMATION_FRONT', SEED_FILES.legitimationFront, uploadedDaysAgo)
      addFile(seed.id, 'IMAGE', 'LEGITIMATION_BACK', SEED_FILES.legitimationBack, uploadedDaysAgo)
    }
    if (full && !gaps.has('documents')) {
      addFile(seed.id, 'DOCUMENT', 'SPEND2_FORM', SEED_FILES.spend2, uploadedDaysAgo)
      if (!gaps.has('deductibility')) addFile(seed.id, 'DOCUMENT', 'DEDUCTIBILITY_NOTICE', SEED_FILES.deductibility, uploadedDaysAgo)
      if (prng.chance(0.4)) addFile(seed.id, 'DOCUMENT', 'OTHER_DOCUMENT', SEED_FILES.statutes, uploadedDaysAgo)
    }
    for (let g = 0; g < seed.gallery; g++) {
      addFile(seed.id, 'IMAGE', 'GALLERY', SEED_FILES.gallery[g % SEED_FILES.gallery.length]!, Math.max(1, uploadedDaysAgo - 10 * g))
    }

    const checkedDaysAgo = Math.max(0, seed.createdDaysAgo - 3)
    const deactivationReason = seed.status === 'INACTIVE' ? deactivationReasonOf(seed) : null
    // Some weeks ago, a few days apart, and never before the club was registered.
    const deactivatedAt =
      deactivationReason === null ? null : daysAgo(Math.min(Math.max(1, seed.createdDaysAgo - 5), 12 + clubIndex))
    clubs.set(seed.id, {
      id: seed.id,
      profile,
      status: seed.status,
      isChecked: seed.checked,
      checkedAt: seed.checked ? daysAgo(checkedDaysAgo) : null,
      checkedBy: seed.checked ? seedAccounts.admin.uid : null,
      bankReview: null,
      deactivationReason,
      deactivatedAt,
      createdAt,
      updatedAt: daysAgo(Math.max(0, seed.createdDaysAgo - 5)),
    })
    if (deactivationReason !== null && deactivatedAt !== null) {
      auditEntries.push({
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

    // More members for established clubs: a treasurer, sometimes a deputy and a secretary.
    if (seed.status !== 'PROCESSING' && full && seed.id !== seedClubs.volume) {
      addMembership(seed.id, generatedUser(randomPerson(), seed.createdDaysAgo - 1).uid, seedClubRoles.kassier, createdAt)
      if (prng.chance(0.5)) {
        addMembership(seed.id, generatedUser(randomPerson(), seed.createdDaysAgo - 1).uid, seedClubRoles.schriftfuehrung, createdAt)
      }
    }

    // Campaigns
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
          date: dayOffset(campaign.eventDay),
          time: campaign.time,
          from: dayOffset(campaign.fromDay),
          to: dayOffset(campaign.toDay),
          enabled: campaign.enabled,
          createdAt: daysAgo(Math.max(1, -campaign.fromDay + 14)),
          updatedAt: daysAgo(Math.max(1, -campaign.fromDay + 7)),
        })
      }
    } else {
      const names = CAMPAIGN_NAMES[seed.type]
      for (let c = 0; c < seed.campaigns; c++) {
        clubCampaigns.push(generatedCampaign(prng, seed, names[c % names.length]!, c, campaignPattern++, seedAt))
      }
    }
    for (const campaign of clubCampaigns) campaigns.set(campaign.documentId, campaign)

    // Donations: only what they are derived from is kept here; the records are built on first use
    // (lazyDonations), as most pages never read them.
    if (seed.donations > 0) {
      const today = viennaDay(seedAt)
      donationJobs.push({
        clubId: seed.id,
        count: seed.donations,
        span: seed.donationDays ?? Math.min(seed.createdDaysAgo - 5, 400),
        // An inactive club stopped collecting some time ago.
        pause: seed.status === 'INACTIVE' ? 90 * DAY_MS : 0,
        windows: clubCampaigns
          .filter((campaign) => campaign.from <= today)
          .map((campaign) => ({ id: campaign.documentId, from: campaign.from, to: campaign.to, minimum: campaign.minimumDonationCents })),
      })
    }

    // Payment account
    if (seed.payment) {
      const known = Object.values(seedPaymentAccounts).find((account) => account.clubId === seed.id)
      const accountId = known?.accountId ?? `acct_${seed.id.replace(/^club-/, '').replace(/-/g, '')}${String(clubIndex).padStart(2, '0')}`
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
        auditEntries.push({
          id: `audit-seed-${accountId}-rejected`,
          at: daysAgo(20),
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
      paymentAccounts.set(accountId, {
        accountId,
        clubId: seed.id,
        status: seed.payment,
        chargesEnabled: seed.payment === 'ACTIVE',
        payoutsEnabled: seed.payment === 'ACTIVE',
        requirements,
        rejectReason,
        createdAt: daysAgo(accountCreatedDaysAgo),
        updatedAt: daysAgo(seed.payment === 'REJECTED' ? 20 : Math.max(1, accountCreatedDaysAgo - 1)),
      })
    }
  }

  // The volume club's board and its invitations (one open, one expired, one accepted).
  const volumeCreated = daysAgo(1100)
  const kassierin = addUser({
    uid: 'uid-kassierin-gruenbach',
    email: seedInvitations.used.email,
    firstName: 'Katharina',
    lastName: 'Kaiser',
    role: 'ROLE_USER',
    emailVerified: true,
    phoneNumber: phone(),
    createdAt: daysAgo(199),
  })
  addMembership(seedClubs.volume, kassierin.uid, seedClubRoles.kassier, daysAgo(199))
  addMembership(seedClubs.volume, generatedUser(randomPerson(), 900).uid, seedClubRoles.stellvertretung, volumeCreated)
  addMembership(seedClubs.volume, generatedUser(randomPerson(), 700).uid, seedClubRoles.mitglied, volumeCreated)

  const invitation = (
    id: string,
    token: string,
    email: string,
    clubRoleId: string,
    createdHoursAgo: number,
    used: { at: string; by: string } | null,
  ): InvitationRecord => ({
    id,
    token,
    clubId: seedClubs.volume,
    email,
    clubRoleId,
    invitedBy: seedAccounts.verein.uid,
    createdAt: isoInstant(seedAt - createdHoursAgo * HOUR_MS),
    expiresAt: isoInstant(seedAt - createdHoursAgo * HOUR_MS + 72 * HOUR_MS),
    usedAt: used?.at ?? null,
    usedBy: used?.by ?? null,
    replacedAt: null,
    withdrawnAt: null,
  })
  for (const record of [
    invitation(seedInvitations.valid.id, seedInvitations.valid.token, seedInvitations.valid.email, seedClubRoles.schriftfuehrung, 24, null),
    invitation(seedInvitations.expired.id, seedInvitations.expired.token, seedInvitations.expired.email, seedClubRoles.mitglied, 120, null),
    invitation(seedInvitations.used.id, seedInvitations.used.token, seedInvitations.used.email, seedClubRoles.kassier, 200 * 24, {
      at: daysAgo(199),
      by: kassierin.uid,
    }),
  ]) {
    invitations.set(record.id, record)
  }

  onboardingLinks.set(expiredOnboardingLinkId, {
    id: expiredOnboardingLinkId,
    accountId: seedPaymentAccounts.onboarding.accountId,
    clubId: seedPaymentAccounts.onboarding.clubId,
    returnOrigin: '',
    createdAt: daysAgo(3),
    expiresAt: isoInstant(seedAt - 3 * DAY_MS + 15 * MINUTE_MS),
    usedAt: null,
  })

  return {
    tables: {
      users,
      credentials,
      clubTypes,
      clubRoles,
      memberships,
      invitations,
      clubs,
      files,
      campaigns,
      donations: lazyDonations(seedAt, donationJobs),
      paymentAccounts,
      onboardingLinks,
      refreshTokens: new Map(),
      oobCodes: new Map(),
      mails: new Map(),
      // Appended oldest first, as the backend appends them.
      auditLog: new Map(
        auditEntries
          .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : 1))
          .map((entry) => [entry.id, entry]),
      ),
    },
    singletons: {
      appLogo: { id: seedAppLogoId, ...SEED_FILES.appLogo, uploadedAt: daysAgo(1150) },
      globals: DEFAULT_GLOBALS,
      faults: DEFAULT_FAULTS,
      settings: { firebaseEmulatorProject: null },
      seedAt,
      mailSequence: 0,
    },
  }
}

/** What one club's generated donations are derived from (besides `seedAt`). */
interface DonationJob {
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
      instants[d] = seedAt - pause - Math.floor(donationPrng.next() ** 1.25 * span * DAY_MS) - donationPrng.int(0, HOUR_MS)
    }
    // A few in the current month, so "this month" on the dashboard is never empty.
    if (!pause) for (let d = 0; d < 3; d++) instants[d] = seedAt - Math.floor((seedAt - monthStart) * 0.5 * donationPrng.next())
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
 */
class LazyDonations extends Map<string, DonationRecord> {
  #pending: (() => void) | null

  constructor(seedAt: number, jobs: readonly DonationJob[]) {
    super()
    this.#pending = () => generateDonations(seedAt, jobs, (record) => super.set(record.id, record))
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
  override forEach(callback: (value: DonationRecord, key: string, map: Map<string, DonationRecord>) => void, thisArg?: unknown) {
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

const lazyDonations = (seedAt: number, jobs: readonly DonationJob[]): ReadonlyMap<string, DonationRecord> =>
  new LazyDonations(seedAt, jobs)

/** True for a seed donation table nobody has read yet (it holds only generated donations, none built). */
export const isUnreadSeedDonations = (table: ReadonlyMap<string, unknown>): boolean =>
  table instanceof LazyDonations && !table.materialized

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
  prng: Prng,
  seed: ClubSeed,
  name: string,
  index: number,
  pattern: number,
  seedAt: number,
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
