import { configure, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedAccounts, seedClubs, seedReceipts } from '#adapters/demo-seed/seed-accounts.ts'
import type { Donation } from '#openapi/generated/model/donation.ts'
import { backend, server } from '#mocks/node.ts'
import { Toaster } from '#src/components/layout/toaster.tsx'
import { callBackend, issueReceipt, payByCard } from '#tests/utils/card-donation.ts'
import { renderComponent } from '#tests/utils/render.tsx'
import { ReceiptDialog } from './receipt-dialog.tsx'

// Issuing renders and archives a PDF in the in-process mocked backend; a busy machine takes its time.
configure({ asyncUtilTimeout: 8000 })

/** Who issues: the volume club's chair, whose club role may manage money. */
const TREASURER = 'verein@demo.at'

const ADMIN = seedAccounts.admin.email

const ADDRESS = { name: 'Erika Muster', street: 'Herrengasse 7', postalCode: '1010', city: 'Wien', country: 'AT' }

/** Every receipt request the dialog sends, with its body. */
let sent: Array<{ url: string; body: unknown }> = []
const record = ({ request }: { request: Request }) => {
  if (request.method !== 'POST' || !request.url.endsWith('/receipt')) return
  const entry: { url: string; body: unknown } = { url: request.url, body: undefined }
  sent.push(entry)
  void request
    .clone()
    .json()
    .then((body: unknown) => (entry.body = body))
}
beforeEach(() => {
  sent = []
  server.events.on('request:start', record)
})
afterEach(() => server.events.removeListener('request:start', record))

/** A call to the mocked backend (the test's setup, past the screen); as the club's chair unless `as` says. */
const callApi = (
  method: string,
  path: string,
  body?: unknown,
  { as = TREASURER, headers = {} }: { as?: string; headers?: Record<string, string> } = {},
) => callBackend(method, path, { as, body, headers })

/** The list's part: a button opens the dialog for the donation, closing clears it. */
const Harness = ({ donation }: { donation: Donation }) => {
  const [open, setOpen] = useState<Donation | null>(null)
  return (
    <>
      <button type="button" onClick={() => setOpen(donation)}>
        Öffnen
      </button>
      {open && <ReceiptDialog donation={open} onClose={() => setOpen(null)} />}
      <Toaster />
    </>
  )
}

const openDialog = async (donation: Donation) => {
  const view = await renderComponent(<Harness donation={donation} />, { signedInAs: TREASURER })
  await view.user.click(screen.getByRole('button', { name: 'Öffnen' }))
  const dialog = await screen.findByRole('dialog', { name: 'Spendenbestätigung ausstellen' })
  return { ...view, dialog }
}

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label)
const issueButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Bestätigung ausstellen' })

