import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useGetClubDocuments, useGetClubImages } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { DocumentLabel } from '#openapi/generated/model/documentLabel.ts'
import type { StoredFile } from '#openapi/generated/model/storedFile.ts'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { formatDate, formatNumber } from '#src/lib/format.ts'
import { DOCUMENT_LABELS } from '#src/lib/labels/club-labels.ts'
import { useDownloadUrl } from '#src/components/files/use-file-storage.ts'
import { GALLERY } from '#src/features/dashboard/dashboard-queries.ts'

const fileSize = (bytes: number): string =>
  bytes >= 1_048_576
    ? `${(bytes / 1_048_576).toLocaleString('de-AT', { maximumFractionDigits: 1 })} MB`
    : `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`

const DownloadLink = ({ file, children }: { file: StoredFile; children: ReactNode }) => {
  const url = useDownloadUrl(file.path)
  if (!url.data) return <span className="text-slate-500">{children}</span>
  return (
    <a
      href={url.data}
      download={file.name}
      target="_blank"
      rel="noopener noreferrer"
      // At least 24 px high (WCAG 2.5.8): a file name in small type is a smaller target on its own.
      className="flex min-h-6 items-center text-brand-800 underline underline-offset-2"
    >
      {children}
    </a>
  )
}

const Thumbnail = ({ file }: { file: StoredFile }) => {
  const { t } = useLingui()
  const url = useDownloadUrl(file.path)
  return (
    <li className="flex flex-col gap-1">
      <div className="aspect-[4/3] overflow-hidden rounded-md border border-slate-200 bg-slate-100">
        {url.data && (
          <img src={url.data} alt={t`Bild ${file.name}`} loading="lazy" className="size-full object-cover" />
        )}
      </div>
      <DownloadLink file={file}>
        <span className="text-sm break-all">{file.name}</span>
      </DownloadLink>
    </li>
  )
}

/**
 * Spec §2: pictures/media and documents, read-only with download links (uploading and deleting happen in
 * the club profile). The identity-document scans are deliberately not shown here.
 */
export const MediaSection = ({ clubId, canEdit }: { clubId: string; canEdit: boolean }) => {
  const { t, i18n } = useLingui()
  const images = useGetClubImages(clubId, GALLERY)
  const documents = useGetClubDocuments(clubId)
  const edit = canEdit && (
    <ButtonLink
      to="/club/$clubId/$showSaveAlert"
      params={{ clubId, showSaveAlert: false }}
      variant="secondary"
      size="sm"
    >
      <Trans>Im Vereinsprofil bearbeiten</Trans>
    </ButtonLink>
  )
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card aria-labelledby="bilder-title" id="bilder">
        <CardHeader id="bilder-title" title={t`Bilder und Medien`} actions={edit} />
        <CardBody>
          {images.isPending ? (
            <LoadingBlock>
              <Trans>Bilder werden geladen …</Trans>
            </LoadingBlock>
          ) : images.isError ? (
            <QueryError
              error={images.error}
              title={t`Die Bilder konnten nicht geladen werden.`}
              onRetry={() => void images.refetch()}
            />
          ) : images.data.length === 0 ? (
            <EmptyState title={t`Noch keine Bilder.`}>
              <Trans>Bilder laden Sie im Vereinsprofil hoch.</Trans>
            </EmptyState>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t`Bilder`}>
              {images.data.map((file) => (
                <Thumbnail key={file.id} file={file} />
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
      <Card aria-labelledby="dokumente-title" id="dokumente">
        <CardHeader id="dokumente-title" title={t`Dokumente`} actions={edit} />
        <CardBody>
          {documents.isPending ? (
            <LoadingBlock>
              <Trans>Dokumente werden geladen …</Trans>
            </LoadingBlock>
          ) : documents.isError ? (
            <QueryError
              error={documents.error}
              title={t`Die Dokumente konnten nicht geladen werden.`}
              onRetry={() => void documents.refetch()}
            />
          ) : documents.data.length === 0 ? (
            <EmptyState title={t`Noch keine Dokumente.`}>
              <Trans>
                Das SPEND 2-Formular und den Bescheid über die Spendenbegünstigung laden Sie im Vereinsprofil hoch.
              </Trans>
            </EmptyState>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label={t`Dokumente`}>
              {documents.data.map((file) => {
                const size = fileSize(file.size)
                const uploaded = formatDate(file.uploadedAt)
                return (
                  <li key={file.id} className="flex flex-col gap-0.5 py-2 first:pt-0 last:pb-0">
                    <span className="text-sm text-slate-600">
                      {file.label in DOCUMENT_LABELS
                        ? i18n._(DOCUMENT_LABELS[file.label as DocumentLabel])
                        : file.label}
                    </span>
                    <DownloadLink file={file}>
                      <span className="break-all">{file.name}</span>
                    </DownloadLink>
                    <span className="text-sm text-slate-600">
                      <Trans>
                        {size}, hochgeladen am {uploaded}
                      </Trans>
                    </span>
                  </li>
                )
              })}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  )
}
