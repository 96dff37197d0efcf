import { describe, expect, it } from 'vitest'
import { serializeState } from '#mocks/db/persistence.ts'
import { SEED_PASSWORD, seedAccounts, seedInvitations } from '#adapters/demo-seed/seed-accounts.ts'
import { backend } from '#mocks/node.ts'
import { call } from '#mocks/test-client.ts'
import { hashPassword, verifyPassword } from './passwords.ts'

const signIn = (email: string, password: string) =>
  call('POST', '/__mock/identity/signIn', { body: { email, password } })

/** What the browser would save, and every credential record of the store. */
const saved = () => serializeState(backend.store.state)
const credentialFields = () =>
  [...backend.store.state.tables.credentials.values()].map((record) => Object.keys(record).sort())

describe('password hashes', () => {
  it('are salted scrypt: the same password hashes differently each time, and only it matches', () => {
    const first = hashPassword('Geheim-2026')
    const second = hashPassword('Geheim-2026')
    expect(first).toMatch(/^scrypt\$4096\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(second).not.toBe(first)
    expect(verifyPassword('Geheim-2026', first)).toBe(true)
    expect(verifyPassword('Geheim-2026', second)).toBe(true)
    expect(verifyPassword('geheim-2026', first)).toBe(false)
    expect(verifyPassword('', first)).toBe(false)
  })

  it('refuse what is not a hash of theirs, and parameters that would hang the page', () => {
    expect(verifyPassword('Demo1234!', 'Demo1234!')).toBe(false)
    expect(verifyPassword('Demo1234!', '')).toBe(false)
    const [scheme, , r, p, salt, hash] = hashPassword('Demo1234!').split('$')
    expect(verifyPassword('Demo1234!', [scheme, 2 ** 20, r, p, salt, hash].join('$'))).toBe(false)
    expect(verifyPassword('Demo1234!', [scheme, 1000, r, p, salt, hash].join('$'))).toBe(false)
    expect(verifyPassword('Demo1234!', ['bcrypt', 8192, r, p, salt, hash].join('$'))).toBe(false)
  })
})

describe('the mocked backend’s credentials', () => {
  it('sign in with the right password only', async () => {
    expect((await signIn(seedAccounts.verein.email, SEED_PASSWORD)).status).toBe(200)
    expect((await signIn(seedAccounts.verein.email, 'Demo1234?')).body).toEqual({ error: 'INVALID_CREDENTIALS' })
  })

  it('keep no password in plain text, in the store or in what the browser saves, after a change and a reset', async () => {
    const changed = await call('PUT', '/users/updateUserPassword', {
      as: seedAccounts.verein.email,
      body: { currentPassword: SEED_PASSWORD, password: 'Neues-Passwort-1' },
    })
    expect(changed.status).toBe(204)
    expect((await signIn(seedAccounts.verein.email, SEED_PASSWORD)).status).toBe(400)
    expect((await signIn(seedAccounts.verein.email, 'Neues-Passwort-1')).status).toBe(200)

    await call('POST', '/__mock/identity/sendPasswordReset', { body: { email: seedAccounts.staff.email } })
    const mails = (await call('GET', '/__mock/mailbox')).body as Array<{ link: string }>
    const code = new URL(mails[0]!.link, 'http://x').searchParams.get('oobCode')!
    const reset = await call('POST', '/__mock/identity/resetPassword', {
      body: { oobCode: code, newPassword: 'Ganz-neu-2026' },
    })
    expect(reset.status).toBe(204)
    expect((await signIn(seedAccounts.staff.email, 'Ganz-neu-2026')).status).toBe(200)

    const registered = await call('POST', '/users/registerViaInvite', {
      query: { token: seedInvitations.valid.token },
      body: { firstName: 'Eva', lastName: 'Eingeladen', password: 'Registriert-2026' },
    })
    expect(registered.status).toBe(201)
    expect((await signIn(seedInvitations.valid.email, 'Registriert-2026')).status).toBe(200)

    const text = saved()
    for (const password of [SEED_PASSWORD, 'Neues-Passwort-1', 'Ganz-neu-2026', 'Registriert-2026']) {
      expect(text, password).not.toContain(password)
    }
    expect(text).not.toMatch(/"password"\s*:/)
    expect(new Set(credentialFields().map((fields) => fields.join(',')))).toEqual(
      new Set(['passwordHash,sessionsValidAfter,uid']),
    )
    expect(credentialFields().length).toBe(backend.store.state.tables.users.size)
  })
})