describe('ReceiptDialog', () => {
  it('opens with the name and address the donor asked for, and issues the receipt with them', async () => {
    const donation = await payByCard({ donorName: 'Erika Muster', receipt: ADDRESS, leftToTheClub: true })
    const { user, dialog } = await openDialog(donation)
    expect(field(dialog, /^Name/)).toHaveValue('Erika Muster')
    expect(field(dialog, /^Straße und Hausnummer/)).toHaveValue('Herrengasse 7')
    expect(field(dialog, /^PLZ/)).toHaveValue('1010')
    expect(field(dialog, /^Ort/)).toHaveValue('Wien')
    expect(field(dialog, /^Land/)).toHaveValue('AT')
    expect(dialog).toHaveTextContent('beim Spenden für die Bestätigung angegeben')

    await user.click(issueButton(dialog))
    expect(await screen.findByText(/^Spendenbestätigung \d{4}-\d{6} ausgestellt$/)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sent).toHaveLength(1)
    expect(sent[0]!.url).toMatch(new RegExp(`/donations/${donation.id}/receipt$`))
    expect(sent[0]!.body).toEqual({ donor: ADDRESS, replacesId: null })
  })

  it('starts with the donor’s name and Austria without an address, and asks for every field in German', async () => {
    const donation = await payByCard({ donorName: 'Max Mustermann' })
    const { user, dialog } = await openDialog(donation)
    expect(field(dialog, /^Name/)).toHaveValue('Max Mustermann')
    expect(field(dialog, /^Straße und Hausnummer/)).toHaveValue('')
    // The country list arrives: Austria chosen, the others to choose from.
    await waitFor(() =>
      expect(within(field(dialog, /^Land/)).getByRole('option', { name: 'Deutschland' })).toBeInTheDocument(),
    )
    expect(field(dialog, /^Land/)).toHaveValue('AT')
    expect(within(field(dialog, /^Land/)).getByRole('option', { selected: true })).toHaveTextContent('Österreich')

    await user.clear(field(dialog, /^Name/))
    await user.click(issueButton(dialog))
    expect(
      await within(dialog).findByText('Bitte geben Sie den Namen ein, auf den die Bestätigung lautet.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('Bitte geben Sie Straße und Hausnummer ein.')).toBeInTheDocument()
    expect(within(dialog).getByText('Bitte geben Sie die Postleitzahl ein.')).toBeInTheDocument()
    expect(within(dialog).getByText('Bitte geben Sie den Ort ein.')).toBeInTheDocument()
    expect(field(dialog, /^Name/)).toHaveFocus()
    expect(sent).toHaveLength(0)

    await user.type(field(dialog, /^Name/), '  Max   Mustermann ')
    await user.type(field(dialog, /^Straße und Hausnummer/), 'Marktplatz 1')
    await user.type(field(dialog, /^PLZ/), '80331')
    await user.type(field(dialog, /^Ort/), 'München')
    await user.selectOptions(field(dialog, /^Land/), 'DE')
    await user.click(issueButton(dialog))
    await waitFor(() => expect(sent).toHaveLength(1))
    await waitFor(() =>
      expect(sent[0]!.body).toEqual({
        donor: {
          name: 'Max   Mustermann',
          street: 'Marktplatz 1',
          postalCode: '80331',
          city: 'München',
          country: 'DE',
        },
        replacesId: null,
      }),
    )
  })
})

describe('ReceiptDialog: why no receipt could be issued (409), in German, keeping what was typed', () => {
  const expectRefusal = async (donation: Donation, message: string) => {
    // Only the dialog's own request counts (a setup may have issued one).
    sent = []
    const { user, dialog } = await openDialog(donation)
    await user.type(field(dialog, /^Straße und Hausnummer/), 'Herrengasse 7')
    await user.type(field(dialog, /^PLZ/), '1010')
    await user.type(field(dialog, /^Ort/), 'Wien')
    await user.click(issueButton(dialog))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Keine Bestätigung ausgestellt')
    expect(alert).toHaveTextContent(message)
    expect(screen.getByRole('dialog', { name: 'Spendenbestätigung ausstellen' })).toBeInTheDocument()
    expect(field(dialog, /^Name/)).toHaveValue(donation.donorName)
    expect(field(dialog, /^Straße und Hausnummer/)).toHaveValue('Herrengasse 7')
    expect(field(dialog, /^PLZ/)).toHaveValue('1010')
    expect(field(dialog, /^Ort/)).toHaveValue('Wien')
    expect(sent).toHaveLength(1)
  }

  it('a receipt exists already (issued meanwhile elsewhere)', async () => {
    const donation = await payByCard()
    // Issued by the administration meanwhile.
    await issueReceipt(donation.id, ADDRESS, ADMIN)
    await expectRefusal(donation, 'Für diese Spende gibt es bereits eine Bestätigung.')
  })

  it('the donation was refunded in full', async () => {
    const donation = await payByCard({ amountCents: 3000 })
    await callApi(
      'POST',
      `/donations/${donation.id}/refund`,
      { amountCents: 3000, reason: 'Doppelt gespendet' },
      { headers: { 'Idempotency-Key': crypto.randomUUID() } },
    )
    await backend.payments.delivered()
    await expectRefusal(
      { ...donation, status: 'REFUNDED', refundedCents: 3000, refundableCents: 0 },
      'Die Spende wurde erstattet: Es gibt nichts zu bestätigen.',
    )
  })

  it('the club was not on the BMF list on the donation’s day', async () => {
    const donation = await payByCard()
    backend.store.transact((tx) => tx.delete('taxStatus', seedClubs.volume))
    await expectRefusal(
      donation,
      'Der Verein war am Tag der Spende nicht spendenbegünstigt (BMF-Liste): Eine Spendenbestätigung ist nicht möglich.',
    )
  })

  it('the German club’s exemption notice is more than five years old', async () => {
    // Thomas Reindl's donation to the seed's German club (its seat in Passau).
    const list = (await callApi('GET', `/donations/club/${seedClubs.german}?size=50`)) as { items: Donation[] }
    const seeded = list.items.find((item) => item.id === seedReceipts.germanReindlDonationId)!
    // The address is typed in the dialog, as for a donor who asked for none.
    const donation = { ...seeded, receiptAddress: null }
    await callApi('PUT', `/club/${seedClubs.german}/receipt-settings`, {
      place: 'Passau',
      signerName: 'Maria Muster',
      signerRole: 'Vorsitzende',
      germany: {
        purposes: 'Förderung des Sports',
        exemption: {
          kind: 'FREISTELLUNGSBESCHEID',
          taxOffice: 'Finanzamt Passau',
          taxNumber: '153/270/51234',
          issuedOn: '2015-03-01',
          lastPeriod: '2013',
        },
      },
    })
    await expectRefusal(
      donation,
      'Der Freistellungsbescheid ist älter als fünf Jahre (ein Bescheid nach § 60a AO drei): Es darf keine Zuwendungsbestätigung ausgestellt werden.',
    )
  })
})
