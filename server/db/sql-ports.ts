/**
 * The domain's ports (domain/ports.ts) over PostgreSQL through Kysely, inside one transaction. Storage,
 * lookups, paging, sorting and sums in SQL; no business rule. The orders are the ones the ports
 * document (the same domain suite runs against the in-memory adapters and these).
 */
import { sql } from 'kysely'
import type {
  AppLogoRepository,
  AuditLog,
  CampaignRepository,
  CardProvider,
  ClubRepository,
  DonationRepository,
  DonationScope,
  FileBlobs,
  FileRepository,
  GlobalsRepository,
  IdGenerator,
  IdentityProvider,
  InvitationRepository,
  Mailer,
  MembershipRepository,
  NamedCatalogue,
  OnboardingLinkRepository,
  PaymentAccountRepository,
  Ports,
  UserRepository,
} from '#domain/ports.ts'
import { DuplicateKeyError } from '#domain/ports.ts'
import type {
  AppLogoRecord,
  AuditEntryRecord,
  BankReviewRecord,
  CampaignRecord,
  ClubProfileRecord,
  ClubRecord,
  DonationRecord,
  FileRecord,
  InvitationRecord,
  MembershipRecord,
  OnboardingLinkRecord,
  PaymentAccountRecord,
  UserRecord,
} from '#domain/records.ts'
import { DEFAULT_GLOBALS } from '#domain/globals.ts'
import { sortKey } from '#domain/sort-key.ts'
import type { Globals } from '#openapi/generated/model/globals.ts'
import { noteQueued } from '#server/mail/queued.ts'
import { constraintOf, isUniqueViolation } from './database.ts'
import type { Trx } from './database.ts'
import type { NewRow, Row } from './schema.ts'

// ------------------------------------------------------------------------------------------------ rows

// Timestamps arrive as ISO strings already (database.ts).
const iso = (value: string): string => value
const isoOrNull = (value: string | null): string | null => value
const json = (value: unknown): string => JSON.stringify(value)

export const toUser = (row: Row<'users'>): UserRecord => ({
  uid: row.uid,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  role: row.role as UserRecord['role'],
  emailVerified: row.email_verified,
  phoneNumber: row.phone_number,
  createdAt: iso(row.created_at),
})

export const userRow = (user: UserRecord): NewRow<'users'> => ({
  uid: user.uid,
  email: user.email,
  first_name: user.firstName,
  last_name: user.lastName,
  role: user.role,
  email_verified: user.emailVerified,
  phone_number: user.phoneNumber,
  created_at: user.createdAt,
})

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
  checkedAt: isoOrNull(row.checked_at),
  checkedBy: row.checked_by,
  bankReview: row.bank_review as unknown as BankReviewRecord | null,
  deactivationReason: row.deactivation_reason,
  deactivatedAt: isoOrNull(row.deactivated_at),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
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

const toMembership = (row: Row<'memberships'>): MembershipRecord => ({
  id: row.id,
  clubId: row.club_id,
  uid: row.uid,
  clubRoleId: row.club_role_id,
  createdAt: iso(row.created_at),
})

export const membershipRow = (membership: MembershipRecord): NewRow<'memberships'> => ({
  id: membership.id,
  club_id: membership.clubId,
  uid: membership.uid,
  club_role_id: membership.clubRoleId,
  created_at: membership.createdAt,
})

const toInvitation = (row: Row<'invitations'>): InvitationRecord => ({
  id: row.id,
  token: row.token,
  clubId: row.club_id,
  email: row.email,
  clubRoleId: row.club_role_id,
  invitedBy: row.invited_by,
  createdAt: iso(row.created_at),
  expiresAt: iso(row.expires_at),
  usedAt: isoOrNull(row.used_at),
  usedBy: row.used_by,
  replacedAt: isoOrNull(row.replaced_at),
  withdrawnAt: isoOrNull(row.withdrawn_at),
})

export const invitationRow = (invitation: InvitationRecord): NewRow<'invitations'> => ({
  id: invitation.id,
  token: invitation.token,
  club_id: invitation.clubId,
  email: invitation.email,
  club_role_id: invitation.clubRoleId,
  invited_by: invitation.invitedBy,
  created_at: invitation.createdAt,
  expires_at: invitation.expiresAt,
  used_at: invitation.usedAt,
  used_by: invitation.usedBy,
  replaced_at: invitation.replacedAt,
  withdrawn_at: invitation.withdrawnAt,
})

