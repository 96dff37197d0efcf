import { expect, type Page } from '@playwright/test'

/** Stripe's test cards, which the simulated provider takes as Stripe does. */
export const CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const

interface Gift {
  /** As a donor types it: "25" or "25,50". */
  amount: string
  /** Null: "Anonym spenden". */
  name: string | null
  email: string
  message?: string
  /** "Spende steuerlich absetzen" as a private person: the data for the tax office and the consent's scope. */
  tax?: { firstName: string; lastName: string; birthDate: string; untilWithdrawn: boolean }
  /** "Spendenbestätigung gewünscht", made out to the donor's name at this Austrian address. */
  receipt?: { street: string; postalCode: string; city: string }
}

/**
 * A donor on a campaign's public page: the form, then the provider's hosted checkout with a card. Leaves the
 * page where the provider sent the donor (the thank-you page after a paid card, the checkout after a
 * declined one).
 */
export const giveOnPublicPage = async (page: Page, campaignId: string, gift: Gift, card: string) => {
  await page.goto(`/spenden/${campaignId}`)
  await page.getByLabel('Betrag in Euro').fill(gift.amount)
  if (gift.name === null) await page.getByLabel('Anonym spenden').check()
  else await page.getByLabel('Ihr Name').fill(gift.name)
  await page.getByLabel('E-Mail-Adresse').fill(gift.email)
  if (gift.message) await page.getByLabel('Nachricht an den Verein (freiwillig)').fill(gift.message)
  if (gift.tax) {
    await page.getByRole('radio', { name: 'Als Privatperson absetzen' }).check()
    await page.getByLabel('Vorname').fill(gift.tax.firstName)
    await page.getByLabel('Nachname').fill(gift.tax.lastName)
    await page.getByLabel('Geburtsdatum').fill(gift.tax.birthDate)
    await page
      .getByRole('group', { name: /Ihre Einwilligung gilt/ })
      .getByRole('radio', { name: gift.tax.untilWithdrawn ? /bis ich widerrufe/ : 'nur für diese Spende' })
      .check()
  }
  if (gift.receipt) {
    await page.getByLabel('Spendenbestätigung gewünscht').check()
    const address = page.getByRole('group', { name: 'Name und Adresse für die Spendenbestätigung' })
    await address.getByLabel('Straße und Hausnummer').fill(gift.receipt.street)
    await address.getByLabel('PLZ').fill(gift.receipt.postalCode)
    await address.getByLabel('Ort').fill(gift.receipt.city)
  }
  await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click()
  await expect(page.getByRole('heading', { name: 'Spende bezahlen' })).toBeVisible()
  await page.getByLabel('Kartennummer').fill(card)
  await page.getByRole('button', { name: /bezahlen$/ }).click()
}

/** The thank-you page once the backend confirmed the payment. */
export const expectThanks = async (page: Page, campaignId: string) => {
  await expect(page).toHaveURL(new RegExp(`/spenden/${campaignId}/danke\\?checkout=`))
  await expect(page.getByRole('heading', { name: 'Vielen Dank für Ihre Spende!' })).toBeVisible()
}

const euroToCents = (text: string): number => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100)

/** The sum and count the club's donation list shows over its filter. */
export const donationTotals = async (page: Page) => {
  const text = (await page.getByTestId('donation-totals').textContent()) ?? ''
  const match = /Summe: (€\s?[\d.]+,\d\d) aus ([\d.\s]+) Spenden/.exec(text.replace(/[\u00a0\u202f]/g, ' '))
  expect(match, text).not.toBeNull()
  return { cents: euroToCents(match![1]!), count: Number(match![2]!.replace(/\D/g, '')) }
}

/** The club's donation list on its dashboard, and the row of one donor. */
export const donationList = (page: Page) => page.getByRole('region', { name: 'Spenden', exact: true })

export const donationRowOf = (page: Page, donorName: string) =>
  donationList(page).getByTestId('donation-row').filter({ hasText: donorName })

/** Refunds a donation from the club's list, with a reason; the row then reads "erstattet". */
export const refundFromList = async (page: Page, donorName: string, reason: string) => {
  await donationRowOf(page, donorName).getByRole('button', { name: 'Erstatten' }).click()
  const dialog = page.getByRole('dialog', { name: 'Spende erstatten' })
  await dialog.getByLabel('Grund').fill(reason)
  await dialog.getByRole('button', { name: 'Erstatten' }).click()
  await expect(dialog).toBeHidden()
  await expect(donationRowOf(page, donorName)).toContainText('erstattet')
}
