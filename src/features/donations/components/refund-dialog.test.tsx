import { configure, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Donation } from '#openapi/generated/model/donation.ts'
import { Toaster } from '#src/components/layout/toaster.tsx'
import { server } from '#mocks/node.ts'
import { payByCard, seedDonation } from '#tests/utils/card-donation.ts'
import { failOperation } from '#tests/utils/mock-faults.ts'
import { renderComponent } from '#tests/utils/render.tsx'
import { RefundDialog } from './refund-dialog.tsx'

// A refund runs checkout, payment and the provider's events against the in-process mocked backend.
configure({ asyncUtilTimeout: 5000 })

interface SentRefund {
  url: string
  key: string | null
  body: unknown
}

/** Every refund request the screen sends, with its Idempotency-Key and body. */
let sent: SentRefund[] = []
const record = ({ request }: { request: Request }) => {
  if (request.method !== 'POST' || !request.url.endsWith('/refund')) return
  const copy = request.clone()
  const entry: SentRefund = { url: request.url, key: request.headers.get('Idempotency-Key'), body: undefined }
  sent.push(entry)
  void copy.json().then((body: unknown) => (entry.body = body))
}
beforeEach(() => {
  sent = []
  server.events.on('request:start', record)
})
afterEach(() => server.events.removeListener('request:start', record))

/** The list's part: a button opens the dialog for the donation, closing clears it. */
const Harness = ({ donation }: { donation: Donation }) => {
  const [open, setOpen] = useState<Donation | null>(null)
  return (
    <>
      <button type="button" onClick={() => setOpen(donation)}>
        Öffnen
      </button>
      <RefundDialog donation={open} clubName="SV Grünbach 1923" onClose={() => setOpen(null)} />
      <Toaster />
    </>
  )
}

const openDialog = async (donation: Donation) => {
  const view = await renderComponent(<Harness donation={donation} />, { signedInAs: 'verein@demo.at' })
  await view.user.click(screen.getByRole('button', { name: 'Öffnen' }))
  const dialog = await screen.findByRole('dialog', { name: 'Spende erstatten' })
  return { ...view, dialog }
}

/** A seed donation (not paid by card) shown as if it could be refunded: the backend refuses it. */
const notByCard = async (): Promise<Donation> => {
  const donation = await seedDonation()
  return { ...donation, donorName: null, campaignId: null, campaignName: null, refundableCents: donation.amountCents }
}

describe('RefundDialog', () => {
  it('offers everything that is left, says what happens, and checks amount and reason', async () => {
    const { user, dialog } = await openDialog({
      ...(await notByCard()),
      amountCents: 5000,
      refundedCents: 1000,
      refundableCents: 4000,
    })
    const amount = within(dialog).getByLabelText(/^Betrag in Euro/)
    expect(amount).toHaveValue('40,00')
    expect(dialog).toHaveTextContent('Bereits erstattet€ 10,00')
    expect(dialog).toHaveTextContent(
      'Die anonyme Spende an SV Grünbach 1923 wird über den Kartenzahlungsanbieter zurückgezahlt. Das kann nicht rückgängig gemacht werden.',
    )

    await user.clear(amount)
    await user.type(amount, '40,01')
    await user.click(within(dialog).getByRole('button', { name: 'Erstatten' }))
    expect(await within(dialog).findByText('Es können höchstens € 40,00 erstattet werden.')).toBeInTheDocument()
    expect(within(dialog).getByText('Bitte füllen Sie dieses Feld aus.')).toBeInTheDocument()

    await user.clear(amount)
    await user.type(amount, 'zehn')
    await user.type(within(dialog).getByLabelText(/^Grund/), 'ab')
    await user.click(within(dialog).getByRole('button', { name: 'Erstatten' }))
    expect(
      await within(dialog).findByText('Bitte geben Sie einen Betrag in Euro ein, z. B. 12,50.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('Bitte geben Sie mindestens 3 Zeichen ein.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
  })

  it('refunds with the body and an Idempotency-Key; a retry from the same dialog reuses the key', async () => {
    const donation = await payByCard({ amountCents: 2500 })
    failOperation('refundDonation', 500, 1)
    const { user, dialog } = await openDialog(donation)
    expect(dialog).toHaveTextContent('Die Spende von Erika Muster an „Kunstrasenplatz“ wird über den')
    const amount = within(dialog).getByLabelText(/^Betrag in Euro/)
    await user.clear(amount)
    await user.type(amount, '10,50')
    await user.type(within(dialog).getByLabelText(/^Grund/), 'Doppelt gespendet')
    await user.click(within(dialog).getByRole('button', { name: 'Erstatten' }))

    // The first attempt fails: the dialog says so and keeps the input.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('nicht doppelt erstattet')
    expect(amount).toHaveValue('10,50')
    await user.click(within(dialog).getByRole('button', { name: 'Erstatten' }))

    expect(await screen.findByText(/^Die Erstattung wurde beim Zahlungsanbieter beauftragt/)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sent).toHaveLength(2)
    expect(sent[0]!.url).toMatch(new RegExp(`/donations/${donation.id}/refund$`))
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent[1]!.key).toBe(sent[0]!.key)
    expect(sent[1]!.body).toEqual({ amountCents: 1050, reason: 'Doppelt gespendet' })

    // Opening the dialog again is another refund, with a key of its own (refused here: the donation object
    // still offers the whole amount, and the backend knows 10,50 € are gone).
    await user.click(screen.getByRole('button', { name: 'Öffnen' }))
    const again = await screen.findByRole('dialog', { name: 'Spende erstatten' })
    await user.type(within(again).getByLabelText(/^Grund/), 'Noch einmal')
    await user.click(within(again).getByRole('button', { name: 'Erstatten' }))
    await waitFor(() => expect(sent).toHaveLength(3))
    expect(sent[2]!.key).not.toBe(sent[0]!.key)
  })

  it('explains a refusal (409) in the dialog and keeps what was typed', async () => {
    const { user, dialog } = await openDialog(await notByCard())
    const amount = within(dialog).getByLabelText(/^Betrag in Euro/)
    await user.clear(amount)
    await user.type(amount, '5')
    await user.type(within(dialog).getByLabelText(/^Grund/), 'Wunsch der Spenderin')
    await user.click(within(dialog).getByRole('button', { name: 'Erstatten' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Diese Spende kann nicht (mehr) erstattet werden',
    )
    expect(amount).toHaveValue('5')
    expect(within(dialog).getByLabelText(/^Grund/)).toHaveValue('Wunsch der Spenderin')
    expect(screen.getByRole('dialog', { name: 'Spende erstatten' })).toBeInTheDocument()
  })
})
