// The offline file storage keeps blobs in IndexedDB, which happy-dom lacks.
import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StorageError, getFileStorage } from '#src/lib/storage/file-storage.ts'
import { failOperation } from '#tests/utils/mock-faults.ts'
import { renderRoute } from '#tests/utils/render.tsx'

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

/** Uploads go through IndexedDB with progress steps: give them more than the default second. */
const UPLOAD = { timeout: 5000 }

const fixture = (name: string, type = 'application/pdf') =>
  new File([readFileSync(`${process.cwd()}/tests/fixtures/${name}`)], name, { type })

const open = async (clubId = 'club-su-leoben', email = 'neu@demo.at') => {
  const view = await renderRoute(`/club/${clubId}/true`, { signedInAs: email })
  await screen.findByRole('heading', { level: 1, name: 'Vereinsdaten bearbeiten' })
  // The sections below the form load after it.
  await screen.findByRole('region', { name: 'Weitere Dokumente' })
  return { ...view, user: userEvent.setup({ applyAccept: false }) }
}

const documents = () => screen.getByRole('region', { name: 'Dokumente' })
const saveDocuments = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(within(documents()).getByRole('button', { name: 'Dokumente speichern' }))

describe('documents: SPEND 2 form and deductibility notice', () => {
  it('requires both documents before saving, keeping the one chosen', async () => {
    const { user } = await open()
    await saveDocuments(user)
    expect(await within(documents()).findByText('Es müssen beide Dokumente hochgeladen werden')).toBeInTheDocument()
    expect(within(documents()).getAllByText('Bitte wählen Sie dieses Dokument aus.')).toHaveLength(2)

    await user.upload(within(documents()).getByLabelText(/^SPEND 2-Formular/), fixture('spend2-formular.pdf'))
    expect(
      await within(documents()).findByRole('button', { name: 'Auswahl entfernen spend2-formular.pdf' }),
    ).toBeInTheDocument()
    await saveDocuments(user)
    expect(await within(documents()).findByText('Es müssen beide Dokumente hochgeladen werden')).toBeInTheDocument()
    expect(within(documents()).getAllByText('Bitte wählen Sie dieses Dokument aus.')).toHaveLength(1)
    expect(
      within(documents()).getByRole('button', { name: 'Auswahl entfernen spend2-formular.pdf' }),
    ).toBeInTheDocument()
  })

  it('refuses a file that is not a PDF, JPG or PNG', async () => {
    const { user } = await open()
    await user.upload(
      within(documents()).getByLabelText(/^Bescheid über die Spendenbegünstigung/),
      new File(['nur Text'], 'bescheid.pdf', { type: 'application/pdf' }),
    )
    expect(
      await within(documents()).findByText(
        'Der Inhalt der Datei passt nicht zu ihrer Endung. Erlaubt sind PDF, JPG oder PNG.',
      ),
    ).toBeInTheDocument()
  })

  it('uploads and records both documents together', async () => {
    const { user } = await open()
    await user.upload(within(documents()).getByLabelText(/^SPEND 2-Formular/), fixture('spend2-formular.pdf'))
    await user.upload(
      within(documents()).getByLabelText(/^Bescheid über die Spendenbegünstigung/),
      fixture('bescheid-spendenbeguenstigung.pdf'),
    )
    await saveDocuments(user)
    expect(await screen.findAllByText('Dokumente wurden gespeichert', {}, UPLOAD)).not.toHaveLength(0)
    await waitFor(() =>
      expect(within(documents()).queryByText(/wird beim Speichern hochgeladen/)).not.toBeInTheDocument(),
    )
    expect(await within(documents()).findByRole('link', { name: 'Ansehen spend2-formular.pdf' })).toBeInTheDocument()
    expect(
      within(documents()).getByRole('link', { name: 'Ansehen bescheid-spendenbeguenstigung.pdf' }),
    ).toBeInTheDocument()
  })

  it('reports a failed save with "Fehler beim Speichern des Dokuments" and keeps the selection', async () => {
    failOperation('addClubDocument', 500, 1)
    const { user } = await open()
    await user.upload(within(documents()).getByLabelText(/^SPEND 2-Formular/), fixture('spend2-formular.pdf'))
    await user.upload(
      within(documents()).getByLabelText(/^Bescheid über die Spendenbegünstigung/),
      fixture('bescheid-spendenbeguenstigung.pdf'),
    )
    await saveDocuments(user)
    expect(await screen.findAllByText('Fehler beim Speichern des Dokuments', {}, UPLOAD)).not.toHaveLength(0)
    expect(
      within(documents()).getByRole('button', { name: 'Auswahl entfernen spend2-formular.pdf' }),
    ).toBeInTheDocument()
    expect(within(documents()).getAllByText(/wird beim Speichern hochgeladen/)).toHaveLength(2)
  })

  it('says in German that the server has no room when its storage is full (507), and keeps the selection', async () => {
    // The server's storage answers 507 insufficient-storage (src/lib/storage/server-storage.ts maps it).
    vi.spyOn(getFileStorage(), 'upload').mockRejectedValue(
      new StorageError('quota-exceeded', 'The server’s file storage is full; nothing was kept.'),
    )
    const { user } = await open()
    await user.upload(within(documents()).getByLabelText(/^SPEND 2-Formular/), fixture('spend2-formular.pdf'))
    await user.upload(
      within(documents()).getByLabelText(/^Bescheid über die Spendenbegünstigung/),
      fixture('bescheid-spendenbeguenstigung.pdf'),
    )
    await saveDocuments(user)
    const message = 'Auf dem Server ist derzeit kein Speicherplatz frei. Bitte versuchen Sie es später erneut.'
    expect((await screen.findAllByText(message, {}, UPLOAD)).length).toBeGreaterThan(0)
    expect(
      within(documents()).getByRole('button', { name: 'Auswahl entfernen spend2-formular.pdf' }),
    ).toBeInTheDocument()
    expect(within(documents()).getAllByText(/wird beim Speichern hochgeladen/)).toHaveLength(2)
  })
})

describe('gallery and other documents', () => {
  it('lists images with a preview link and deletes one after confirmation', async () => {
    const { user } = await open('club-sv-gruenbach', 'verein@demo.at')
    const gallery = screen.getByRole('region', { name: 'Bilder' })
    const list = await within(gallery).findByRole('list', { name: 'Bilder' })
    const before = within(list).getAllByRole('listitem').length
    const first = within(list).getAllByRole('listitem')[0]!
    const name = within(first).getAllByRole('paragraph')[0]!.textContent ?? ''
    await user.click(within(first).getByRole('button', { name: new RegExp(`^Löschen`) }))
    const dialog = await screen.findByRole('dialog', { name: 'Datei löschen?' })
    expect(within(dialog).getByText(new RegExp(name.replace('.', '\\.')))).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }))
    expect(await screen.findAllByText(`„${name}“ wurde gelöscht`)).not.toHaveLength(0)
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(before - 1))
  })

  it('adds another document and lists it with a link', async () => {
    const { user } = await open()
    const other = screen.getByRole('region', { name: 'Weitere Dokumente' })
    expect(await within(other).findByText('Noch keine weiteren Dokumente hochgeladen.')).toBeInTheDocument()
    await user.upload(within(other).getByLabelText(/^Dokument hinzufügen/), fixture('statuten.pdf'))
    expect(await screen.findAllByText('Dokument wurde hochgeladen', {}, UPLOAD)).not.toHaveLength(0)
    expect(await within(other).findByRole('link', { name: 'Öffnen statuten.pdf' })).toBeInTheDocument()
  })
})
