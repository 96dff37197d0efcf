/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- these tests read JSON answers loosely (test-client's `call`); the contract suite checks their shapes */
import { describe, expect, it } from 'vitest'
import { seedAccounts, seedClubs } from '../mocks/db/seed-accounts.ts'
import { call, kindOf } from '../tests/backend/client.ts'

const admin = seedAccounts.admin.email

describe('request validation with the generated zod schemas', () => {
  it('lists every bad field of a body in `errors`', async () => {
    const result = await call('POST', '/users', {
      as: admin,
      body: { email: 'not-an-address', password: 'short', firstName: '', role: 'ROLE_KING' },
    })
    expect(result.status).toBe(400)
    expect(kindOf(result)).toBe('validation')
    expect(result.body.title).toBe('Bad Request')
    const fields = Object.fromEntries(
      result.body.errors.map((error: { field: string; code: string }) => [error.field, error.code]),
    )
    expect(fields).toEqual({
      email: 'invalid_format',
      password: 'too_small',
      firstName: 'too_small',
      lastName: 'missing',
      role: 'invalid_value',
    })
    for (const error of result.body.errors) expect(error.message).toMatch(/^[A-Z][\w\s,.:"`'-]+/)
  })

  it('names nested fields with dotted paths', async () => {
    const overview = await call('GET', `/club/cluboverview/${seedClubs.volume}`, { as: admin })
    const { club } = overview.body
    const result = await call('PUT', '/club', {
      as: admin,
      body: {
        ...club,
        address: { ...club.address, postalCode: 12345678901 },
        bankInfo: { ...club.bankInfo, bic: 'nope' },
      },
    })
    expect(result.status).toBe(400)
    expect(result.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'address.postalCode',
      'bankInfo.bic',
    ])
  })

  it('refuses a body that is no JSON and a missing body', async () => {
    const malformed = await call('POST', '/clubtypes', { as: admin, rawBody: '{"name": ' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors).toEqual([expect.objectContaining({ field: 'body', code: 'invalid_json' })])
    const missing = await call('POST', '/clubtypes', { as: admin })
    expect(missing.status).toBe(400)
    expect(missing.body.errors[0]).toMatchObject({ field: 'body', code: 'missing' })
  })

  it('checks query parameters', async () => {
    const result = await call('GET', '/club', {
      as: admin,
      query: { size: 0, sort: 'name,sideways', clubStatus: 'SLEEPING' },
    })
    expect(result.status).toBe(400)
    expect(result.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'clubStatus',
      'size',
      'sort',
    ])
  })

  it('checks the IBAN’s mod-97 check digits beyond its pattern', async () => {
    const { club } = (await call('GET', `/club/cluboverview/${seedClubs.volume}`, { as: admin })).body
    const result = await call('PUT', '/club', {
      as: admin,
      body: { ...club, bankInfo: { ...club.bankInfo, iban: 'AT611904300234573202' } },
    })
    expect(result.status).toBe(400)
    expect(result.body.errors).toEqual([expect.objectContaining({ field: 'bankInfo.iban', code: 'invalid_checksum' })])
  })

  it('answers in English even though the app installs German zod messages', async () => {
    const result = await call('POST', '/clubroles', { as: admin, body: { name: 'x' } })
    expect(result.body.errors[0].message).toBe('Must be at least 2 characters.')
  })
})
