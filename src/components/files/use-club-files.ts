import { t } from '@lingui/core/macro'
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query'
import { toast } from '#src/lib/toast.ts'
import {
  useAddClubDocument,
  useAddClubImage,
  useDeleteClubDocument,
  useDeleteClubFile,
} from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { DocumentReference } from '#openapi/generated/model/documentReference.ts'
import type { FileDeletion } from '#openapi/generated/model/fileDeletion.ts'
import type { ImageReference } from '#openapi/generated/model/imageReference.ts'
import type { StoredFile } from '#openapi/generated/model/storedFile.ts'
import { invalidateClub } from '#src/lib/club-cache.ts'
import { storageRefusalMessage } from './file-check-message.ts'
import { removeStoredBlob, storagePathFor, useStorageUpload } from './use-file-storage.ts'
import { addClubDocumentBodyNameMax } from '#openapi/generated/zod/clubs/clubs.zod.ts'

/*
 * Shared by the club profile (logo, gallery, scans, documents) and the receipts' signature image, so it
 * lives here rather than in either feature.
 *
 * A club file lives in two places: the blob in file storage and its record with the backend. The record
 * calls are the generated mutations (with fresh reads of the club's files); each upload and delete pairs
 * one with the storage step in a mutation of its own, so a screen sees one pending state and one failure
 * toast for both steps, and storage never keeps a blob the backend does not know.
 */

export interface UploadInput<L extends string> {
  label: L
  file: File
  /** The type the content proved (see `checkFile`). */
  contentType: string
  /** The file this upload replaces (logo, scans, the two documents): its blob is removed afterwards. */
  replaces?: StoredFile | null | undefined
}

/** The contract keeps names to 200 characters; the extension is what matters most, so the start is cut. */
const recordedName = (name: string) =>
  name.length > addClubDocumentBodyNameMax ? name.slice(-addClubDocumentBodyNameMax) : name

/** Fresh reads of the club's files after an upload is recorded (not waited for: the picker is free again). */
const useRefreshClubFiles = (clubId: string) => {
  const queryClient = useQueryClient()
  return { onSuccess: () => void invalidateClub(queryClient, clubId) }
}

/**
 * After a delete the fresh reads are awaited: the delete ends with the list up to date, so its
 * confirmation closes onto the list as it now is (the focus goes to the next file, not to a "Löschen"
 * about to vanish).
 */
const useRefreshAfterDelete = (clubId: string) => {
  const queryClient = useQueryClient()
  return { onSuccess: () => invalidateClub(queryClient, clubId) }
}

interface Messages {
  success?: () => string
  failure?: () => string
}

/**
 * Upload to file storage with progress, then record it with the backend. If recording fails, the blob is
 * removed again; once recorded, the blob of the replaced file goes.
 */
const useUploadThenRecord = <R extends ImageReference | DocumentReference>(
  clubId: string,
  record: (reference: R) => Promise<StoredFile>,
  messages: Messages,
) => {
  const storage = useStorageUpload()
  const mutation = useMutation({
    mutationFn: async ({ label, file, contentType }: UploadInput<R['label']>) => {
      const path = storagePathFor(clubId, label, file.name)
      await storage.upload(path, file)
      try {
        // The content type was proved by `checkFile` against the same rule the contract states.
        return await record({ label, name: recordedName(file.name), path, contentType, size: file.size } as R)
      } catch (error) {
        await removeStoredBlob(clubId, path)
        throw error
      }
    },
    onSuccess: async (_stored, input) => {
      if (input.replaces) await removeStoredBlob(clubId, input.replaces.path)
      if (messages.success) toast.success(messages.success())
    },
    onError: (error) => {
      // The server refused the file by its content or size: say why, not just that it failed.
      const refusal = storageRefusalMessage(error)
      if (messages.failure) toast.error(refusal ?? messages.failure())
    },
  })
  return {
    ...mutation,
    progress: storage.progress,
    progressName: storage.name,
    /** Why the storage refused the last file (German), for the field; undefined otherwise. */
    refusal: storageRefusalMessage(mutation.error),
  }
}

/** `addImage` (logo, gallery, legitimation scans, the receipts' signature) after the upload. */
export const useUploadClubImage = (clubId: string, messages: { success: string; failure: string }) => {
  const addImage = useAddClubImage({ mutation: useRefreshClubFiles(clubId) })
  return useUploadThenRecord<ImageReference>(clubId, (data) => addImage.mutateAsync({ clubId, data }), {
    success: () => messages.success,
    failure: () => messages.failure,
  })
}

/** `addDocument` (SPEND 2 form, deductibility notice, other documents) after the upload. */
export const useUploadClubDocument = (clubId: string, options: { toast: boolean } = { toast: true }) => {
  const addDocument = useAddClubDocument({ mutation: useRefreshClubFiles(clubId) })
  return useUploadThenRecord<DocumentReference>(
    clubId,
    (data) => addDocument.mutateAsync({ clubId, data }),
    options.toast
      ? { success: () => t`Dokument wurde hochgeladen`, failure: () => t`Fehler beim Speichern des Dokuments` }
      : {},
  )
}

/** The record's deletion, then the blob. */
const useDeleteThenRemoveBlob = (
  clubId: string,
  deleteRecord: UseMutationResult<unknown, unknown, { clubId: string; data: FileDeletion }>,
  failure: () => string,
) =>
  useMutation({
    mutationFn: async (file: StoredFile) => {
      await deleteRecord.mutateAsync({ clubId, data: { fileId: file.id } })
      await removeStoredBlob(clubId, file.path)
    },
    onSuccess: (_result, file) => {
      toast.success(t`„${file.name}“ wurde gelöscht`)
    },
    onError: () => {
      toast.error(failure())
    },
  })

/** `deleteFile`: an image of the club. */
export const useDeleteClubImage = (clubId: string) =>
  useDeleteThenRemoveBlob(
    clubId,
    useDeleteClubFile({ mutation: useRefreshAfterDelete(clubId) }),
    () => t`Fehler beim Löschen des Bildes`,
  )

/** `deleteDocumentFile`: a document of the club. */
export const useDeleteClubDocumentFile = (clubId: string) =>
  useDeleteThenRemoveBlob(
    clubId,
    useDeleteClubDocument({ mutation: useRefreshAfterDelete(clubId) }),
    () => t`Fehler beim Löschen des Dokuments`,
  )
