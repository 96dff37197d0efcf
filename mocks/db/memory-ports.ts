/**
 * The domain's ports (domain/ports.ts) over the in-memory store: one transaction (`Tx`) per unit of
 * work. Storage and lookups only; the orders of the paged lists are the ones the ports document, which
 * domain/*.test.ts checks against the SQL adapters too.
 */
import { postalCodeKey, zvrKey } from '#domain/club-checks.ts'
import { randomIds } from '#domain/ids.ts'
import type {
  AuditLog,
  FileBlobs,
  ClubAttention,
  ClubRepository,
  ClubSearch,
  DonationRepository,
  IdGenerator,
  NamedCatalogue,
  Ports,
  ReceiptRepository,
  TaxRepository,
  UnitOfWork,
} from '#domain/ports.ts'
import type { PaymentProvider } from '#domain/payment-provider.ts'
import type { ReceiptRenderer } from '#domain/receipt-document.ts'
import { DuplicateKeyError, untilCancelled } from '#domain/ports.ts'
import type {
  AuditEntryRecord,
  ClubRecord,
  ClubRoleRecord,
  ClubTypeRecord,
  MembershipRecord,
  NamedRecord,
  OutgoingMail,
  ReceiptRecord,
  TaxDonorRecord,
  TaxTransmissionRecord,
} from '#domain/records.ts'
import { compareBySortKey, searchKey, sortKey } from '#domain/sort-key.ts'
import { isoInstant } from '#domain/time.ts'
import { offlineIdentityProvider } from '#adapters/offline-identity/offline-identity.ts'
import type { IdentityStore } from '#adapters/offline-identity/offline-identity.ts'
import { hashPassword, verifyPassword } from '#adapters/offline-identity/passwords.ts'
import { donationsOfCampaign, donationsOfClub } from './indexes.ts'
import { createMemoryFileBlobs } from './memory-file-blobs.ts'
import {
  dailyTotalsOfList,
  pageOfList,
  totalsOfList,
  withReceiptAddressOfList,
  withTaxOfList,
} from './memory-donations.ts'
import { Tx } from './store.ts'
import type { Store } from './store.ts'
import type { TableName } from './types.ts'

const values = <T extends TableName>(tx: Tx, name: T) => [...tx.table(name).values()]

const byClubs = <R extends { clubId: string }>(records: readonly R[], clubIds: readonly string[]): Map<string, R[]> => {
  const wanted = new Set(clubIds)
  const out = new Map<string, R[]>()
  for (const record of records) {
    if (!wanted.has(record.clubId)) continue
    const list = out.get(record.clubId)
    if (list) list.push(record)
    else out.set(record.clubId, [record])
  }
  return out
}

const getMany = <R>(tx: Tx, name: TableName, ids: readonly string[]): Map<string, R> => {
  const table = tx.table(name)
  const out = new Map<string, R>()
  for (const id of ids) {
    const record = table.get(id)
    if (record) out.set(id, record as R)
  }
  return out
}

/** ZVR numbers: empty ones last, then shorter first, then as strings. */
const compareZvr = (a: string, b: string): number =>
  (a === '' ? 1 : 0) - (b === '' ? 1 : 0) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

const CLUB_ORDERS: Readonly<Record<string, (a: ClubRecord, b: ClubRecord) => number>> = {
  name: (a, b) => compareBySortKey(a.profile.name, b.profile.name),
  createdAt: (a, b) => compareStrings(a.createdAt, b.createdAt),
  status: (a, b) => compareStrings(a.status, b.status),
  zvrNumber: (a, b) => compareZvr(a.profile.zvrNumber, b.profile.zvrNumber),
}

const matchesSearch = (club: ClubRecord, search: ClubSearch): boolean =>
  searchKey(club.profile.name).includes(search.nameKey) ||
  (search.zvrDigits !== null && club.profile.zvrNumber.includes(search.zvrDigits))

