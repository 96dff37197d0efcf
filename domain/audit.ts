/**
 * The audit log: every administrator action and every money-relevant change, with who did it, when, to
 * which club or user, and the values before and after (docs/decisions/0015-bank-review-and-audit-log.md).
 * The operations that change something append their entry through `recordAudit`, in their own unit of
 * work: the entry commits with the change or not at all. Administrators read the log whole or per club.
 */
import type { AuditAction } from '#openapi/generated/model/auditAction.ts'
import type { AuditChange } from '#openapi/generated/model/auditChange.ts'
import type { AuditEntry } from '#openapi/generated/model/auditEntry.ts'
import type { AuditField } from '#openapi/generated/model/auditField.ts'
import type { AuditPage } from '#openapi/generated/model/auditPage.ts'
import { getClub } from './common.ts'
import { defineOperations, json, requireCaller } from './operation.ts'
import type { OperationContext } from './operation.ts'
import type { Slice } from './ports.ts'
import type { AuditEntryRecord, AuditPersonRecord, ClubRecord, UserRecord } from './records.ts'
import { isoInstant } from './time.ts'

/** A user as an entry keeps them: uid, name and address as they are now. */
export const auditPerson = (user: UserRecord): AuditPersonRecord => ({
  uid: user.uid,
  name: `${user.firstName} ${user.lastName}`.trim(),
  email: user.email,
})

/** One value before and after; null where there was or is none. */
export const change = (field: AuditField, before: string | null, after: string | null): AuditChange => ({
  field,
  before,
  after,
})

export interface AuditInput {
  readonly action: AuditAction
  /** The club the action is about (its name as it is after the change). */
  readonly club?: ClubRecord | null
  /** The user the action is about (role change, deletion). */
  readonly user?: UserRecord | null
  readonly changes: readonly AuditChange[]
}

/** Appends the entry of an action of the caller, in the operation's transaction. */
export const recordAudit = async (ctx: OperationContext, input: AuditInput): Promise<void> => {
  const caller = requireCaller(ctx)
  await ctx.ports.audit.append({
    id: ctx.ports.ids.id(),
    at: isoInstant(ctx.now),
    action: input.action,
    actor: auditPerson(caller.user),
    club: input.club ? { id: input.club.id, name: input.club.profile.name } : null,
    user: input.user ? auditPerson(input.user) : null,
    changes: [...input.changes],
  })
}

export const toAuditEntry = (entry: AuditEntryRecord): AuditEntry => ({
  id: entry.id,
  at: entry.at,
  action: entry.action,
  actor: { ...entry.actor },
  club: entry.club ? { ...entry.club } : null,
  user: entry.user ? { ...entry.user } : null,
  changes: entry.changes.map((item) => ({ ...item })),
})

const toAuditPage = (slice: Slice<AuditEntryRecord>, page: number, size: number): AuditPage => ({
  items: slice.items.map(toAuditEntry),
  page,
  size,
  totalItems: slice.totalItems,
  totalPages: Math.ceil(slice.totalItems / size),
})

export const auditOperations = defineOperations({
  getAuditLog: {
    run: async ({ ports }, { query }) =>
      json(200, toAuditPage(await ports.audit.page(query.page * query.size, query.size), query.page, query.size)),
  },

  getClubAuditLog: {
    run: async ({ ports }, { params, query }) => {
      const club = await getClub(ports, params.clubId)
      const slice = await ports.audit.pageByClub(club.id, query.page * query.size, query.size)
      return json(200, toAuditPage(slice, query.page, query.size))
    },
  },
})
