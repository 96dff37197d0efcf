import { t } from '@lingui/core/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  addClubDocument,
  addClubImage,
  deleteClubDocument,
  deleteClubFile,
} from '@/api/generated/query/endpoints/clubs/clubs'
import type { DocumentLabel } from '@/api/generated/query/model/documentLabel'
import type { DocumentReference } from '@/api/generated/query/model/documentReference'
import type { ImageLabel } from '@/api/generated/query/model/imageLabel'
import type { ImageReference } from '@/api/generated/query/model/imageReference'
import type { StoredFile } from '@/api/generated/query/model/storedFile'
import { removeStoredBlob, storagePathFor, useStorageUpload } from '@/components/files/use-file-storage'
import { addClubDocumentBodyNameMax } from '@/api/generated/zod/clubs/clubs.zod'
import { invalidateClub } from './club-cache'

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

/**
 * Upload to file storage with progress, then record it with the backend. If recording fails, the blob is
 * removed again, so storage holds nothing the backend does not know.
 */
const uploadThenRecord = async <L extends string>(
  clubId: string,
  upload: (path: string, file: File) => Promise<void>,
  { label, file }: UploadInput<L>,
  record: (path: string, name: string) => Promise<StoredFile>,
): Promise<StoredFile> => {
  const path = storagePathFor(clubId, label, file.name)
  await upload(path, file)
  try {
    return await record(path, recordedName(file.name))
  } catch (error) {
    await removeStoredBlob(clubId, path)
    throw error
  }
}

/** `addImage` (logo, gallery, legitimation scans) after the upload. */
export const useUploadClubImage = (clubId: string, messages: { success: string; failure: string }) => {
  const queryClient = useQueryClient()
  const storage = useStorageUpload()
  const mutation = useMutation({
    mutationFn: (input: UploadInput<ImageLabel>) =>
      uploadThenRecord(clubId, storage.upload, input, (path, name) =>
        addClubImage(clubId, {
          label: input.label,
          name,
          path,
          contentType: input.contentType as ImageReference['contentType'],
          size: input.file.size,
        }),
      ),
    onSuccess: async (_stored, input) => {
      if (input.replaces) await removeStoredBlob(clubId, input.replaces.path)
      void invalidateClub(queryClient, clubId)
      toast.success(messages.success)
    },
    onError: () => {
      toast.error(messages.failure)
    },
  })
  return { ...mutation, progress: storage.progress, progressName: storage.name }
}

/** `addDocument` (SPEND 2 form, deductibility notice, other documents) after the upload. */
export const useUploadClubDocument = (clubId: string, options: { toast: boolean } = { toast: true }) => {
  const queryClient = useQueryClient()
  const storage = useStorageUpload()
  const mutation = useMutation({
    mutationFn: (input: UploadInput<DocumentLabel>) =>
      uploadThenRecord(clubId, storage.upload, input, (path, name) =>
        addClubDocument(clubId, {
          label: input.label,
          name,
          path,
          contentType: input.contentType as DocumentReference['contentType'],
          size: input.file.size,
        }),
      ),
    onSuccess: async (_stored, input) => {
      if (input.replaces) await removeStoredBlob(clubId, input.replaces.path)
      void invalidateClub(queryClient, clubId)
      if (options.toast) toast.success(t`Dokument wurde hochgeladen`)
    },
    onError: () => {
      if (options.toast) toast.error(t`Fehler beim Speichern des Dokuments`)
    },
  })
  return { ...mutation, progress: storage.progress, progressName: storage.name }
}

/** `deleteFile` (images) or `deleteDocumentFile` (documents), then the blob. */
export const useDeleteClubFile = (clubId: string, kind: 'image' | 'document') => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (file: StoredFile) => {
      if (kind === 'image') await deleteClubFile(clubId, { fileId: file.id })
      else await deleteClubDocument(clubId, { fileId: file.id })
      await removeStoredBlob(clubId, file.path)
    },
    onSuccess: (_result, file) => {
      void invalidateClub(queryClient, clubId)
      toast.success(t`„${file.name}“ wurde gelöscht`)
    },
    onError: () => {
      toast.error(kind === 'image' ? t`Fehler beim Löschen des Bildes` : t`Fehler beim Löschen des Dokuments`)
    },
  })
}
