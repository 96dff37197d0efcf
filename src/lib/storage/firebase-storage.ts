/**
 * File storage in Firebase Storage (the real product), with the modular SDK. Loaded only through
 * `getFileStorage()`'s dynamic import, so neither this file nor the SDK is in the initial chunk.
 *
 * storage.rules decide by the custom claims on the ID token (`portalRole`, `clubIds`), which the server
 * sets when a role or membership changes (server/identity/custom-claims.ts). A token issued before that
 * still carries the old claims, so a refusal gets one retry with a freshly issued token; the token comes
 * from the app's auth layer (src/api/client.ts), whose Firebase Auth shares the app with Storage.
 */
import type { FirebaseOptions } from 'firebase/app'
import type { FirebaseStorage, UploadTaskSnapshot } from 'firebase/storage'
import { currentIdToken } from '#src/api/client.ts'
import type { FileMetadata, FileStorage, UploadOptions, UploadResult } from './file-storage.ts'
import { StorageError, assertValidPath } from './file-storage.ts'

export interface FirebaseStorageEnv {
  VITE_FIREBASE_API_KEY?: string | undefined
  VITE_FIREBASE_AUTH_DOMAIN?: string | undefined
  VITE_FIREBASE_PROJECT_ID?: string | undefined
  VITE_FIREBASE_STORAGE_BUCKET?: string | undefined
  VITE_FIREBASE_APP_ID?: string | undefined
}

/** The Firebase web config for Storage, from `VITE_FIREBASE_*`; the bucket is `<project>.appspot.com` unless set. */
export const firebaseStorageConfigFromEnv = (env: FirebaseStorageEnv): FirebaseOptions => {
  const projectId = env.VITE_FIREBASE_PROJECT_ID
  if (!env.VITE_FIREBASE_API_KEY || !projectId) {
    throw new StorageError('unknown', 'Firebase Storage needs VITE_FIREBASE_API_KEY and VITE_FIREBASE_PROJECT_ID.')
  }
  return {
    apiKey: env.VITE_FIREBASE_API_KEY,
    projectId,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET || `${projectId}.appspot.com`,
    ...(env.VITE_FIREBASE_APP_ID ? { appId: env.VITE_FIREBASE_APP_ID } : {}),
  }
}

/** Firebase's error codes (`storage/object-not-found`, …) as the adapter's. */
const toStorageError = (error: unknown): StorageError => {
  if (error instanceof StorageError) return error
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  switch (code) {
    case 'storage/object-not-found':
      return new StorageError('not-found', message, { cause: error })
    case 'storage/canceled':
      return new StorageError('aborted', message, { cause: error })
    case 'storage/unauthorized':
    case 'storage/unauthenticated':
      return new StorageError('unauthorized', message, { cause: error })
    case 'storage/quota-exceeded':
      return new StorageError('quota-exceeded', message, { cause: error })
    default:
      return new StorageError('unknown', message, { cause: error })
  }
}

/**
 * Runs `work`, and once more after a token refresh when the rules refused it: a membership or role granted
 * since the token was issued reaches the claims only with a new token. Only `storage/unauthorized` (signed
 * in, but the rules say no); without a signed-in user (no token) there is nothing to refresh.
 */
const retryWithFreshToken = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work()
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'storage/unauthorized') throw error
    const fresh = await currentIdToken(true).catch(() => null)
    if (!fresh) throw error
    return work()
  }
}

const guard = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await retryWithFreshToken(work)
  } catch (error) {
    throw toStorageError(error)
  }
}

export const createFirebaseStorage = (config: FirebaseOptions): FileStorage => {
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- the module's shape, loaded lazily below
  let sdk: Promise<{ storage: FirebaseStorage; api: typeof import('firebase/storage') }> | null = null
  const load = () =>
    (sdk ??= (async () => {
      const [{ getApp, getApps, initializeApp }, api] = await Promise.all([
        import('firebase/app'),
        import('firebase/storage'),
      ])
      // Firebase sign-in has usually initialised the default app already; Storage shares it (and its user).
      const app = getApps().length > 0 ? getApp() : initializeApp(config)
      return { storage: api.getStorage(app, config.storageBucket ? `gs://${config.storageBucket}` : undefined), api }
    })())

  return {
    upload: (path: string, file: Blob, options: UploadOptions = {}): Promise<UploadResult> =>
      guard(async () => {
        assertValidPath(path)
        const { storage, api } = await load()
        const { onProgress, signal } = options
        if (signal?.aborted) throw new StorageError('aborted', 'The upload was cancelled.')
        const contentType = file.type || 'application/octet-stream'
        const task = api.uploadBytesResumable(api.ref(storage, path), file, { contentType })
        const cancel = () => task.cancel()
        signal?.addEventListener('abort', cancel, { once: true })
        try {
          onProgress?.(0)
          const snapshot = await new Promise<UploadTaskSnapshot>((resolve, reject) => {
            task.on(
              'state_changed',
              (progress) => onProgress?.(progress.totalBytes > 0 ? progress.bytesTransferred / progress.totalBytes : 0),
              reject,
              () => resolve(task.snapshot),
            )
          })
          onProgress?.(1)
          return { path, size: snapshot.metadata.size, contentType: snapshot.metadata.contentType ?? contentType }
        } finally {
          signal?.removeEventListener('abort', cancel)
        }
      }),

    getMetadata: (path: string): Promise<FileMetadata> =>
      guard(async () => {
        assertValidPath(path)
        const { storage, api } = await load()
        const metadata = await api.getMetadata(api.ref(storage, path))
        return {
          path,
          size: metadata.size,
          contentType: metadata.contentType ?? 'application/octet-stream',
          updated: metadata.updated,
        }
      }),

    getDownloadUrl: (path: string): Promise<string> =>
      guard(async () => {
        assertValidPath(path)
        const { storage, api } = await load()
        return api.getDownloadURL(api.ref(storage, path))
      }),

    remove: (path: string): Promise<void> =>
      guard(async () => {
        assertValidPath(path)
        const { storage, api } = await load()
        await api.deleteObject(api.ref(storage, path))
      }),
  }
}
