import { Trans } from '@lingui/react/macro'
import { useId, useState, type ChangeEvent, type ReactNode } from 'react'
import { buttonClasses } from '#src/components/ui/button.tsx'
import { FieldFrame } from '#src/components/ui/field.tsx'
import { acceptAttribute, checkFile, type FileRule } from '#src/lib/file-checks.ts'
import { cn } from '#src/lib/cn.ts'
import { fileCheckMessage, fileRuleHint } from './file-check-message.ts'
import { UploadProgress } from './upload-progress.tsx'

export interface AcceptedFile {
  file: File
  /** The MIME type the content proved (not what the browser guessed from the name). */
  contentType: string
}

export interface FileUploadFieldProps {
  label: ReactNode
  rule: FileRule
  /** Called with a file that passed the extension, content and size checks. */
  onAccept: (accepted: AcceptedFile) => void
  /** 0…1 while the parent uploads; the picker takes no file meanwhile. */
  progress?: number | null | undefined
  /** The name shown next to the progress bar. */
  progressName?: string | undefined
  /** An error from outside (e.g. a rule across fields); a refused file's message wins. */
  error?: string | undefined
  /** Replaces the default hint (allowed types and size). */
  hint?: ReactNode
  required?: boolean
  /** Nothing can be chosen at all (e.g. read-only for staff). */
  disabled?: boolean
  /**
   * The parent is still working on the last file (recording it, replacing the old one): no new file is
   * taken, but the picker keeps the focus (see `busy` below).
   */
  busy?: boolean
  /** What is stored or chosen now, shown above the picker. */
  children?: ReactNode
  className?: string
}

/**
 * A labelled native file picker (keyboard, screen readers and phones handle it best) that checks the chosen
 * file by extension, content (magic bytes) and size before anyone uploads it, and says in German why a file
 * was refused. A refusal touches nothing else: whatever was stored or chosen before stays.
 */
export const FileUploadField = ({
  label,
  rule,
  onAccept,
  progress,
  progressName,
  error,
  hint,
  required,
  disabled,
  busy: parentBusy = false,
  children,
  className,
}: FileUploadFieldProps) => {
  const id = useId()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)
  const uploading = progress !== null && progress !== undefined
  // While a file is checked or uploaded the picker is `aria-disabled`, not `disabled`: a disabled input
  // drops the focus to the page, and whoever chose the file by keyboard would start again from the top.
  const busy = parentBusy || uploading || checking
  const inactive = Boolean(disabled) || busy
  const invalid = Boolean(refusal ?? error)

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    // Cleared so choosing the same file again (after fixing it) fires a change again.
    input.value = ''
    if (!file || busy) return
    setChecking(true)
    try {
      const result = await checkFile(file, rule)
      if (!result.ok) {
        setRefusal(fileCheckMessage(result.reason, rule))
        return
      }
      setRefusal(null)
      onAccept({ file, contentType: result.contentType })
    } finally {
      setChecking(false)
    }
  }

  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      error={refusal ?? error}
      hint={hint ?? fileRuleHint(rule)}
      className={className}
    >
      {children}
      {/* The native input covers the styled area (transparent), so clicking, keyboard, screen readers and
          dropping a file all reach the real control; the visible text is German whatever the browser's UI
          language (Chromium would say "Choose File"). */}
      <div
        className={cn(
          'relative flex min-h-14 flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-dashed bg-white px-3 py-2',
          'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
          inactive ? 'opacity-60' : 'hover:bg-slate-50',
          invalid ? 'border-red-600' : 'border-slate-400',
        )}
      >
        <span aria-hidden="true" className={buttonClasses('secondary', 'sm', 'pointer-events-none')}>
          <Trans>Datei auswählen</Trans>
        </span>
        <span aria-hidden="true" className="text-sm text-slate-600">
          {checking ? <Trans>Datei wird geprüft …</Trans> : <Trans>oder hierher ziehen</Trans>}
        </span>
        <input
          id={id}
          type="file"
          accept={acceptAttribute(rule)}
          disabled={disabled}
          aria-disabled={busy || undefined}
          // Busy: no file dialog (click, Enter, Space) and no dropped file.
          onClick={busy ? (event) => event.preventDefault() : undefined}
          onDrop={busy ? (event) => event.preventDefault() : undefined}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-error` : `${id}-hint`}
          aria-required={required || undefined}
          onChange={(event) => void onChange(event)}
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed aria-disabled:cursor-not-allowed"
        />
      </div>
      {uploading && <UploadProgress value={progress} name={progressName} />}
    </FieldFrame>
  )
}
