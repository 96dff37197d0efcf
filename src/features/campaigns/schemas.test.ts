import { describe, expect, it } from 'vitest'
import type { Campaign } from '#openapi/generated/model/campaign.ts'
import { campaignFormSchema, campaignStateBody, createCampaignBody, type CampaignFormInput } from './schemas.ts'

const valid: CampaignFormInput = {
  name: ' Neue Tore ',
  description: 'Zwei neue Tore.',
  goal: '5.000',
  amount: '50,00',
  minimumDonation: '5',
  date: '2031-06-20',
  time: '18:00',
  from: '2031-05-01',
  to: '2031-06-15',
}

const messages = (input: CampaignFormInput) => {
  const result = campaignFormSchema.safeParse(input)
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

describe('campaignFormSchema', () => {
  it('accepts a complete campaign and builds the request body in cents', () => {
    const values = campaignFormSchema.parse(valid)
    expect(createCampaignBody(values, 'club-1', true)).toMatchObject({
      name: 'Neue Tore',
      goalCents: 500000,
      amountCents: 5000,
      minimumDonationCents: 500,
      currency: 'EUR',
      clubId: 'club-1',
      enabled: true,
    })
  })

  it('requires every field', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, ''])) as CampaignFormInput
    const result = messages(empty)
    expect(Object.keys(result).sort()).toEqual(Object.keys(valid).sort())
    expect(new Set(Object.values(result))).toEqual(new Set(['Bitte füllen Sie dieses Feld aus.']))
  })

  it('checks the time format', () => {
    expect(messages({ ...valid, time: '25:00' })).toHaveProperty('time')
  })

  it('requires the end after the start and minimum ≤ amount ≤ goal', () => {
    expect(messages({ ...valid, to: valid.from })).toEqual({ to: 'Das Ende muss nach dem Beginn liegen.' })
    expect(messages({ ...valid, amount: '6.000' })).toEqual({
      amount: 'Der vorgeschlagene Betrag darf nicht höher als das Spendenziel sein.',
    })
    expect(messages({ ...valid, minimumDonation: '60' })).toEqual({
      minimumDonation: 'Die Mindestspende darf nicht höher als der vorgeschlagene Betrag sein.',
    })
  })

  it('keeps amounts within the contract (positive, at most 1 000 000 €)', () => {
    expect(messages({ ...valid, goal: '0' }).goal).toBe('Der Betrag muss größer als 0 sein.')
    expect(messages({ ...valid, goal: '1.000.000,01' }).goal).toMatch(
      /^Der Betrag darf höchstens €\s1\.000\.000,00 betragen\.$/,
    )
  })
})

describe('campaignStateBody', () => {
  it('sends the saved fields with the new state, and nothing the backend computes', () => {
    const {
      clubId: _clubId,
      enabled: _enabled,
      ...fields
    } = createCampaignBody(campaignFormSchema.parse(valid), 'club-1', true)
    const saved: Campaign = {
      ...fields,
      documentId: 'campaign-1',
      clubId: 'club-1',
      enabled: true,
      phase: 'UPCOMING',
      raisedCents: 1200,
      donationCount: 3,
      createdAt: '2031-04-01T08:00:00Z',
    }
    expect(campaignStateBody(saved, false)).toEqual({ ...fields, documentId: 'campaign-1', enabled: false })
  })
})
