import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState, type ChangeEvent } from 'react'
import { toast } from '#src/lib/toast.ts'
import { getGetAppLogoQueryOptions } from '#src/api/generated/query/endpoints/app-logo/app-logo.ts'
import type { AppLogo } from '#openapi/generated/model/appLogo.ts'
import type { LogoContentType } from '#openapi/generated/model/logoContentType.ts'
import { storageRefusalMessage } from '#src/components/files/file-check-message.ts'
import { UploadProgress } from '#src/components/files/upload-progress.tsx'
import { useDownloadUrl, useStorageUpload } from '#src/components/files/use-file-storage.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { ConfirmDialog } from '#src/components/ui/dialog.tsx'
import { FieldFrame } from '#src/components/ui/field.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { problemKind, problemStatus } from '#src/lib/api-errors.ts'
import { cn } from '#src/lib/cn.ts'
import { formatFileSize, formatMegabytes } from '#src/lib/file-checks.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { getFileStorage } from '#src/lib/storage/file-storage.ts'
import {
  useCreateAppLogoMutation,
  useDeleteAppLogoMutation,
  useReplaceAppLogoMutation,
} from '#src/features/admin/api/app-logo-mutations.ts'
import {
  checkLogoFile,
  isUploadedLogo,
  LOGO_ACCEPT,
  LOGO_MAX_BYTES,
  logoStoragePath,
  SVG_LOGOS_ALLOWED,
  type LogoCheck,
} from '#src/features/admin/logo-file.ts'

interface Chosen {
  file: File
  contentType: LogoContentType
  previewUrl: string
}

/** Removes a blob nobody references any more; a failure only leaves an orphan file in storage. */
const removeBlob = async (path: string) => {
  if (!isUploadedLogo(path)) return
  try {
    await getFileStorage().remove(path)
  } catch (error) {
    console.warn('Could not remove the stored logo', path, error)
  }
}

/**
 * The portal's logo: shown with its details, a new one chosen, checked (type, content, 1 MB) and previewed
 * before it is uploaded to storage and recorded (`POST`/`PUT applogo`); deleting asks first.
 */
export const AppLogoSection = () => {
  const { t } = useLingui()
  const headingId = useId()
  const query = useQuery(getGetAppLogoQueryOptions())
  const logo = query.data?.logo ?? null
  const [deleting, setDeleting] = useState(false)
  const remove = useDeleteAppLogoMutation()

  const confirmDelete = () => {
    if (!logo) return
    remove.mutate(
      { id: logo.id },
      {
        onSuccess: () => {
          setDeleting(false)
          void removeBlob(logo.path)
        },
        onError: () => {
          setDeleting(false)
          toast.error(t`Fehler beim Löschen des Logos`)
        },
      },
    )
  }

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title={t`App-Logo`}
        description={t`Das Logo erscheint im Kopf jeder Seite und auf der Startseite.`}
      />
      <CardBody className="flex flex-col gap-6">
        {query.isPending ? (
          <LoadingBlock />
        ) : query.isError ? (
          <QueryError
            error={query.error}
            title={t`Das Logo konnte nicht geladen werden.`}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <>
            <CurrentLogo logo={logo} onDelete={() => setDeleting(true)} />
            <LogoUpload current={logo} />
          </>
        )}
      </CardBody>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t`Logo entfernen?`}
        description={t`Das Portal zeigt danach wieder das Standardzeichen neben dem Namen „Vereinsportal“.`}
        confirmLabel={t`Logo entfernen`}
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  )
}

const CurrentLogo = ({ logo, onDelete }: { logo: AppLogo | null; onDelete: () => void }) => {
  const { t } = useLingui()
  const url = useDownloadUrl(logo?.path)
  if (!logo) {
    return (
      <Alert tone="info" title={t`Es ist kein Logo hinterlegt.`}>
        <Trans>Das Portal zeigt das Standardzeichen. Laden Sie unten ein Logo hoch.</Trans>
      </Alert>
    )
  }
  return (
    <figure className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="flex size-32 shrink-0 items-center justify-center rounded-md border border-slate-200 bg-slate-50 p-2">
        {url.data ? (
          <img src={url.data} alt={t`Aktuelles Logo`} className="max-h-full max-w-full object-contain" />
        ) : url.isError ? (
          <span className="text-center text-sm text-slate-600">
            <Trans>Vorschau nicht verfügbar</Trans>
          </span>
        ) : (
          <LoadingBlock />
        )}
      </div>
      <figcaption className="flex min-w-0 flex-col gap-1 text-sm text-slate-700">
        <span className="font-medium break-all text-slate-900">{logo.name}</span>
        <span>
          {formatFileSize(logo.size)} · {logo.contentType}
        </span>
        <span>
          <Trans>Hochgeladen am {formatDateTime(logo.uploadedAt)}</Trans>
        </span>
        <div className="mt-2">
          <Button variant="secondary" size="sm" onClick={onDelete}>
            <Trans>Logo entfernen</Trans>
          </Button>
        </div>
      </figcaption>
    </figure>
  )
}

