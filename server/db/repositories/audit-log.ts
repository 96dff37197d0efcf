/**
 * The table `audit_log` (migration 0007): append-only; newest first by the sequence the rows were
 * appended in. An entry keeps the names of its actor, club and user as they were.
 */
import type { AuditLog } from '#domain/ports.ts'
import type { AuditEntryRecord } from '#domain/records.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'
import { json } from './rows.ts'

const toAuditEntry = (row: Row<'audit_log'>): AuditEntryRecord => ({
  id: row.id,
  at: row.at,
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

export const auditLog = (trx: Trx): AuditLog => {
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
