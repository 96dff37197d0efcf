import { expect, signIn, test } from '#tests/journeys/fixtures.ts'

const HALLEIN = 'club-mv-hallein' // verein@demo.at's club; its account waits for the onboarding

test('a representative walks the provider onboarding: part first, then the rest', async ({ page }) => {
  // Signed out, the public page asks to sign in and comes back afterwards.
  await page.goto(`/payment?clubId=${HALLEIN}`)
  const prompt = page.getByRole('region', { name: 'Bitte melden Sie sich an' })
  await prompt.getByRole('link', { name: 'Anmelden' }).click()
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/payment?clubId=${HALLEIN}`)}`)
  await signIn(page, 'verein@demo.at')
  await expect(page).toHaveURL(`/payment?clubId=${HALLEIN}`)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Kartenzahlung für Musikverein Hallein einrichten' }),
  ).toBeVisible()

  await page.getByRole('button', { name: 'Weiter zum Zahlungsanbieter' }).click()
  await expect(page).toHaveURL(/\/__mock\/provider\/onboarding\?link=/)
  await expect(page.getByRole('heading', { name: 'Konto für Kartenzahlungen einrichten' })).toBeVisible()
  await page.getByRole('button', { name: /Nur einen Teil übermitteln/ }).click()

  await expect(page).toHaveURL(`/payment/return?clubId=${HALLEIN}`)
  await expect(page.getByText('Die Einrichtung ist noch nicht abgeschlossen.')).toBeVisible()
  const missing = page.getByRole('list', { name: 'Noch offene Angaben' })
  await expect(missing.getByRole('listitem')).toHaveText([
    'Identität der vertretungsberechtigten Person',
    'Bankkonto für Auszahlungen',
  ])

  await page.getByRole('button', { name: 'Einrichtung fortsetzen' }).click()
  await expect(page).toHaveURL(/\/__mock\/provider\/onboarding\?link=/)
  await page.getByRole('button', { name: /Alle Angaben übermitteln/ }).click()

  await expect(page).toHaveURL(`/payment/return?clubId=${HALLEIN}`)
  await expect(page.getByText('Die Einrichtung ist abgeschlossen.')).toBeVisible()
  // The main action leads straight back to the club.
  await page.getByRole('link', { name: 'Zur Vereinsübersicht' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Musikverein Hallein' })).toBeVisible()
})

test.describe('signed in', () => {
  test.use({ signedInRole: 'user' })

  test('the dashboard’s open card-payment badge leads to the provider and back, naming the club', async ({ page }) => {
    await page.goto('/home')
    await expect(page.getByRole('heading', { level: 1, name: 'Musikverein Hallein' })).toBeVisible()
    const overview = page.getByRole('region', { name: 'Vereinsübersicht' })
    await expect(overview.getByText('Einrichtung offen')).toBeVisible()
    await overview.getByRole('button', { name: 'Kartenzahlung einrichten' }).click()

    // The simulated provider's hosted page, for this club.
    await expect(page).toHaveURL(/\/__mock\/provider\/onboarding\?link=/)
    await expect(page.getByRole('heading', { name: 'Konto für Kartenzahlungen einrichten' })).toBeVisible()
    await expect(page.getByText('„Musikverein Hallein“')).toBeVisible()
    await page.getByRole('button', { name: /Alle Angaben übermitteln/ }).click()

    // Back in the portal: the return page re-checks the account and says whose card payment is set up.
    await expect(page).toHaveURL(`/payment/return?clubId=${HALLEIN}`)
    await expect(page.getByText('Die Einrichtung ist abgeschlossen.')).toBeVisible()
    await expect(page.getByText(/Die Kartenzahlung für Musikverein Hallein ist eingerichtet/)).toBeVisible()
    await page.getByRole('link', { name: 'Wie es weitergeht' }).click()
    await expect(page).toHaveURL(`/success?from=payment&clubId=${HALLEIN}`)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Kartenzahlung für Musikverein Hallein eingerichtet' }),
    ).toBeVisible()

    // The dashboard shows the account as active, with nothing left to start.
    await page.getByRole('link', { name: 'Zur Vereinsübersicht' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Musikverein Hallein' })).toBeVisible()
    await expect(overview.getByText('Einrichtung offen')).toHaveCount(0)
    await expect(overview.getByRole('button', { name: 'Kartenzahlung einrichten' })).toHaveCount(0)
  })

  test('a used provider link leads back to /payment, which starts again', async ({ page }) => {
    await page.goto(`/payment?clubId=${HALLEIN}`)
    await page.getByRole('button', { name: 'Weiter zum Zahlungsanbieter' }).click()
    await expect(page).toHaveURL(/\/__mock\/provider\/onboarding\?link=/)
    const usedLink = page.url()
    await page.getByRole('button', { name: /Abbrechen/ }).click()
    await expect(page).toHaveURL(`/payment/return?clubId=${HALLEIN}`)

    await page.goto(usedLink)
    await expect(page.getByText('Dieser Link wurde bereits verwendet.')).toBeVisible()
    await page.getByRole('button', { name: 'Zurück zum Vereinsportal' }).click()
    await expect(page).toHaveURL(`/payment?clubId=${HALLEIN}`)
    await expect(page.getByRole('button', { name: 'Weiter zum Zahlungsanbieter' })).toBeVisible()
  })
})
