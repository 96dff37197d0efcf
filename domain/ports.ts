/**
 * What the domain needs from the outside world, and nothing more: one repository per aggregate, the
 * mailer, the identity provider, the card provider and id generation. Two sets of adapters implement
 * them: in memory (mocks/db/memory-ports.ts: the browser, Vitest, mock:server) and PostgreSQL through
 * Kysely (server/db/sql-ports.ts: the real server, on PGlite or a PostgreSQL server).
 *
 * Adapters hold no business rules. Where a port does more than store and fetch (paging, sorting, sums),
 * its order and filters are specified here exactly, and domain/*.test.ts runs the same suite on both
 * adapters so that they cannot drift apart.
 *
 * Every repository of one `Ports` value works inside one transaction (`UnitOfWork.run`): its writes
 * commit together when the work returns and are discarded when it throws.
 */
import type { ClubStatus } from '#openapi/generated/model/clubStatus.ts'
import type { Globals } from '#openapi/generated/model/globals.ts'
import type { Role } from '#openapi/generated/model/role.ts'
import type {
  AppLogoRecord,
  AuditEntryRecord,
  CampaignRecord,
  CheckoutRecord,
  ClubRecord,
  ClubTaxRecord,
  ReceiptRecord,
  ReceiptSettingsRecord,
  DonationPayment,
  ClubRoleRecord,
  DonationRecord,
  FileRecord,
  InvitationRecord,
  MembershipRecord,
  NamedRecord,
  OnboardingLinkRecord,
  OutgoingMail,
  PaymentAccountRecord,
  PaymentEventRecord,
  TaxConsentRecord,
  TaxDonorRecord,
  TaxTransmissionRecord,
  UserRecord,
} from './records.ts'
import type { PaymentProvider } from './payment-provider.ts'
import type { ReceiptRenderer } from './receipt-document.ts'

/** A page of a list and the size of the whole (filtered) list. */
export interface Slice<T> {
  readonly items: T[]
  readonly totalItems: number
}

/**
 * Thrown by a repository when a write breaks a uniqueness the rules ask for. The domain checks these
 * itself first (with a better message); the store's constraint is the backstop for concurrent writes.
 */
export class DuplicateKeyError extends Error {
  /** `club-zvr`: another club has the ZVR number (by `zvrKey`, domain/club-checks.ts). */
  /** `tax-donor-match`: the club has a donor with this `matchKey` (two first donations at once). */
  /** `receipt-donation`: an issued receipt covers one of the donations already (two issued at once). */
  readonly key: 'user-email' | 'club-type-name' | 'club-role-name' | 'club-zvr' | 'tax-donor-match' | 'receipt-donation'
  constructor(key: DuplicateKeyError['key']) {
    super(`duplicate key: ${key}`)
    this.name = 'DuplicateKeyError'
    this.key = key
  }
}

export interface UserRepository {
  get(uid: string): Promise<UserRecord | null>
  /** The user and the ids of the clubs they belong to (every request's caller: one lookup). */
  getWithClubIds(uid: string): Promise<{ user: UserRecord; clubIds: string[] } | null>
  getMany(uids: readonly string[]): Promise<Map<string, UserRecord>>
  /** By the normalized (lower-case) address. */
  findByEmail(email: string): Promise<UserRecord | null>
  /** Every user, in no particular order (the domain sorts). */
  list(): Promise<UserRecord[]>
  countByRole(role: Role): Promise<number>
  insert(user: UserRecord): Promise<void>
  update(user: UserRecord): Promise<void>
  delete(uid: string): Promise<void>
}