const toFile = (row: Row<'files'>): FileRecord => ({
  id: row.id,
  clubId: row.club_id,
  kind: row.kind as FileRecord['kind'],
  label: row.label as FileRecord['label'],
  name: row.name,
  path: row.path,
  contentType: row.content_type,
  size: row.size,
  uploadedAt: iso(row.uploaded_at),
})

export const fileRow = (file: FileRecord): NewRow<'files'> => ({
  id: file.id,
  club_id: file.clubId,
  kind: file.kind,
  label: file.label,
  name: file.name,
  path: file.path,
  content_type: file.contentType,
  size: file.size,
  uploaded_at: file.uploadedAt,
})

const toCampaign = (row: Row<'campaigns'>): CampaignRecord => ({
  documentId: row.document_id,
  clubId: row.club_id,
  name: row.name,
  description: row.description,
  goalCents: row.goal_cents,
  amountCents: row.amount_cents,
  minimumDonationCents: row.minimum_donation_cents,
  date: row.event_date,
  time: row.event_time,
  from: row.from_day,
  to: row.to_day,
  enabled: row.enabled,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
})

export const campaignRow = (campaign: CampaignRecord): NewRow<'campaigns'> => ({
  document_id: campaign.documentId,
  club_id: campaign.clubId,
  name: campaign.name,
  description: campaign.description,
  goal_cents: campaign.goalCents,
  amount_cents: campaign.amountCents,
  minimum_donation_cents: campaign.minimumDonationCents,
  event_date: campaign.date,
  event_time: campaign.time,
  from_day: campaign.from,
  to_day: campaign.to,
  enabled: campaign.enabled,
  created_at: campaign.createdAt,
  updated_at: campaign.updatedAt,
})

const toDonation = (row: Row<'donations'>): DonationRecord => ({
  id: row.id,
  clubId: row.club_id,
  campaignId: row.campaign_id,
  amountCents: row.amount_cents,
  donorName: row.donor_name,
  message: row.message,
  at: Date.parse(row.donated_at),
  day: row.day,
})

export const donationRow = (donation: DonationRecord): NewRow<'donations'> => ({
  id: donation.id,
  club_id: donation.clubId,
  campaign_id: donation.campaignId,
  amount_cents: donation.amountCents,
  donor_name: donation.donorName,
  donor_key: donation.donorName === null ? null : sortKey(donation.donorName),
  message: donation.message,
  donated_at: new Date(donation.at),
  day: donation.day,
})

const toAccount = (row: Row<'payment_accounts'>): PaymentAccountRecord => ({
  accountId: row.account_id,
  clubId: row.club_id,
  status: row.status as PaymentAccountRecord['status'],
  chargesEnabled: row.charges_enabled,
  payoutsEnabled: row.payouts_enabled,
  requirements: row.requirements as PaymentAccountRecord['requirements'],
  rejectReason: row.reject_reason,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
})

export const accountRow = (account: PaymentAccountRecord): NewRow<'payment_accounts'> => ({
  account_id: account.accountId,
  club_id: account.clubId,
  status: account.status,
  charges_enabled: account.chargesEnabled,
  payouts_enabled: account.payoutsEnabled,
  requirements: json(account.requirements),
  reject_reason: account.rejectReason,
  created_at: account.createdAt,
  updated_at: account.updatedAt,
})

const toLink = (row: Row<'onboarding_links'>): OnboardingLinkRecord => ({
  id: row.id,
  accountId: row.account_id,
  clubId: row.club_id,
  returnOrigin: row.return_origin,
  createdAt: iso(row.created_at),
  expiresAt: iso(row.expires_at),
  usedAt: isoOrNull(row.used_at),
})

export const linkRow = (link: OnboardingLinkRecord): NewRow<'onboarding_links'> => ({
  id: link.id,
  account_id: link.accountId,
  club_id: link.clubId,
  return_origin: link.returnOrigin,
  created_at: link.createdAt,
  expires_at: link.expiresAt,
  used_at: link.usedAt,
})

