// The offline storage adapter keeps uploads in IndexedDB, which happy-dom lacks.
import 'fake-indexeddb/auto'
import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { failOperation } from '#tests/utils/mock-faults.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const png = (name = 'neues-logo.png', size = 2048) => {
  const bytes = new Uint8Array(size)
  bytes.set(PNG_HEAD)
  return new File([bytes], name, { type: 'image/png' })
}
const svg = () =>
  new File(
    [
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>',
    ],
    'logo.svg',
    {
      type: 'image/svg+xml',
    },
  )

const open = async () => {
  const view = await renderRoute('/admin?tab=logo', { signedInAs: 'admin@demo.at' })
  await screen.findByText('vereinsportal-logo.svg')
  return { ...view, picker: screen.getByLabelText('Bilddatei') }
}

describe('App logo', () => {
  it('refuses files that are not a PNG, JPG, WebP or SVG image of at most 1 MB', async () => {
    const { user, picker } = await open()
    await user.upload(picker, new File(['kein Bild'], 'logo.png', { type: 'image/png' }))
    await waitFor(() => expect(picker).toHaveAccessibleDescription(/Der Inhalt der Datei passt nicht zu ihrer Endung/))
    await user.upload(picker, png('riesig.png', 1024 * 1024 + 1))
    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription('Die Datei ist zu groß. Erlaubt sind höchstens 1 MB.'),
    )
    // (The picker's accept filter would hide a .gif; the check still refuses one chosen anyway.)
    await user.upload(picker, new File(['GIF89a'], 'logo.gif', { type: 'image/png' }))
    await waitFor(() => expect(picker).toHaveAccessibleDescription(/Dieser Dateityp ist nicht erlaubt/))
    expect(screen.queryByRole('img', { name: 'Vorschau des neuen Logos' })).not.toBeInTheDocument()
  })

  it('previews and replaces the logo, which the shell then shows', async () => {
    const { user, picker } = await open()
    // The shell shows the seeded logo first.
    await waitFor(() =>
      expect(screen.getByTestId('app-logo-image')).toHaveAttribute(
        'src',
        expect.stringContaining('seed-files/app-logo.svg'),
      ),
    )
    await user.upload(picker, png())
    expect(await screen.findByRole('img', { name: 'Vorschau des neuen Logos' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Als neues Logo speichern' }))
    expect(await screen.findByText('Das Logo wurde gespeichert und erscheint jetzt im Portal.')).toBeInTheDocument()
    expect(await screen.findByText('neues-logo.png')).toBeInTheDocument()
    // The shell's logo (the only image marked as such; the section's own picture is "Aktuelles Logo").
    await waitFor(() =>
      expect(screen.getByTestId('app-logo-image')).not.toHaveAttribute(
        'src',
        expect.stringContaining('seed-files/app-logo.svg'),
      ),
    )
    // The header link keeps the portal's name as its accessible name.
    expect(screen.getByRole('link', { name: 'Vereinsportal' })).toContainElement(screen.getByTestId('app-logo-image'))
  })

  it('accepts an SVG logo', async () => {
    const { user, picker } = await open()
    await user.upload(picker, svg())
    expect(await screen.findByRole('img', { name: 'Vorschau des neuen Logos' })).toBeInTheDocument()
  })

  it('keeps the chosen file and says so when saving fails', async () => {
    failOperation('replaceAppLogo', 500)
    const { user, picker } = await open()
    await user.upload(picker, png())
    await user.click(await screen.findByRole('button', { name: 'Als neues Logo speichern' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Fehler beim Speichern des Logos')
    expect(screen.getByRole('img', { name: 'Vorschau des neuen Logos' })).toBeInTheDocument()
    expect(screen.getByText('vereinsportal-logo.svg')).toBeInTheDocument()
  })

  it('removes the logo after a keyboard-operated confirmation', async () => {
    const { user } = await open()
    screen.getByRole('button', { name: 'Logo entfernen' }).focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('dialog', { name: 'Logo entfernen?' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('vereinsportal-logo.svg')).toBeInTheDocument()

    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Logo entfernen?' })
    await user.click(within(dialog).getByRole('button', { name: 'Logo entfernen' }))
    expect(await screen.findByText('Das Logo wurde entfernt.')).toBeInTheDocument()
    expect(await screen.findByText('Es ist kein Logo hinterlegt.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByTestId('app-logo-image')).not.toBeInTheDocument())

    // Without a logo, a new one is created (POST) rather than replaced.
    await user.upload(screen.getByLabelText('Bilddatei'), png('erstes-logo.png'))
    await user.click(await screen.findByRole('button', { name: 'Als Logo speichern' }))
    expect(await screen.findByText('erstes-logo.png')).toBeInTheDocument()
    expect(await screen.findByTestId('app-logo-image')).toBeInTheDocument()
  })
})
