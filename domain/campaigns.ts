/** Campaigns of a club: amounts and dates checked, phase and totals computed from the donations. */
import { CreateCampaignBody } from '#openapi/generated/zod/campaigns/campaigns.zod.ts'
import { getCampaign, getClub, newestFirst } from './common.ts'
import { defineOperations, json, noContent } from './operation.ts'
import type { Ports } from './ports.ts'
import { problem } from './problem.ts'
import { isoInstant } from './time.ts'
import { FieldErrors, minLengthOf, normalizedText } from './validation.ts'
import type { CampaignRecord } from './records.ts'
import { toCampaign, toCampaigns } from './views.ts'

type CampaignFields = Pick<
  CampaignRecord,
  | 'name'
  | 'description'
  | 'goalCents'
  | 'amountCents'
  | 'minimumDonationCents'
  | 'date'
  | 'time'
  | 'from'
  | 'to'
  | 'enabled'
>

/** The contract inlines the name's minimum (no generated constant): read it from the schema. */
const NAME_MIN = minLengthOf(CreateCampaignBody.shape.name)

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

const campaignScope = async (ports: Ports, documentId: string) => ({
  clubId: (await getCampaign(ports, documentId)).clubId,
})

export const campaignOperations = defineOperations({
  createCampaign: {
    scope: async (ports, { body }) => ({ clubId: (await getClub(ports, body.clubId)).id }),
    run: async ({ ports, now }, { body }) => {
      const club = await getClub(ports, body.clubId)
      const campaign: CampaignRecord = {
        documentId: ports.ids.id(),
        clubId: club.id,
        ...campaignFields(body),
        createdAt: isoInstant(now),
        updatedAt: isoInstant(now),
      }
      await ports.campaigns.insert(campaign)
      return json(201, await toCampaign(ports, campaign, now))
    },
  },

  updateCampaign: {
    scope: (ports, { body }) => campaignScope(ports, body.documentId),
    run: async ({ ports, now }, { body }) => {
      const campaign = await getCampaign(ports, body.documentId)
      const saved: CampaignRecord = { ...campaign, ...campaignFields(body), updatedAt: isoInstant(now) }
      await ports.campaigns.update(saved)
      return json(200, await toCampaign(ports, saved, now))
    },
  },

  getCampaign: {
    scope: (ports, { params }) => campaignScope(ports, params.documentId),
    run: async ({ ports, now }, { params }) =>
      json(200, await toCampaign(ports, await getCampaign(ports, params.documentId), now)),
  },

  deleteCampaign: {
    scope: (ports, { params }) => campaignScope(ports, params.documentId),
    run: async ({ ports }, { params }) => {
      const campaign = await getCampaign(ports, params.documentId)
      // Donations must stay traceable to their campaign: disable it instead.
      const totals = await ports.donations.campaignTotals([campaign.documentId])
      if ((totals.get(campaign.documentId)?.count ?? 0) > 0) {
        throw problem('campaign-has-donations', 'The campaign has received donations; disable it instead.')
      }
      await ports.campaigns.delete(campaign.documentId)
      return noContent()
    },
  },

  getCampaignsOfClub: {
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async ({ ports, now }, { params }) => {
      const club = await getClub(ports, params.clubId)
      const campaigns = (await ports.campaigns.listByClub(club.id)).sort(
        newestFirst(
          (campaign) => campaign.createdAt,
          (campaign) => campaign.documentId,
        ),
      )
      return json(200, await toCampaigns(ports, campaigns, now))
    },
  },
})
