/**
 * The file-storage adapter (spec §7: upload with progress, metadata, download link, delete). The backend
 * records only paths (`StoredFile.path`); blobs live here: in the browser's IndexedDB in mocked/offline
 * mode, in Firebase Storage for the real product. Screens get the adapter from `getFileStorage()`.
 */
import { authMode, isMockMode } from '@/lib/config'
import { createOfflineStorage } from './offline-storage'

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

export type StorageErrorCode = 'not-found' | 'aborted' | 'unauthorized' | 'quota-exceeded' | 'invalid-path' | 'unknown'

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
  if (!path || path.startsWith('/') || path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new StorageError('invalid-path', `Invalid storage path: ${path}`)
  }
}

/** Defers every call until the Firebase adapter (and the Firebase SDK) is loaded: never in the first chunk. */
const lazyFirebaseStorage = (): FileStorage => {
  let loaded: Promise<FileStorage> | null = null
  const adapter = () =>
    (loaded ??= import('./firebase-storage').then(({ createFirebaseStorage, firebaseStorageConfigFromEnv }) =>
      createFirebaseStorage(firebaseStorageConfigFromEnv(import.meta.env)),
    ))
  return {
    upload: async (path, file, options) => (await adapter()).upload(path, file, options),
    getMetadata: async (path) => (await adapter()).getMetadata(path),
    getDownloadUrl: async (path) => (await adapter()).getDownloadUrl(path),
    remove: async (path) => (await adapter()).remove(path),
  }
}

let instance: FileStorage | null = null

/**
 * The adapter for this build: Firebase Storage with a real backend and Firebase sign-in; otherwise the
 * browser-local store (with the mocked backend even in Firebase sign-in mode, as no Storage emulator runs).
 */
export const getFileStorage = (): FileStorage =>
  (instance ??= !isMockMode && authMode === 'firebase' ? lazyFirebaseStorage() : createOfflineStorage())
