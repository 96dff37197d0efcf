/**
 * File storage in the browser (mocked/offline mode): blobs in IndexedDB, so uploads survive a reload like
 * the mocked backend's data. Paths under `seed/` are the seed's sample files, served read-only from
 * `public/seed-files/`.
 */
import type { FileMetadata, FileStorage, UploadOptions, UploadResult } from './file-storage.ts'
import { StorageError, assertValidPath } from './file-storage.ts'

export const OFFLINE_STORAGE_DB = 'vereinsportal-files'
const STORE = 'files'
const SEED_PREFIX = 'seed/'

interface StoredBlob {
  path: string
  /** The bytes, not the Blob: an ArrayBuffer survives IndexedDB's structured clone in every engine. */
  data: ArrayBuffer
  contentType: string
  size: number
  updated: string
}

const request = <T>(operation: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result)
    operation.onerror = () =>
      reject(
        new StorageError('unknown', operation.error?.message ?? 'IndexedDB request failed', { cause: operation.error }),
      )
  })

let database: Promise<IDBDatabase> | null = null

const openDatabase = (): Promise<IDBDatabase> =>
  (database ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new StorageError('unknown', 'This browser has no IndexedDB.'))
      return
    }
    const open = indexedDB.open(OFFLINE_STORAGE_DB, 1)
    open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'path' })
    open.onsuccess = () => resolve(open.result)
    open.onerror = () =>
      reject(new StorageError('unknown', open.error?.message ?? 'Could not open IndexedDB', { cause: open.error }))
  }).catch((error: unknown) => {
    database = null
    throw error
  }))

const store = async (mode: IDBTransactionMode): Promise<IDBObjectStore> =>
  (await openDatabase()).transaction(STORE, mode).objectStore(STORE)

/** The demo seed's sample files (`seed/…`): served read-only with the app from `public/seed-files/`. */
export const isSeedPath = (path: string): boolean => path.startsWith(SEED_PREFIX)
export const seedUrl = (path: string): string =>
  `${import.meta.env.BASE_URL ?? '/'}seed-files/${path.slice(SEED_PREFIX.length)}`

const aborted = () => new StorageError('aborted', 'The upload was cancelled.')

/** Yields to the event loop, so progress reaches the screen and an abort can land between steps. */
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

const PROGRESS_STEPS = 5

export const createOfflineStorage = (): FileStorage => {
  /** Object URLs handed out, so they can be revoked when the blob goes away. */
  const objectUrls = new Map<string, string>()
  const forget = (path: string) => {
    const url = objectUrls.get(path)
    if (url) URL.revokeObjectURL(url)
    objectUrls.delete(path)
  }

  const read = async (path: string): Promise<StoredBlob> => {
    const found = (await request((await store('readonly')).get(path))) as StoredBlob | undefined
    if (!found) throw new StorageError('not-found', `No file at ${path}`)
    return found
  }

  return {
    async upload(path: string, file: Blob, options: UploadOptions = {}): Promise<UploadResult> {
      assertValidPath(path)
      if (path.startsWith(SEED_PREFIX)) throw new StorageError('invalid-path', 'The seed files are read-only.')
      const { onProgress, signal } = options
      // A local write is instant; progress is reported in steps so the screen behaves as with a network.
      for (let step = 0; step < PROGRESS_STEPS; step++) {
        if (signal?.aborted) throw aborted()
        onProgress?.(step / PROGRESS_STEPS)
        await tick()
      }
      if (signal?.aborted) throw aborted()
      const contentType = file.type || 'application/octet-stream'
      const data = await file.arrayBuffer()
      if (signal?.aborted) throw aborted()
      const record: StoredBlob = { path, data, contentType, size: file.size, updated: new Date().toISOString() }
      await request((await store('readwrite')).put(record))
      forget(path)
      onProgress?.(1)
      return { path, size: file.size, contentType }
    },

    async getMetadata(path: string): Promise<FileMetadata> {
      assertValidPath(path)
      if (path.startsWith(SEED_PREFIX)) {
        const response = await fetch(seedUrl(path), { method: 'HEAD' })
        if (!response.ok) throw new StorageError('not-found', `No seed file at ${path}`)
        return {
          path,
          size: Number(response.headers.get('content-length') ?? 0),
          contentType: response.headers.get('content-type')?.split(';')[0] ?? 'application/octet-stream',
        }
      }
      const { size, contentType, updated } = await read(path)
      return { path, size, contentType, updated }
    },

    async getDownloadUrl(path: string): Promise<string> {
      assertValidPath(path)
      if (path.startsWith(SEED_PREFIX)) return seedUrl(path)
      const cached = objectUrls.get(path)
      if (cached) return cached
      const { data, contentType } = await read(path)
      const url = URL.createObjectURL(new Blob([data], { type: contentType }))
      objectUrls.set(path, url)
      return url
    },

    async remove(path: string): Promise<void> {
      assertValidPath(path)
      // The seed's sample files are shared by several clubs and come back with every reset: keep them.
      if (path.startsWith(SEED_PREFIX)) return
      await read(path)
      await request((await store('readwrite')).delete(path))
      forget(path)
    },
  }
}

/** Deletes every stored blob ("Demo-Daten zurücksetzen" resets files along with the data). */
export const clearOfflineStorage = async (): Promise<void> => {
  if (typeof indexedDB === 'undefined') return
  await request((await store('readwrite')).clear())
}
