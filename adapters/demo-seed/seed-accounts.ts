/**
 * The ids and sign-in data of the seed that tests, e2e journeys and the docs refer to. The seed is built
 * from these constants, so they cannot drift apart.
 */

/** Every seeded sign-in account uses this password. */
export const SEED_PASSWORD = 'Demo1234!'

/**
 * What the mocked backend stores for it: a scrypt hash (adapters/offline-identity/passwords.ts), computed once with a
 * random salt, so building the seed hashes nothing (seed.test.ts checks it matches `SEED_PASSWORD`). All
 * seeded accounts share it: the password is published, a salt per account would hide nothing.
 */
export const SEED_PASSWORD_HASH = 'scrypt$4096$8$1$Dad9EnZPVKp2J72ZEt5vFQ$xU63Qa_SyBX0LPv2B4eBahn3ylf7ep0u4EligZXwc1A'

export const seedAccounts = {
  /** ROLE_ADMIN, the only administrator (so removing the role is refused with `last-admin`). */
  admin: { uid: 'uid-admin', email: 'admin@demo.at', firstName: 'Andrea', lastName: 'Admin' },
  /** ROLE_STAFF: reads clubs, campaigns and donations. */
  staff: { uid: 'uid-staff', email: 'staff@demo.at', firstName: 'Stefan', lastName: 'Sachbearbeiter' },
  /** ROLE_USER, Obmann of the volume club, of a second complete, active club and of the German club. */
  verein: { uid: 'uid-verein', email: 'verein@demo.at', firstName: 'Markus', lastName: 'Obermayr' },
  /** ROLE_USER, representative of an incomplete club in PROCESSING. */
  neu: { uid: 'uid-neu', email: 'neu@demo.at', firstName: 'Nina', lastName: 'Neubauer' },
  /** ROLE_USER whose e-mail address is not confirmed; representative of a club in PROCESSING. */
  unbestaetigt: { uid: 'uid-unbestaetigt', email: 'unbestaetigt@demo.at', firstName: 'Ulrich', lastName: 'Unger' },
  /** ROLE_USER, representative of a complete club still in PROCESSING (an admin can release it). */
  freigabe: { uid: 'uid-freigabe', email: 'freigabe@demo.at', firstName: 'Franziska', lastName: 'Fröhlich' },
} as const

export type SeedAccountKey = keyof typeof seedAccounts

export const seedClubs = {
  /** ACTIVE, complete, ≥ 10 000 donations over two years, active payment account (verein@demo.at). */
  volume: 'club-sv-gruenbach',
  /** ACTIVE, complete, a few hundred donations, payment account in ONBOARDING (verein@demo.at). */
  secondActive: 'club-mv-hallein',
  /** PROCESSING, incomplete (neu@demo.at). */
  incomplete: 'club-su-leoben',
  /** PROCESSING, incomplete (unbestaetigt@demo.at). */
  unconfirmed: 'club-kv-krems',
  /** PROCESSING, complete and checked: ready for release (freigabe@demo.at). */
  releasable: 'club-nv-baden',
  /** ACTIVE, complete, payment account REJECTED. */
  rejectedAccount: 'club-ff-tulln',
  /** ACTIVE, complete, no payment account: an administrator can create one. */
  withoutAccount: 'club-kv-bregenz',
  /** INACTIVE, complete (deactivated after having been active). */
  inactive: 'club-sv-schwaz',
  /** INACTIVE, incomplete (a rejected registration). */
  inactiveIncomplete: 'club-kv-spittal',
  /**
   * ACTIVE, complete, its seat in Passau, Germany: it issues the Zuwendungsbestätigung (verein@demo.at,
   * adapters/demo-seed/seed-german-club.ts). No payment account.
   */
  german: 'club-fv-passau',
} as const

export const seedClubTypes = {
  sport: 'ct-sportverein',
  musik: 'ct-musikverein',
  feuerwehr: 'ct-feuerwehr',
  kultur: 'ct-kulturverein',
  sozial: 'ct-sozialverein',
  tierschutz: 'ct-tierschutzverein',
  eltern: 'ct-elternverein',
  jugend: 'ct-jugendverein',
  natur: 'ct-naturschutzverein',
  pension: 'ct-pensionistenverein',
} as const

