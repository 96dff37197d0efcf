// The offline file storage keeps blobs in IndexedDB, which happy-dom lacks.
import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '#tests/utils/render.tsx'

/*
 * The receipts' signature image in "Angaben auf der Bestätigung", against the mocked backend (its real
 * rules: one SIGNATURE per club, only with the money right) and the offline file storage.
 */

// Toasts live in sonner's module-wide store: one test's toasts must not show up in the next.
afterEach(() => {
  toast.dismiss()
})
// happy-dom has no object URLs of its own; the storage hands these out as download links.
beforeEach(() => {
  let count = 0
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:http://localhost:3000/${++count}`)
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined)
})

const CLUB = 'club-sv-gruenbach'
/** Uploads go through IndexedDB with progress steps: give them more than the default second. */
const UPLOAD = { timeout: 5000 }

const fixture = (name: string, as: string, type: string) =>
  new File([readFileSync(`${process.cwd()}/tests/fixtures/${name}`)], as, { type })

const open = async () => {
  const view = await renderRoute(`/bestaetigungen/${CLUB}`, { signedInAs: 'verein@demo.at' })
  await screen.findByRole('heading', { level: 1, name: 'Spendenbestätigungen' })
  const part = await screen.findByRole('region', { name: 'Unterschrift (Bild)' })
  // The file dialog's `accept` filter is not what protects the upload, so the tests go around it.
  return { ...view, part, user: userEvent.setup({ applyAccept: false }) }
}

describe('the receipts’ signature image', () => {
  it('says that without an image the name is printed, and refuses WebP and large files in German', async () => {
    const { part, user } = await open()
    expect(await within(part).findByText('Kein Bild: Der Name wird gedruckt.')).toBeInTheDocument()
    expect(within(part).getByText(/Ohne Bild bleibt die Linie frei zum Unterschreiben/)).toBeInTheDocument()
    const input = within(part).getByLabelText(/^Bild der Unterschrift hochladen/)
    expect(within(part).getByText(/JPG oder PNG, höchstens 2 MB/)).toBeInTheDocument()

    const webp = new File([new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50])], 'u.webp', {
      type: 'image/webp',
    })
    await user.upload(input, webp)
    expect(
      await within(part).findByText('Dieser Dateityp ist nicht erlaubt. Erlaubt sind JPG oder PNG.'),
    ).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')

    const large = new Uint8Array(2 * 1024 * 1024 + 1)
    large.set(readFileSync(`${process.cwd()}/tests/fixtures/vereinslogo.png`).subarray(0, 16))
    await user.upload(input, new File([large], 'gross.png', { type: 'image/png' }))
    expect(await within(part).findByText('Die Datei ist zu groß. Erlaubt sind höchstens 2 MB.')).toBeInTheDocument()
    expect(within(part).getByText('Kein Bild: Der Name wird gedruckt.')).toBeInTheDocument()
  })

  it('uploads a PNG and shows it, and removes it after asking', async () => {
    const { part, user } = await open()
    await user.upload(
      await within(part).findByLabelText(/^Bild der Unterschrift hochladen/),
      fixture('vereinslogo.png', 'unterschrift.png', 'image/png'),
    )
    expect(await screen.findByText('Die Unterschrift wurde hochgeladen.', {}, UPLOAD)).toBeInTheDocument()
    expect(await within(part).findByRole('img', { name: 'Aktuelle Unterschrift' }, UPLOAD)).toBeInTheDocument()
    expect(within(part).getByLabelText(/^Neues Bild der Unterschrift hochladen/)).toBeInTheDocument()

    const remove = within(part).getByRole('button', { name: /^Entfernen/ })
    remove.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Bild der Unterschrift entfernen?' })
    // "Abbrechen" has the focus first: Enter never removes by accident.
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await within(part).findByText('Kein Bild: Der Name wird gedruckt.')).toBeInTheDocument()
    expect(within(part).queryByRole('button', { name: /^Entfernen/ })).toBeNull()
  })
})
