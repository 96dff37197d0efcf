import { expect, test } from '#tests/journeys/fixtures.ts'

test.use({ signedInRole: 'admin' })

const CLUB = 'Kulturverein Bregenzer Kulturbühne' // ACTIVE, no payment account

test('creates, deactivates and deletes a club’s card-provider account', async ({ page }) => {
  await page.goto('/admin?status=ACTIVE&clubType=ct-kulturverein')
  const club = page.getByRole('article', { name: CLUB })
  const account = club.getByRole('region', { name: 'Zahlungskonto' })
  await expect(account).toContainText('Keines')

  await account.getByRole('button', { name: `Zahlungskonto anlegen (${CLUB})` }).click()
  await page
    .getByRole('dialog', { name: `Zahlungskonto für ${CLUB} anlegen?` })
    .getByRole('button', { name: 'Zahlungskonto anlegen' })
    .click()
  const created = page.getByRole('dialog', { name: 'Zahlungskonto angelegt' })
  await expect(created.getByRole('link', { name: 'Einrichtung beim Zahlungsanbieter öffnen' })).toHaveAttribute(
    'href',
    /\/__mock\/provider\/onboarding\?link=/,
  )
  await created.getByRole('button', { name: 'Schließen' }).click()
  await expect(account).toContainText('Einrichtung offen')
  await expect(account).toContainText('Angaben zum Verein')

  await account.getByRole('button', { name: `Zahlungskonto deaktivieren (${CLUB})` }).click()
  const reject = page.getByRole('dialog', { name: `Zahlungskonto von ${CLUB} deaktivieren?` })
  await reject.getByRole('button', { name: 'Zahlungskonto deaktivieren' }).click()
  await expect(reject.getByText('Bitte geben Sie einen Grund an. Der Verein bekommt ihn zu sehen.')).toBeVisible()
  await reject.getByLabel('Grund').fill('Die Bankverbindung gehört nicht dem Verein.')
  await reject.getByRole('button', { name: 'Zahlungskonto deaktivieren' }).click()
  await expect(page.getByText('Zahlungskonto wurde deaktiviert.')).toBeVisible()
  await expect(account).toContainText('Deaktiviert')
  await expect(account).toContainText('Grund: Die Bankverbindung gehört nicht dem Verein.')

  await account.getByRole('button', { name: `Zahlungskonto löschen (${CLUB})` }).click()
  const remove = page.getByRole('dialog', { name: `Zahlungskonto von ${CLUB} löschen?` })
  // Escape cancels; nothing changes.
  await page.keyboard.press('Escape')
  await expect(remove).toHaveCount(0)
  await expect(account).toContainText('Deaktiviert')
  await account.getByRole('button', { name: `Zahlungskonto löschen (${CLUB})` }).click()
  await page
    .getByRole('dialog', { name: `Zahlungskonto von ${CLUB} löschen?` })
    .getByRole('button', { name: 'Endgültig löschen' })
    .click()
  await expect(page.getByText('Zahlungskonto wurde gelöscht.')).toBeVisible()
  await expect(account).toContainText('Keines')
})

test('an inactive club gets no account, and the button says why', async ({ page }) => {
  await page.goto('/admin?status=INACTIVE&clubType=ct-sportverein')
  const club = page.getByRole('article', { name: 'Sportverein Schwaz 1920' })
  const create = club.getByRole('button', { name: /Zahlungskonto anlegen \(.*\)/ })
  await expect(create).toBeDisabled()
  await expect(club.getByText('Ein Zahlungskonto kann erst angelegt werden, wenn der Verein aktiv ist.')).toBeVisible()
})
