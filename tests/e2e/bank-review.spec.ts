import { switchAccount } from '#tests/journeys/account.ts'
import {
  changeToIbanOfAnotherBank,
  confirmBankReview,
  openVolumeClubProfile,
  VOLUME_CLUB,
  volumeClubInReview,
} from '#tests/journeys/bank-details.ts'
import { expect, test } from '#tests/journeys/fixtures.ts'
import { field } from '#tests/journeys/forms.ts'

/**
 * New bank details of an active club go into review: the representative changes the IBAN of
 * "SV Grünbach 1923" (active, with an active card-provider account) and reads "Bankverbindung geändert –
 * Prüfung ausstehend"; the administrator sees the old IBAN masked and the new one in full in the release
 * list and confirms them; the audit log lists the change and the confirmation.
 */
const CLUB = VOLUME_CLUB.name
/** Erste Bank (bank code 20111, BIC GIBAATWW). */
const NEW_IBAN = 'AT40 2011 1000 0001 2345'
const NEW_IBAN_MASKED = 'AT40 **** **** **** 2345'

test('a new IBAN is held for review until an administrator confirms it, and the audit log tells the story', async ({
  page,
  signedInAs,
}) => {
  await signedInAs('user')
  await openVolumeClubProfile(page)
  const previousIban = await field(page, 'IBAN').inputValue()
  const previousMasked = `${previousIban.slice(0, 4)} **** **** **** ${previousIban.slice(-4)}`

  // The BIC of the old bank does not fit the new IBAN: said at the BIC, in German, before anything is sent.
  await changeToIbanOfAnotherBank(page, {
    iban: NEW_IBAN,
    bic: 'GIBAATWWXXX',
    onBicRefused: async (message) => {
      await expect(message).toContainText('Der BIC passt nicht zur IBAN: Die IBAN gehört zur Erste Bank')
      await expect(field(page, 'Name der Bank')).toHaveValue('Erste Bank der oesterreichischen Sparkassen AG')
    },
  })

  await page.goto(`/home?id=${VOLUME_CLUB.id}`)
  const bank = page.getByRole('region', { name: 'Bankverbindung' })
  await expect(bank).toContainText('Bankverbindung geändert – Prüfung ausstehend')
  await expect(bank.getByTestId('masked-iban')).toHaveText(NEW_IBAN_MASKED)
  await expect(page.getByRole('region', { name: 'Vereinsübersicht' })).toContainText('Auszahlungen angehalten')

  // The administrator, in the same browser (the mocked backend lives in the page).
  await switchAccount(page, 'admin@demo.at')
  const card = await volumeClubInReview(page)
  await expect(card.getByTestId('bank-review-previous')).toHaveText(previousMasked)
  // The administrator confirms what they read: the new IBAN in full (only administrators get it).
  await expect(card.getByTestId('bank-review-new')).toHaveText(NEW_IBAN)
  await confirmBankReview(page, card)

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
