import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { DOCUMENT_RULE, IMAGE_RULE, LEGITIMATION_SCAN_RULE } from '#src/lib/file-checks.ts'
import { renderComponent } from '#tests/utils/render.tsx'
import { FileUploadField } from './file-upload-field.tsx'

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])

const setup = async (rule = LEGITIMATION_SCAN_RULE, progress: number | null = null) => {
  const onAccept = vi.fn()
  await renderComponent(<FileUploadField label="Vorderseite" rule={rule} onAccept={onAccept} progress={progress} />)
  return { onAccept, user: userEvent.setup({ applyAccept: false }), input: screen.getByLabelText('Vorderseite') }
}

describe('FileUploadField', () => {
  it('passes a checked JPEG on with its proven type', async () => {
    const { onAccept, user, input } = await setup()
    const file = new File([JPEG], 'scan.jpg')
    await user.upload(input, file)
    expect(onAccept).toHaveBeenCalledWith({ file, contentType: 'image/jpeg' })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says why a file is refused, in German, and passes nothing on', async () => {
    const { onAccept, user, input } = await setup()
    await user.upload(input, new File([PNG], 'scan.jpg', { type: 'image/jpeg' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Datei ist kein echtes JPG-Bild, auch wenn sie so heißt. Nur .JPG-Dateien sind erlaubt.',
    )
    await user.upload(input, new File([JPEG], 'scan.pdf'))
    expect(await screen.findByRole('alert')).toHaveTextContent('Nur .JPG-Dateien sind erlaubt.')
    await user.upload(input, new File([], 'leer.jpg'))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Datei ist leer. Bitte wählen Sie eine andere Datei.',
    )
    await user.upload(input, new File([new Uint8Array(LEGITIMATION_SCAN_RULE.maxBytes + 1)], 'gross.jpg'))
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Datei ist zu groß. Erlaubt sind höchstens 10 MB.')
    expect(onAccept).not.toHaveBeenCalled()
    expect(input).toHaveAttribute('aria-invalid', 'true')

    // A good file afterwards clears the message.
    await user.upload(input, new File([JPEG], 'scan.jpeg'))
    expect(onAccept).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('names the allowed types for documents and images', async () => {
    const { user, input } = await setup(DOCUMENT_RULE)
    expect(screen.getByText('PDF, JPG oder PNG, höchstens 10 MB.')).toBeInTheDocument()
    await user.upload(input, new File([JPEG], 'brief.docx'))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Dateityp ist nicht erlaubt. Erlaubt sind PDF, JPG oder PNG.',
    )
  })

  it('shows the upload progress and blocks a second choice meanwhile', async () => {
    await setup(IMAGE_RULE, 0.4)
    const bar = screen.getByRole('progressbar', { name: 'Fortschritt beim Hochladen' })
    expect(bar).toHaveAttribute('aria-valuenow', '40')
    expect(screen.getByText('40 %')).toBeInTheDocument()
    // Blocked, but it keeps the focus: `aria-disabled`, not `disabled` (which drops the focus to the page).
    const input = screen.getByLabelText('Vorderseite')
    expect(input).toHaveAttribute('aria-disabled', 'true')
    expect(input).toBeEnabled()
  })
})