const needsAttention = (club: ClubRecord, attention: ClubAttention): boolean =>
  attention === 'bank-review-pending' ? club.bankReview !== null : !club.isChecked

const clubsWithZvrKey = (tx: Tx, key: string): ClubRecord[] =>
  values(tx, 'clubs').filter((club) => club.profile.zvrNumber !== '' && zvrKey(club.profile.zvrNumber) === key)

/** The store's backstop, as PostgreSQL's unique index `clubs_zvr_key` is (migration 0005). */
const assertZvrUnique = (tx: Tx, club: ClubRecord): ClubRecord => {
  const { zvrNumber } = club.profile
  if (zvrNumber !== '' && clubsWithZvrKey(tx, zvrKey(zvrNumber)).some((other) => other.id !== club.id)) {
    throw new DuplicateKeyError('club-zvr')
  }
  return club
}

/**
 * Filtered and sorted club lists, cached by the identity of the clubs table: a transaction that writes a
 * club gets a new table and so fresh lists; paging through an unchanged table sorts once.
 */
const clubListCache = new WeakMap<ReadonlyMap<string, ClubRecord>, Map<string, ClubRecord[]>>()

const clubRepository = (tx: Tx): ClubRepository => ({
  get: async (id) => tx.table('clubs').get(id) ?? null,
  getMany: async (ids) => getMany(tx, 'clubs', ids),
  page: async (query) => {
    const table = tx.map('clubs')
    let lists = clubListCache.get(table)
    if (!lists) clubListCache.set(table, (lists = new Map<string, ClubRecord[]>()))
    const key = JSON.stringify([
      query.sort,
      query.descending,
      query.status,
      query.clubTypeId,
      query.search,
      query.attention,
    ])
    let clubs = lists.get(key)
    if (!clubs) {
      const primary = CLUB_ORDERS[query.sort]!
      const byName = CLUB_ORDERS.name!
      clubs = [...table.values()]
        .filter(
          (club) =>
            (query.status === null || club.status === query.status) &&
            (query.clubTypeId === null || club.profile.clubTypeId === query.clubTypeId) &&
            (query.search === null || matchesSearch(club, query.search)) &&
            (query.attention === null || needsAttention(club, query.attention)),
        )
        .sort(
          (a, b) => (query.descending ? -primary(a, b) : primary(a, b)) || byName(a, b) || compareStrings(a.id, b.id),
        )
      lists.set(key, clubs)
    }
    return { items: clubs.slice(query.offset, query.offset + query.limit), totalItems: clubs.length }
  },
  findByZvrKey: async (key) => clubsWithZvrKey(tx, key),
  findByNameAndPostalCode: async (nameKey, postalKey) =>
    values(tx, 'clubs').filter(
      (club) => sortKey(club.profile.name) === nameKey && postalCodeKey(club.profile.address.postalCode) === postalKey,
    ),
  namesByType: async (clubTypeId) =>
    values(tx, 'clubs')
      .filter((club) => club.profile.clubTypeId === clubTypeId)
      .map((club) => club.profile.name),
  countsByType: async () => {
    const counts = new Map<string, number>()
    for (const club of tx.table('clubs').values())
      counts.set(club.profile.clubTypeId, (counts.get(club.profile.clubTypeId) ?? 0) + 1)
    return counts
  },
  insert: async (club) => void tx.put('clubs', assertZvrUnique(tx, club).id, club),
  update: async (club) => void tx.put('clubs', assertZvrUnique(tx, club).id, club),
})

