// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_PASSWORD, seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { server as interceptor } from './node.ts'
import { startMockServer } from './server.ts'
import type { RunningMockServer } from './server.ts'

let running: RunningMockServer

// These requests must reach the real HTTP server, not the in-process interception the other tests use.
beforeAll(async () => {
  interceptor.close()
  running = await startMockServer({ port: 0, strict: true })
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
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization')
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
