/** Campaigns of a club: amounts and dates checked, phase and totals computed from the donations. */
import {
  CreateCampaignBody,
  DeleteCampaignParams,
  GetCampaignParams,
  GetCampaignsOfClubParams,
  UpdateCampaignBody,
} from '../../src/api/generated/zod/campaigns/campaigns.zod.ts'
import { campaignTotals } from '../db/indexes.ts'
import type { CampaignRecord } from '../db/types.ts'
import type { Tx } from '../db/store.ts'
import { getCampaign, getClub } from './common.ts'
import { randomId } from './crypto.ts'
import { defineOperation, json, noContent } from './operation.ts'
import { problem } from './problem.ts'
import { isoInstant } from './time.ts'
import { FieldErrors, normalizedText } from './validation.ts'
import { toCampaign } from './views.ts'

type CampaignFields = Pick<
  CampaignRecord,
  'name' | 'description' | 'goalCents' | 'amountCents' | 'minimumDonationCents' | 'date' | 'time' | 'from' | 'to' | 'enabled'
>

/** The contract inlines the name's minimum (no generated constant): read it from the schema. */
const NAME_MIN = CreateCampaignBody.def.left.shape.name.minLength ?? 0

/** The contract's rules: `to` after `from`; minimum ≤ suggested amount ≤ goal. */
const checkRules = (fields: CampaignFields): void => {
  const errors = new FieldErrors()
  if (fields.to <= fields.from) errors.add('to', 'Must be after `from`.', 'too_small')
  if (fields.minimumDonationCents > fields.amountCents) {
    errors.add('minimumDonationCents', 'Must not exceed `amountCents`.', 'too_big')
  }
  if (fields.amountCents > fields.goalCents) errors.add('amountCents', 'Must not exceed `goalCents`.', 'too_big')
  errors.throwIfAny()
}

/** The stored fields of a create or update body, checked against the rules; the name trimmed. */
const campaignFields = (body: CampaignFields): CampaignFields => {
  const fields: CampaignFields = {
    name: normalizedText('name', body.name, NAME_MIN),
    description: body.description,
    goalCents: body.goalCents,
    amountCents: body.amountCents,
    minimumDonationCents: body.minimumDonationCents,
    date: body.date,
    time: body.time,
    from: body.from,
    to: body.to,
    enabled: body.enabled,
  }
  checkRules(fields)
  return fields
}

const campaignScope = (tx: Tx, documentId: string) => ({ clubId: getCampaign(tx, documentId).clubId })

export const campaignOperations = {
  createCampaign: defineOperation({
    body: CreateCampaignBody,
    scope: (tx, { body }) => ({ clubId: getClub(tx, body.clubId).id }),
    run: ({ tx, now }, { body }) => {
      const club = getClub(tx, body.clubId)
      const fields = campaignFields(body)
      const documentId = randomId()
      const campaign = tx.put('campaigns', documentId, {
        documentId,
        clubId: club.id,
        ...fields,
        createdAt: isoInstant(now),
        updatedAt: isoInstant(now),
      })
      return json(201, toCampaign(tx, campaign, now))
    },
  }),

  updateCampaign: defineOperation({
    body: UpdateCampaignBody,
    scope: (tx, { body }) => campaignScope(tx, body.documentId),
    run: ({ tx, now }, { body }) => {
      const campaign = getCampaign(tx, body.documentId)
      const saved = tx.put('campaigns', campaign.documentId, { ...campaign, ...campaignFields(body), updatedAt: isoInstant(now) })
      return json(200, toCampaign(tx, saved, now))
    },
  }),

  getCampaign: defineOperation({
    params: GetCampaignParams,
    scope: (tx, { params }) => campaignScope(tx, params.documentId),
    run: ({ tx, now }, { params }) => json(200, toCampaign(tx, getCampaign(tx, params.documentId), now)),
  }),

  deleteCampaign: defineOperation({
    params: DeleteCampaignParams,
    scope: (tx, { params }) => campaignScope(tx, params.documentId),
    run: ({ tx }, { params }) => {
      const campaign = getCampaign(tx, params.documentId)
      // Donations must stay traceable to their campaign: disable it instead.
      if (campaignTotals(tx.map('donations'), campaign.documentId).count > 0) {
        throw problem('campaign-has-donations', 'The campaign has received donations; disable it instead.')
      }
      tx.delete('campaigns', campaign.documentId)
      return noContent()
    },
  }),

  getCampaignsOfClub: defineOperation({
    params: GetCampaignsOfClubParams,
    scope: (tx, { params }) => ({ clubId: getClub(tx, params.clubId).id }),
    run: ({ tx, now }, { params }) => {
      const club = getClub(tx, params.clubId)
      const campaigns = [...tx.table('campaigns').values()]
        .filter((campaign) => campaign.clubId === club.id)
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.documentId < b.documentId ? 1 : -1))
      return json(200, campaigns.map((campaign) => toCampaign(tx, campaign, now)))
    },
  }),
}
