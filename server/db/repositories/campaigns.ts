/** The table `campaigns`: a club's fundraising campaigns. */
import { sql } from 'kysely'
import type { CampaignRepository } from '#domain/ports.ts'
import type { CampaignRecord } from '#domain/records.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'

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
  createdAt: row.created_at,
  updatedAt: row.updated_at,
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

export const campaignRepository = (trx: Trx): CampaignRepository => ({
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