export interface MembershipRepository {
  listByUser(uid: string): Promise<MembershipRecord[]>
  listByClub(clubId: string): Promise<MembershipRecord[]>
  listByRole(clubRoleId: string): Promise<MembershipRecord[]>
  countByClub(clubId: string): Promise<number>
  /** Memberships per club role id (roles nobody holds are absent). */
  countsByRole(): Promise<Map<string, number>>
  /**
   * The clubs each of the users is a member of (id and name), ordered by `sortKey(name)`, then id; users
   * without a club are absent. One lookup for a whole list of users.
   */
  clubsOfUsers(uids: readonly string[]): Promise<Map<string, Array<{ id: string; name: string }>>>
  insert(membership: MembershipRecord): Promise<void>
  /** Stores the membership's club role (the other fields never change). */
  update(membership: MembershipRecord): Promise<void>
  /** One membership by its id (`<clubId>:<uid>`); nothing happens for an unknown id. */
  delete(id: string): Promise<void>
  deleteByUser(uid: string): Promise<void>
}

export interface InvitationRepository {
  get(id: string): Promise<InvitationRecord | null>
  findByToken(token: string): Promise<InvitationRecord | null>
  listByClub(clubId: string): Promise<InvitationRecord[]>
  /** Invitations not accepted yet (`usedAt` null), expired ones included. */
  listUnused(): Promise<InvitationRecord[]>
  insert(invitation: InvitationRecord): Promise<void>
  update(invitation: InvitationRecord): Promise<void>
  delete(id: string): Promise<void>
}

export type ClubSortField = 'name' | 'createdAt' | 'status' | 'zvrNumber'

/** What still needs an administrator: new bank details to confirm, or no check mark yet. */
export type ClubAttention = 'bank-review-pending' | 'unchecked'

/** A search of the release list (domain/club-search.ts builds it from the search text). */
export interface ClubSearch {
  /**
   * Clubs whose `searchKey(name)` (domain/sort-key.ts) contains this, compared as plain strings; never
   * empty.
   */
  readonly nameKey: string
  /** Or, when not null, whose ZVR number contains these digits, compared as plain strings. */
  readonly zvrDigits: string | null
}

export interface ClubListQuery {
  /** null: every status. */
  readonly status: ClubStatus | null
  /** null: every type. */
  readonly clubTypeId: string | null
  /** null: no search. */
  readonly search: ClubSearch | null
  /** `bank-review-pending`: `bankReview` is set; `unchecked`: `isChecked` is false; null: either. */
  readonly attention: ClubAttention | null
  readonly sort: ClubSortField
  readonly descending: boolean
  readonly offset: number
  readonly limit: number
}

export interface ClubRepository {
  get(id: string): Promise<ClubRecord | null>
  getMany(ids: readonly string[]): Promise<Map<string, ClubRecord>>
  /**
   * The clubs matching the filter, ordered by the sort field (reversed whole when `descending`), then by
   * name ascending, then by id ascending. Orders by field:
   * - `name`: by `sortKey(name)` (domain/sort-key.ts), compared as plain strings (code-point order);
   * - `createdAt`, `status`: as strings;
   * - `zvrNumber`: empty ones after all others, then shorter before longer, then as strings.
   * The name tiebreak compares `sortKey(name)` too.
   */
  page(query: ClubListQuery): Promise<Slice<ClubRecord>>
  /**
   * The clubs with a ZVR number whose `zvrKey` (domain/club-checks.ts: leading zeros do not count) is
   * `key`; clubs without a ZVR number never match. The store keeps these unique (`club-zvr`).
   */
  findByZvrKey(key: string): Promise<ClubRecord[]>
  /**
   * The clubs whose `sortKey(name)` is `nameKey` and whose address's `postalCodeKey(postalCode)`
   * (domain/club-checks.ts: without spaces, upper case) is `postalCodeKey`.
   */
  findByNameAndPostalCode(nameKey: string, postalCodeKey: string): Promise<ClubRecord[]>
  /** The names of the clubs of a type. */
  namesByType(clubTypeId: string): Promise<string[]>
  /** Clubs per club type id (types no club uses are absent). */
  countsByType(): Promise<Map<string, number>>
  insert(club: ClubRecord): Promise<void>
  update(club: ClubRecord): Promise<void>
}

