import { test as base, expect, type Browser, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { latestOobCode } from '#scripts/run/firebase-seed.ts'
import { accounts, SEED_PASSWORD, signIn } from '#tests/journeys/fixtures.ts'
import { field, fillRegistrationUpToTerms, fixture, uploadLegitimation } from '#tests/journeys/forms.ts'

/**
 * The key journeys against the whole real stack as `npm start` serves it: the built app and the API from
 * one server, the embedded database, Firebase Auth (the emulator, seeded with the demo accounts) verified
 * by the server with firebase-admin, uploads kept on the server's disk. Nothing here is mocked.
 *
 * The stack is shared by the tests and keeps its data for the run (a fresh DATA_DIR per run), so every
 * test makes its own club, user or address and changes no demo account's password.
 */

const test = base

/** The stack's Auth emulator (playwright.server.config.ts starts it there). */
const EMULATOR_HOST = `127.0.0.1:${process.env.E2E_SERVER_EMULATOR_PORT ?? 18490}`

/** Something unique per test run, for addresses and names. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`

const signedIn = async (page: Page, email: string, password = SEED_PASSWORD) => {
  await page.goto('/login')
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/home/)
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()
}

/** A second person at another computer: a browser context of its own. */
const otherPerson = async (browser: Browser, baseURL: string | undefined) => {
  const context = await browser.newContext({ baseURL })
  return { page: await context.newPage(), close: () => context.close() }
}

/** The newest action code the emulator issued for an address (what Firebase would have mailed). */
const oobCodeFor = async (email: string, requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET'): Promise<string> => {
  await expect.poll(() => latestOobCode(email, requestType, EMULATOR_HOST)).toBeTruthy()
  return (await latestOobCode(email, requestType, EMULATOR_HOST))!
}

test('every demo role signs in with Firebase and lands on its pages', async ({ page }) => {
  for (const [email, check] of [
    [
      accounts.admin,
      async () =>
        expect(
          page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Administration' }),
        ).toBeVisible(),
    ],
    [
      accounts.staff,
      async () =>
        expect(
          page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Passwort ändern' }),
        ).toBeVisible(),
    ],
    [accounts.user, async () => expect(page.getByRole('region', { name: 'Vereinsübersicht' })).toBeVisible()],
  ] as const) {
    await signedIn(page, email)
    await check()
    // In the real build nothing of the user's sits in browser storage: only the Firebase SDK's own
    // session, the router's per-tab scroll positions (TanStack Router's `tsr-scroll-restoration-*`, by
    // history entry), which are the libraries' bookkeeping, and the portal's public logo's path (the same for
    // every visitor, shown before `GET applogo` answers: app-logo.tsx).
    const ownKeys = () =>
      page.evaluate(() =>
        [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter(
          (key) =>
            !key.startsWith('firebase:') &&
            !key.startsWith('tsr-scroll-restoration-') &&
            key !== 'vereinsportal.appLogoPath',
        ),
      )
    expect(await ownKeys()).toEqual([])
    await page.getByRole('button', { name: 'Abmelden' }).click()
    await expect(page).toHaveURL(/\/login/)
    // Nothing of the user stays in the browser but what the Firebase SDK keeps (and it signed out).
    expect(await ownKeys()).toEqual([])
  }

  await page.goto('/login')
  await signIn(page, accounts.user, 'Falsch-1234')
  await expect(page.getByRole('alert')).toContainText('E-Mail oder Passwort falsch')
})

test('a club registers, confirms the address with the code, and an administrator sees it for release', async ({
  page,
  browser,
  baseURL,
}) => {
  const id = unique()
  const club = `Schachklub Stack ${id}`
  const email = `obfrau-${id}@stack-verein.at`
  await page.goto('/register_organisation')
  // ZVR numbers will be unique per club: one of its own.
  await fillRegistrationUpToTerms(page, { club, email, zvr: String(Math.floor(1e8 + Math.random() * 8e8)) })
  await page.getByLabel('Ich habe die AGB gelesen und akzeptiere sie.').check()
  await page.getByRole('button', { name: 'Abschließen' }).click()
  await expect(page).toHaveURL(/\/success\?from=registration/)

  // Before the confirmation the portal does not let the new representative in.
  await page.goto('/login')
  await signIn(page, email, 'Geheim1234!')
  await expect(page.getByRole('alert')).toContainText('E-Mail Adresse noch nicht bestätigt')

  const code = await oobCodeFor(email, 'VERIFY_EMAIL')
  await page.goto(`/login?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`)
  await expect(page.getByText('E-Mail-Adresse bestätigt')).toBeVisible()
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 })
  await signIn(page, email, 'Geheim1234!')
  await expect(page).toHaveURL(/\/home/)
  await expect(page.getByRole('region', { name: 'Vereinsübersicht' })).toContainText(club)

  const admin = await otherPerson(browser, baseURL)
  try {
    await signedIn(admin.page, accounts.admin)
    await admin.page.goto('/admin?status=PROCESSING')
    await expect(admin.page.getByRole('article', { name: club })).toContainText('Status: In Bearbeitung')
  } finally {
    await admin.close()
  }
})

