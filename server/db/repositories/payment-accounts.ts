/** The table `payment_accounts`: a club's accounts at the card provider (at most one live per club). */
import type { PaymentAccountRepository } from '#domain/ports.ts'
import type { PaymentAccountRecord } from '#domain/records.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'
import { groupByClub, json } from './rows.ts'

const toAccount = (row: Row<'payment_accounts'>): PaymentAccountRecord => ({
  accountId: row.account_id,
  clubId: row.club_id,
  status: row.status as PaymentAccountRecord['status'],
  chargesEnabled: row.charges_enabled,
  payoutsEnabled: row.payouts_enabled,
  requirements: row.requirements as PaymentAccountRecord['requirements'],
  rejectReason: row.reject_reason,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  // Absent (as on an account no provider event has reached yet) rather than null.
  ...(row.provider_event_at !== null && { providerEventAt: Number(row.provider_event_at) }),
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
  provider_event_at: account.providerEventAt ?? null,
})

export const paymentAccountRepository = (trx: Trx): PaymentAccountRepository => ({
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
