import { useLingui } from '@lingui/react/macro'
import { useRef, useState, type ReactNode } from 'react'
import type { TextImport } from '#openapi/generated/model/textImport.ts'
import { importBpkAnswerBodyContentMax, importBpkAnswerBodyFileNameMax } from '#openapi/generated/zod/tax/tax.zod.ts'
import { Button } from '#src/components/ui/button.tsx'
import { TextField } from '#src/components/ui/field.tsx'

interface FileImportFormProps {
  /** The file input's label ("Antwort des bPK-Service (CSV)"). */
  label: string
  /** What the picker offers (".csv"). */
  accept: string
  hint: ReactNode
  /** The button, also the form's name ("bPK-Antwort importieren"). */
  submitLabel: string
  pending: boolean
  /** Sends the file; resolves with the message to show under the input when it was refused, else null. */
  onImport: (file: TextImport) => Promise<string | null>
  /** What the last import said, below the form. */
  result?: ReactNode
}

/**
 * A text file the person picks (the bPK service's answer, the tax office's protocol), read in the browser
 * and sent as `{fileName, content}`. A file larger than the contract takes (1 MB) is refused before it is
 * sent, with the way out: a large bPK answer is imported in parts. What the backend finds wrong with the
 * file stands under the input, where the person picks another.
 */
export const FileImportForm = ({
  label,
  accept,
  hint,
  submitLabel,
  pending,
  onImport,
  result,
}: FileImportFormProps) => {
  const { t } = useLingui()
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [reading, setReading] = useState(false)

  const submit = async () => {
    const file = input.current?.files?.[0]
    if (!file) {
      setError(t`Bitte wählen Sie eine Datei aus.`)
      input.current?.focus()
      return
    }
    // Bytes, not characters: a file within the limit in bytes is within it in characters too.
    if (file.size > importBpkAnswerBodyContentMax) {
      setError(
        t`Die Datei ist größer als 1 MB und kann nicht importiert werden. Teilen Sie sie auf und importieren Sie die Teile nacheinander.`,
      )
      input.current?.focus()
      return
    }
    setReading(true)
    setError(null)
    try {
      const content = await file.text()
      if (content.trim() === '') {
        setError(t`Die Datei ist leer.`)
        input.current?.focus()
        return
      }
      const refusal = await onImport({ fileName: file.name.slice(0, importBpkAnswerBodyFileNameMax), content })
      setError(refusal)
      if (refusal) input.current?.focus()
      else if (input.current) input.current.value = ''
    } catch {
      setError(t`Die Datei konnte nicht gelesen werden. Bitte wählen Sie sie erneut aus.`)
    } finally {
      setReading(false)
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <form
        noValidate
        aria-label={submitLabel}
        className="flex flex-col items-start gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <TextField
          ref={input}
          type="file"
          label={label}
          accept={accept}
          hint={hint}
          error={error ?? undefined}
          containerClassName="w-full max-w-xl"
          onChange={() => setError(null)}
        />
        <Button type="submit" variant="secondary" pending={pending || reading}>
          {submitLabel}
        </Button>
      </form>
      {/* There before the answer, so that screen readers announce what the import found. */}
      <div aria-live="polite">{result}</div>
    </div>
  )
}
