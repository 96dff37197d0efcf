import { expect, type Locator, type Page } from '@playwright/test'
import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { field } from './forms.ts'

/**
 * New bank details of "SV Grünbach 1923" (the seed's active club with an active card-provider account,
 * represented by verein@demo.at), as the e2e journeys and the screenshot scenes go through them: typed on
 * the club's profile page, asked for the password on an old sign-in, held for review until an
 * administrator confirms them in the release list.
 */
export const VOLUME_CLUB = { id: seedClubs.volume, name: 'SV Grünbach 1923', clubType: 'ct-sportverein' } as const

/** The club's profile page ("Vereinsdaten bearbeiten"), open. */
export const openVolumeClubProfile = async (page: Page) => {
  await page.goto(`/club/${VOLUME_CLUB.id}/false`)
  await expect(page.getByRole('heading', { level: 1, name: 'Vereinsdaten bearbeiten' })).toBeVisible()
}

/**
 * A new IBAN on the open profile page. The seed leaves the kind of ID document open; with it the profile
 * saves without the "incomplete" question.
 */
export const typeNewIban = async (page: Page, iban: string) => {
  await field(page, 'IBAN').fill(iban)
  await field(page, 'Ausweisart').selectOption({ label: 'Reisepass' })
}

/** The profile page's "Speichern". */
export const saveProfile = (page: Page) => page.getByRole('button', { name: 'Speichern', exact: true }).click()

/**
 * An IBAN of another bank: saving is refused at the BIC, which still belongs to the old bank (`onBicRefused`
 * sees the message), then the new bank's BIC is typed and the change saved.
 */
export const changeToIbanOfAnotherBank = async (
  page: Page,
  { iban, bic, onBicRefused }: { iban: string; bic: string; onBicRefused?: (message: Locator) => Promise<void> },
) => {
  await typeNewIban(page, iban)
  await saveProfile(page)
  const refused = page.getByText(/Der BIC passt nicht zur IBAN/)
  await expect(refused).toBeVisible()
  await onBicRefused?.(refused)
  await field(page, 'BIC').fill(bic)
  await saveProfile(page)
  await expect(page.getByText('Vereinsdaten wurden aktualisiert').first()).toBeVisible()
}

/**
 * The representative, signed in six minutes ago, saves a new IBAN (and `description` as the short
 * description, if given): the app asks for the password first; the dialog that asks. The page's clock is
 * moved on instead of waiting: installed before the app loads, so every timer and Date of the page (and of
 * the mocked backend in it) follows it; the ID token (1 h) stays valid.
 */
export const newIbanOnAnOldSignIn = async (
  page: Page,
  signedInAs: (account: string) => Promise<void>,
  { iban, description }: { iban: string; description?: string },
) => {
  await page.clock.install()
  await signedInAs('user')
  await openVolumeClubProfile(page)
  await page.clock.fastForward('06:00')
  await field(page, 'IBAN').fill(iban)
  if (description !== undefined) await field(page, 'Kurzbeschreibung').fill(description)
  await field(page, 'Ausweisart').selectOption({ label: 'Reisepass' })
  await saveProfile(page)
  const dialog = page.getByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Anmeldung' })
  await expect(dialog).toBeVisible()
  return dialog
}

/** The club's card in the administrator's release list, with new bank details waiting for review. */
export const volumeClubInReview = async (page: Page) => {
  await page.goto(`/admin?status=ACTIVE&clubType=${VOLUME_CLUB.clubType}`)
  const card = page.getByRole('article', { name: VOLUME_CLUB.name })
  await expect(card.getByTestId('bank-review-new')).toBeVisible()
  return card
}

/** The administrator confirms the new bank details (`onDialog` sees the question first); the review ends. */
export const confirmBankReview = async (
  page: Page,
  card: Locator,
  { onDialog }: { onDialog?: (dialog: Locator) => Promise<void> } = {},
) => {
  const club = VOLUME_CLUB.name
  await card.getByRole('button', { name: `Neue Bankverbindung bestätigen (${club})` }).click()
  const dialog = page.getByRole('dialog', { name: `Neue Bankverbindung von ${club} bestätigen?` })
  await expect(dialog).toBeVisible()
  await onDialog?.(dialog)
  await dialog.getByRole('button', { name: 'Bankverbindung bestätigen' }).click()
  await expect(page.getByText(`Die neue Bankverbindung von ${club} ist bestätigt.`)).toBeVisible()
  await expect(card.getByTestId('bank-review-new')).toHaveCount(0)
}
