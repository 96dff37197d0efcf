import { describe, expect, it } from 'vitest'
import { seedAccounts, seedCampaigns, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { type BodyOf, call, kindOf } from '#tests/backend/client.ts'
import { addDays, viennaDay } from './time.ts'

const verein = seedAccounts.verein.email
const today = () => viennaDay(Date.now())

const campaign = (overrides: Partial<BodyOf<'POST', '/campaigns'>> = {}): BodyOf<'POST', '/campaigns'> => ({
  clubId: seedClubs.volume,
  name: 'Neue Netze',
  description: 'Für beide Tore.',
  goalCents: 100_000,
  amountCents: 2_000,
  minimumDonationCents: 500,
  date: addDays(today(), 40),
  time: '18:00',
  from: addDays(today(), -1),
  to: addDays(today(), 30),
  currency: 'EUR',
  ...overrides,
})

describe('campaigns', () => {
  it('are created enabled by default, with the phase derived from the dates and nothing raised yet', async () => {
    const created = await call('POST', '/campaigns', { as: verein, body: campaign() })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      clubId: seedClubs.volume,
      enabled: true,
      phase: 'RUNNING',
      raisedCents: 0,
      donationCount: 0,
      currency: 'EUR',
    })
    const upcoming = await call('POST', '/campaigns', {
      as: verein,
      body: campaign({ from: addDays(today(), 5), enabled: false }),
    })
    expect(upcoming.body).toMatchObject({ phase: 'UPCOMING', enabled: false })
    const ended = await call('POST', '/campaigns', {
      as: verein,
      body: campaign({ from: addDays(today(), -30), to: addDays(today(), -1) }),
    })
    expect(ended.body.phase).toBe('ENDED')
    const list = await call('GET', `/campaigns/club/${seedClubs.volume}`, { as: verein })
    expect(list.body.slice(0, 3).map((item: { documentId: string }) => item.documentId)).toEqual([
      ended.body.documentId,
      upcoming.body.documentId,
      created.body.documentId,
    ])
  })

  it('need the end after the start and minimum ≤ suggested amount ≤ goal', async () => {
    const sameDay = await call('POST', '/campaigns', { as: verein, body: campaign({ to: addDays(today(), -1) }) })
    expect(sameDay.status).toBe(400)
    expect(sameDay.error?.errors).toEqual([expect.objectContaining({ field: 'to' })])
    const amounts = await call('POST', '/campaigns', {
      as: verein,
      body: campaign({ minimumDonationCents: 300_000, amountCents: 200_000 }),
    })
    expect(amounts.error?.errors?.map((error) => error.field)).toEqual(['minimumDonationCents', 'amountCents'])
    const zero = await call('POST', '/campaigns', {
      as: verein,
      // EUR is the only currency the contract names.
      invalidBody: { ...campaign({ goalCents: 0, time: '25:00' }), currency: 'USD' },
    })
    expect(zero.error?.errors?.map((error) => error.field).sort()).toEqual(['currency', 'goalCents', 'time'])
  })

  it('trim the name before checking it: blank is 400 on create and update, padding is not stored', async () => {
    const blank = await call('POST', '/campaigns', { as: verein, body: campaign({ name: '   ' }) })
    expect(blank.status).toBe(400)
    expect(kindOf(blank)).toBe('validation')
    expect(blank.error?.errors).toEqual([expect.objectContaining({ field: 'name', code: 'too_small' })])
    const padded = await call('POST', '/campaigns', { as: verein, body: campaign({ name: '  Neue Netze  ' }) })
    expect(padded.status).toBe(201)
    expect(padded.body.name).toBe('Neue Netze')
    const {
      phase: _phase,
      raisedCents: _raised,
      donationCount: _count,
      createdAt: _created,
      clubId: _club,
      ...fields
    } = padded.body
    const update = await call('PUT', '/campaigns', { as: verein, body: { ...fields, name: ' \t ' } })
    expect(update.status).toBe(400)
    expect(update.error?.errors).toEqual([expect.objectContaining({ field: 'name', code: 'too_small' })])
    expect((await call('GET', `/campaigns/${padded.body.documentId}`, { as: verein })).body.name).toBe('Neue Netze')
  })

  it('belong to a club: members of another club and unknown clubs are refused', async () => {
    expect((await call('POST', '/campaigns', { as: seedAccounts.neu.email, body: campaign() })).status).toBe(403)
    expect(
      (await call('POST', '/campaigns', { as: seedAccounts.admin.email, body: campaign({ clubId: 'club-none' }) }))
        .status,
    ).toBe(404)
    expect((await call('POST', '/campaigns', { as: seedAccounts.staff.email, body: campaign() })).status).toBe(403)
  })

  it('are enabled and disabled by an update, which keeps the raised totals', async () => {
    const current = (await call('GET', `/campaigns/${seedCampaigns.runningEnabled}`, { as: verein })).body
    expect(current.raisedCents).toBeGreaterThan(0)
    const {
      phase: _phase,
      raisedCents: _raised,
      donationCount: _count,
      createdAt: _created,
      clubId: _club,
      ...fields
    } = current
    const disabled = await call('PUT', '/campaigns', { as: verein, body: { ...fields, enabled: false } })
    expect(disabled.status).toBe(200)
    expect(disabled.body).toMatchObject({
      enabled: false,
      raisedCents: current.raisedCents,
      donationCount: current.donationCount,
    })
    expect(
      (await call('PUT', '/campaigns', { as: verein, body: { ...fields, documentId: 'cmp-none', enabled: true } }))
        .status,
    ).toBe(404)
    expect(
      (await call('PUT', '/campaigns', { as: verein, body: { ...fields, to: fields.from, enabled: true } })).status,
    ).toBe(400)
  })

  it('compute raised amounts from their donations', async () => {
    const current = (await call('GET', `/campaigns/${seedCampaigns.endedEnabled}`, { as: verein })).body
    const donations = (
      await call('GET', `/donations/campaign/${seedCampaigns.endedEnabled}`, { as: verein, query: { size: 1 } })
    ).body
    expect(current.raisedCents).toBe(donations.totalCents)
    expect(current.donationCount).toBe(donations.totalItems)
  })

  it('with donations are not deleted (409 campaign-has-donations); without, they are', async () => {
    const withDonations = await call('DELETE', `/campaigns/${seedCampaigns.endedEnabled}`, { as: verein })
    expect(withDonations.status).toBe(409)
    expect(kindOf(withDonations)).toBe('campaign-has-donations')
    expect((await call('DELETE', `/campaigns/${seedCampaigns.upcomingDisabled}`, { as: verein })).status).toBe(204)
    expect((await call('GET', `/campaigns/${seedCampaigns.upcomingDisabled}`, { as: verein })).status).toBe(404)
  })

  it('of the seed cover every state: enabled and disabled × upcoming, running and ended', async () => {
    const list = (await call('GET', `/campaigns/club/${seedClubs.volume}`, { as: verein })).body as Array<{
      phase: string
      enabled: boolean
    }>
    const states = new Set(list.map((item) => `${item.phase}/${item.enabled}`))
    for (const phase of ['UPCOMING', 'RUNNING', 'ENDED']) {
      for (const enabled of [true, false]) expect(states).toContain(`${phase}/${enabled}`)
    }
  })
})
