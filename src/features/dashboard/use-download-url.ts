import { useQuery } from '@tanstack/react-query'
import { getFileStorage } from '@/lib/storage/file-storage'

/**
 * A download link for a stored file. Links come from the storage adapter at the moment they are needed
 * (the contract stores only paths, so links never go stale in the database); they stay valid for a while,
 * so they are cached like any other query.
 */
export const useDownloadUrl = (path: string | null | undefined) =>
  useQuery({
    queryKey: ['storage', 'download-url', path],
    queryFn: () => getFileStorage().getDownloadUrl(path as string),
    enabled: Boolean(path),
    staleTime: 10 * 60_000,
  })
