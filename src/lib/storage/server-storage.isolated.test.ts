import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { idTokenFor } from '#mocks/testing.ts'
import { configureApiAuth } from '#src/api/client.ts'
import { StorageError } from './file-storage.ts'
import { createServerStorage, storageErrorCodeFor } from './server-storage.ts'

/** A stand-in XMLHttpRequest: the test drives progress and the answer (happy-dom sends no upload progress). */
class FakeXhr {
  static sent: FakeXhr[] = []
  readonly upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null
  } = {
    onprogress: null,
  }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  status = 0
  responseText = ''
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: unknown
  readonly abort = vi.fn(() => this.onabort?.())
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: unknown) {
    this.body = body
    FakeXhr.sent.push(this)
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total })
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

const problem = (status: number, kind: string) => ({
  type: `https://vereinsportal.at/problems/${kind}`,
  title: 'x',
  status,
  detail: `refused: ${kind}`,
})

const sentXhr = async (count = 1): Promise<FakeXhr> => {
  await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(count))
  return FakeXhr.sent[count - 1]!
}

const path = `clubs/${seedClubs.volume}/GALLERY/6f1c2a4e-fest.jpg`
const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])], { type: 'image/jpeg' })

const signIn = (email: string, onSessionExpired = () => undefined) =>
  configureApiAuth({ getIdToken: async () => idTokenFor(email), onSessionExpired })

beforeEach(() => {
  FakeXhr.sent = []
})
afterEach(() => {
  vi.unstubAllGlobals()
  configureApiAuth({ getIdToken: async () => null, onSessionExpired: () => undefined })
})

describe('the server storage: uploads', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr))

  it('uploads with the bearer token and the file’s type, reporting progress up to 1', async () => {
    configureApiAuth({ getIdToken: async () => 'token-1', onSessionExpired: () => undefined })
    const progress: number[] = []
    const done = createServerStorage().upload(path, jpeg(), { onProgress: (fraction) => progress.push(fraction) })
    const xhr = await sentXhr()
    expect(xhr.method).toBe('PUT')
    expect(xhr.url).toBe(`http://localhost:3000/api/backend/v1/storage/blob?path=${encodeURIComponent(path)}`)
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer token-1', 'Content-Type': 'image/jpeg' })
    xhr.progress(2, 8)
    xhr.progress(8, 8)
    xhr.answer(201, { path, size: 8, contentType: 'image/jpeg' })
    await expect(done).resolves.toEqual({ path, size: 8, contentType: 'image/jpeg' })
    expect(progress).toEqual([0, 0.25, 1, 1])
  })

  it('cancels the request when the signal aborts, with StorageError `aborted`', async () => {
    const controller = new AbortController()
    const done = createServerStorage().upload(path, jpeg(), { signal: controller.signal })
    const xhr = await sentXhr()
    xhr.progress(4, 8)
    controller.abort()
    await expect(done).rejects.toMatchObject({ name: 'StorageError', code: 'aborted' })
    expect(xhr.abort).toHaveBeenCalled()
  })

  it('sends nothing for a signal aborted before the start', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(createServerStorage().upload(path, jpeg(), { signal: controller.signal })).rejects.toMatchObject({
      code: 'aborted',
    })
    expect(FakeXhr.sent).toHaveLength(0)
  })

  it.each([
    [415, 'file-content-mismatch', 'content-mismatch'],
    [415, 'file-type-not-allowed', 'type-not-allowed'],
    [413, 'payload-too-large', 'too-large'],
    [403, 'forbidden', 'unauthorized'],
    [400, 'validation', 'invalid-path'],
    [409, 'in-use', 'unknown'],
    [507, 'insufficient-storage', 'quota-exceeded'],
  ] as const)('maps %i %s to the code %s', async (status, kind, code) => {
    const done = createServerStorage().upload(path, jpeg())
    ;(await sentXhr()).answer(status, problem(status, kind))
    const error = await done.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(StorageError)
    expect(error).toMatchObject({ code, message: `refused: ${kind}` })
  })

  it('maps a network failure to `unknown`', async () => {
    const done = createServerStorage().upload(path, jpeg())
    ;(await sentXhr()).onerror?.()
    await expect(done).rejects.toMatchObject({ code: 'unknown' })
  })

  it('sends again once with a fresh token after a 401, and ends the session if that is refused too', async () => {
    const onSessionExpired = vi.fn()
    configureApiAuth({ getIdToken: async (force) => (force ? 'fresh' : 'stale'), onSessionExpired })
    const done = createServerStorage().upload(path, jpeg())
    ;(await sentXhr(1)).answer(401, problem(401, 'unauthorized'))
    const retry = await sentXhr(2)
    expect(retry.headers.Authorization).toBe('Bearer fresh')
    retry.answer(401, problem(401, 'unauthorized'))
    await expect(done).rejects.toMatchObject({ code: 'unauthorized' })
    expect(onSessionExpired).toHaveBeenCalledOnce()
  })

  it('refuses paths with `..` before sending anything', async () => {
    await expect(createServerStorage().upload('clubs/x/../y.jpg', jpeg())).rejects.toMatchObject({
      code: 'invalid-path',
    })
    expect(FakeXhr.sent).toHaveLength(0)
  })
})

