// The offline file storage keeps blobs in IndexedDB, which happy-dom lacks.
import 'fake-indexeddb/auto'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '#tests/utils/render.tsx'
import { StorageError, getFileStorage } from '#src/lib/storage/file-storage.ts'

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

const CLUB = 'club-su-leoben'
/** Uploads go through IndexedDB with progress steps: give them more than the default second. */
const UPLOAD = { timeout: 5000 }

const fixture = (name: string, as = name, type = '') =>
  new File([readFileSync(`${process.cwd()}/tests/fixtures/${name}`)], as, { type })

const open = async () => {
  const view = await renderRoute(`/club/${CLUB}/true`, { signedInAs: 'neu@demo.at' })
  await screen.findByRole('heading', { level: 1, name: 'Vereinsdaten bearbeiten' })
  // The file dialog's `accept` filter is not what protects the upload, so the tests go around it.
  return { ...view, user: userEvent.setup({ applyAccept: false }) }
}

const contact = () => screen.getByRole('region', { name: 'Kontaktperson für die Legitimation' })

describe('legitimation scans', () => {
  it('refuses a PNG named .jpg by its content, with a German message, and loses nothing typed', async () => {
    const { user } = await open()
    const phone = within(contact()).getByLabelText(/^Telefonnummer/)
    await user.type(phone, '+43 660 1234567')

    const front = within(contact()).getByLabelText(/^Vorderseite/)
    await user.upload(front, fixture('ausweis-kein-jpeg.jpg', 'ausweis.jpg', 'image/jpeg'))
    expect(
      await screen.findByText(
        'Die Datei ist kein echtes JPG-Bild, auch wenn sie so heißt. Nur .JPG-Dateien sind erlaubt.',
      ),
    ).toBeInTheDocument()
    expect(front).toHaveAttribute('aria-invalid', 'true')
    expect(phone).toHaveValue('+43 660 1234567')
    expect(within(contact()).getAllByText('Noch keine Datei hochgeladen.')).toHaveLength(2)
  })

  it('refuses a real image without a .jpg name', async () => {
    const { user } = await open()
    const back = within(contact()).getByLabelText(/^Rückseite/)
    await user.upload(back, fixture('vereinslogo.png', 'rueckseite.png', 'image/png'))
    expect(
      await screen.findByText(
        'Nur .JPG-Dateien sind erlaubt. Bitte wählen Sie ein Foto oder einen Scan im JPG-Format.',
      ),
    ).toBeInTheDocument()
  })

  it('shows the server’s refusal in German when the storage refuses a file the browser let through', async () => {
    // The server checks every upload by its content again (server/files): a client that skipped the
    // browser's check gets its answer, and the screen says what to do instead of a bare failure.
    vi.spyOn(getFileStorage(), 'upload').mockRejectedValue(
      new StorageError('content-mismatch', 'file-content-mismatch'),
    )
    const { user } = await open()
    const front = within(contact()).getByLabelText(/^Vorderseite/)
    await user.upload(front, fixture('ausweis-vorderseite.jpg', 'ausweis.jpg', 'image/jpeg'))
    const message =
      'Der Server hat die Datei abgelehnt: Ihr Inhalt passt nicht zu ihrer Endung (zum Beispiel ein PNG-Bild, das in .jpg umbenannt wurde). Bitte wählen Sie die Originaldatei.'
    expect(await screen.findAllByText(message)).toHaveLength(2)
    expect(front).toHaveAttribute('aria-invalid', 'true')
    expect(within(contact()).getAllByText('Noch keine Datei hochgeladen.')).toHaveLength(2)
  })

  it('uploads a real JPEG named .JPG and records it as the front side', async () => {
    const { user } = await open()
    const front = within(contact()).getByLabelText(/^Vorderseite/)
    await user.upload(front, fixture('ausweis-vorderseite.jpg', 'ausweis-vorderseite.JPG', 'image/jpeg'))
    expect(await screen.findAllByText('Vorderseite wurde hochgeladen', {}, UPLOAD)).not.toHaveLength(0)
    expect(await within(contact()).findByRole('link', { name: 'Ansehen ausweis-vorderseite.JPG' })).toBeInTheDocument()
    expect(within(contact()).getAllByText('Noch keine Datei hochgeladen.')).toHaveLength(1)
  })
})
