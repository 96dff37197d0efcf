import { beforeEach, describe, expect, it, vi } from 'vitest'

// The Firebase SDK cannot run against an emulator here: the adapter's mapping is tested with a stub.
const sdk = vi.hoisted(() => ({
  initializeApp: vi.fn((config: unknown): { name: string; options: unknown } => ({
    name: '[DEFAULT]',
    options: config,
  })),
  getApps: vi.fn((): unknown[] => []),
  getApp: vi.fn(() => ({ name: '[DEFAULT]' })),
  getStorage: vi.fn((_app: unknown, bucket?: string) => ({ bucket })),
  ref: vi.fn((_storage: unknown, path: string) => ({ fullPath: path })),
  uploadBytesResumable: vi.fn(),
  getMetadata: vi.fn(),
  getDownloadURL: vi.fn(),
  deleteObject: vi.fn(),
  // The app's auth layer: a fresh token for the signed-in user, as Firebase Auth's getIdToken(true).
  currentIdToken: vi.fn(async (_forceRefresh?: boolean): Promise<string | null> => 'fresh-token'),
}))

vi.mock('firebase/app', () => ({ initializeApp: sdk.initializeApp, getApps: sdk.getApps, getApp: sdk.getApp }))
vi.mock('firebase/storage', () => ({
  getStorage: sdk.getStorage,
  ref: sdk.ref,
  uploadBytesResumable: sdk.uploadBytesResumable,
  getMetadata: sdk.getMetadata,
  getDownloadURL: sdk.getDownloadURL,
  deleteObject: sdk.deleteObject,
}))
vi.mock('#src/api/client.ts', () => ({ currentIdToken: sdk.currentIdToken }))

const { createFirebaseStorage, firebaseStorageConfigFromEnv } = await import('./firebase-storage.ts')

const config = firebaseStorageConfigFromEnv({
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_PROJECT_ID: 'vereinsportal-prod',
})

/** A fake upload task: reports two progress events, then completes (or fails / is cancelled). */
const fakeTask = (outcome: 'complete' | 'pending' | { code: string }) => {
  let cancelled = false
  let onCancel: (() => void) | undefined
  const task = {
    snapshot: { metadata: { size: 2048, contentType: 'image/jpeg' } },
    cancel: vi.fn(() => {
      cancelled = true
      onCancel?.()
    }),
    on: (
      _event: string,
      next: (snapshot: { bytesTransferred: number; totalBytes: number }) => void,
      error: (e: unknown) => void,
      complete: () => void,
    ) => {
      // A pending task runs until cancelled, as a large upload would.
      if (outcome === 'pending') {
        onCancel = () => error(Object.assign(new Error('cancelled'), { code: 'storage/canceled' }))
        return
      }
      queueMicrotask(() => {
        next({ bytesTransferred: 1024, totalBytes: 2048 })
        next({ bytesTransferred: 2048, totalBytes: 2048 })
        if (cancelled) error(Object.assign(new Error('cancelled'), { code: 'storage/canceled' }))
        else if (outcome === 'complete') complete()
        else error(Object.assign(new Error(outcome.code), outcome))
      })
    },
  }
  return task
}

beforeEach(() => {
  for (const stub of Object.values(sdk)) stub.mockClear()
})