export interface FileRepository {
  get(id: string): Promise<FileRecord | null>
  /** A club's files in no particular order (the domain sorts). */
  listByClub(clubId: string): Promise<FileRecord[]>
  /** The files of several clubs, by club id (clubs without files are absent). */
  listByClubs(clubIds: readonly string[]): Promise<Map<string, FileRecord[]>>
  insert(file: FileRecord): Promise<void>
  delete(id: string): Promise<void>
}

export interface CampaignRepository {
  get(documentId: string): Promise<CampaignRecord | null>
  getMany(documentIds: readonly string[]): Promise<Map<string, CampaignRecord>>
  listByClub(clubId: string): Promise<CampaignRecord[]>
  countsOfClub(clubId: string): Promise<{ total: number; enabled: number }>
  insert(campaign: CampaignRecord): Promise<void>
  update(campaign: CampaignRecord): Promise<void>
  delete(documentId: string): Promise<void>
}

export type DonationScope = { readonly clubId: string } | { readonly campaignId: string }
export type DonationSortField = 'donatedAt' | 'amountCents' | 'donorName'

export interface DonationListQuery {
  /** Inclusive Vienna days; null: unbounded. */
  readonly from: string | null
  readonly to: string | null
  readonly sort: DonationSortField
  readonly descending: boolean
  readonly offset: number
  readonly limit: number
}

export interface DonationTotals {
  readonly count: number
  readonly cents: number
}

export interface DonationRepository {
  /**
   * The donations of a club or campaign whose `day` lies in [from, to], the page of them, how many
   * there are and their sum. Orders:
   * - `donatedAt`: by `at`, then by id (both reversed when `descending`);
   * - `amountCents`: by amount (reversed when `descending`), then `at` newest first, then id descending;
   * - `donorName`: anonymous ones (null) last in both directions; the others by `sortKey(donorName)`
   *   (reversed when `descending`), then `at` newest first, then id descending.
   */
  page(scope: DonationScope, query: DonationListQuery): Promise<Slice<DonationRecord> & { totalCents: number }>
  /** Per Vienna day in [from, to] with donations: count and sum, by day ascending. */
  dailyTotals(clubId: string, from: string, to: string): Promise<Array<{ day: string; count: number; cents: number }>>
  /** A club's donations in all, and those from `sinceDay` on. */
  clubTotals(clubId: string, sinceDay: string): Promise<{ all: DonationTotals; since: DonationTotals }>
  /** Per campaign id (campaigns without donations are absent). */
  campaignTotals(campaignIds: readonly string[]): Promise<Map<string, DonationTotals>>
  get(id: string): Promise<DonationRecord | null>
  /** The card donation of a provider payment, or null. */
  findByPaymentIntent(paymentIntentId: string): Promise<DonationRecord | null>
  /** The donation of a donor's receipt link (`receiptToken`), or null. */
  findByReceiptToken(token: string): Promise<DonationRecord | null>
  /** Adds a donation; false (and nothing written) when one with its id exists. */
  insert(donation: DonationRecord): Promise<boolean>
  /** Replaces a card donation's payment state (refunds, disputes). */
  updatePayment(id: string, payment: DonationPayment): Promise<void>
  /**
   * The club's donations with a `tax` record (a donor's consent or a company's) whose `day` lies in
   * [from, to] (inclusive Vienna days), in no particular order (the domain sums them).
   */
  listWithTax(clubId: string, from: string, to: string): Promise<DonationRecord[]>
  /**
   * The club's donations with a `receiptAddress` whose `day` lies in [from, to], in no particular order
   * (the domain groups them by donor).
   */
  listWithReceiptAddress(clubId: string, from: string, to: string): Promise<DonationRecord[]>
}