const donationRepository = (tx: Tx): DonationRepository => {
  const listOf = (scope: { clubId: string } | { campaignId: string }) =>
    'clubId' in scope
      ? donationsOfClub(tx.map('donations'), scope.clubId)
      : donationsOfCampaign(tx.map('donations'), scope.campaignId)
  return {
    page: async (scope, query) => pageOfList(listOf(scope), query),
    dailyTotals: async (clubId, from, to) => dailyTotalsOfList(listOf({ clubId }), from, to),
    clubTotals: async (clubId, sinceDay) => totalsOfList(listOf({ clubId }), sinceDay),
    campaignTotals: async (campaignIds) => {
      const out = new Map<string, { count: number; cents: number }>()
      for (const campaignId of campaignIds) {
        const { all } = totalsOfList(listOf({ campaignId }), '0000-01-01')
        if (all.count > 0) out.set(campaignId, all)
      }
      return out
    },
    get: async (id) => tx.table('donations').get(id) ?? null,
    findByReceiptToken: async (token) =>
      values(tx, 'donations').find((donation) => donation.receiptToken === token) ?? null,
    findByPaymentIntent: async (paymentIntentId) =>
      values(tx, 'donations').find((donation) => donation.payment?.paymentIntentId === paymentIntentId) ?? null,
    insert: async (donation) => {
      if (tx.table('donations').has(donation.id)) return false
      tx.put('donations', donation.id, donation)
      return true
    },
    updatePayment: async (id, payment) => {
      const donation = tx.table('donations').get(id)
      if (donation) tx.put('donations', id, { ...donation, payment })
    },
    listWithTax: async (clubId, from, to) => withTaxOfList(listOf({ clubId }), from, to),
    listWithReceiptAddress: async (clubId, from, to) => withReceiptAddressOfList(listOf({ clubId }), from, to),
  }
}

/** Newest first: by `issuedAt`, then by `sequence` (ReceiptRepository.page). */
const compareNewestReceipt = (a: ReceiptRecord, b: ReceiptRecord): number =>
  compareStrings(b.issuedAt, a.issuedAt) || b.sequence - a.sequence

/**
 * The receipts. A donation an issued receipt covers has a lock (`receiptLocks`, by donation id), the store's
 * backstop as PostgreSQL's `receipt_donation_locks` is (migration 0014): a receipt of a locked donation is
 * refused with nothing written. Transactions run one at a time here, so the check and the write cannot
 * interleave; the counter (`receiptSequences`) is kept apart from the settings, which putSettings replaces.
 */
const receiptRepository = (tx: Tx): ReceiptRepository => ({
  nextSequence: async (clubId) => {
    const next = (tx.table('receiptSequences').get(clubId)?.last ?? 0) + 1
    tx.put('receiptSequences', clubId, { clubId, last: next })
    return next
  },
  get: async (id) => tx.table('receipts').get(id) ?? null,
  insert: async (receipt) => {
    const donationIds = receipt.lines.map((line) => line.donationId)
    const locks = tx.table('receiptLocks')
    if (new Set(donationIds).size !== donationIds.length || donationIds.some((id) => locks.has(id)))
      throw new DuplicateKeyError('receipt-donation')
    if (values(tx, 'receipts').some((other) => other.clubId === receipt.clubId && other.sequence === receipt.sequence))
      throw new Error(`The club has a receipt with sequence ${receipt.sequence} already.`)
    tx.put('receipts', receipt.id, receipt)
    for (const donationId of donationIds)
      tx.put('receiptLocks', donationId, { donationId, receiptId: receipt.id, clubId: receipt.clubId })
  },
  // Only the withdrawal, as the SQL adapter writes only it: the rest of an issued receipt never changes.
  withdraw: async (receipt) => {
    const stored = tx.table('receipts').get(receipt.id)
    if (!stored) return
    tx.put('receipts', stored.id, {
      ...stored,
      status: receipt.status,
      withdrawnAt: receipt.withdrawnAt,
      withdrawnByName: receipt.withdrawnByName,
      withdrawReason: receipt.withdrawReason,
    })
    for (const line of stored.lines)
      if (tx.table('receiptLocks').get(line.donationId)?.receiptId === stored.id)
        tx.delete('receiptLocks', line.donationId)
  },
  page: async (clubId, query) => {
    const receipts = values(tx, 'receipts')
      .filter(
        (receipt) =>
          receipt.clubId === clubId &&
          (query.from === null || receipt.issuedOn >= query.from) &&
          (query.to === null || receipt.issuedOn <= query.to),
      )
      .sort(compareNewestReceipt)
    return { items: receipts.slice(query.offset, query.offset + query.limit), totalItems: receipts.length }
  },
  issuedForDonations: async (donationIds) => {
    const out = new Map<string, ReceiptRecord>()
    for (const donationId of donationIds) {
      const lock = tx.table('receiptLocks').get(donationId)
      const receipt = lock && tx.table('receipts').get(lock.receiptId)
      if (receipt) out.set(donationId, receipt)
    }
    return out
  },
  getSettings: async (clubId) => tx.table('receiptSettings').get(clubId) ?? null,
  putSettings: async (settings) => void tx.put('receiptSettings', settings.clubId, settings),
})

