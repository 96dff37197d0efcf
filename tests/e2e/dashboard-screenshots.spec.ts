import { mkdirSync } from 'node:fs'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { signIn } from './fixtures'

/**
 * After a full page load the mocked backend starts inside the page (a store of 10 000+ donations), which
 * takes a few seconds on a busy machine: the first wait after `goto`/`reload` allows for it.
 */
const FIRST_LOAD = { timeout: 30_000 }
// The journeys load the dashboard of the 10 000-donation club several times; each full load boots the mocked
// backend again, so they get more than the default 45 s.
test.describe.configure({ timeout: 120_000 })

/**
 * The screenshot review of issue 5 (dashboard, campaigns, donations) at 1280 px and 375 px, written to
 * docs/screenshots/.
 */
const DIR = 'docs/screenshots'
const WIDTHS = [1280, 375] as const
const VOLUME = 'club-sv-gruenbach'

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('status').filter({ hasText: /wird geladen|Wird geladen|Bitte warten/ })).toHaveCount(0)
}

const shoot = async (page: Page, name: string, target?: Locator) => {
  mkdirSync(DIR, { recursive: true })
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await settle(page)
    if (target) await target.screenshot({ path: `${DIR}/${name}-${width}.png` })
    else await page.screenshot({ path: `${DIR}/${name}-${width}.png`, fullPage: true })
  }
}

const as = async (page: Page, email: string) => {
  await page.goto('/login')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/home/)
}

test.describe('screenshots: dashboard, campaigns, donations', () => {
  test('dashboard of the 10 000-donation club and its donation list', async ({ page }) => {
    await as(page, 'verein@demo.at')
    await page.goto(`/home?id=${VOLUME}`)
    await expect(page.getByTestId('donation-chart').locator('svg .recharts-bar-rectangle').first()).toBeVisible(
      FIRST_LOAD,
    )
    await expect(page.getByTestId('donation-row').first()).toBeVisible()
    await shoot(page, 'dashboard-verein')
    await shoot(page, 'donations-list', page.getByRole('region', { name: 'Spenden', exact: true }))
  })

  test('dashboard of an incomplete club', async ({ page }) => {
    await as(page, 'neu@demo.at')
    await expect(page.getByText('Ihr Vereinsprofil ist noch nicht vollständig')).toBeVisible()
    await shoot(page, 'dashboard-neu')
  })

  test('dashboard of an administrator without clubs', async ({ page }) => {
    await as(page, 'admin@demo.at')
    await expect(page.getByRole('region', { name: 'Verein auswählen' }).getByRole('link').first()).toBeVisible()
    await shoot(page, 'dashboard-admin')
  })

  test('campaign forms', async ({ page }) => {
    await as(page, 'verein@demo.at')
    await page.goto(`/campaign/${VOLUME}`)
    await expect(page.getByRole('button', { name: 'Kampagne anlegen' })).toBeVisible(FIRST_LOAD)
    await shoot(page, 'campaign-create')
    await page.getByRole('button', { name: 'Kampagne anlegen' }).click()
    await expect(page.getByText('Bitte füllen Sie alle Felder aus')).toBeVisible()
    await shoot(page, 'campaign-create-errors')
    await page.goto(`/campaign/${VOLUME}/cmp-gruenbach-kunstrasen`)
    await expect(page.getByTestId('donation-row').first()).toBeVisible(FIRST_LOAD)
    await shoot(page, 'campaign-edit')
  })
})
