import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { getGetClubImagesQueryOptions } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { fileRuleHint } from '#src/components/files/file-check-message.ts'
import { FileUploadField } from '#src/components/files/file-upload-field.tsx'
import { useDeleteClubImage, useUploadClubImage } from '#src/components/files/use-club-files.ts'
import { useDownloadUrl } from '#src/components/files/use-file-storage.ts'
import { Button } from '#src/components/ui/button.tsx'
import { ConfirmDialog } from '#src/components/ui/dialog.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { SIGNATURE_RULE } from '#src/lib/file-checks.ts'

/**
 * "Unterschrift (Bild)": the club's signature image (image label `SIGNATURE`), printed on the signature line
 * of every receipt issued from now on, the signer's name and role below it. A new upload replaces it at once
 * (like the logo); removing it asks first. Without one the line stays blank to sign by hand, which is why the
 * hint says so: a club that prints and signs its receipts needs no image.
 */
export const SignatureImage = ({ clubId }: { clubId: string }) => {
  const { t } = useLingui()
  const headingId = useId()
  const images = useQuery(getGetClubImagesQueryOptions(clubId, { label: 'SIGNATURE' }))
  // The backend keeps one; the newest first should an old one linger in the cache.
  const current = images.data?.[0] ?? null
  const url = useDownloadUrl(current?.path)
  const upload = useUploadClubImage(clubId, {
    success: t`Die Unterschrift wurde hochgeladen.`,
    failure: t`Die Unterschrift konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.`,
  })
  const remove = useDeleteClubImage(clubId)
  const [confirming, setConfirming] = useState(false)

  const confirmRemove = async () => {
    if (!current) return
    try {
      await remove.mutateAsync(current)
    } catch {
      // The hook's toast says it failed; the image stays shown.
    } finally {
      setConfirming(false)
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        <Trans>Unterschrift (Bild)</Trans>
      </h3>
      <p className="text-sm text-slate-700">
        <Trans>
          Wird auf neuen Bestätigungen über dem Namen der unterschreibenden Person gedruckt. Ohne Bild bleibt die Linie
          frei zum Unterschreiben, darunter steht der Name.
        </Trans>
      </p>
      {images.isError ? (
        <QueryError
          error={images.error}
          title={t`Die Unterschrift konnte nicht geladen werden.`}
          onRetry={() => void images.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="flex h-24 w-full shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-white p-2 sm:w-56">
            {current && url.data ? (
              <img src={url.data} alt={t`Aktuelle Unterschrift`} className="max-h-full max-w-full object-contain" />
            ) : (
              <span className="px-2 text-center text-sm text-slate-600">
                {images.isPending || current ? (
                  <Trans>Wird geladen …</Trans>
                ) : (
                  <Trans>Kein Bild: Der Name wird gedruckt.</Trans>
                )}
              </span>
            )}
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <FileUploadField
              label={current ? t`Neues Bild der Unterschrift hochladen` : t`Bild der Unterschrift hochladen`}
              rule={SIGNATURE_RULE}
              hint={`${fileRuleHint(SIGNATURE_RULE)} ${t`Am besten ein Scan auf weißem Grund. Wird sofort gespeichert.`}`}
              progress={upload.progress}
              progressName={upload.progressName}
              error={upload.refusal}
              busy={upload.isPending || images.isPending}
              onAccept={({ file, contentType }) =>
                upload.mutate({ label: 'SIGNATURE', file, contentType, replaces: current })
              }
            />
            {current && (
              <div>
                <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
                  <Trans>Entfernen</Trans>
                  <span className="sr-only">
                    {' '}
                    <Trans>(Bild der Unterschrift)</Trans>
                  </span>
                </Button>
              </div>
            )}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setConfirming(false)
        }}
        title={t`Bild der Unterschrift entfernen?`}
        description={t`Neue Bestätigungen zeigen dann kein Bild, sondern eine freie Linie mit dem Namen darunter. Bereits ausgestellte Bestätigungen bleiben unverändert.`}
        confirmLabel={t`Entfernen`}
        destructive
        pending={remove.isPending}
        onConfirm={() => void confirmRemove()}
      />
    </section>
  )
}