export interface ReceiptListQuery {
  /** Inclusive days of issue (`issuedOn`); null: unbounded. */
  readonly from: string | null
  readonly to: string | null
  readonly offset: number
  readonly limit: number
}

/**
 * The club's receipts (domain/receipts.ts). The store keeps two things the rules depend on under several
 * processes: the running number (`nextSequence`) and that a donation is covered by at most one issued
 * receipt (`insert` refuses the second with DuplicateKeyError `receipt-donation`; `withdraw` frees it).
 */
export interface ReceiptRepository {
  /** The club's next receipt number: 1, then one more each call, never given twice (a rolled-back one may leave a gap). */
  nextSequence(clubId: string): Promise<number>
  get(id: string): Promise<ReceiptRecord | null>
  /** Adds an issued receipt and locks its donations (DuplicateKeyError `receipt-donation` when one is locked). */
  insert(receipt: ReceiptRecord): Promise<void>
  /** Stores the receipt as withdrawn and frees its donations. */
  withdraw(receipt: ReceiptRecord): Promise<void>
  /** A page of the club's receipts issued in [from, to], newest first (by `issuedAt`, then `sequence`). */
  page(clubId: string, query: ReceiptListQuery): Promise<Slice<ReceiptRecord>>
  /** For each of the donations that an issued receipt covers: that receipt. */
  issuedForDonations(donationIds: readonly string[]): Promise<Map<string, ReceiptRecord>>
  getSettings(clubId: string): Promise<ReceiptSettingsRecord | null>
  putSettings(settings: ReceiptSettingsRecord): Promise<void>
}

/**
 * The annual transmission's records (domain/tax-*.ts): a club's tax data, its donors who consented, their
 * consents, and the transmissions made. Stored as given; the domain computes totals and plans.
 */
export interface TaxRepository {
  getStatus(clubId: string): Promise<ClubTaxRecord | null>
  /** Inserts or replaces the club's tax data. */
  putStatus(record: ClubTaxRecord): Promise<void>
  /**
   * The club's next donor number: 1 for its first donor, then one more each call; a number is never
   * given twice, also to transactions of several processes at once (a rolled-back one may leave a gap).
   */
  nextDonorNumber(clubId: string): Promise<number>
  getDonor(id: string): Promise<TaxDonorRecord | null>
  /** The donors of the club with these ids (others absent). */
  getDonors(ids: readonly string[]): Promise<Map<string, TaxDonorRecord>>
  findDonorByRefNr(clubId: string, refNr: string): Promise<TaxDonorRecord | null>
  findDonorByNumber(clubId: string, number: number): Promise<TaxDonorRecord | null>
  /** By `matchKey`; the store keeps it unique per club (`tax-donor-match`). */
  findDonorByMatchKey(clubId: string, matchKey: string): Promise<TaxDonorRecord | null>
  insertDonor(donor: TaxDonorRecord): Promise<void>
  updateDonor(donor: TaxDonorRecord): Promise<void>
  getConsent(id: string): Promise<TaxConsentRecord | null>
  /**
   * The newest consent of the club with scope `UNTIL_WITHDRAWN`, not withdrawn, given with this address
   * (compared exactly: the domain lower-cases it), or null.
   */
  findStandingConsent(clubId: string, email: string): Promise<TaxConsentRecord | null>
  insertConsent(consent: TaxConsentRecord): Promise<void>
  updateConsent(consent: TaxConsentRecord): Promise<void>
  getTransmission(id: string): Promise<TaxTransmissionRecord | null>
  /** The club's transmissions of a year, oldest first (by `createdAt`, then id). */
  listTransmissions(clubId: string, year: number): Promise<TaxTransmissionRecord[]>
  /** The newest year the club has a production transmission of, or null. */
  lastTransmittedYear(clubId: string): Promise<number | null>
  /** The club's transmission one of whose parts has this `messageRefId`, or null. */
  findTransmissionByMessageRefId(clubId: string, messageRefId: string): Promise<TaxTransmissionRecord | null>
  insertTransmission(transmission: TaxTransmissionRecord): Promise<void>
  /** Replaces the parts (protocols imported); the rest never changes. */
  updateTransmission(transmission: TaxTransmissionRecord): Promise<void>
  deleteTransmission(id: string): Promise<void>
}

