import type { Page } from '@playwright/test'
import { expect, test } from '../e2e/fixtures'
import { shoot } from './shoot'

/** The registration wizard: every step filled in, its errors, the terms dialog, a taken e-mail address. */

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}(\\s\\*)?$`))
const next = (page: Page) => page.getByRole('button', { name: 'Weiter' }).click()
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name })

const fillAccount = async (page: Page, email: string) => {
  await field(page, 'Vorname').fill('Eva')
  await field(page, 'Nachname').fill('Springer')
  await field(page, 'Telefonnummer').fill('+43 664 1234567')
  await field(page, 'E-Mail').fill(email)
  await page.getByLabel(/^Passwort(\s\*)?$/).fill('Geheim1234!')
  await field(page, 'Passwort wiederholen').fill('Geheim1234!')
}

const fillUpToTerms = async (page: Page, email: string, screenshots: boolean) => {
  await field(page, 'Name des Vereins').fill('Schachklub Zwettl')
  await field(page, 'ZVR-Zahl').fill('987654321')
  if (screenshots) await shoot(page, 'registration-step-1')
  await next(page)
  await expect(stepHeading(page, 'Adresse')).toBeVisible()
  await field(page, 'Straße').fill('Sparkassenplatz')
  await field(page, 'Hausnummer').fill('3')
  await field(page, 'Postleitzahl').fill('3910')
  await field(page, 'Ort').fill('Zwettl')
  if (screenshots) await shoot(page, 'registration-step-2')
  await next(page)
  await expect(stepHeading(page, 'Kontaktperson und Benutzerkonto')).toBeVisible()
  await fillAccount(page, email)
  if (screenshots) await shoot(page, 'registration-step-3')
  await next(page)
  await expect(stepHeading(page, 'Vereinsart und Größe')).toBeVisible()
  await field(page, 'Vereinsart').selectOption({ label: 'Kulturverein' })
  await field(page, 'Vereinsgröße').selectOption({ label: '20 Mitglieder' })
  if (screenshots) await shoot(page, 'registration-step-4')
  await next(page)
  await expect(stepHeading(page, 'AGB und Abschluss')).toBeVisible()
}

test('every step of the wizard', async ({ page }) => {
  await page.goto('/register_organisation')
  await next(page)
  await expect(page.getByText('Bitte geben Sie den Namen des Vereins ein.')).toBeVisible()
  await shoot(page, 'registration-step-1-errors')

  await fillUpToTerms(page, 'obfrau@schachklub-zwettl.at', true)
  await page.getByRole('button', { name: 'AGB lesen' }).click()
  await expect(page.getByRole('dialog', { name: 'Allgemeine Geschäftsbedingungen (AGB)' })).toBeVisible()
  await shoot(page, 'registration-terms-dialog', { capture: 'window' })
  await page.getByRole('button', { name: 'Schließen', exact: true }).click()
  await page.getByLabel('Ich habe die AGB gelesen und akzeptiere sie.').check()
  await shoot(page, 'registration-step-5')
})

test('a taken e-mail address', async ({ page }) => {
  await page.goto('/register_organisation')
  await fillUpToTerms(page, 'verein@demo.at', false)
  await page.getByLabel('Ich habe die AGB gelesen und akzeptiere sie.').check()
  await page.getByRole('button', { name: 'Abschließen' }).click()
  await expect(page.getByText('User ist bereits vorhanden')).toBeVisible()
  await shoot(page, 'registration-user-exists')
})
