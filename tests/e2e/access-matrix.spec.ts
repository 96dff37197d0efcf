import type { Page } from '@playwright/test'
import { accounts, expect, signIn, test, type AccountName } from '#tests/journeys/fixtures.ts'

/**
 * Where every route of spec §2 lands for each kind of visitor: the guard's login check (anonymous →
 * `/?redirect=<full path>`), the roles the portal enforces beyond the spec (`/users`, `/admin`: ROLE_ADMIN;
 * `/pwdchange`: ROLE_ADMIN or ROLE_STAFF → otherwise "Kein Zugriff"), and the public routes.
 */
type Visitor = 'anonymous' | Extract<AccountName, 'user' | 'staff' | 'admin'>
type Outcome = 'open' | 'login-required' | 'forbidden'

interface RouteCase {
  path: string
  /** The heading the screen shows when it opens (routes of other screens: any h1 that is not an error). */
  heading?: string | RegExp
  access: 'public' | 'login' | 'admin' | 'admin-or-staff'
}

const CLUB = 'club-sv-gruenbach'
const CAMPAIGN = 'cmp-gruenbach-kunstrasen'

const ROUTES: RouteCase[] = [
  { path: '/', heading: 'Willkommen im Vereinsportal', access: 'public' },
  { path: '/acceptInvitation', heading: 'Einladung annehmen', access: 'public' },
  { path: '/payment', access: 'public' },
  { path: '/payment/return', access: 'public' },
  { path: '/login', heading: 'Anmelden', access: 'public' },
  { path: '/success', access: 'public' },
  { path: '/register_organisation', access: 'public' },
  { path: '/home', access: 'login' },
  { path: '/users', access: 'admin' },
  { path: '/admin', access: 'admin' },
  { path: '/pwdchange', heading: 'Passwort ändern', access: 'admin-or-staff' },
  { path: `/club/${CLUB}/false`, access: 'login' },
  { path: `/campaign/${CLUB}/${CAMPAIGN}`, access: 'login' },
  { path: `/campaign/${CLUB}`, access: 'login' },
  { path: `/steuer/${CLUB}`, heading: 'Steuer', access: 'login' },
  { path: `/bestaetigungen/${CLUB}`, heading: 'Spendenbestätigungen', access: 'login' },
]

const VISITORS: Visitor[] = ['anonymous', 'user', 'staff', 'admin']

const outcome = (access: RouteCase['access'], visitor: Visitor): Outcome => {
  if (access === 'public') return 'open'
  if (visitor === 'anonymous') return 'login-required'
  if (access === 'admin') return visitor === 'admin' ? 'open' : 'forbidden'
  if (access === 'admin-or-staff') return visitor === 'user' ? 'forbidden' : 'open'
  return 'open'
}

const ERROR_HEADINGS = /Kein Zugriff|Seite nicht gefunden|Da ist etwas schiefgelaufen|Nicht gefunden/

/** What a visitor sees on a route, by outcome. */
const outcomeChecks: Record<Outcome, (page: Page, route: RouteCase) => Promise<void>> = {
  'login-required': async (page, route) => {
    await expect(page).toHaveURL(`/?redirect=${encodeURIComponent(route.path)}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen im Vereinsportal')
    await expect(page.getByRole('region', { name: 'Bitte melden Sie sich an' })).toBeVisible()
  },
  forbidden: async (page, route) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kein Zugriff')
    await expect(page).toHaveURL(route.path)
  },
  open: async (page, route) => {
    await expect(page).toHaveURL(route.path)
    const heading = page.getByRole('heading', { level: 1 })
    if (route.heading) await expect(heading).toHaveText(route.heading)
    else await expect(heading).not.toHaveText(ERROR_HEADINGS)
  },
}
const expectOutcome = (page: Page, route: RouteCase, expected: Outcome) => outcomeChecks[expected](page, route)

for (const visitor of VISITORS) {
  test.describe(`as ${visitor}`, () => {
    // Signed in once per worker through the real form; the tests of a visitor share one warm browser
    // (fixtures.ts: warmPage), and each loads its route afresh.
    test.use({ signedInRole: visitor === 'anonymous' ? undefined : visitor })
    for (const route of ROUTES) {
      const expected = outcome(route.access, visitor)

      test(`${route.path} → ${expected}`, async ({ warmPage: page }) => {
        await page.goto(route.path)
        await expectOutcome(page, route, expected)
      })
    }
  })
}

test('the redirect keeps the full requested path, query included, through sign-in', async ({ page }) => {
  const wanted = `/club/${CLUB}/true?tab=bank`
  await page.goto(wanted)
  await expect(page).toHaveURL(`/?redirect=${encodeURIComponent(wanted)}`)
  await page.getByRole('region', { name: 'Bitte melden Sie sich an' }).getByRole('link', { name: 'Anmelden' }).click()
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(wanted)}`)
  await signIn(page, accounts.user)
  await expect(page).toHaveURL(wanted)
})

const NAV: Record<Exclude<Visitor, 'anonymous'>, string[]> = {
  user: ['Übersicht'],
  staff: ['Übersicht', 'Verein registrieren', 'Passwort ändern'],
  admin: ['Übersicht', 'Benutzer', 'Administration', 'Verein registrieren', 'Passwort ändern'],
}

test.describe('the navigation', () => {
  test('shows only "Anmelden" to anonymous visitors', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    await expect(nav.getByRole('link')).toHaveText(['Anmelden'])
  })

  for (const [role, items] of Object.entries(NAV)) {
    test(`shows ${role} exactly the items they may open`, async ({ page, signedInAs }) => {
      await signedInAs(role)
      const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
      await expect(nav.getByRole('link')).toHaveText(items)
      await expect(nav.getByRole('button', { name: 'Abmelden' })).toBeVisible()
    })
  }

  test('follows sign-out and a user switch at once', async ({ page, signedInAs }) => {
    await signedInAs('admin')
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    await expect(nav.getByRole('link')).toHaveText(NAV.admin)
    await nav.getByRole('button', { name: 'Abmelden' }).click()
    await expect(page).toHaveURL('/login')
    await expect(nav.getByRole('link')).toHaveText(['Anmelden'])

    await signedInAs('user')
    await expect(nav.getByRole('link')).toHaveText(NAV.user)
    // Nothing of the administrator's data is left: the administrator's pages are refused now.
    await page.goto('/users')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kein Zugriff')
  })
})
