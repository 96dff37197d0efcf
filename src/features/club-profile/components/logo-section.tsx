import { Trans, useLingui } from '@lingui/react/macro'
import type { StoredFile } from '#openapi/generated/model/storedFile.ts'
import { fileRuleHint } from '#src/components/files/file-check-message.ts'
import { FileUploadField } from '#src/components/files/file-upload-field.tsx'
import { useDownloadUrl } from '#src/components/files/use-file-storage.ts'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { IMAGE_RULE } from '#src/lib/file-checks.ts'
import { useUploadClubImage } from '#src/components/files/use-club-files.ts'

/** The club's logo (image label `LOGO`): shown on the dashboard and to donors; a new upload replaces it. */
export const LogoSection = ({
  clubId,
  logo,
  disabled = false,
}: {
  clubId: string
  logo: StoredFile | null
  disabled?: boolean
}) => {
  const { t } = useLingui()
  const url = useDownloadUrl(logo?.path)
  const upload = useUploadClubImage(clubId, {
    success: t`Logo wurde hochgeladen`,
    failure: t`Fehler beim Hochladen des Bildes`,
  })
  return (
    <Card aria-labelledby="club-logo-heading">
      <CardHeader id="club-logo-heading" title={t`Logo`} />
      <CardBody className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex size-32 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50">
          {logo && url.data ? (
            <img src={url.data} alt={t`Aktuelles Logo`} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="px-2 text-center text-sm text-slate-500">
              {logo ? <Trans>Wird geladen …</Trans> : <Trans>Noch kein Logo</Trans>}
            </span>
          )}
        </div>
        <FileUploadField
          className="flex-1"
          label={logo ? t`Neues Logo hochladen` : t`Logo hochladen`}
          rule={IMAGE_RULE}
          hint={`${fileRuleHint(IMAGE_RULE)} ${t`Wird sofort gespeichert.`}`}
          progress={upload.progress}
          progressName={upload.progressName}
          error={upload.refusal}
          disabled={disabled}
          busy={upload.isPending}
          onAccept={({ file, contentType }) => upload.mutate({ label: 'LOGO', file, contentType, replaces: logo })}
        />
      </CardBody>
    </Card>
  )
}
