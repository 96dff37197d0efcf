import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TAX_CONSENT_TEXT } from '#domain/tax-donors.ts'
import { backend } from '#mocks/node.ts'
import { failOperation } from '#tests/utils/mock-faults.ts'
import { renderRoute } from '#tests/utils/render.tsx'

// Maria Huber's consent "until withdrawn" to SV Grünbach 1923 (adapters/demo-seed/seed-tax.ts).
const UNTIL_WITHDRAWN = 'consent-seed-huber-Q7vK2mXp9LrT4wNs'
// Johann Gruber's consent for one donation.
const ONE_DONATION = 'consent-seed-gruber-h3ZpW8cYt5JqB1xE'

const openPage = async (consentId: string) => {
  const view = await renderRoute(`/steuer-einwilligung/${consentId}`)
  await screen.findByRole('heading', { level: 1 })
  return view
}

const storedConsent = (id: string) => backend.store.read((tx) => tx.table('taxConsents').get(id))

/** What the page's list says for each term ("Verein" → "SV Grünbach 1923"). */
const details = () => {
  const terms = screen.getAllByRole('term').map((term) => term.textContent)
  const definitions = screen.getAllByRole('definition').map((definition) => definition.textContent)
  return Object.fromEntries(terms.map((term, index) => [term, definitions[index]]))
}

const DE_AT_DATE_TIME = /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/

describe('the page of a donor’s consent to the transmission (/steuer-einwilligung)', () => {
  it('shows the club, the name, the scope, when it was given and the text, without signing in', async () => {
    await openPage(UNTIL_WITHDRAWN)
    expect(
      screen.getByRole('heading', { level: 1, name: 'Ihre Einwilligung zur Übermittlung an das Finanzamt' }),
    ).toBeInTheDocument()
    const shown = details()
    expect(shown).toMatchObject({
      Verein: 'SV Grünbach 1923',
      Name: 'Maria Huber',
      Gilt: 'bis auf Widerruf, für alle Spenden an diesen Verein',
    })
    expect(shown['Erteilt am']).toMatch(DE_AT_DATE_TIME)
    expect(shown).not.toHaveProperty('Widerrufen am')
    expect(screen.getByRole('region', { name: 'Text der Einwilligung' })).toHaveTextContent(TAX_CONSENT_TEXT)
  })

  it('says "nur für diese Spende" for a consent to one donation', async () => {
    await openPage(ONE_DONATION)
    expect(details()).toMatchObject({ Name: 'Johann Gruber', Gilt: 'nur für diese Spende' })
  })

  it('withdraws the consent after the donor confirmed what that means, and then says when', async () => {
    const { user } = await openPage(UNTIL_WITHDRAWN)
    await user.click(screen.getByRole('button', { name: 'Einwilligung widerrufen' }))
    const dialog = await screen.findByRole('dialog', { name: 'Einwilligung widerrufen?' })
    expect(dialog).toHaveTextContent(/bereits gegeben haben, meldet SV Grünbach 1923 weiterhin an das Finanzamt/)
    expect(dialog).toHaveTextContent(/Spenden ab jetzt werden nicht mehr gemeldet/)
    // Cancelling changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(storedConsent(UNTIL_WITHDRAWN)?.withdrawnAt).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Einwilligung widerrufen' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Einwilligung widerrufen?' })).getByRole('button', {
        name: 'Widerrufen',
      }),
    )
    const notice = await screen.findByTestId('consent-withdrawn')
    expect(within(notice).getByRole('status')).toHaveTextContent(/^Widerrufen am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByRole('button', { name: 'Einwilligung widerrufen' })).not.toBeInTheDocument()
    // The button is gone: the notice that replaced it has the focus.
    await waitFor(() => expect(notice).toHaveFocus())
    expect(storedConsent(UNTIL_WITHDRAWN)?.withdrawnAt).toEqual(expect.any(String))
    expect(details()['Widerrufen am']).toMatch(DE_AT_DATE_TIME)
  })

  it('keeps the consent and says so when the withdrawal fails', async () => {
    const { user } = await openPage(UNTIL_WITHDRAWN)
    failOperation('withdrawTaxConsent', 503, 1)
    await user.click(screen.getByRole('button', { name: 'Einwilligung widerrufen' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Einwilligung widerrufen?' })).getByRole('button', {
        name: 'Widerrufen',
      }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(/konnte gerade nicht widerrufen werden/)
    expect(screen.getByRole('button', { name: 'Einwilligung widerrufen' })).toBeInTheDocument()
    expect(storedConsent(UNTIL_WITHDRAWN)?.withdrawnAt).toBeNull()
  })

  it('says so for a consent that does not exist', async () => {
    await openPage('gibt-es-nicht')
    expect(
      screen.getByRole('heading', { level: 1, name: 'Diese Einwilligung gibt es nicht (mehr)' }),
    ).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/')
  })
})
