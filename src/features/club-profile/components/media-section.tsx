import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import {
  getGetClubDocumentsQueryOptions,
  getGetClubImagesQueryOptions,
} from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { FileList } from '#src/components/files/file-list.tsx'
import { FileUploadField } from '#src/components/files/file-upload-field.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { DOCUMENT_RULE, IMAGE_RULE } from '#src/lib/file-checks.ts'
import {
  useDeleteClubDocumentFile,
  useDeleteClubImage,
  useUploadClubDocument,
  useUploadClubImage,
} from '#src/components/files/use-club-files.ts'

/** Gallery pictures (`GALLERY`): upload with progress, thumbnails, open, delete with confirmation. */
export const GallerySection = ({ clubId, disabled = false }: { clubId: string; disabled?: boolean }) => {
  const { t } = useLingui()
  const images = useQuery(getGetClubImagesQueryOptions(clubId, { label: 'GALLERY' }))
  const upload = useUploadClubImage(clubId, {
    success: t`Bild wurde hochgeladen`,
    failure: t`Fehler beim Hochladen des Bildes`,
  })
  const remove = useDeleteClubImage(clubId)
  return (
    <Card aria-labelledby="club-gallery-heading">
      <CardHeader
        id="club-gallery-heading"
        title={t`Bilder`}
        description={t`Fotos aus dem Vereinsleben, die Spenderinnen und Spender sehen.`}
      />
      <CardBody className="flex flex-col gap-4">
        {!disabled && (
          <FileUploadField
            label={t`Bild hinzufügen`}
            rule={IMAGE_RULE}
            progress={upload.progress}
            progressName={upload.progressName}
            error={upload.refusal}
            busy={upload.isPending}
            onAccept={({ file, contentType }) => upload.mutate({ label: 'GALLERY', file, contentType })}
          />
        )}
        {images.isPending ? (
          <LoadingBlock />
        ) : images.isError ? (
          <QueryError
            error={images.error}
            title={t`Die Bilder konnten nicht geladen werden.`}
            onRetry={() => void images.refetch()}
          />
        ) : (
          <FileList
            files={images.data}
            label={t`Bilder`}
            showPreview
            emptyText={t`Noch keine Bilder hochgeladen.`}
            onDelete={disabled ? undefined : (file) => remove.mutateAsync(file)}
          />
        )}
      </CardBody>
    </Card>
  )
}

/** Further documents (`OTHER_DOCUMENT`: statutes, annual reports …): any number, same handling. */
export const OtherDocumentsSection = ({ clubId, disabled = false }: { clubId: string; disabled?: boolean }) => {
  const { t } = useLingui()
  const documents = useQuery(getGetClubDocumentsQueryOptions(clubId, { label: 'OTHER_DOCUMENT' }))
  const upload = useUploadClubDocument(clubId)
  const remove = useDeleteClubDocumentFile(clubId)
  return (
    <Card aria-labelledby="club-other-documents-heading">
      <CardHeader
        id="club-other-documents-heading"
        title={t`Weitere Dokumente`}
        description={t`Zum Beispiel Statuten oder Jahresberichte (freiwillig).`}
      />
      <CardBody className="flex flex-col gap-4">
        {!disabled && (
          <FileUploadField
            label={t`Dokument hinzufügen`}
            rule={DOCUMENT_RULE}
            progress={upload.progress}
            progressName={upload.progressName}
            error={upload.refusal}
            busy={upload.isPending}
            onAccept={({ file, contentType }) => upload.mutate({ label: 'OTHER_DOCUMENT', file, contentType })}
          />
        )}
        {documents.isPending ? (
          <LoadingBlock />
        ) : documents.isError ? (
          <QueryError
            error={documents.error}
            title={t`Die Dokumente konnten nicht geladen werden.`}
            onRetry={() => void documents.refetch()}
          />
        ) : (
          <FileList
            files={documents.data}
            label={t`Weitere Dokumente`}
            emptyText={t`Noch keine weiteren Dokumente hochgeladen.`}
            onDelete={disabled ? undefined : (file) => remove.mutateAsync(file)}
          />
        )}
      </CardBody>
    </Card>
  )
}
