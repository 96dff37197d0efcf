import { useLingui } from '@lingui/react/macro'
import type { ClubLegitimationFiles } from '#openapi/generated/model/clubLegitimationFiles.ts'
import type { StoredFile } from '#openapi/generated/model/storedFile.ts'
import { fileRuleHint } from '#src/components/files/file-check-message.ts'
import { FileUploadField } from '#src/components/files/file-upload-field.tsx'
import { LEGITIMATION_SCAN_RULE } from '#src/lib/file-checks.ts'
import { useUploadClubImage } from '#src/components/files/use-club-files.ts'
import { StoredFileNote } from './stored-file-note.tsx'

interface ScanFieldProps {
  clubId: string
  label: string
  imageLabel: 'LEGITIMATION_FRONT' | 'LEGITIMATION_BACK'
  current: StoredFile | null
  disabled: boolean
  successMessage: string
}

const ScanField = ({ clubId, label, imageLabel, current, disabled, successMessage }: ScanFieldProps) => {
  const { t } = useLingui()
  const upload = useUploadClubImage(clubId, { success: successMessage, failure: t`Fehler beim Hochladen des Bildes` })
  return (
    <FileUploadField
      label={label}
      rule={LEGITIMATION_SCAN_RULE}
      hint={`${fileRuleHint(LEGITIMATION_SCAN_RULE)} ${t`Foto oder Scan, wird sofort gespeichert.`}`}
      progress={upload.progress}
      progressName={upload.progressName}
      error={upload.refusal}
      disabled={disabled}
      busy={upload.isPending}
      onAccept={({ file, contentType }) => upload.mutate({ label: imageLabel, file, contentType, replaces: current })}
    >
      <StoredFileNote file={current} emptyText={t`Noch keine Datei hochgeladen.`} />
    </FileUploadField>
  )
}

/**
 * Front and back of the contact person's identity document (spec §3: .JPG only). Each scan is uploaded and
 * recorded as soon as it is chosen (`addImage` with `LEGITIMATION_FRONT`/`_BACK` replaces the previous one);
 * a refused file changes nothing else on the page.
 */
export const LegitimationScans = ({
  clubId,
  files,
  disabled = false,
}: {
  clubId: string
  files: ClubLegitimationFiles
  disabled?: boolean
}) => {
  const { t } = useLingui()
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ScanField
        clubId={clubId}
        label={t`Vorderseite`}
        imageLabel="LEGITIMATION_FRONT"
        current={files.front}
        disabled={disabled}
        successMessage={t`Vorderseite wurde hochgeladen`}
      />
      <ScanField
        clubId={clubId}
        label={t`Rückseite`}
        imageLabel="LEGITIMATION_BACK"
        current={files.back}
        disabled={disabled}
        successMessage={t`Rückseite wurde hochgeladen`}
      />
    </div>
  )
}
