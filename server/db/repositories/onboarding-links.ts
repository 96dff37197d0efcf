/** The table `onboarding_links`: one-time links to the card provider's hosted onboarding of an account. */
import type { OnboardingLinkRepository } from '#domain/ports.ts'
import type { OnboardingLinkRecord } from '#domain/records.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'

const toLink = (row: Row<'onboarding_links'>): OnboardingLinkRecord => ({
  id: row.id,
  accountId: row.account_id,
  clubId: row.club_id,
  returnOrigin: row.return_origin,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
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

export const onboardingLinkRepository = (trx: Trx): OnboardingLinkRepository => ({
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