export interface CheckoutRepository {
  get(id: string): Promise<CheckoutRecord | null>
  findBySession(sessionId: string): Promise<CheckoutRecord | null>
  insert(checkout: CheckoutRecord): Promise<void>
  update(checkout: CheckoutRecord): Promise<void>
}

export interface PaymentEventLog {
  /**
   * Records that an event is being applied; false when it was recorded before (then nothing else may
   * happen). With several processes, a second transaction recording the same id waits for the first
   * and then gets false, so an event is applied exactly once.
   */
  record(event: PaymentEventRecord): Promise<boolean>
}

export interface PaymentAccountRepository {
  get(accountId: string): Promise<PaymentAccountRecord | null>
  listByClub(clubId: string): Promise<PaymentAccountRecord[]>
  listByClubs(clubIds: readonly string[]): Promise<Map<string, PaymentAccountRecord[]>>
  insert(account: PaymentAccountRecord): Promise<void>
  update(account: PaymentAccountRecord): Promise<void>
  delete(accountId: string): Promise<void>
}

export interface OnboardingLinkRepository {
  get(id: string): Promise<OnboardingLinkRecord | null>
  insert(link: OnboardingLinkRecord): Promise<void>
  update(link: OnboardingLinkRecord): Promise<void>
  deleteByAccount(accountId: string): Promise<void>
}

/**
 * A named catalogue (domain/named-catalogue.ts): club types, club roles. The store keeps the names unique
 * without regard to case (`club-type-name`, `club-role-name`).
 */
export interface NamedCatalogue<R extends NamedRecord = NamedRecord> {
  get(id: string): Promise<R | null>
  /** Every entry, in no particular order (the domain sorts). */
  list(): Promise<R[]>
  insert(record: R): Promise<void>
  /** Stores the entry's name and whatever else it holds (a club role's rights). */
  update(record: R): Promise<void>
  delete(id: string): Promise<void>
}

export interface AppLogoRepository {
  get(): Promise<AppLogoRecord | null>
  set(logo: AppLogoRecord | null): Promise<void>
}

/**
 * The audit log (domain/audit.ts): append-only. Both lists are in the order the entries were appended,
 * newest first (the in-memory store keeps insertion order, PostgreSQL a sequence), so entries of the same
 * instant keep their order.
 */
export interface AuditLog {
  /** Appends an entry, in the transaction of the change it records. */
  append(entry: AuditEntryRecord): Promise<void>
  /** A page of every entry, newest first, and how many there are. */
  page(offset: number, limit: number): Promise<Slice<AuditEntryRecord>>
  /** A page of the entries about one club (`club.id`), newest first, and how many there are. */
  pageByClub(clubId: string, offset: number, limit: number): Promise<Slice<AuditEntryRecord>>
}

export interface GlobalsRepository {
  get(): Promise<Globals>
}

/** Sends (or queues) a mail. Inside the transaction: a failed request sends nothing. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
}

/** What a verified ID token says. */
export interface TokenIdentity {
  /** The provider's account id; null when the token names only an address (emulator tokens). */
  readonly uid: string | null
  readonly email: string
  readonly emailVerified: boolean
  /** Seconds since the epoch. */
  readonly issuedAt: number
  readonly authTime: number
}

export type TokenCheck =
  { readonly ok: true; readonly identity: TokenIdentity } | { readonly ok: false; readonly reason: string }

/**
 * The sign-in provider (Firebase Auth in production; its offline twin in mocked mode and tests). The
 * portal's user record and the provider's account share the uid and the address.
 */