/**
 * The store's backstops, as PostgreSQL's unique constraints on `tax_donors` are (migration 0012): a
 * `matchKey` taken by another donor of the club is the domain's `tax-donor-match`; a number or reference
 * given twice is a fault of the caller (nextDonorNumber never repeats), as it is there.
 */
const assertDonorUnique = (tx: Tx, donor: TaxDonorRecord): TaxDonorRecord => {
  for (const other of tx.table('taxDonors').values()) {
    if (other.clubId !== donor.clubId || other.id === donor.id) continue
    if (other.matchKey === donor.matchKey) throw new DuplicateKeyError('tax-donor-match')
    if (other.number === donor.number || other.refNr === donor.refNr)
      throw new Error(`The club has a tax donor with number ${donor.number} or reference ${donor.refNr} already.`)
  }
  return donor
}

/** A part's `messageRefId` names one transmission of the club (the protocol is matched by it). */
const assertMessageRefIdsUnique = (tx: Tx, transmission: TaxTransmissionRecord): TaxTransmissionRecord => {
  const ids = transmission.parts.map((part) => part.messageRefId)
  const taken = new Set<string>()
  for (const other of tx.table('taxTransmissions').values())
    if (other.clubId === transmission.clubId && other.id !== transmission.id)
      for (const part of other.parts) taken.add(part.messageRefId)
  if (new Set(ids).size !== ids.length || ids.some((id) => taken.has(id)))
    throw new Error('A messageRefId of the transmission names another transmission of the club.')
  return transmission
}

const compareNewestConsent = (a: { givenAt: string; id: string }, b: { givenAt: string; id: string }): number =>
  compareStrings(b.givenAt, a.givenAt) || compareStrings(b.id, a.id)

