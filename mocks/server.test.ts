// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_PASSWORD, seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { server as interceptor } from './node.ts'
import { exposureWarning, startMockServer } from './server.ts'
import type { RunningMockServer } from './server.ts'

let running: RunningMockServer
const warnings: string[] = []

// These requests must reach the real HTTP server, not the in-process interception the other tests use.
beforeAll(async () => {
  interceptor.close()
  running = await startMockServer({ port: 0, strict: true, warn: (message) => warnings.push(message) })
})
afterAll(async () => {
  await running.close()
  interceptor.listen()
})

const signIn = async (email: string) =>
  (
    (await (
      await fetch(`${running.url}/__mock/identity/signIn`, {
        method: 'POST',
        body: JSON.stringify({ email, password: SEED_PASSWORD }),
      })
    ).json()) as { idToken: string }
  ).idToken

describe('npm run mock:server', () => {
  it('listens on 127.0.0.1 by default and then prints no warning; beyond loopback it warns that the control plane is open', () => {
    expect(new URL(running.url).hostname).toBe('127.0.0.1')
    expect(warnings).toEqual([])
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.1.1'])
      expect(exposureWarning(host), host).toBeNull()
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'demo.example.at']) {
      const warning = exposureWarning(host)
      expect(warning, host).toContain(host)
      expect(warning).toContain('/__mock/')
      expect(warning).toMatch(/mailbox/)
      expect(warning).toMatch(/127\.0\.0\.1/)
    }
  })

  it('runs on the edge’s local-only policy: a foreign page can neither read the mailbox nor reset or change data', async () => {
    const origin = 'https://evil.example'
    const read = await fetch(`${running.url}/__mock/mailbox`, { headers: { Origin: origin } })
    expect(read.status).toBe(403)
    expect(read.headers.get('access-control-allow-origin')).toBeNull()
    const reset = await fetch(`${running.url}/__mock/reset`, { method: 'POST', headers: { Origin: origin } })
    expect(reset.status).toBe(403)
    const deactivate = await fetch(`${running.url}/api/backend/v1/club/inactive/${seedClubs.volume}`, {
      method: 'PUT',
      headers: {
        Origin: origin,
        Authorization: `Bearer ${running.backend.idTokenFor(seedAccounts.admin.email)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ reason: 'Von einer fremden Seite deaktiviert.' }),
    })
    expect(deactivate.status).toBe(403)
    expect(running.backend.store.state.tables.clubs.get(seedClubs.volume)?.status).toBe('ACTIVE')
  })

  it('serves the API and the control plane over HTTP, with the same rules', async () => {
    const token = await signIn(seedAccounts.verein.email)
    const overview = await fetch(`${running.url}/api/backend/v1/club/cluboverview/${seedClubs.volume}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(overview.status).toBe(200)
    expect(((await overview.json()) as { club: { name: string } }).club.name).toBe('SV Grünbach 1923')
    const forbidden = await fetch(`${running.url}/api/backend/v1/users`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(forbidden.status).toBe(403)
    expect(forbidden.headers.get('content-type')).toContain('application/problem+json')
    expect((await fetch(`${running.url}/api/backend/v1/users`)).status).toBe(401)
  })

  it('allows cross-origin calls (CORS), including preflights', async () => {
    const preflight = await fetch(`${running.url}/api/backend/v1/users/me`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/i)
    const answer = await fetch(`${running.url}/api/backend/v1/country`, {
      headers: { Origin: 'http://localhost:5173' },
    })
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })

  it('serves the provider page as HTML whose form completes the onboarding and redirects to the app', async () => {
    const token = await signIn(seedAccounts.admin.email)
    const created = (await (
      await fetch(`${running.url}/api/backend/v1/payment/createaccount/${seedClubs.withoutAccount}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, Origin: 'http://localhost:5173' },
      })
    ).json()) as { url: string }
    expect(created.url.startsWith(`${running.url}/__mock/provider/onboarding?link=`)).toBe(true)
    const page = await fetch(created.url)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(await page.text()).toContain('Alle Angaben übermitteln')
    const link = new URL(created.url).searchParams.get('link')!
    const submitted = await fetch(`${running.url}/__mock/provider/onboarding`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ link, outcome: 'COMPLETE' }),
      redirect: 'manual',
    })
    expect(submitted.status).toBe(303)
    expect(submitted.headers.get('location')).toBe(
      `http://localhost:5173/payment/return?clubId=${seedClubs.withoutAccount}`,
    )
  })

  it('keeps its own state, which /__mock/reset restores', async () => {
    const token = await signIn(seedAccounts.admin.email)
    const deactivate = await fetch(`${running.url}/api/backend/v1/club/inactive/${seedClubs.volume}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'Zum Testen deaktiviert.' }),
    })
    expect(deactivate.status).toBe(200)
    expect((await fetch(`${running.url}/__mock/reset`, { method: 'POST' })).status).toBe(204)
    const fresh = await signIn(seedAccounts.admin.email)
    const club = (await (
      await fetch(`${running.url}/api/backend/v1/club/cluboverview/${seedClubs.volume}`, {
        headers: { Authorization: `Bearer ${fresh}` },
      })
    ).json()) as { club: { status: string } }
    expect(club.club.status).toBe('ACTIVE')
  })
})
