/**
 * The table `clubs`: a club's profile (its address, bank details, billing address and contact as JSON),
 * status, check and pending bank review. The release list's total comes from `club_counts`, which
 * triggers keep (migration 0002); its search reads the stored `name_key`
 * (docs/decisions/0042-club-search-without-a-column.md).
 */
import { sql } from 'kysely'
import type { ClubRepository } from '#domain/ports.ts'
import type { BankReviewRecord, ClubProfileRecord, ClubRecord } from '#domain/records.ts'
import { NUMBER_PADDING, sortKey } from '#domain/sort-key.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'
import { json, rethrowDuplicate } from './rows.ts'

const toClub = (row: Row<'clubs'>): ClubRecord => ({
  id: row.id,
  profile: {
    name: row.name,
    zvrNumber: row.zvr_number,
    vatNumber: row.vat_number,
    donationNumber: row.donation_number,
    description: row.description,
    shortDescription: row.short_description,
    address: row.address as unknown as ClubProfileRecord['address'],
    bankInfo: row.bank_info as unknown as ClubProfileRecord['bankInfo'],
    billingAddress: row.billing_address as unknown as ClubProfileRecord['billingAddress'],
    legitimation: row.legitimation as unknown as ClubProfileRecord['legitimation'],
    clubTypeId: row.club_type_id ?? '',
    clubSize: row.club_size as ClubProfileRecord['clubSize'],
  },
  status: row.status as ClubRecord['status'],
  isChecked: row.is_checked,
  checkedAt: row.checked_at,
  checkedBy: row.checked_by,
  bankReview: row.bank_review as unknown as BankReviewRecord | null,
  deactivationReason: row.deactivation_reason,
  deactivatedAt: row.deactivated_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

export const clubRow = (club: ClubRecord): NewRow<'clubs'> => {
  const { profile } = club
  return {
    id: club.id,
    name: profile.name,
    name_key: sortKey(profile.name),
    zvr_number: profile.zvrNumber,
    vat_number: profile.vatNumber,
    donation_number: profile.donationNumber,
    description: profile.description,
    short_description: profile.shortDescription,
    address: json(profile.address),
    bank_info: json(profile.bankInfo),
    billing_address: json(profile.billingAddress),
    legitimation: json(profile.legitimation),
    club_type_id: profile.clubTypeId === '' ? null : profile.clubTypeId,
    club_size: profile.clubSize,
    status: club.status,
    is_checked: club.isChecked,
    checked_at: club.checkedAt,
    checked_by: club.checkedBy,
    bank_review: club.bankReview === null ? null : json(club.bankReview),
    deactivation_reason: club.deactivationReason,
    deactivated_at: club.deactivatedAt,
    created_at: club.createdAt,
    updated_at: club.updatedAt,
  }
}

/** `searchKey` (domain/sort-key.ts) from the stored sort key: the numbers' padding taken off again. */
const UNPADDED = String.raw`\1\2`

const onDuplicate = rethrowDuplicate({ clubs_zvr_key: 'club-zvr' })

export const clubRepository = (trx: Trx): ClubRepository => ({
  get: async (id) => {
    const row = await trx.selectFrom('clubs').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toClub(row) : null
  },
  getMany: async (ids) => {
    if (ids.length === 0) return new Map()
    const rows = await trx
      .selectFrom('clubs')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute()
    return new Map(rows.map((row) => [row.id, toClub(row)]))
  },
  page: async (query) => {
    let filtered = trx.selectFrom('clubs')
    if (query.status !== null) filtered = filtered.where('status', '=', query.status)
    if (query.clubTypeId !== null) filtered = filtered.where('club_type_id', '=', query.clubTypeId)
    const { search, attention } = query
    if (search !== null) {
      // Plain substrings (strpos, not LIKE): every character of the search stands for itself.
      const byName = sql<boolean>`strpos(regexp_replace(name_key, ${NUMBER_PADDING}, ${UNPADDED}, 'g'), ${search.nameKey}) > 0`
      filtered = filtered.where(
        search.zvrDigits === null ? byName : sql<boolean>`(${byName} OR strpos(zvr_number, ${search.zvrDigits}) > 0)`,
      )
    }
    if (attention === 'bank-review-pending') filtered = filtered.where('bank_review', 'is not', null)
    else if (attention === 'unchecked') filtered = filtered.where('is_checked', '=', false)
    const direction = query.descending ? 'desc' : 'asc'
    let ordered = filtered.selectAll()
    if (query.sort === 'name') ordered = ordered.orderBy('name_key', direction)
    else if (query.sort === 'createdAt') ordered = ordered.orderBy('created_at', direction)
    else if (query.sort === 'status') ordered = ordered.orderBy('status', direction)
    else
      ordered = ordered
        .orderBy(sql`zvr_number = ''`, direction)
        .orderBy(sql`length(zvr_number)`, direction)
        .orderBy('zvr_number', direction)
    // The total from the counts the triggers keep (migration 0002), not by counting every club; a search
    // or a filter by attention they do not keep is counted by the database over the matching clubs.
    let counted = trx.selectFrom('club_counts').select(sql<number>`coalesce(sum(count), 0)`.as('count'))
    if (query.status !== null) counted = counted.where('status', '=', query.status)
    if (query.clubTypeId !== null) counted = counted.where('club_type_id', '=', query.clubTypeId)
    const [rows, total] = await Promise.all([
      ordered.orderBy('name_key', 'asc').orderBy('id', 'asc').offset(query.offset).limit(query.limit).execute(),
      search !== null || attention !== null
        ? filtered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
        : counted.executeTakeFirstOrThrow(),
    ])
    return { items: rows.map(toClub), totalItems: Number(total.count) }
  },
  // Both by the expressions of their indexes (migration 0005): `zvrKey` is ltrim of the zeros,
  // `postalCodeKey` upper case without whitespace.
  findByZvrKey: async (key) =>
    (
      await trx
        .selectFrom('clubs')
        .selectAll()
        .where('zvr_number', '<>', '')
        .where(sql<string>`ltrim(zvr_number, '0')`, '=', key)
        .execute()
    ).map(toClub),
  findByNameAndPostalCode: async (nameKey, postalKey) =>
    (
      await trx
        .selectFrom('clubs')
        .selectAll()
        .where('name_key', '=', nameKey)
        .where(sql<string>`upper(regexp_replace(address->>'postalCode', '[[:space:]]', '', 'g'))`, '=', postalKey)
        .execute()
    ).map(toClub),
  namesByType: async (clubTypeId) =>
    (await trx.selectFrom('clubs').select('name').where('club_type_id', '=', clubTypeId).execute()).map(
      (row) => row.name,
    ),
  countsByType: async () => {
    const rows = await trx
      .selectFrom('clubs')
      .select(['club_type_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('club_type_id', 'is not', null)
      .groupBy('club_type_id')
      .execute()
    return new Map(rows.map((row) => [row.club_type_id!, Number(row.count)]))
  },
  insert: async (club) => {
    await trx.insertInto('clubs').values(clubRow(club)).execute().catch(onDuplicate)
  },
  update: async (club) => {
    const { id: _id, created_at: _created, ...changes } = clubRow(club)
    await trx.updateTable('clubs').set(changes).where('id', '=', club.id).execute().catch(onDuplicate)
  },
})
