import { Trans } from '@lingui/react/macro'
import type { StoredFile } from '#openapi/generated/model/storedFile.ts'
import { FileLink } from '#src/components/files/file-list.tsx'
import { formatFileSize } from '#src/lib/file-checks.ts'
import { formatDate } from '#src/lib/format.ts'

/** What is stored in a single-file slot (logo, scans, the two documents), with a link to open it. */
export const StoredFileNote = ({ file, emptyText }: { file: StoredFile | null | undefined; emptyText: string }) =>
  file ? (
    <div className="flex flex-wrap items-center gap-x-2 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800">
      <span className="min-w-0 break-all">
        <Trans>
          Gespeichert: <span className="font-medium">{file.name}</span> ({formatFileSize(file.size)},{' '}
          {formatDate(file.uploadedAt)})
        </Trans>
      </span>
      <FileLink path={file.path} name={file.name}>
        <Trans>Ansehen</Trans>
      </FileLink>
    </div>
  ) : (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">{emptyText}</p>
  )
