import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { getFileStorage } from '#src/lib/storage/file-storage.ts'

/**
 * Where a club's upload goes: `clubs/<clubId>/<label>/<uuid>-<name>` (the contract's `StoredFile.path`
 * convention). The random part keeps two files of the same name apart; the name is kept readable.
 */
export const storagePathFor = (clubId: string, label: string, fileName: string): string => {
  const safeName =
    fileName
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '_')
      .slice(-120) || 'datei'
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
  return `clubs/${clubId}/${label}/${random}-${safeName}`
}

/**
 * Only blobs this client uploaded for the club are removed from storage. Seeded sample files are shared by
 * several clubs, and a record pointing elsewhere is not ours to delete.
 */
export const isOwnUpload = (clubId: string, path: string): boolean => path.startsWith(`clubs/${clubId}/`)

/** Removes a blob after its record is gone; a failure only leaves an unreferenced file behind. */
export const removeStoredBlob = async (clubId: string, path: string): Promise<void> => {
  if (!isOwnUpload(clubId, path)) return
  try {
    await getFileStorage().remove(path)
  } catch (error) {
    console.warn('Could not remove the stored file', path, error)
  }
}

export interface UploadState {
  /** 0…1 while running, null otherwise. */
  progress: number | null
  /** The file being uploaded, for the progress label. */
  name: string | undefined
}

/**
 * Uploads one file to storage with progress. An upload still running when the component goes away is
 * cancelled, so a half-written blob is never recorded.
 */
export const useStorageUpload = () => {
  const [state, setState] = useState<UploadState>({ progress: null, name: undefined })
  const controller = useRef<AbortController | null>(null)

  useEffect(() => () => controller.current?.abort(), [])

  const upload = useCallback(async (path: string, file: File): Promise<void> => {
    const current = new AbortController()
    controller.current = current
    setState({ progress: 0, name: file.name })
    try {
      await getFileStorage().upload(path, file, {
        signal: current.signal,
        onProgress: (fraction: number) => setState({ progress: fraction, name: file.name }),
      })
    } finally {
      if (controller.current === current) controller.current = null
      setState({ progress: null, name: undefined })
    }
  }, [])

  return { ...state, upload }
}

/** A link to a stored file, asked of the storage adapter (links are never stored, so they never go stale). */
export const useDownloadUrl = (path: string | undefined) =>
  useQuery({
    queryKey: ['file-storage', 'download-url', path],
    queryFn: () => getFileStorage().getDownloadUrl(path!),
    enabled: Boolean(path),
    staleTime: 5 * 60_000,
    retry: false,
  })