test('legitimation scans are kept on the server: a JPEG is stored and served, a PNG named .jpg is refused', async ({
  page,
}) => {
  await signedIn(page, accounts.newUser)
  await page.goto('/home')
  await page.getByRole('link', { name: 'Profil vervollständigen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Vereinsdaten bearbeiten' })).toBeVisible()

  await uploadLegitimation(page, {
    confirmations: true,
    onRefused: async (contact) => {
      await expect(contact.getByText(/kein echtes JPG-Bild/)).toBeVisible()
    },
  })
  // Stored on the server: after a reload the scan is still there, and its link is the server's.
  await page.reload()
  const contact = page.getByRole('region', { name: 'Kontaktperson für die Legitimation' })
  const link = contact.getByRole('link', { name: 'Ansehen ausweis-vorderseite.jpg' })
  await expect(link).toBeVisible()
  const href = await link.getAttribute('href')
  expect(href).not.toMatch(/^blob:/)
  const served = await page.request.get(href!)
  expect(served.status()).toBe(200)
  expect(served.headers()['content-type']).toBe('image/jpeg')
  expect(served.headers()['x-content-type-options']).toBe('nosniff')

  // The screen refuses the PNG before sending it; the server decides by content too, whatever a client says.
  const session = await page.request.post(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email: accounts.newUser, password: SEED_PASSWORD, returnSecureToken: true } },
  )
  const { idToken } = (await session.json()) as { idToken: string }
  const refused = await page.request.put('/api/backend/v1/storage/blob', {
    params: { path: 'clubs/club-su-leoben/LEGITIMATION_FRONT/0a1b2c3d-ausweis.jpg' },
    headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'image/jpeg' },
    data: readFileSync(fixture('ausweis-kein-jpeg.jpg')),
  })
  expect(refused.status()).toBe(415)
  expect(((await refused.json()) as { type: string }).type).toMatch(/file-content-mismatch$/)
})

test('an administrator creates a user who signs in, changes the password, and the old one fails', async ({
  page,
  browser,
  baseURL,
}) => {
  const id = unique()
  const email = `sachbearbeitung-${id}@demo.at`
  await signedIn(page, accounts.admin)
  await page.goto('/users')
  await page.getByRole('button', { name: 'Benutzer anlegen' }).click()
  const create = page.getByRole('dialog', { name: 'Benutzer anlegen' })
  await create.getByLabel('Vorname').fill('Sonja')
  await create.getByLabel('Nachname').fill(`Stack${id}`)
  await create.getByLabel('E-Mail').fill(email)
  await create.getByLabel('Rolle').selectOption({ label: 'Mitarbeiter/in' })
  await create.getByLabel('Passwort').fill('Erstes-Passwort-1')
  await create.getByRole('button', { name: 'Benutzer anlegen' }).click()
  await expect(page.getByText('Benutzer wurde angelegt.')).toBeVisible()

  const staff = await otherPerson(browser, baseURL)
  try {
    await signedIn(staff.page, email, 'Erstes-Passwort-1')
    await staff.page.goto('/pwdchange')
    await field(staff.page, 'Aktuelles Passwort').fill('Erstes-Passwort-1')
    await field(staff.page, 'Neues Passwort').fill('Zweites-Passwort-2')
    await field(staff.page, 'Neues Passwort bestätigen').fill('Zweites-Passwort-2')
    await staff.page.getByRole('button', { name: 'Passwort ändern' }).click()
    await expect(staff.page).toHaveURL(/\/login/)

    await signIn(staff.page, email, 'Erstes-Passwort-1')
    await expect(staff.page.getByRole('alert')).toContainText('E-Mail oder Passwort falsch')
    await signIn(staff.page, email, 'Zweites-Passwort-2')
    await expect(staff.page).toHaveURL(/\/home/)
  } finally {
    await staff.close()
  }
})
