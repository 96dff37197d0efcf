import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { toast } from '#src/lib/toast.ts'
import type { ClubDocuments } from '#openapi/generated/model/clubDocuments.ts'
import type { StoredFile } from '#openapi/generated/model/storedFile.ts'
import { storageRefusalMessage } from '#src/components/files/file-check-message.ts'
import { FileUploadField, type AcceptedFile } from '#src/components/files/file-upload-field.tsx'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { DOCUMENT_RULE } from '#src/lib/file-checks.ts'
import { DOCUMENT_LABELS } from '#src/lib/labels/club-labels.ts'
import { useUploadClubDocument } from '#src/components/files/use-club-files.ts'
import { StoredFileNote } from './stored-file-note.tsx'

type Slot = 'SPEND2_FORM' | 'DEDUCTIBILITY_NOTICE'
type Picked = Record<Slot, AcceptedFile | null>

interface DocumentsSectionProps {
  clubId: string
  documents: ClubDocuments
  /** Chosen but not yet saved documents count as unsaved changes. */
  onDirtyChange: (dirty: boolean) => void
  disabled?: boolean
}

/**
 * The two documents a complete profile needs: the SPEND 2 form and the notice that donations are
 * tax-deductible. Both are chosen first and saved together; saving needs both (spec §5: "Es müssen beide
 * Dokumente hochgeladen werden"), either already stored or chosen now.
 */
export const DocumentsSection = ({ clubId, documents, onDirtyChange, disabled = false }: DocumentsSectionProps) => {
  const { t, i18n } = useLingui()
  const [picked, setPicked] = useState<Picked>({ SPEND2_FORM: null, DEDUCTIBILITY_NOTICE: null })
  const [missing, setMissing] = useState<readonly Slot[]>([])
  const spend2 = useUploadClubDocument(clubId, { toast: false })
  const deductibility = useUploadClubDocument(clubId, { toast: false })
  const saving = spend2.isPending || deductibility.isPending

  const dirty = Boolean(picked.SPEND2_FORM || picked.DEDUCTIBILITY_NOTICE)
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange])

  const stored: Record<Slot, StoredFile | null> = {
    SPEND2_FORM: documents.spend2Form,
    DEDUCTIBILITY_NOTICE: documents.deductibilityNotice,
  }
  const uploads = { SPEND2_FORM: spend2, DEDUCTIBILITY_NOTICE: deductibility }

  const pick = (slot: Slot, accepted: AcceptedFile | null) => {
    setPicked((previous) => ({ ...previous, [slot]: accepted }))
    if (accepted) setMissing((previous) => previous.filter((candidate) => candidate !== slot))
  }

  const save = async () => {
    const absent = (['SPEND2_FORM', 'DEDUCTIBILITY_NOTICE'] as const).filter((slot) => !picked[slot] && !stored[slot])
    setMissing(absent)
    if (absent.length > 0) return
    if (!dirty) {
      toast.info(t`Beide Dokumente sind bereits gespeichert. Wählen Sie eine neue Datei, um eines zu ersetzen.`)
      return
    }
    try {
      for (const slot of ['SPEND2_FORM', 'DEDUCTIBILITY_NOTICE'] as const) {
        const choice = picked[slot]
        if (!choice) continue
        await uploads[slot].mutateAsync({ label: slot, ...choice, replaces: stored[slot] })
        // Saved documents leave the selection one by one: after a failure only the unsaved one remains.
        pick(slot, null)
      }
      toast.success(t`Dokumente wurden gespeichert`)
    } catch (error) {
      toast.error(storageRefusalMessage(error) ?? t`Fehler beim Speichern des Dokuments`)
    }
  }

  const slotField = (slot: Slot, label: string) => {
    const choice = picked[slot]
    const upload = uploads[slot]
    return (
      <FileUploadField
        label={label}
        rule={DOCUMENT_RULE}
        required
        disabled={disabled}
        busy={saving}
        progress={upload.progress}
        progressName={upload.progressName}
        error={missing.includes(slot) ? t`Bitte wählen Sie dieses Dokument aus.` : upload.refusal}
        onAccept={(accepted) => pick(slot, accepted)}
      >
        <StoredFileNote file={stored[slot]} emptyText={t`Noch kein Dokument gespeichert.`} />
        {choice && (
          <div className="flex flex-wrap items-center gap-2 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-900">
            <span className="min-w-0 break-all">
              <Trans>
                Ausgewählt: <span className="font-medium">{choice.file.name}</span> – wird beim Speichern hochgeladen.
              </Trans>
            </span>
            <Button size="sm" variant="ghost" onClick={() => pick(slot, null)} disabled={saving}>
              <Trans>Auswahl entfernen</Trans>
              <span className="sr-only">{choice.file.name}</span>
            </Button>
          </div>
        )}
      </FileUploadField>
    )
  }

  return (
    <Card aria-labelledby="club-documents-heading">
      <CardHeader
        id="club-documents-heading"
        title={t`Dokumente`}
        description={t`Beide Dokumente werden für die Freischaltung benötigt.`}
      />
      <CardBody className="flex flex-col gap-4">
        {missing.length > 0 && (
          <Alert tone="error" role="alert" title={t`Es müssen beide Dokumente hochgeladen werden`} />
        )}
        <div className="grid gap-4 md:grid-cols-2">
          {slotField('SPEND2_FORM', i18n._(DOCUMENT_LABELS.SPEND2_FORM))}
          {slotField('DEDUCTIBILITY_NOTICE', i18n._(DOCUMENT_LABELS.DEDUCTIBILITY_NOTICE))}
        </div>
        <div className="flex justify-end">
          <Button onClick={() => void save()} pending={saving} disabled={disabled}>
            <Trans>Dokumente speichern</Trans>
          </Button>
        </div>
      </CardBody>
    </Card>
  )
}
