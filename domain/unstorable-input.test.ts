import { describe, expect, it } from 'vitest'
import { seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { readJsonOperationBody } from '#domain/request-body.ts'
import { call, kindOf } from '#tests/backend/client.ts'

/**
 * Input no store can keep is a 400 problem, never a 500, on every store: NUL in a path or query parameter,
 * half of a surrogate pair, a date in the year 0000, and a body nested deeper than any body of the contract.
 */
const admin = seedAccounts.admin.email
const chair = seedAccounts.verein.email

const fieldsOf = (answer: { error?: unknown }) =>
  ((answer.error as { errors?: { field: string; code: string }[] }).errors ?? []).map((error) => [
    error.field,
    error.code,
  ])

describe('input no store can keep', () => {
  it('NUL in a path or query parameter is refused (400 validation), signed in or not', async () => {
    const path = await call('GET', `/club/cluboverview/club${encodeURIComponent('\u0000')}x`, { as: admin })
    expect(path.status).toBe(400)
    expect(kindOf(path)).toBe('validation')
    const query = await call('GET', '/users/invitation', { query: { token: 'abc\u0000def' } })
    expect(query.status).toBe(400)
    expect(fieldsOf(query)).toEqual([['token', 'invalid_characters']])
  })

  it('half of a surrogate pair in a body is refused at its field; a whole pair (an emoji) is kept', async () => {
    const lone = await call('POST', '/clubtypes', { as: admin, rawBody: '{"name":"Typ \\ud800"}' })
    expect(lone.status).toBe(400)
    expect(fieldsOf(lone)).toEqual([['name', 'invalid_characters']])
    const pair = await call('POST', '/clubtypes', { as: admin, body: { name: 'Typ 🎺' } })
    expect(pair.status).toBe(201)
  })

  it('a date in the year 0000 is refused at its field', async () => {
    const answer = await call('GET', `/donations/club/${seedClubs.volume}`, {
      as: chair,
      query: { from: '0000-01-01', to: '2026-01-01' },
    })
    expect(answer.status).toBe(400)
    expect(fieldsOf(answer)).toContainEqual(['from', 'invalid_characters'])
  })

  it('a body nested deeper than 64 levels is refused (400) before anything walks it', async () => {
    const arrays = await call('POST', '/clubtypes', { as: admin, rawBody: '['.repeat(10_000) })
    expect(arrays.status).toBe(400)
    const objects = await call('POST', '/clubtypes', {
      as: admin,
      rawBody: '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000),
    })
    expect(objects.status).toBe(400)
    // Brackets inside a string (escaped quotes too) do not count.
    const text = `{"name":"\\"${'['.repeat(100)}"}`
    const read = readJsonOperationBody('POST', 'application/json', new TextEncoder().encode(text))
    expect(read).toMatchObject({ body: { name: `"${'['.repeat(100)}` } })
  })

  it('a name made only of zero-width characters is refused like an empty one; inside a name they stay', async () => {
    const invisible = await call('POST', '/clubtypes', { as: admin, body: { name: '\u200B\u200C\u2060\uFEFF' } })
    expect(invisible.status).toBe(400)
    expect(fieldsOf(invisible)).toEqual([['name', 'too_small']])
    const joined = await call('POST', '/clubtypes', { as: admin, body: { name: 'Familie 👨\u200D👩\u200D👧' } })
    expect(joined.status).toBe(201)
  })
})