describe('the server storage: links and removal (against the mocked backend)', () => {
  const putBytes = async (target: string, bytes: Uint8Array<ArrayBuffer>, type: string) =>
    fetch(`http://localhost:3000/api/backend/v1/storage/blob?path=${encodeURIComponent(target)}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${idTokenFor(seedAccounts.verein.email)}`, 'Content-Type': type },
      body: bytes,
    })

  it('hands out the server’s signed link, which serves the file', async () => {
    signIn(seedAccounts.verein.email)
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])
    expect((await putBytes(path, bytes, 'image/jpeg')).status).toBe(201)
    const storage = createServerStorage()
    const url = await storage.getDownloadUrl(path)
    expect(url).toMatch(/\/api\/backend\/v1\/storage\/file\?path=.+&expires=\d+&signature=.+/)
    const file = await fetch(url)
    expect(file.status).toBe(200)
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes)
    expect(await storage.getMetadata(path)).toEqual({ path, size: 8, contentType: 'image/jpeg' })
  })

  it('links the seed’s sample files and the public app logo without asking the server', async () => {
    const storage = createServerStorage()
    expect(await storage.getDownloadUrl('seed/gallery/galerie-training.jpg')).toBe(
      '/seed-files/gallery/galerie-training.jpg',
    )
    expect(await storage.getDownloadUrl('app-logo/1-logo.png')).toBe(
      `http://localhost:3000/api/backend/v1/applogo/file?path=${encodeURIComponent('app-logo/1-logo.png')}`,
    )
  })

  it('maps a missing file to `not-found`, and a link to another club’s file to `unauthorized`', async () => {
    signIn(seedAccounts.neu.email)
    const storage = createServerStorage()
    await expect(storage.getDownloadUrl(`clubs/${seedClubs.incomplete}/GALLERY/1-fehlt.jpg`)).rejects.toMatchObject({
      code: 'not-found',
    })
    await expect(storage.getDownloadUrl(path)).rejects.toMatchObject({ code: 'unauthorized' })
  })

  it('discards an upload, and takes a file already gone as removed', async () => {
    signIn(seedAccounts.verein.email)
    await putBytes(path, new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg')
    const storage = createServerStorage()
    await storage.remove(path)
    await expect(storage.getDownloadUrl(path)).rejects.toMatchObject({ code: 'not-found' })
    await expect(storage.remove(path)).resolves.toBeUndefined()
    await expect(storage.remove('seed/app-logo.svg')).resolves.toBeUndefined()
  })
})

describe('storageErrorCodeFor', () => {
  it('prefers the problem kind over the status', () => {
    expect(storageErrorCodeFor(415, 'file-content-mismatch')).toBe('content-mismatch')
    expect(storageErrorCodeFor(404, undefined)).toBe('not-found')
    expect(storageErrorCodeFor(500, 'internal')).toBe('unknown')
  })
})