export interface IdentityProvider {
  /** Checks signature, lifetime and revocation. */
  verifyIdToken(token: string, now: number): Promise<TokenCheck>
  createAccount(account: {
    uid: string
    email: string
    password: string
    emailVerified: boolean
    displayName: string
  }): Promise<void>
  updateAccount(uid: string, changes: { email: string; displayName: string }): Promise<void>
  /** Sets a new password and ends the account's sessions (tokens issued before `now` are refused). */
  setPassword(uid: string, password: string, now: number): Promise<void>
  /** Whether `password` is the account's password now; changes nothing. */
  verifyPassword(uid: string, email: string, password: string): Promise<boolean>
  /**
   * Ends every session of the account (sign-out): its refresh tokens stop working and ID tokens issued
   * before `now` are refused. The provider cannot end just one.
   */
  revokeSessions(uid: string, now: number): Promise<void>
  /**
   * A one-time code that sets a new password when applied (the reset mail's link carries it), or null when
   * the provider has no account with the (normalized) address.
   */
  passwordResetCode(email: string, now: number): Promise<string | null>
  deleteAccount(uid: string): Promise<void>
  /** A one-time code that confirms the address when applied (the verification mail's link carries it). */
  emailVerificationCode(uid: string, email: string, now: number): Promise<string>
}

export interface IdGenerator {
  /** A unique id for a new record. */
  id(): string
  /** An unguessable URL-safe token (invitations, links). */
  token(bytes?: number): string
}

/** A stored file's bytes as the store that keeps them knows them. */
export interface BlobInfo {
  readonly path: string
  readonly size: number
  /** What the content is: found by its magic bytes when it was uploaded. */
  readonly contentType: string
  /** Whether a record (a club's file, the app logo) uses it; a blob nobody claimed is a staged upload. */
  readonly claimed: boolean
}

/** An upload the transport has received (whole, within the limit) before the domain decides on it. */
export interface ReceivedUpload {
  readonly size: number
  /** The first bytes (at least FILE_KIND_HEAD_BYTES when the file has that many), for the content check. */
  readonly head: Uint8Array
  /** The request's `Content-Type`, without parameters (may be `application/octet-stream` or empty). */
  readonly declaredType: string
  /** The bytes in the form the store takes them: a temporary file on the server, the bytes in memory. */
  readonly content: unknown
}

/** A stored file to send: what it is, and its bytes in the transport's form (a stream, the bytes). */
export interface BlobContent extends BlobInfo {
  readonly content: unknown
}

export type ClaimResult = 'claimed' | 'missing' | 'size-differs' | 'type-differs' | 'in-use'

/** The headers a direct link's answer is sent with, as the domain decides them (`fileHeaders`). */
export interface DirectLinkResponse {
  readonly contentType: string
  readonly contentDisposition: string
  readonly cacheControl: string
  /** `Expires`, an HTTP date. */
  readonly expires: string
}

/** When a link works: from `from` until `until`, epoch seconds. */
export interface LinkValidity {
  readonly from: number
  readonly until: number
}

/**
 * The bytes behind file records, where the backend keeps them (the server's disk). An upload is staged
 * until a record claims it; when the record goes, the blob is released and removed once the transaction
 * has committed (it stays when the transaction rolls back). The in-memory adapter of the mocked backend
 * claims every path: there the browser's own store holds the files (src/lib/storage/offline-storage.ts).
 */
