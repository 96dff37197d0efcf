import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import type { StoredFile } from '#openapi/generated/model/storedFile.ts'
import { Button } from '#src/components/ui/button.tsx'
import { ConfirmDialog } from '#src/components/ui/dialog.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { formatFileSize } from '#src/lib/file-checks.ts'
import { formatDate } from '#src/lib/format.ts'
import { useDownloadUrl } from './use-file-storage.ts'

interface FileListProps {
  files: readonly StoredFile[]
  /** Names the list for assistive technology ("Bilder", "Weitere Dokumente"). */
  label: string
  /** Thumbnails for image lists. */
  showPreview?: boolean
  /** Deleting asks first; the promise settles when the file is gone (or failed, with the caller's toast). */
  onDelete?: (file: StoredFile) => Promise<unknown>
  emptyText: ReactNode
}

/** Stored files with a preview/download link and delete-with-confirmation. */
export const FileList = ({ files, label, showPreview = false, onDelete, emptyText }: FileListProps) => {
  const { t } = useLingui()
  const [toDelete, setToDelete] = useState<StoredFile | null>(null)
  const [deleting, setDeleting] = useState(false)

  if (files.length === 0) return <EmptyState title={emptyText} />

  const confirmDelete = async () => {
    if (!toDelete || !onDelete) return
    setDeleting(true)
    try {
      await onDelete(toDelete)
      setToDelete(null)
    } catch {
      // The caller reported the failure; the dialog closes and the file stays listed.
      setToDelete(null)
    } finally {
      setDeleting(false)
    }
  }

  const name = toDelete?.name ?? ''
  return (
    <>
      <ul
        aria-label={label}
        className={showPreview ? 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3' : 'flex flex-col divide-y divide-slate-200'}
      >
        {files.map((file) => (
          <FileRow
            key={file.id}
            file={file}
            showPreview={showPreview}
            onDelete={onDelete ? () => setToDelete(file) : undefined}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !deleting) setToDelete(null)
        }}
        title={t`Datei löschen?`}
        description={t`„${name}“ wird endgültig gelöscht. Das kann nicht rückgängig gemacht werden.`}
        confirmLabel={t`Löschen`}
        destructive
        pending={deleting}
        onConfirm={() => void confirmDelete()}
      />
    </>
  )
}

const FileRow = ({
  file,
  showPreview,
  onDelete,
}: {
  file: StoredFile
  showPreview: boolean
  onDelete: (() => void) | undefined
}) => {
  const { t } = useLingui()
  const url = useDownloadUrl(file.path)
  const isImage = file.contentType.startsWith('image/')
  const kind = file.contentType === 'application/pdf' ? 'PDF' : (file.contentType.split('/')[1]?.toUpperCase() ?? '')

  return (
    <li
      className={
        showPreview
          ? 'flex flex-col overflow-hidden rounded-md border border-slate-200'
          : 'flex flex-wrap items-center gap-3 py-3'
      }
    >
      {showPreview && (
        <div className="flex aspect-[4/3] items-center justify-center bg-slate-100">
          {isImage && url.data ? (
            <img
              src={url.data}
              alt={t`Vorschau von ${file.name}`}
              className="h-full w-full object-cover"
              loading="lazy"
            />
          ) : (
            <span className="text-sm text-slate-500">{kind}</span>
          )}
        </div>
      )}
      <div className={showPreview ? 'flex flex-1 flex-col gap-2 p-3' : 'flex min-w-0 flex-1 flex-col'}>
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900" title={file.name}>
            {file.name}
          </p>
          <p className="text-sm text-slate-600">
            {kind} · {formatFileSize(file.size)} · <Trans>hochgeladen am {formatDate(file.uploadedAt)}</Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <FileLink path={file.path} name={file.name} />
          {onDelete && (
            <Button size="sm" variant="ghost" className="text-red-800 hover:bg-red-50" onClick={onDelete}>
              <Trans>Löschen</Trans>
              <span className="sr-only">{file.name}</span>
            </Button>
          )}
        </div>
      </div>
    </li>
  )
}

/** "Öffnen": the stored file in a new tab (the browser previews images and PDFs, or downloads). */
export const FileLink = ({ path, name, children }: { path: string; name: string; children?: ReactNode }) => {
  const url = useDownloadUrl(path)
  if (url.isError) {
    return (
      <span className="text-sm text-red-800">
        <Trans>Link nicht verfügbar</Trans>
      </span>
    )
  }
  return (
    <a
      href={url.data ?? undefined}
      target="_blank"
      rel="noopener noreferrer"
      aria-disabled={!url.data || undefined}
      className="inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium text-brand-800 underline hover:bg-brand-50"
    >
      {children ?? <Trans>Öffnen</Trans>}
      <span className="sr-only"> {name}</span>
    </a>
  )
}