/** The tax records. A club has a few hundred donors and a few transmissions a year: lookups scan. */
const taxRepository = (tx: Tx): TaxRepository => {
  const donorsOf = (clubId: string) => values(tx, 'taxDonors').filter((donor) => donor.clubId === clubId)
  const transmissionsOf = (clubId: string) =>
    values(tx, 'taxTransmissions').filter((transmission) => transmission.clubId === clubId)
  return {
    getStatus: async (clubId) => tx.table('taxStatus').get(clubId) ?? null,
    putStatus: async (record) => void tx.put('taxStatus', record.clubId, record),
    // Transactions run one at a time here; the counter is kept apart from the status, which putStatus
    // replaces. A club without one (the seed's) continues after its highest donor number.
    nextDonorNumber: async (clubId) => {
      const last = donorsOf(clubId).reduce(
        (highest, donor) => Math.max(highest, donor.number),
        tx.table('taxDonorNumbers').get(clubId)?.last ?? 0,
      )
      tx.put('taxDonorNumbers', clubId, { clubId, last: last + 1 })
      return last + 1
    },
    getDonor: async (id) => tx.table('taxDonors').get(id) ?? null,
    getDonors: async (ids) => getMany(tx, 'taxDonors', ids),
    findDonorByRefNr: async (clubId, refNr) => donorsOf(clubId).find((donor) => donor.refNr === refNr) ?? null,
    findDonorByNumber: async (clubId, number) => donorsOf(clubId).find((donor) => donor.number === number) ?? null,
    findDonorByMatchKey: async (clubId, matchKey) =>
      donorsOf(clubId).find((donor) => donor.matchKey === matchKey) ?? null,
    insertDonor: async (donor) => void tx.put('taxDonors', assertDonorUnique(tx, donor).id, donor),
    updateDonor: async (donor) => void tx.put('taxDonors', assertDonorUnique(tx, donor).id, donor),
    getConsent: async (id) => tx.table('taxConsents').get(id) ?? null,
    findStandingConsent: async (clubId, email) =>
      values(tx, 'taxConsents')
        .filter(
          (consent) =>
            consent.clubId === clubId &&
            consent.email === email &&
            consent.scope === 'UNTIL_WITHDRAWN' &&
            consent.withdrawnAt === null,
        )
        .sort(compareNewestConsent)[0] ?? null,
    insertConsent: async (consent) => void tx.put('taxConsents', consent.id, consent),
    updateConsent: async (consent) => void tx.put('taxConsents', consent.id, consent),
    getTransmission: async (id) => tx.table('taxTransmissions').get(id) ?? null,
    listTransmissions: async (clubId, year) =>
      transmissionsOf(clubId)
        .filter((transmission) => transmission.year === year)
        .sort((a, b) => a.createdAt - b.createdAt || compareStrings(a.id, b.id)),
    lastTransmittedYear: async (clubId) => {
      const years = transmissionsOf(clubId)
        .filter((transmission) => transmission.mode === 'PRODUCTION')
        .map((transmission) => transmission.year)
      return years.length > 0 ? Math.max(...years) : null
    },
    findTransmissionByMessageRefId: async (clubId, messageRefId) =>
      transmissionsOf(clubId).find((transmission) =>
        transmission.parts.some((part) => part.messageRefId === messageRefId),
      ) ?? null,
    insertTransmission: async (transmission) =>
      void tx.put('taxTransmissions', assertMessageRefIdsUnique(tx, transmission).id, transmission),
    // Only the parts change, as the SQL adapter writes only them.
    updateTransmission: async (transmission) => {
      const stored = tx.table('taxTransmissions').get(transmission.id)
      if (stored)
        tx.put('taxTransmissions', stored.id, assertMessageRefIdsUnique(tx, { ...stored, parts: transmission.parts }))
    },
    deleteTransmission: async (id) => tx.delete('taxTransmissions', id),
  }
}

/**
 * A named catalogue's table. Transactions run one at a time here, so the domain's own check of unique
 * names is final.
 */
const namedCatalogue = <R extends NamedRecord>(tx: Tx, name: 'clubTypes' | 'clubRoles'): NamedCatalogue<R> => {
  // The table holds this catalogue's records (a club role with its rights): what the name alone cannot say.
  const table = () => tx.table(name) as unknown as { get(id: string): R | undefined; values(): Iterable<R> }
  return {
    get: async (id) => table().get(id) ?? null,
    list: async () => [...table().values()],
    insert: async (record) => void tx.put(name, record.id, record),
    update: async (record) => void tx.put(name, record.id, record),
    delete: async (id) => tx.delete(name, id),
  }
}

/** The audit log, newest first: the table keeps the order the entries were appended in. */
const auditLog = (tx: Tx): AuditLog => {
  const slice = (entries: AuditEntryRecord[], offset: number, limit: number) => {
    entries.reverse()
    return { items: entries.slice(offset, offset + limit), totalItems: entries.length }
  }
  return {
    append: async (entry) => void tx.put('auditLog', entry.id, entry),
    page: async (offset, limit) => slice(values(tx, 'auditLog'), offset, limit),
    pageByClub: async (clubId, offset, limit) =>
      slice(
        values(tx, 'auditLog').filter((entry) => entry.club?.id === clubId),
        offset,
        limit,
      ),
  }
}

