/**
 * The file-storage adapter (spec §7: upload with progress, metadata, download link, delete). The backend
 * records paths (`StoredFile.path`); blobs live here: in the browser's IndexedDB in mocked/offline mode,
 * on the backend's own disk for the self-hosted product (server-storage.ts: the server checks every file
 * and owns its lifecycle), or in Firebase Storage for a Firebase deployment. `VITE_STORAGE` chooses
 * (src/lib/config.ts). Screens get the adapter from `getFileStorage()`.
 */
import { storageMode } from '#src/lib/config.ts'
import { createOfflineStorage } from './offline-storage.ts'

export interface UploadOptions {
  /** Called with 0…1 while the upload runs. */
  onProgress?: (fraction: number) => void
  /** Aborting cancels the upload; the promise rejects with a `StorageError` of code `aborted`. */
  signal?: AbortSignal
}

export interface UploadResult {
  path: string
  size: number
  contentType: string
}

export interface FileMetadata {
  path: string
  size: number
  contentType: string
  /** When the blob was last written (ISO 8601), when known. */
  updated?: string
}

export interface FileStorage {
  upload(path: string, file: Blob, options?: UploadOptions): Promise<UploadResult>
  getMetadata(path: string): Promise<FileMetadata>
  /** A URL a browser can show or download (`<img src>`, `<a href>`). */
  getDownloadUrl(path: string): Promise<string>
  remove(path: string): Promise<void>
}

export type StorageErrorCode =
  | 'not-found'
  | 'aborted'
  | 'unauthorized'
  | 'quota-exceeded'
  | 'invalid-path'
  /** The storage refused the file by size (the server: 413). */
  | 'too-large'
  /** The storage refused the file by its content: not what its name says (a PNG renamed `.jpg`). */
  | 'content-mismatch'
  /** The storage does not take this kind of file here (an SVG logo, a PNG legitimation scan). */
  | 'type-not-allowed'
  | 'unknown'

export class StorageError extends Error {
  readonly code: StorageErrorCode

  constructor(code: StorageErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StorageError'
    this.code = code
  }
}

/** A path is relative, without `..` or empty segments (both stores treat it as a key). */
export const assertValidPath = (path: string): void => {
  if (
    !path ||
    path.startsWith('/') ||
    path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw new StorageError('invalid-path', `Invalid storage path: ${path}`)
  }
}

/** Defers every call until the adapter (for Firebase: and its SDK) is loaded: never in the first chunk. */
const lazyStorage = (load: () => Promise<FileStorage>): FileStorage => {
  let loaded: Promise<FileStorage> | null = null
  const adapter = () => (loaded ??= load())
  return {
    upload: async (path, file, options) => (await adapter()).upload(path, file, options),
    getMetadata: async (path) => (await adapter()).getMetadata(path),
    getDownloadUrl: async (path) => (await adapter()).getDownloadUrl(path),
    remove: async (path) => (await adapter()).remove(path),
  }
}

const lazyFirebaseStorage = (): FileStorage =>
  lazyStorage(() =>
    import('./firebase-storage.ts').then(({ createFirebaseStorage, firebaseStorageConfigFromEnv }) =>
      createFirebaseStorage(firebaseStorageConfigFromEnv(import.meta.env)),
    ),
  )

const lazyServerStorage = (): FileStorage =>
  lazyStorage(() => import('./server-storage.ts').then(({ createServerStorage }) => createServerStorage()))

let instance: FileStorage | null = null

/**
 * The adapter for this build (`storageMode`, VITE_STORAGE): the server's storage by default with a real
 * backend, Firebase Storage when asked for, and the browser-local store with the mocked backend.
 */
export const getFileStorage = (): FileStorage =>
  (instance ??=
    storageMode === 'server'
      ? lazyServerStorage()
      : storageMode === 'firebase'
        ? lazyFirebaseStorage()
        : createOfflineStorage())