const toAuditEntry = (row: Row<'audit_log'>): AuditEntryRecord => ({
  id: row.id,
  at: iso(row.at),
  action: row.action as AuditEntryRecord['action'],
  actor: { uid: row.actor_uid, name: row.actor_name, email: row.actor_email },
  club: row.club_id === null ? null : { id: row.club_id, name: row.club_name ?? '' },
  user: row.user_name === null ? null : { uid: row.user_uid, name: row.user_name, email: row.user_email ?? '' },
  changes: row.changes as unknown as AuditEntryRecord['changes'],
})

export const auditRow = (entry: AuditEntryRecord): NewRow<'audit_log'> => ({
  id: entry.id,
  at: entry.at,
  action: entry.action,
  actor_uid: entry.actor.uid,
  actor_name: entry.actor.name,
  actor_email: entry.actor.email,
  club_id: entry.club?.id ?? null,
  club_name: entry.club?.name ?? null,
  user_uid: entry.user?.uid ?? null,
  user_name: entry.user?.name ?? null,
  user_email: entry.user?.email ?? null,
  changes: json(entry.changes),
})

export const logoRow = (logo: AppLogoRecord): NewRow<'app_logo'> => ({
  id: logo.id,
  name: logo.name,
  path: logo.path,
  content_type: logo.contentType,
  size: logo.size,
  uploaded_at: logo.uploadedAt,
})

const groupByClub = <R extends { clubId: string }>(records: readonly R[]): Map<string, R[]> => {
  const out = new Map<string, R[]>()
  for (const record of records) {
    const list = out.get(record.clubId)
    if (list) list.push(record)
    else out.set(record.clubId, [record])
  }
  return out
}

/** A write whose unique index another row already holds, as the domain's error. */
const rethrowDuplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) {
    const constraint = constraintOf(error)
    if (constraint === 'users_email_key') throw new DuplicateKeyError('user-email')
    if (constraint === 'club_types_name_key') throw new DuplicateKeyError('club-type-name')
    if (constraint === 'club_roles_name_key') throw new DuplicateKeyError('club-role-name')
    if (constraint === 'clubs_zvr_key') throw new DuplicateKeyError('club-zvr')
  }
  throw error
}

// ------------------------------------------------------------------------------------------------ repositories

/**
 * Told the uid of each user whose role or club memberships a write may have changed (bookkeeping only:
 * server/identity/custom-claims.ts projects them into Firebase custom claims after the commit).
 */
export type UserTouched = (uid: string) => void

const untracked: UserTouched = () => undefined

export const userRepository = (trx: Trx, touched: UserTouched = untracked): UserRepository => ({
  get: async (uid) => {
    const row = await trx.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst()
    return row ? toUser(row) : null
  },
  getWithClubIds: async (uid) => {
    const row = await trx
      .selectFrom('users')
      .selectAll('users')
      .select(
        sql<
          string[]
        >`coalesce((SELECT array_agg(club_id) FROM memberships WHERE memberships.uid = users.uid), '{}')`.as(
          'club_ids',
        ),
      )
      .where('uid', '=', uid)
      .executeTakeFirst()
    if (!row) return null
    const { club_ids: clubIds, ...user } = row
    return { user: toUser(user), clubIds }
  },
  getMany: async (uids) => {
    if (uids.length === 0) return new Map()
    const rows = await trx
      .selectFrom('users')
      .selectAll()
      .where('uid', 'in', [...uids])
      .execute()
    return new Map(rows.map((row) => [row.uid, toUser(row)]))
  },
  findByEmail: async (email) => {
    const row = await trx
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst()
    return row ? toUser(row) : null
  },
  list: async () => (await trx.selectFrom('users').selectAll().execute()).map(toUser),
  countByRole: async (role) =>
    Number(
      (
        await trx
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('role', '=', role)
          .executeTakeFirstOrThrow()
      ).count,
    ),
  insert: async (user) => {
    await trx.insertInto('users').values(userRow(user)).execute().catch(rethrowDuplicate)
    touched(user.uid)
  },
  update: async (user) => {
    const { uid: _uid, created_at: _created, ...changes } = userRow(user)
    await trx.updateTable('users').set(changes).where('uid', '=', user.uid).execute().catch(rethrowDuplicate)
    // Any update may carry a new role; the projection skips users whose claims stay the same.
    touched(user.uid)
  },
  delete: async (uid) => {
    await trx.deleteFrom('users').where('uid', '=', uid).execute()
  },
})

