import { test as base, expect, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test'
import path from 'node:path'
import { SEED_PASSWORD, seedAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import type { Mail } from '#mocks/control/control.ts'

/**
 * Login fixtures for the e2e journeys and the screenshot scenes. Every test gets a fresh browser context,
 * so the mocked backend (which lives in the page) starts from its seed and nobody is signed in.
 *
 *   test('…', async ({ page, signedInAs }) => { await signedInAs('admin'); … })
 */

/** The seed accounts by the role they stand for in the journeys. */
export const accounts = {
  admin: seedAccounts.admin.email,
  staff: seedAccounts.staff.email,
  /** A club representative (ROLE_USER) with two active clubs. */
  user: seedAccounts.verein.email,
  newUser: seedAccounts.neu.email,
  unverified: seedAccounts.unbestaetigt.email,
  release: seedAccounts.freigabe.email,
} as const

export type AccountName = keyof typeof accounts
export { SEED_PASSWORD }

/** A mail as `GET /__mock/mailbox` lists it. */
export type { Mail }

/** Fills and sends the sign-in form of the page that is open (or of /login). */
export const signIn = async (page: Page, email: string, password = SEED_PASSWORD) => {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login')
  // The real build's /login is prerendered: before React has adopted the form, a click sends it
  // natively (the server answers with the empty page again), as it would for a person that quick. A person
  // types slower than a test; the test waits until React owns the field (its props are on the element).
  await expect
    .poll(() =>
      page.getByLabel('E-Mail').evaluate((input) => Object.keys(input).some((key) => key.startsWith('__reactProps$'))),
    )
    .toBe(true)
  await page.getByLabel('E-Mail').fill(email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
}

/** The mocked backend's outbox (`GET /__mock/mailbox`), asked from inside the page where it runs. */
export const readMailbox = (page: Page): Promise<Mail[]> =>
  page.evaluate(async () => {
    const response = await fetch('/__mock/mailbox')
    return (await response.json()) as Mail[]
  })

/**
 * The mocked backend's injected latency for every API call from now on (`PUT /__mock/faults`): requests
 * sent from then on wait that long before the backend handles them; those already waiting keep waiting.
 */
export const setLatency = (page: Page, delayMs: number) =>
  page.evaluate(async (delay) => {
    const response = await fetch('/__mock/faults', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ delayMs: delay }),
    })
    if (!response.ok) throw new Error(`PUT /__mock/faults: ${response.status}`)
  }, delayMs)

/** The newest mail of a kind to an address; waits briefly for it to arrive. */
export const latestMail = async (page: Page, to: string, kind: Mail['kind']): Promise<Mail> => {
  let mail: Mail | undefined
  await expect
    .poll(async () => {
      mail = (await readMailbox(page)).find((candidate) => candidate.to === to && candidate.kind === kind)
      return mail
    })
    .toBeTruthy()
  return mail!
}

/**
 * Collects what the app reports as text shown without its catalogue loaded (src/lib/i18n/i18n.ts), so
 * every test fails when a screen shows message ids instead of German text.
 */
const watchMissingMessages = (page: Page) => {
  const missing: string[] = []
  const listener = (message: ConsoleMessage) => {
    if (message.type() === 'error' && message.text().startsWith('[i18n]')) missing.push(message.text())
  }
  page.on('console', listener)
  return () => {
    page.off('console', listener)
    expect(missing, 'messages shown before their catalogue was loaded').toEqual([])
  }
}

interface Fixtures {
  /** Signs in through the real sign-in form as a seed account and waits for the landing page. */
  /** A seed account by its name in `accounts`, or any e-mail address. */
  signedInAs: (account: string, options?: { password?: string; landing?: RegExp }) => Promise<void>
  /**
   * `test.use({ signedInRole: 'admin' })`: every test of the block starts signed in as that account, from a
   * browser state saved once per worker after a real sign-in (much faster than signing in per test).
   */
  signedInRole: AccountName | undefined
  /**
   * A page in a browser kept for the whole worker, one per `signedInRole`, for suites that only read (the
   * access matrix, axe): every test still loads its page fully, but the browser has the app's scripts,
   * compiled code and the mocked backend's service worker from the tests before, which halves a load.
   */
  warmPage: Page
}

interface WorkerFixtures {
  sessionStateFor: (account: AccountName) => Promise<string>
  warmContextFor: (account: AccountName | undefined) => Promise<BrowserContext>
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  page: async ({ page }, provide) => {
    const check = watchMissingMessages(page)
    await provide(page)
    check()
  },

  signedInAs: async ({ page }, provide) => {
    await provide(async (account, { password = SEED_PASSWORD, landing = /\/home$/ } = {}) => {
      const email = account in accounts ? accounts[account as AccountName] : account
      await page.goto('/login')
      await signIn(page, email, password)
      await expect(page).toHaveURL(landing)
      // The navigation knows the role once "Abmelden" shows.
      await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()
    })
  },

  signedInRole: [undefined, { option: true }],

  sessionStateFor: [
    async ({ browser }, provide, workerInfo) => {
      const states = new Map<AccountName, Promise<string>>()
      const save = async (account: AccountName) => {
        // The session and the mocked backend's data both live in localStorage, so the saved state holds both.
        const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL })
        const page = await context.newPage()
        await page.goto('/login')
        await signIn(page, accounts[account])
        await expect(page).toHaveURL(/\/home$/)
        await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()
        const file = path.join(workerInfo.project.outputDir, '.auth', `${account}-${workerInfo.workerIndex}.json`)
        await context.storageState({ path: file })
        await context.close()
        return file
      }
      // Changing a password, bank details or a role needs a sign-in at most five minutes old (the backend
      // answers 401 reauthentication-required otherwise): a saved sign-in is used for four minutes, then
      // the account signs in anew.
      const savedAt = new Map<AccountName, number>()
      await provide((account) => {
        if (!states.has(account) || Date.now() - (savedAt.get(account) ?? 0) > 4 * 60_000) {
          savedAt.set(account, Date.now())
          states.set(account, save(account))
        }
        return states.get(account)!
      })
    },
    { scope: 'worker' },
  ],

  warmContextFor: [
    async ({ browser, sessionStateFor }, provide, workerInfo) => {
      const contexts = new Map<string, Promise<BrowserContext>>()
      const { baseURL, locale, timezoneId, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } =
        workerInfo.project.use
      await provide((account) => {
        const key = account ?? 'anonymous'
        if (!contexts.has(key)) {
          const open = async () =>
            browser.newContext({
              ...{ baseURL, locale, timezoneId, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch },
              ...(account ? { storageState: await sessionStateFor(account) } : {}),
            })
          contexts.set(key, open())
        }
        return contexts.get(key)!
      })
      for (const context of contexts.values()) await (await context).close()
    },
    { scope: 'worker' },
  ],

  warmPage: async ({ signedInRole, warmContextFor }, provide) => {
    const context = await warmContextFor(signedInRole)
    const page = context.pages()[0] ?? (await context.newPage())
    const check = watchMissingMessages(page)
    await provide(page)
    check()
  },

  storageState: async ({ signedInRole, sessionStateFor, storageState }, provide) => {
    await provide(signedInRole ? await sessionStateFor(signedInRole) : storageState)
  },
})

export { expect }