/** Sends into the mailbox the control plane shows (`/__mock/mailbox`). */
const mailbox = (tx: Tx, now: () => number) => ({
  send: async (mail: OutgoingMail) => {
    const sequence = tx.singleton('mailSequence') + 1
    tx.setSingleton('mailSequence', sequence)
    const id = randomIds.id()
    tx.put('mails', id, { id, ...mail, sentAt: isoInstant(now()), sequence })
  },
})

/** The offline identity provider's store, in the same transaction as everything else. */
export const memoryIdentityStore = (tx: Tx, now: () => number, signingKey: Uint8Array): IdentityStore => ({
  users: {
    get: async (uid) => tx.table('users').get(uid) ?? null,
    findByEmail: async (email) => values(tx, 'users').find((user) => user.email === email) ?? null,
    update: async (user) => void tx.put('users', user.uid, user),
  },
  credentials: {
    create: async (uid, password) =>
      void tx.put('credentials', uid, { uid, passwordHash: hashPassword(password), sessionsValidAfter: 0 }),
    verify: async (uid, password) => {
      const record = tx.table('credentials').get(uid)
      return record ? verifyPassword(password, record.passwordHash) : false
    },
    setPassword: async (uid, password, sessionsValidAfter) =>
      void tx.put('credentials', uid, { uid, passwordHash: hashPassword(password), sessionsValidAfter }),
    setSessionsValidAfter: async (uid, sessionsValidAfter) => {
      const record = tx.table('credentials').get(uid)
      if (record) tx.put('credentials', uid, { ...record, sessionsValidAfter })
    },
    sessionsValidAfter: async (uid) => tx.table('credentials').get(uid)?.sessionsValidAfter ?? null,
    delete: async (uid) => tx.delete('credentials', uid),
  },
  refreshTokens: {
    get: async (token) => tx.table('refreshTokens').get(token) ?? null,
    insert: async (record) => void tx.put('refreshTokens', record.token, record),
    deleteByUser: async (uid) => {
      for (const record of values(tx, 'refreshTokens')) if (record.uid === uid) tx.delete('refreshTokens', record.token)
    },
  },
  actionCodes: {
    get: async (code) => tx.table('oobCodes').get(code) ?? null,
    insert: async (record) => void tx.put('oobCodes', record.code, record),
    update: async (record) => void tx.put('oobCodes', record.code, record),
    deleteByUser: async (uid) => {
      for (const record of values(tx, 'oobCodes')) if (record.uid === uid) tx.delete('oobCodes', record.code)
    },
  },
  mailer: mailbox(tx, now),
  tokenLifetimeSeconds: () => tx.singleton('faults').tokenLifetimeSeconds,
  emulatorProject: () => tx.singleton('settings').firebaseEmulatorProject,
  signingKey,
})

export interface MemoryPortsOptions {
  now: () => number
  /** The offline identity's token key (random per backend, mocks/backend.ts). */
  signingKey: Uint8Array
  ids?: IdGenerator
  /** The card provider for donations (the simulated one, adapters/simulated-card-provider/). */
  payments: PaymentProvider
  /** Uploads sent to the mocked backend (a fresh, empty set when absent). */
  fileBlobs?: FileBlobs
  /** Makes receipts' PDFs (mocks/backend.ts passes pdfkit's in Node); absent: none, making one fails. */
  receiptRenderer?: ReceiptRenderer
}

/** The renderer of ports given none: the tests of storage alone never make a PDF. */
const noReceiptRenderer: ReceiptRenderer = {
  render: () => Promise.reject(new Error('These in-memory ports were given no receipt renderer.')),
}

/** Callers that pass no `fileBlobs` get one set per options object (so per backend), made on first use. */
const defaultFileBlobs = new WeakMap<MemoryPortsOptions, FileBlobs>()
const fileBlobsOf = (options: MemoryPortsOptions): FileBlobs => {
  if (options.fileBlobs) return options.fileBlobs
  let blobs = defaultFileBlobs.get(options)
  if (!blobs) defaultFileBlobs.set(options, (blobs = createMemoryFileBlobs()))
  return blobs
}

