import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { expect, signIn, test } from './fixtures.ts'
import { field } from './forms.ts'

/**
 * New bank details of an active club go into review (issue 11): the representative changes the IBAN of
 * "SV Grünbach 1923" (active, with an active card-provider account) and reads "Bankverbindung geändert –
 * Prüfung ausstehend"; the administrator sees the old and the new IBAN, masked, in the release list and
 * confirms them; the audit log lists the change and the confirmation.
 */
const CLUB = 'SV Grünbach 1923'
/** Erste Bank (bank code 20111, BIC GIBAATWW). */
const NEW_IBAN = 'AT40 2011 1000 0001 2345'
const NEW_IBAN_MASKED = 'AT40 **** **** **** 2345'

test('a new IBAN is held for review until an administrator confirms it, and the audit log tells the story', async ({
  page,
  signedInAs,
}) => {
  await signedInAs('user')
  await page.goto(`/club/${seedClubs.volume}/false`)
  await expect(page.getByRole('heading', { level: 1, name: 'Vereinsdaten bearbeiten' })).toBeVisible()
  const previousIban = await field(page, 'IBAN').inputValue()
  const previousMasked = `${previousIban.slice(0, 4)} **** **** **** ${previousIban.slice(-4)}`

  // The BIC of the old bank does not fit the new IBAN: said at the BIC, in German, before anything is sent.
  await field(page, 'IBAN').fill(NEW_IBAN)
  await expect(field(page, 'Name der Bank')).toHaveValue('Erste Bank der oesterreichischen Sparkassen AG')
  // The seed leaves the kind of ID document open; with it the profile saves without the "incomplete" question.
  await field(page, 'Ausweisart').selectOption({ label: 'Reisepass' })
  await page.getByRole('button', { name: 'Speichern', exact: true }).click()
  await expect(page.getByText(/Der BIC passt nicht zur IBAN: Die IBAN gehört zur Erste Bank/)).toBeVisible()
  await field(page, 'BIC').fill('GIBAATWWXXX')
  await page.getByRole('button', { name: 'Speichern', exact: true }).click()
  await expect(page.getByText('Vereinsdaten wurden aktualisiert').first()).toBeVisible()

  await page.goto(`/home?id=${seedClubs.volume}`)
  const bank = page.getByRole('region', { name: 'Bankverbindung' })
  await expect(bank).toContainText('Bankverbindung geändert – Prüfung ausstehend')
  await expect(bank.getByTestId('masked-iban')).toHaveText(NEW_IBAN_MASKED)
  await expect(page.getByRole('region', { name: 'Vereinsübersicht' })).toContainText('Auszahlungen angehalten')

  // The administrator, in the same browser (the mocked backend lives in the page).
  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(/\/login/)
  await signIn(page, 'admin@demo.at')
  await expect(page).toHaveURL(/\/home/)
  await page.goto('/admin?status=ACTIVE&clubType=ct-sportverein')
  const card = page.getByRole('article', { name: CLUB })
  await expect(card.getByTestId('bank-review-previous')).toHaveText(previousMasked)
  await expect(card.getByTestId('bank-review-new')).toHaveText(NEW_IBAN_MASKED)
  await card.getByRole('button', { name: `Neue Bankverbindung bestätigen (${CLUB})` }).click()
  const dialog = page.getByRole('dialog', { name: `Neue Bankverbindung von ${CLUB} bestätigen?` })
  await dialog.getByRole('button', { name: 'Bankverbindung bestätigen' }).click()
  await expect(page.getByText(`Die neue Bankverbindung von ${CLUB} ist bestätigt.`)).toBeVisible()
  await expect(card.getByTestId('bank-review-new')).toHaveCount(0)

  await card.getByRole('link', { name: `Protokoll öffnen (${CLUB})` }).click()
  await expect(page).toHaveURL(/tab=audit/)
  await expect(page.getByRole('heading', { name: `Protokoll: ${CLUB}` })).toBeVisible()
  const entries = page.getByRole('list', { name: 'Protokolleinträge' }).getByRole('article')
  await expect(entries).toHaveCount(2)
  await expect(entries.nth(0)).toContainText('Neue Bankverbindung bestätigt')
  await expect(entries.nth(0)).toContainText('Andrea Admin')
  await expect(entries.nth(1)).toContainText('Bankverbindung geändert')
  await expect(entries.nth(1)).toContainText('Markus Obermayr')
  await expect(entries.nth(1)).toContainText(previousMasked)
  await expect(entries.nth(1)).toContainText(NEW_IBAN_MASKED)
  await expect(entries.nth(1)).not.toContainText(NEW_IBAN.replaceAll(' ', ''))
})
