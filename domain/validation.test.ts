import { describe, expect, it } from 'vitest'
import { seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { clubUpdateOf } from '#tests/backend/bodies.ts'
import { call, kindOf } from '#tests/backend/client.ts'

const admin = seedAccounts.admin.email

describe('request validation with the generated zod schemas', () => {
  it('lists every bad field of a body in `errors`', async () => {
    const result = await call('POST', '/users', {
      as: admin,
      invalidBody: { email: 'not-an-address', password: 'short', firstName: '', role: 'ROLE_KING' },
    })
    expect(result.status).toBe(400)
    expect(kindOf(result)).toBe('validation')
    expect(result.error?.title).toBe('Bad Request')
    const fields = Object.fromEntries((result.error?.errors ?? []).map((error) => [error.field, error.code]))
    expect(fields).toEqual({
      email: 'invalid_format',
      password: 'too_small',
      firstName: 'too_small',
      lastName: 'missing',
      role: 'invalid_value',
    })
    for (const error of result.error?.errors ?? []) expect(error.message).toMatch(/^[A-Z][\w\s,.:"`'-]+/)
  })

  it('names nested fields with dotted paths', async () => {
    const overview = await call('GET', `/club/cluboverview/${seedClubs.volume}`, { as: admin })
    const club = clubUpdateOf(overview.body.club)
    const result = await call('PUT', '/club', {
      as: admin,
      invalidBody: {
        ...club,
        address: { ...club.address, postalCode: 12345678901 },
        bankInfo: { ...club.bankInfo, bic: 'nope' },
      },
    })
    expect(result.status).toBe(400)
    expect(result.error?.errors?.map((error) => error.field).sort()).toEqual(['address.postalCode', 'bankInfo.bic'])
  })

  it('refuses a body that is no JSON and a missing body', async () => {
    const malformed = await call('POST', '/clubtypes', { as: admin, rawBody: '{"name": ' })
    expect(malformed.status).toBe(400)
    expect(malformed.error?.errors).toEqual([expect.objectContaining({ field: 'body', code: 'invalid_json' })])
    const missing = await call('POST', '/clubtypes', { as: admin })
    expect(missing.status).toBe(400)
    expect(missing.error?.errors?.[0]).toMatchObject({ field: 'body', code: 'missing' })
  })

  it('checks query parameters', async () => {
    const result = await call('GET', '/club', {
      as: admin,
      query: { size: 0, sort: 'name,sideways', clubStatus: 'SLEEPING' },
    })
    expect(result.status).toBe(400)
    expect(result.error?.errors?.map((error) => error.field).sort()).toEqual(['clubStatus', 'size', 'sort'])
  })

  it('checks the IBAN’s mod-97 check digits beyond its pattern', async () => {
    const club = clubUpdateOf((await call('GET', `/club/cluboverview/${seedClubs.volume}`, { as: admin })).body.club)
    const result = await call('PUT', '/club', {
      as: admin,
      body: { ...club, bankInfo: { ...club.bankInfo, iban: 'AT611904300234573202' } },
    })
    expect(result.status).toBe(400)
    expect(result.error?.errors).toEqual([
      expect.objectContaining({ field: 'bankInfo.iban', code: 'invalid_checksum' }),
    ])
  })

  it('refuses a body field the contract does not name, naming each one (docs/decisions/0024)', async () => {
    // A typo and a field the caller may not set: nothing is stored.
    const result = await call('POST', '/clubtypes', {
      as: admin,
      invalidBody: { name: 'Schachverein', nmae: 'x', clubCount: 9 },
    })
    expect(result.status).toBe(400)
    expect(kindOf(result)).toBe('validation')
    expect(result.error?.errors).toEqual([
      { field: 'nmae', message: 'Unknown field: the contract does not name it.', code: 'unknown_field' },
      { field: 'clubCount', message: 'Unknown field: the contract does not name it.', code: 'unknown_field' },
    ])
    expect(result.error?.detail).toBe('The request body is invalid: nmae, clubCount.')
    const types = (await call('GET', '/clubtypes/all')).body as Array<{ name: string }>
    expect(types.map((type) => type.name)).not.toContain('Schachverein')
  })

  it('names an unknown field in a nested object by its dotted path, beside the other errors', async () => {
    // Mass assignment: a registration that tries to make its user an administrator.
    const result = await call('POST', '/club/createWithUser', {
      invalidBody: {
        club: {
          name: 'Schachklub Ottakring',
          zvrNumber: '4712',
          address: { street: 'Thaliastraße', houseNumber: '1', postalCode: '1160', city: 'Wien', country: 'AT' },
          clubTypeId: 'ct-kultur',
          clubSize: 10,
          status: 'ACTIVE',
        },
        user: { email: 'kein-mail', password: 'Schachmatt-1', firstName: 'S', lastName: 'S', role: 'ROLE_ADMIN' },
        acceptedTerms: true,
      },
    })
    expect(result.status).toBe(400)
    const fields = Object.fromEntries((result.error?.errors ?? []).map((error) => [error.field, error.code]))
    expect(fields).toEqual({
      'club.address.country': 'unknown_field',
      'club.status': 'unknown_field',
      'user.email': 'invalid_format',
      'user.role': 'unknown_field',
    })
  })

  it('ignores unknown query parameters', async () => {
    const result = await call('GET', '/club', { as: admin, query: { size: 1, utm_source: 'newsletter' } })
    expect(result.status).toBe(200)
  })

  it('answers in English even though the app installs German zod messages', async () => {
    const result = await call('POST', '/clubroles', { as: admin, body: { name: 'x' } })
    expect(result.error?.errors?.[0]?.message).toBe('Must be at least 2 characters.')
  })
})