/** Every port over one transaction of the in-memory store. */
export const memoryPorts = (tx: Tx, options: MemoryPortsOptions): Ports => {
  const identityStore = memoryIdentityStore(tx, options.now, options.signingKey)
  const memberships = () => values(tx, 'memberships')
  return {
    users: {
      get: async (uid) => tx.table('users').get(uid) ?? null,
      getWithClubIds: async (uid) => {
        const user = tx.table('users').get(uid)
        return user
          ? {
              user,
              clubIds: memberships()
                .filter((membership) => membership.uid === uid)
                .map((membership) => membership.clubId),
            }
          : null
      },
      getMany: async (uids) => getMany(tx, 'users', uids),
      findByEmail: identityStore.users.findByEmail,
      list: async () => values(tx, 'users'),
      countByRole: async (role) => values(tx, 'users').filter((user) => user.role === role).length,
      // Transactions run one at a time here, so the domain's own uniqueness checks are final.
      insert: async (user) => void tx.put('users', user.uid, user),
      update: async (user) => void tx.put('users', user.uid, user),
      delete: async (uid) => tx.delete('users', uid),
    },
    memberships: {
      listByUser: async (uid) => memberships().filter((membership) => membership.uid === uid),
      listByClub: async (clubId) => memberships().filter((membership) => membership.clubId === clubId),
      listByRole: async (clubRoleId) => memberships().filter((membership) => membership.clubRoleId === clubRoleId),
      countByClub: async (clubId) => memberships().filter((membership) => membership.clubId === clubId).length,
      countsByRole: async () => {
        const counts = new Map<string, number>()
        for (const membership of tx.table('memberships').values())
          counts.set(membership.clubRoleId, (counts.get(membership.clubRoleId) ?? 0) + 1)
        return counts
      },
      clubsOfUsers: async (uids) => {
        const wanted = new Set(uids)
        const out = new Map<string, Array<{ id: string; name: string }>>()
        for (const membership of memberships()) {
          const club = wanted.has(membership.uid) ? tx.table('clubs').get(membership.clubId) : undefined
          if (!club) continue
          const list = out.get(membership.uid) ?? []
          list.push({ id: club.id, name: club.profile.name })
          out.set(membership.uid, list)
        }
        for (const list of out.values())
          list.sort((a, b) => compareBySortKey(a.name, b.name) || compareStrings(a.id, b.id))
        return out
      },
      insert: async (membership: MembershipRecord) => void tx.put('memberships', membership.id, membership),
      update: async (membership: MembershipRecord) => void tx.put('memberships', membership.id, membership),
      delete: async (id) => tx.delete('memberships', id),
      deleteByUser: async (uid) => {
        for (const membership of memberships()) if (membership.uid === uid) tx.delete('memberships', membership.id)
      },
    },
    invitations: {
      get: async (id) => tx.table('invitations').get(id) ?? null,
      findByToken: async (token) => values(tx, 'invitations').find((invitation) => invitation.token === token) ?? null,
      listByClub: async (clubId) => values(tx, 'invitations').filter((invitation) => invitation.clubId === clubId),
      listUnused: async () => values(tx, 'invitations').filter((invitation) => invitation.usedAt === null),
      insert: async (invitation) => void tx.put('invitations', invitation.id, invitation),
      update: async (invitation) => void tx.put('invitations', invitation.id, invitation),
      delete: async (id) => tx.delete('invitations', id),
    },
    clubs: clubRepository(tx),
    files: {
      get: async (id) => tx.table('files').get(id) ?? null,
      listByClub: async (clubId) => values(tx, 'files').filter((file) => file.clubId === clubId),
      listByClubs: async (clubIds) => byClubs(values(tx, 'files'), clubIds),
      insert: async (file) => void tx.put('files', file.id, file),
      delete: async (id) => tx.delete('files', id),
    },
    campaigns: {
      get: async (documentId) => tx.table('campaigns').get(documentId) ?? null,
      getMany: async (documentIds) => getMany(tx, 'campaigns', documentIds),
      listByClub: async (clubId) => values(tx, 'campaigns').filter((campaign) => campaign.clubId === clubId),
      countsOfClub: async (clubId) => {
        const campaigns = values(tx, 'campaigns').filter((campaign) => campaign.clubId === clubId)
        return { total: campaigns.length, enabled: campaigns.filter((campaign) => campaign.enabled).length }
      },
      insert: async (campaign) => void tx.put('campaigns', campaign.documentId, campaign),
      update: async (campaign) => void tx.put('campaigns', campaign.documentId, campaign),
      delete: async (documentId) => tx.delete('campaigns', documentId),
    },
    donations: donationRepository(tx),
    paymentAccounts: {
      get: async (accountId) => tx.table('paymentAccounts').get(accountId) ?? null,
      listByClub: async (clubId) => values(tx, 'paymentAccounts').filter((account) => account.clubId === clubId),
      listByClubs: async (clubIds) => byClubs(values(tx, 'paymentAccounts'), clubIds),
      insert: async (account) => void tx.put('paymentAccounts', account.accountId, account),
      update: async (account) => void tx.put('paymentAccounts', account.accountId, account),
      delete: async (accountId) => tx.delete('paymentAccounts', accountId),
    },
    onboardingLinks: {
      get: async (id) => tx.table('onboardingLinks').get(id) ?? null,
      insert: async (link) => void tx.put('onboardingLinks', link.id, link),
      update: async (link) => void tx.put('onboardingLinks', link.id, link),
      deleteByAccount: async (accountId) => {
        for (const link of values(tx, 'onboardingLinks'))
          if (link.accountId === accountId) tx.delete('onboardingLinks', link.id)
      },
    },
    clubTypes: namedCatalogue<ClubTypeRecord>(tx, 'clubTypes'),
    clubRoles: namedCatalogue<ClubRoleRecord>(tx, 'clubRoles'),
    appLogo: {
      get: async () => tx.singleton('appLogo'),
      set: async (logo) => tx.setSingleton('appLogo', logo),
    },
    audit: auditLog(tx),
    globals: { get: async () => tx.singleton('globals') },
    fileBlobs: fileBlobsOf(options),
    mailer: identityStore.mailer,
    identity: offlineIdentityProvider(identityStore),
    payments: options.payments,
    checkouts: {
      get: async (id) => tx.table('checkouts').get(id) ?? null,
      findBySession: async (sessionId) =>
        values(tx, 'checkouts').find((checkout) => checkout.sessionId === sessionId) ?? null,
      insert: async (checkout) => void tx.put('checkouts', checkout.id, checkout),
      update: async (checkout) => void tx.put('checkouts', checkout.id, checkout),
    },
    tax: taxRepository(tx),
    receipts: receiptRepository(tx),
    receiptRenderer: options.receiptRenderer ?? noReceiptRenderer,
    // Transactions run one at a time here, so the check and the write cannot interleave.
    paymentEvents: {
      record: async (event) => {
        if (tx.table('paymentEvents').has(event.id)) return false
        tx.put('paymentEvents', event.id, event)
        return true
      },
    },
    ids: options.ids ?? randomIds,
  }
}

/**
 * The in-memory store as the domain's unit of work. Reads work on the state as it is when they start
 * (states are immutable, so that is a consistent snapshot); writes queue for their turn.
 */
/** A cancelled write's transaction is never committed: what the abandoned work writes afterwards is lost with it. */
export const memoryUnitOfWork = (store: Store, options: MemoryPortsOptions): UnitOfWork => ({
  run: (mode, work, signal) =>
    mode === 'read'
      ? untilCancelled(work(memoryPorts(new Tx(store.state), options)), signal)
      : store.transactAsync((tx) => untilCancelled(work(memoryPorts(tx, options)), signal)),
})