export interface FileBlobs {
  /** The blob at `path`, staged or claimed, or null. */
  get(path: string): Promise<BlobInfo | null>
  /** Keeps an upload as a staged blob of `contentType`; false when a blob exists at `path` already. */
  stage(path: string, upload: ReceivedUpload, contentType: string, now: number): Promise<boolean>
  /** Marks the blob at `path` as used by a record, if it is there, unclaimed and as the record says. */
  claim(path: string, expected: { size: number; contentType: string }, now: number): Promise<ClaimResult>
  /** No record uses `path` any more: its blob goes after the commit (nothing happens for unknown paths). */
  release(path: string): Promise<void>
  /** The bytes of the blob at `path`, or null. */
  open(path: string): Promise<BlobContent | null>
  /**
   * Keeps bytes the backend made itself (a receipt's PDF) at `path`, claimed at once; like `stage`, the
   * blob goes again when the transaction rolls back. False when a blob exists at `path` already.
   */
  keep(path: string, bytes: Uint8Array, contentType: string, now: number): Promise<boolean>
  /** The bytes of the blob at `path` whole (a receipt to send as it was archived), or null. */
  readBytes(path: string): Promise<Uint8Array | null>
  /** A signature of `text` (a link's path and expiry) with the store's secret, URL-safe. */
  sign(text: string): Promise<string>
  verify(text: string, signature: string): Promise<boolean>
  /**
   * A URL that reads the blob straight from the store that keeps it (an object store's signed URL),
   * answered with `response`'s headers and valid within `validity`. Absent: links lead to the backend's
   * own `downloadFile`, signed with `sign`.
   */
  directLink?(path: string, response: DirectLinkResponse, validity: LinkValidity): Promise<string>
}

/** Everything one transaction can reach. */
export interface Ports {
  readonly users: UserRepository
  readonly memberships: MembershipRepository
  readonly invitations: InvitationRepository
  readonly clubs: ClubRepository
  readonly files: FileRepository
  readonly campaigns: CampaignRepository
  readonly donations: DonationRepository
  readonly paymentAccounts: PaymentAccountRepository
  readonly onboardingLinks: OnboardingLinkRepository
  readonly clubTypes: NamedCatalogue
  readonly clubRoles: NamedCatalogue<ClubRoleRecord>
  readonly appLogo: AppLogoRepository
  readonly audit: AuditLog
  /** The bytes behind `files` and `appLogo` (uploads, claims, removal after commit, signed links). */
  readonly fileBlobs: FileBlobs
  readonly globals: GlobalsRepository
  readonly mailer: Mailer
  readonly identity: IdentityProvider
  readonly payments: PaymentProvider
  readonly checkouts: CheckoutRepository
  readonly paymentEvents: PaymentEventLog
  readonly tax: TaxRepository
  readonly receipts: ReceiptRepository
  /** Makes a receipt's PDF (adapters/receipt-pdf/). */
  readonly receiptRenderer: ReceiptRenderer
  readonly ids: IdGenerator
}

export interface UnitOfWork {
  /**
   * Runs `work` in one transaction: `read` work may not write; `write` work commits when it returns
   * and rolls back when it throws. When `signal` fires first, the work is abandoned: the promise rejects
   * with CancelledError, the transaction rolls back, and nothing the abandoned work does afterwards
   * reaches the store.
   *
   * Write work with the same `serialKey` runs one at a time, also across several server processes: it
   * writes the same rows (a campaign's totals of the day as card payments arrive together), and taking
   * turns costs less than conflicting and running again.
   */
  run<T>(
    mode: 'read' | 'write',
    work: (ports: Ports) => Promise<T>,
    signal?: AbortSignal,
    serialKey?: string,
  ): Promise<T>
}

/** A unit of work was cancelled (its request ran out of time) and rolled back. */
export class CancelledError extends Error {
  constructor() {
    super('The unit of work was cancelled and rolled back.')
    this.name = 'CancelledError'
  }
}

/** `running`, or a rejection with CancelledError as soon as `signal` fires (the work itself runs on). */
export const untilCancelled = <T>(running: Promise<T>, signal: AbortSignal | undefined): Promise<T> => {
  if (!signal) return running
  if (signal.aborted) {
    running.catch(() => undefined)
    return Promise.reject(new CancelledError())
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CancelledError())
    signal.addEventListener('abort', onAbort, { once: true })
    running.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

export interface Clock {
  now(): number
}