export const seedClubRoles = {
  obmann: 'cr-obmann',
  stellvertretung: 'cr-stellvertretung',
  kassier: 'cr-kassier',
  schriftfuehrung: 'cr-schriftfuehrung',
  mitglied: 'cr-mitglied',
  /** Held by nobody: can be deleted. */
  rechnungspruefung: 'cr-rechnungspruefung',
} as const

/** Campaigns of the volume club, one per state. */
export const seedCampaigns = {
  endedEnabled: 'cmp-gruenbach-flutlicht',
  endedDisabled: 'cmp-gruenbach-trikots',
  runningEnabled: 'cmp-gruenbach-kunstrasen',
  runningDisabled: 'cmp-gruenbach-busfahrt',
  upcomingEnabled: 'cmp-gruenbach-jubilaeum',
  /** No donations: can be deleted. */
  upcomingDisabled: 'cmp-gruenbach-winterwanderung',
} as const

export const seedInvitations = {
  /** Open, into the volume club as Schriftführer/in. */
  valid: { id: 'inv-gueltig', token: 'einladung-gueltig-7Hq2xK9pLm4R', email: 'eingeladen@demo.at' },
  /** Expired two days ago. */
  expired: { id: 'inv-abgelaufen', token: 'einladung-abgelaufen-3Vb8nT1wQz6Y', email: 'zu-spaet@demo.at' },
  /** Accepted already (by the volume club's Kassierin). */
  used: { id: 'inv-verwendet', token: 'einladung-verwendet-9Ks5dF2gHj7W', email: 'kassierin@demo.at' },
} as const

export const seedPaymentAccounts = {
  active: { accountId: 'acct_gruenbach01', clubId: seedClubs.volume },
  onboarding: { accountId: 'acct_hallein02', clubId: seedClubs.secondActive },
  rejected: { accountId: 'acct_tulln03', clubId: seedClubs.rejectedAccount },
} as const

/** The seeded portal logo. */
export const seedAppLogoId = 'logo-vereinsportal'

/** The tax data of the volume club (adapters/demo-seed/seed-tax.ts): its confirmed BMF entry, a donor's consent. */
export const seedTax = {
  entryId: 'tax-entry-gruenbach-1',
  /** Maria Huber's consent "until withdrawn" (the link of her confirmation mail). */
  consentId: 'consent-seed-huber-Q7vK2mXp9LrT4wNs',
  /** Sabine Moser, whom the bPK service did not find. */
  unmatchedRefNr: 'SP-3',
} as const

/**
 * The receipt data of the volume club (adapters/demo-seed/seed-receipts.ts) and of the German club
 * (seed-german-club.ts): last year's donations whose donors asked for a receipt (none issued yet). The
 * company's donation of the tax data asked for one too.
 */
export const seedReceipts = {
  /** Franz Berger's two donations (75 € in April, 25 € in October): one annual receipt. */
  bergerDonationIds: ['donation-receipt-01', 'donation-receipt-02'],
  /** Elisabeth Wagner's one donation (150 € on 1 December). */
  wagnerDonationId: 'donation-receipt-03',
  /** The key of her receipt link (`/spendenbestaetigung/<key>`, the confirmation mail's): not issued yet. */
  wagnerReceiptToken: 'receipt-seed-wagner-T4mQ8sLx2VbN6pZr',
  /** Autohaus Berger GmbH's donation (500 € in May; seed-tax.ts: a company's). */
  companyDonationId: 'donation-tax-02',
  /**
   * The German club's (seed-german-club.ts): Dr. Anna Hofbauer's two donations (100 € in March, 50 € in
   * September), one Sammelbestätigung; its receipt settings carry the German data.
   */
  germanHofbauerDonationIds: ['donation-receipt-de-01', 'donation-receipt-de-02'],
  /** Thomas Reindl's one donation to the German club (250 € on 28 November). */
  germanReindlDonationId: 'donation-receipt-de-03',
} as const