describe('the Firebase Storage adapter', () => {
  it('takes its configuration from VITE_FIREBASE_*, with the default bucket', () => {
    expect(config).toEqual({
      apiKey: 'key',
      projectId: 'vereinsportal-prod',
      authDomain: 'vereinsportal-prod.firebaseapp.com',
      storageBucket: 'vereinsportal-prod.appspot.com',
    })
    expect(
      firebaseStorageConfigFromEnv({
        VITE_FIREBASE_API_KEY: 'k',
        VITE_FIREBASE_PROJECT_ID: 'p',
        VITE_FIREBASE_STORAGE_BUCKET: 'b',
      }).storageBucket,
    ).toBe('b')
    expect(() => firebaseStorageConfigFromEnv({})).toThrow(/VITE_FIREBASE_API_KEY/)
  })

  it('uploads resumably with the content type and reports progress', async () => {
    sdk.uploadBytesResumable.mockReturnValue(fakeTask('complete'))
    const storage = createFirebaseStorage(config)
    const onProgress = vi.fn<(fraction: number) => void>()
    const result = await storage.upload('clubs/c1/LOGO/logo.jpg', new Blob(['x'], { type: 'image/jpeg' }), {
      onProgress,
    })
    expect(sdk.initializeApp).toHaveBeenCalledWith(config)
    expect(sdk.getStorage).toHaveBeenCalledWith(expect.anything(), 'gs://vereinsportal-prod.appspot.com')
    expect(sdk.ref).toHaveBeenCalledWith(expect.anything(), 'clubs/c1/LOGO/logo.jpg')
    expect(sdk.uploadBytesResumable).toHaveBeenCalledWith({ fullPath: 'clubs/c1/LOGO/logo.jpg' }, expect.any(Blob), {
      contentType: 'image/jpeg',
    })
    expect(onProgress.mock.calls.map(([fraction]) => fraction)).toEqual([0, 0.5, 1, 1])
    expect(result).toEqual({ path: 'clubs/c1/LOGO/logo.jpg', size: 2048, contentType: 'image/jpeg' })
  })

  it('shares an app Firebase sign-in initialised already', async () => {
    sdk.getApps.mockReturnValueOnce([{}])
    sdk.getDownloadURL.mockResolvedValue('https://firebasestorage.googleapis.com/v0/b/x/o/a')
    await createFirebaseStorage(config).getDownloadUrl('clubs/c1/a.pdf')
    expect(sdk.getApp).toHaveBeenCalled()
    expect(sdk.initializeApp).not.toHaveBeenCalled()
  })

  it('cancels the task when the signal aborts', async () => {
    const task = fakeTask('pending')
    sdk.uploadBytesResumable.mockReturnValue(task)
    const controller = new AbortController()
    const upload = createFirebaseStorage(config).upload('clubs/c1/a.jpg', new Blob(['x']), {
      signal: controller.signal,
    })
    await vi.waitFor(() => expect(sdk.uploadBytesResumable).toHaveBeenCalled())
    controller.abort()
    await expect(upload).rejects.toMatchObject({ code: 'aborted' })
    expect(task.cancel).toHaveBeenCalled()
  })

  it('reads metadata and links, deletes, and maps Firebase errors', async () => {
    const storage = createFirebaseStorage(config)
    sdk.getMetadata.mockResolvedValue({ size: 10, contentType: 'application/pdf', updated: '2026-05-01T08:30:00Z' })
    expect(await storage.getMetadata('clubs/c1/doc.pdf')).toEqual({
      path: 'clubs/c1/doc.pdf',
      size: 10,
      contentType: 'application/pdf',
      updated: '2026-05-01T08:30:00Z',
    })
    sdk.getDownloadURL.mockResolvedValue('https://example.test/doc.pdf')
    expect(await storage.getDownloadUrl('clubs/c1/doc.pdf')).toBe('https://example.test/doc.pdf')
    sdk.deleteObject.mockResolvedValue(undefined)
    await storage.remove('clubs/c1/doc.pdf')
    expect(sdk.deleteObject).toHaveBeenCalledWith({ fullPath: 'clubs/c1/doc.pdf' })

    sdk.getMetadata.mockRejectedValue(Object.assign(new Error('nope'), { code: 'storage/object-not-found' }))
    await expect(storage.getMetadata('clubs/c1/gone.pdf')).rejects.toMatchObject({
      name: 'StorageError',
      code: 'not-found',
    })
    sdk.deleteObject.mockRejectedValue(Object.assign(new Error('denied'), { code: 'storage/unauthorized' }))
    await expect(storage.remove('clubs/c1/doc.pdf')).rejects.toMatchObject({ code: 'unauthorized' })
    sdk.uploadBytesResumable.mockReturnValue(fakeTask({ code: 'storage/quota-exceeded' }))
    await expect(storage.upload('clubs/c1/big.bin', new Blob(['x']))).rejects.toMatchObject({ code: 'quota-exceeded' })
  })

  it('refreshes the token once and tries again when the rules refuse (new claims arrive with a new token)', async () => {
    const storage = createFirebaseStorage(config)
    const refused = () => Object.assign(new Error('denied'), { code: 'storage/unauthorized' })

    sdk.uploadBytesResumable
      .mockReturnValueOnce(fakeTask({ code: 'storage/unauthorized' }))
      .mockReturnValueOnce(fakeTask('complete'))
    const uploaded = await storage.upload('clubs/c2/LOGO/logo.jpg', new Blob(['x'], { type: 'image/jpeg' }))
    expect(uploaded.path).toBe('clubs/c2/LOGO/logo.jpg')
    expect(sdk.currentIdToken.mock.calls).toEqual([[true]])
    expect(sdk.uploadBytesResumable).toHaveBeenCalledTimes(2)

    // Refused with the fresh token too: one retry only, and the refusal is the caller's answer.
    sdk.currentIdToken.mockClear()
    sdk.deleteObject.mockRejectedValue(refused())
    await expect(storage.remove('clubs/c2/doc.pdf')).rejects.toMatchObject({ code: 'unauthorized' })
    expect(sdk.deleteObject).toHaveBeenCalledTimes(2)
    expect(sdk.currentIdToken).toHaveBeenCalledTimes(1)

    sdk.getDownloadURL.mockRejectedValueOnce(refused()).mockResolvedValueOnce('https://example.test/a.pdf')
    expect(await storage.getDownloadUrl('clubs/c2/a.pdf')).toBe('https://example.test/a.pdf')
  })

  it('does not retry without a signed-in user, nor after other errors', async () => {
    const storage = createFirebaseStorage(config)
    sdk.currentIdToken.mockResolvedValueOnce(null)
    sdk.getMetadata.mockRejectedValue(Object.assign(new Error('denied'), { code: 'storage/unauthorized' }))
    await expect(storage.getMetadata('clubs/c2/a.pdf')).rejects.toMatchObject({ code: 'unauthorized' })
    expect(sdk.getMetadata).toHaveBeenCalledTimes(1)

    sdk.currentIdToken.mockClear()
    sdk.deleteObject.mockRejectedValue(Object.assign(new Error('gone'), { code: 'storage/object-not-found' }))
    await expect(storage.remove('clubs/c2/gone.pdf')).rejects.toMatchObject({ code: 'not-found' })
    expect(sdk.deleteObject).toHaveBeenCalledTimes(1)
    expect(sdk.currentIdToken).not.toHaveBeenCalled()
  })
})