const LogoUpload = ({ current }: { current: AppLogo | null }) => {
  const { t } = useLingui()
  const inputId = useId()
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const storage = useStorageUpload()
  const create = useCreateAppLogoMutation()
  const replace = useReplaceAppLogoMutation()
  const busy = storage.progress !== null || create.isPending || replace.isPending
  const maximum = formatMegabytes(LOGO_MAX_BYTES)

  // The preview's object URL is freed when another file is chosen or the section goes away.
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.previewUrl) : undefined), [chosen])

  const refusalText = (reason: Extract<LogoCheck, { ok: false }>['reason']) => {
    switch (reason) {
      case 'empty':
        return t`Die Datei ist leer. Bitte wählen Sie eine andere Datei.`
      case 'too-large':
        return t`Die Datei ist zu groß. Erlaubt sind höchstens ${maximum}.`
      case 'type':
        return SVG_LOGOS_ALLOWED
          ? t`Dieser Dateityp ist nicht erlaubt. Erlaubt sind PNG, JPG, WebP oder SVG.`
          : t`Dieser Dateityp ist nicht erlaubt. Erlaubt sind PNG, JPG oder WebP.`
      case 'content':
        return SVG_LOGOS_ALLOWED
          ? t`Der Inhalt der Datei passt nicht zu ihrer Endung. Erlaubt sind PNG, JPG, WebP oder SVG.`
          : t`Der Inhalt der Datei passt nicht zu ihrer Endung. Erlaubt sind PNG, JPG oder WebP.`
    }
  }

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    input.value = ''
    if (!file) return
    setFailure(null)
    const result = await checkLogoFile(file)
    if (!result.ok) {
      setRefusal(refusalText(result.reason))
      return
    }
    setRefusal(null)
    setChosen({ file, contentType: result.contentType, previewUrl: URL.createObjectURL(file) })
  }

  const upload = async () => {
    if (!chosen) return
    setFailure(null)
    const path = logoStoragePath(chosen.file.name)
    try {
      await storage.upload(path, chosen.file)
    } catch (error) {
      // The server checks the content again (and takes no SVG): its refusal says what to change.
      const refusal = storageRefusalMessage(error)
      setFailure(
        refusal
          ? t`Fehler beim Speichern des Logos: ${refusal}`
          : t`Fehler beim Speichern des Logos: Die Datei konnte nicht hochgeladen werden.`,
      )
      toast.error(t`Fehler beim Speichern des Logos`)
      return
    }
    const input = { name: chosen.file.name.slice(-200), path, contentType: chosen.contentType, size: chosen.file.size }
    const callbacks = {
      onSuccess: () => {
        if (current) void removeBlob(current.path)
        setChosen(null)
      },
      onError: (error: unknown) => {
        // The blob was uploaded for nothing; the choice stays, so "Speichern" can simply be pressed again.
        void removeBlob(path)
        const kind = problemKind(error)
        const message =
          kind === 'logo-exists' || problemStatus(error) === 404
            ? t`Fehler beim Speichern des Logos: Inzwischen wurde das Logo geändert. Die Anzeige ist aktualisiert, bitte speichern Sie erneut.`
            : t`Fehler beim Speichern des Logos`
        setFailure(message)
        toast.error(t`Fehler beim Speichern des Logos`)
      },
    }
    // POST while none is set, PUT to replace the current one.
    if (current) replace.mutate({ data: { ...input, id: current.id } }, callbacks)
    else create.mutate({ data: input }, callbacks)
  }

  return (
    <div className="flex flex-col gap-4 border-t border-slate-200 pt-5">
      <h3 className="text-base font-semibold text-slate-900">
        {current ? <Trans>Logo ersetzen</Trans> : <Trans>Logo hochladen</Trans>}
      </h3>
      <FieldFrame
        id={inputId}
        label={t`Bilddatei`}
        hint={
          SVG_LOGOS_ALLOWED
            ? t`PNG, JPG, WebP oder SVG, höchstens ${maximum}. Quadratische Logos wirken am besten.`
            : t`PNG, JPG oder WebP, höchstens ${maximum}. Quadratische Logos wirken am besten.`
        }
        error={refusal ?? undefined}
      >
        <input
          id={inputId}
          type="file"
          accept={LOGO_ACCEPT}
          disabled={busy}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${inputId}-error` : `${inputId}-hint`}
          onChange={(event) => void onChange(event)}
          className={cn(
            'block w-full rounded-md border border-dashed bg-white text-sm text-slate-700',
            'file:mr-3 file:min-h-11 file:cursor-pointer file:border-0 file:border-r file:border-slate-300 file:bg-slate-100 file:px-4 file:font-medium file:text-slate-800 hover:file:bg-slate-200',
            'disabled:cursor-not-allowed disabled:opacity-60',
            refusal ? 'border-red-600' : 'border-slate-400',
          )}
        />
      </FieldFrame>
      {chosen && (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <div className="flex size-32 shrink-0 items-center justify-center rounded-md border border-slate-200 bg-white p-2">
            <img
              src={chosen.previewUrl}
              alt={t`Vorschau des neuen Logos`}
              className="max-h-full max-w-full object-contain"
            />
          </div>
          <div className="flex min-w-0 flex-col gap-2 text-sm text-slate-700">
            <span className="font-medium break-all text-slate-900">{chosen.file.name}</span>
            <span>{formatFileSize(chosen.file.size)}</span>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void upload()} pending={busy}>
                {current ? <Trans>Als neues Logo speichern</Trans> : <Trans>Als Logo speichern</Trans>}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => setChosen(null)}>
                <Trans>Auswahl verwerfen</Trans>
              </Button>
            </div>
          </div>
        </div>
      )}
      {storage.progress !== null && <UploadProgress value={storage.progress} name={storage.name} />}
      {failure && (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      )}
    </div>
  )
}