const memberships = (trx: Trx, touched: UserTouched): MembershipRepository => {
  const list = (column: 'uid' | 'club_id' | 'club_role_id', value: string) =>
    trx
      .selectFrom('memberships')
      .selectAll()
      .where(column, '=', value)
      .execute()
      .then((rows) => rows.map(toMembership))
  return {
    listByUser: (uid) => list('uid', uid),
    listByClub: (clubId) => list('club_id', clubId),
    listByRole: (clubRoleId) => list('club_role_id', clubRoleId),
    countByClub: async (clubId) =>
      Number(
        (
          await trx
            .selectFrom('memberships')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('club_id', '=', clubId)
            .executeTakeFirstOrThrow()
        ).count,
      ),
    countsByRole: async () => {
      const rows = await trx
        .selectFrom('memberships')
        .select(['club_role_id', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('club_role_id')
        .execute()
      return new Map(rows.map((row) => [row.club_role_id, Number(row.count)]))
    },
    insert: async (membership) => {
      await trx.insertInto('memberships').values(membershipRow(membership)).execute()
      touched(membership.uid)
    },
    delete: async (id) => {
      const deleted = await trx.deleteFrom('memberships').where('id', '=', id).returning('uid').executeTakeFirst()
      if (deleted) touched(deleted.uid)
    },
    deleteByUser: async (uid) => {
      await trx.deleteFrom('memberships').where('uid', '=', uid).execute()
      touched(uid)
    },
  }
}

const invitations = (trx: Trx): InvitationRepository => ({
  get: async (id) => {
    const row = await trx.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toInvitation(row) : null
  },
  findByToken: async (token) => {
    const row = await trx.selectFrom('invitations').selectAll().where('token', '=', token).executeTakeFirst()
    return row ? toInvitation(row) : null
  },
  listByClub: async (clubId) =>
    (await trx.selectFrom('invitations').selectAll().where('club_id', '=', clubId).execute()).map(toInvitation),
  listUnused: async () =>
    (await trx.selectFrom('invitations').selectAll().where('used_at', 'is', null).execute()).map(toInvitation),
  insert: async (invitation) => {
    await trx.insertInto('invitations').values(invitationRow(invitation)).execute()
  },
  update: async (invitation) => {
    const { id: _id, ...changes } = invitationRow(invitation)
    await trx.updateTable('invitations').set(changes).where('id', '=', invitation.id).execute()
  },
  delete: async (id) => {
    await trx.deleteFrom('invitations').where('id', '=', id).execute()
  },
})

const clubs = (trx: Trx): ClubRepository => ({
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
    // The total from the counts the triggers keep (migration 0002), not by counting every club.
    let counted = trx.selectFrom('club_counts').select(sql<number>`coalesce(sum(count), 0)`.as('count'))
    if (query.status !== null) counted = counted.where('status', '=', query.status)
    if (query.clubTypeId !== null) counted = counted.where('club_type_id', '=', query.clubTypeId)
    const [rows, total] = await Promise.all([
      ordered.orderBy('name_key', 'asc').orderBy('id', 'asc').offset(query.offset).limit(query.limit).execute(),
      counted.executeTakeFirstOrThrow(),
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
    await trx.insertInto('clubs').values(clubRow(club)).execute().catch(rethrowDuplicate)
  },
  update: async (club) => {
    const { id: _id, created_at: _created, ...changes } = clubRow(club)
    await trx.updateTable('clubs').set(changes).where('id', '=', club.id).execute().catch(rethrowDuplicate)
  },
})

const files = (trx: Trx): FileRepository => ({
  get: async (id) => {
    const row = await trx.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toFile(row) : null
  },
  listByClub: async (clubId) =>
    (await trx.selectFrom('files').selectAll().where('club_id', '=', clubId).execute()).map(toFile),
  listByClubs: async (clubIds) => {
    if (clubIds.length === 0) return new Map()
    return groupByClub(
      (
        await trx
          .selectFrom('files')
          .selectAll()
          .where('club_id', 'in', [...clubIds])
          .execute()
      ).map(toFile),
    )
  },
  insert: async (file) => {
    await trx.insertInto('files').values(fileRow(file)).execute()
  },
  delete: async (id) => {
    await trx.deleteFrom('files').where('id', '=', id).execute()
  },
})

const campaigns = (trx: Trx): CampaignRepository => ({
  get: async (documentId) => {
    const row = await trx.selectFrom('campaigns').selectAll().where('document_id', '=', documentId).executeTakeFirst()
    return row ? toCampaign(row) : null
  },
  getMany: async (documentIds) => {
    if (documentIds.length === 0) return new Map()
    const rows = await trx
      .selectFrom('campaigns')
      .selectAll()
      .where('document_id', 'in', [...documentIds])
      .execute()
    return new Map(rows.map((row) => [row.document_id, toCampaign(row)]))
  },
  listByClub: async (clubId) =>
    (await trx.selectFrom('campaigns').selectAll().where('club_id', '=', clubId).execute()).map(toCampaign),
  countsOfClub: async (clubId) => {
    const row = await trx
      .selectFrom('campaigns')
      .select([
        (eb) => eb.fn.countAll<number>().as('total'),
        sql<number>`count(*) FILTER (WHERE enabled)`.as('enabled'),
      ])
      .where('club_id', '=', clubId)
      .executeTakeFirstOrThrow()
    return { total: Number(row.total), enabled: Number(row.enabled) }
  },
  insert: async (campaign) => {
    await trx.insertInto('campaigns').values(campaignRow(campaign)).execute()
  },
  update: async (campaign) => {
    const { document_id: _id, created_at: _created, ...changes } = campaignRow(campaign)
    await trx.updateTable('campaigns').set(changes).where('document_id', '=', campaign.documentId).execute()
  },
  delete: async (documentId) => {
    await trx.deleteFrom('campaigns').where('document_id', '=', documentId).execute()
  },
})

const donations = (trx: Trx): DonationRepository => {
  const inScope = (scope: DonationScope) =>
    'clubId' in scope
      ? trx.selectFrom('donations').where('club_id', '=', scope.clubId)
      : trx.selectFrom('donations').where('campaign_id', '=', scope.campaignId)
  /** The per-day totals the triggers keep (migration 0002), for a club or a campaign. */
  const totalsInScope = (scope: DonationScope) =>
    'clubId' in scope
      ? trx.selectFrom('donation_day_totals').where('club_id', '=', scope.clubId)
      : trx.selectFrom('donation_day_totals').where('campaign_id', '=', scope.campaignId)
  const sums = sql<number>`coalesce(sum(count), 0)`.as('count')
  const cents = sql<number>`coalesce(sum(cents), 0)`.as('cents')
  return {
    page: async (scope, query) => {
      let filtered = inScope(scope)
      let totals = totalsInScope(scope)
      if (query.from !== null) {
        filtered = filtered.where('day', '>=', query.from)
        totals = totals.where('day', '>=', query.from)
      }
      if (query.to !== null) {
        filtered = filtered.where('day', '<=', query.to)
        totals = totals.where('day', '<=', query.to)
      }
      const direction = query.descending ? 'desc' : 'asc'
      let ordered = filtered.selectAll()
      if (query.sort === 'donatedAt') ordered = ordered.orderBy('donated_at', direction).orderBy('id', direction)
      else {
        if (query.sort === 'amountCents') ordered = ordered.orderBy('amount_cents', direction)
        // Anonymous donations last in both directions.
        else ordered = ordered.orderBy(sql`donor_key IS NULL`, 'asc').orderBy('donor_key', direction)
        ordered = ordered.orderBy('donated_at', 'desc').orderBy('id', 'desc')
      }
      const [rows, total] = await Promise.all([
        ordered.offset(query.offset).limit(query.limit).execute(),
        totals.select([sums, cents]).executeTakeFirstOrThrow(),
      ])
      return { items: rows.map(toDonation), totalItems: Number(total.count), totalCents: Number(total.cents) }
    },
    dailyTotals: async (clubId, from, to) => {
      const rows = await trx
        .selectFrom('donation_day_totals')
        .select(['day', sums, cents])
        .where('club_id', '=', clubId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('day')
        .orderBy('day')
        .execute()
      return rows.map((row) => ({ day: row.day, count: Number(row.count), cents: Number(row.cents) }))
    },
    clubTotals: async (clubId, sinceDay) => {
      const row = await trx
        .selectFrom('donation_day_totals')
        .select([
          sums,
          cents,
          sql<number>`coalesce(sum(count) FILTER (WHERE day >= ${sinceDay}), 0)`.as('since_count'),
          sql<number>`coalesce(sum(cents) FILTER (WHERE day >= ${sinceDay}), 0)`.as('since_cents'),
        ])
        .where('club_id', '=', clubId)
        .executeTakeFirstOrThrow()
      return {
        all: { count: Number(row.count), cents: Number(row.cents) },
        since: { count: Number(row.since_count), cents: Number(row.since_cents) },
      }
    },
    campaignTotals: async (campaignIds) => {
      if (campaignIds.length === 0) return new Map()
      const rows = await trx
        .selectFrom('donation_day_totals')
        .select(['campaign_id', sums, cents])
        .where('campaign_id', 'in', [...campaignIds])
        .groupBy('campaign_id')
        .execute()
      return new Map(rows.map((row) => [row.campaign_id, { count: Number(row.count), cents: Number(row.cents) }]))
    },
  }
}

const paymentAccounts = (trx: Trx): PaymentAccountRepository => ({
  get: async (accountId) => {
    const row = await trx
      .selectFrom('payment_accounts')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst()
    return row ? toAccount(row) : null
  },
  listByClub: async (clubId) =>
    (
      await trx.selectFrom('payment_accounts').selectAll().where('club_id', '=', clubId).orderBy('created_at').execute()
    ).map(toAccount),
  listByClubs: async (clubIds) => {
    if (clubIds.length === 0) return new Map()
    return groupByClub(
      (
        await trx
          .selectFrom('payment_accounts')
          .selectAll()
          .where('club_id', 'in', [...clubIds])
          .orderBy('created_at')
          .execute()
      ).map(toAccount),
    )
  },
  insert: async (account) => {
    await trx.insertInto('payment_accounts').values(accountRow(account)).execute()
  },
  update: async (account) => {
    const { account_id: _id, created_at: _created, ...changes } = accountRow(account)
    await trx.updateTable('payment_accounts').set(changes).where('account_id', '=', account.accountId).execute()
  },
  delete: async (accountId) => {
    await trx.deleteFrom('payment_accounts').where('account_id', '=', accountId).execute()
  },
})

const onboardingLinks = (trx: Trx): OnboardingLinkRepository => ({
  get: async (id) => {
    const row = await trx.selectFrom('onboarding_links').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toLink(row) : null
  },
  insert: async (link) => {
    await trx.insertInto('onboarding_links').values(linkRow(link)).execute()
  },
  update: async (link) => {
    const { id: _id, ...changes } = linkRow(link)
    await trx.updateTable('onboarding_links').set(changes).where('id', '=', link.id).execute()
  },
  deleteByAccount: async (accountId) => {
    await trx.deleteFrom('onboarding_links').where('account_id', '=', accountId).execute()
  },
})

const named = (
  trx: Trx,
  table: 'club_types' | 'club_roles',
  duplicate: 'club-type-name' | 'club-role-name',
): NamedCatalogue => {
  const onDuplicate = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new DuplicateKeyError(duplicate)
    throw error
  }
  const toRecord = (row: Row<'club_types'>) => ({ id: row.id, name: row.name, createdAt: iso(row.created_at) })
  return {
    get: async (id) => {
      const row = await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()
      return row ? toRecord(row) : null
    },
    list: async () => (await trx.selectFrom(table).selectAll().execute()).map(toRecord),
    insert: async (record) => {
      await trx
        .insertInto(table)
        .values({ id: record.id, name: record.name, created_at: record.createdAt })
        .execute()
        .catch(onDuplicate)
    },
    update: async (record) => {
      await trx.updateTable(table).set({ name: record.name }).where('id', '=', record.id).execute().catch(onDuplicate)
    },
    delete: async (id) => {
      await trx.deleteFrom(table).where('id', '=', id).execute()
    },
  }
}

const appLogo = (trx: Trx): AppLogoRepository => ({
  get: async () => {
    const row = await trx.selectFrom('app_logo').selectAll().executeTakeFirst()
    return row
      ? {
          id: row.id,
          name: row.name,
          path: row.path,
          contentType: row.content_type as AppLogoRecord['contentType'],
          size: row.size,
          uploadedAt: iso(row.uploaded_at),
        }
      : null
  },
  set: async (logo) => {
    await trx.deleteFrom('app_logo').execute()
    if (logo) await trx.insertInto('app_logo').values(logoRow(logo)).execute()
  },
})

/** Append-only; newest first by the sequence the rows were appended in (migration 0007). */
const auditLog = (trx: Trx): AuditLog => {
  const slice = async (clubId: string | null, offset: number, limit: number) => {
    let rows = trx.selectFrom('audit_log')
    let counted = trx.selectFrom('audit_log')
    if (clubId !== null) {
      rows = rows.where('club_id', '=', clubId)
      counted = counted.where('club_id', '=', clubId)
    }
    const [items, total] = await Promise.all([
      rows.selectAll().orderBy('sequence', 'desc').offset(offset).limit(limit).execute(),
      counted.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ])
    return { items: items.map(toAuditEntry), totalItems: Number(total.count) }
  }
  return {
    append: async (entry) => {
      await trx.insertInto('audit_log').values(auditRow(entry)).execute()
    },
    page: (offset, limit) => slice(null, offset, limit),
    pageByClub: (clubId, offset, limit) => slice(clubId, offset, limit),
  }
}

/** The settings clients load; an operator may override each key in the `settings` table. */
const globals = (trx: Trx): GlobalsRepository => ({
  get: async () => {
    const row = await trx.selectFrom('settings').select('value').where('key', '=', 'globals').executeTakeFirst()
    return { ...DEFAULT_GLOBALS, ...((row?.value as Partial<Globals> | undefined) ?? {}) }
  },
})

/**
 * Mails go to the outbox table, in the request's transaction; after the commit server/mail delivers them
 * over SMTP (or, without SMTP_URL, logs them and a developer reads them there).
 */
export const outboxMailer = (trx: Trx, now: () => number, ids: IdGenerator): Mailer => ({
  send: async (mail) => {
    await trx
      .insertInto('mail_outbox')
      .values({
        id: ids.id(),
        to_address: mail.to,
        kind: mail.kind,
        subject: mail.subject,
        text: mail.text,
        link: mail.link,
        created_at: new Date(now()),
      })
      .execute()
    noteQueued(trx, mail)
  },
})

export interface SqlPortsOptions {
  now: () => number
  ids: IdGenerator
  cards: CardProvider
  /** The identity provider, given the transaction (the local one keeps its accounts in the same database). */
  identity: (trx: Trx) => IdentityProvider
  /** The uploaded files' bytes (server/files: rows here, bytes on disk), given the transaction. */
  fileBlobs: (trx: Trx) => FileBlobs
  /** Hears of users whose role or memberships were written (Firebase custom claims); absent: nobody. */
  userTouched?: UserTouched
}

export const sqlPorts = (trx: Trx, options: SqlPortsOptions): Ports => {
  const mailer = outboxMailer(trx, options.now, options.ids)
  return {
    users: userRepository(trx, options.userTouched),
    memberships: memberships(trx, options.userTouched ?? untracked),
    invitations: invitations(trx),
    clubs: clubs(trx),
    files: files(trx),
    campaigns: campaigns(trx),
    donations: donations(trx),
    paymentAccounts: paymentAccounts(trx),
    onboardingLinks: onboardingLinks(trx),
    clubTypes: named(trx, 'club_types', 'club-type-name'),
    clubRoles: named(trx, 'club_roles', 'club-role-name'),
    appLogo: appLogo(trx),
    audit: auditLog(trx),
    fileBlobs: options.fileBlobs(trx),
    globals: globals(trx),
    mailer,
    identity: options.identity(trx),
    cards: options.cards,
    ids: options.ids,
  }
}
