/**
 * File storage on the portal's own server (the self-hosted default, VITE_STORAGE=server): uploads go to
 * `uploadFile` with the signed-in user's token, and the server checks each file by its content, keeps it
 * staged until the screen records it, and removes it with its record. Links are the server's signed URLs
 * (`getFileLink`; an `<img src>` cannot send a token); the app logo has a public URL of its own, as the
 * shell shows it before sign-in. The demo seed's sample files (`seed/…`) are served with the app.
 *
 * Uploads use XMLHttpRequest, not `apiFetch`: fetch reports no upload progress. The token comes from the
 * same place as every other request's (src/api/client.ts); everything else goes through the generated
 * client.
 */
import { ApiError, apiBaseUrl, currentIdToken, reportSessionExpired } from '#src/api/client.ts'
import { getGetAppLogoFileUrl } from '#src/api/generated/query/endpoints/app-logo/app-logo.ts'
import { discardUpload, getFileLink, getUploadFileUrl } from '#src/api/generated/query/endpoints/files/files.ts'
import type { Problem } from '#openapi/generated/model/problem.ts'
import type { UploadedFile } from '#openapi/generated/model/uploadedFile.ts'
import type { FileMetadata, FileStorage, StorageErrorCode, UploadOptions, UploadResult } from './file-storage.ts'
import { StorageError, assertValidPath } from './file-storage.ts'
import { isSeedPath, seedUrl } from './offline-storage.ts'

const APP_LOGO_PREFIX = 'app-logo/'

/** A refusal of the server as the adapter's error code: by status, and by problem kind where it tells more. */
export const storageErrorCodeFor = (status: number, kind: string | undefined): StorageErrorCode => {
  if (kind === 'file-content-mismatch') return 'content-mismatch'
  if (kind === 'file-type-not-allowed') return 'type-not-allowed'
  switch (status) {
    // The server's storage is full: what Firebase Storage calls an exceeded quota.
    case 507:
      return 'quota-exceeded'
    case 400:
      return 'invalid-path'
    case 401:
    case 403:
      return 'unauthorized'
    case 404:
      return 'not-found'
    case 413:
      return 'too-large'
    case 415:
      return 'type-not-allowed'
    default:
      return 'unknown'
  }
}

const problemKindOf = (body: unknown): string | undefined => {
  const type = (body as Partial<Problem> | null)?.type
  return typeof type === 'string' ? type.split('/').pop() : undefined
}

const refusal = (status: number, body: unknown, cause?: unknown): StorageError => {
  const kind = problemKindOf(body)
  const detail = (body as Partial<Problem> | null)?.detail
  return new StorageError(storageErrorCodeFor(status, kind), detail ?? `The server answered ${status}.`, { cause })
}

const fromApiError = (error: unknown): StorageError =>
  error instanceof StorageError
    ? error
    : error instanceof ApiError
      ? refusal(error.status, error.body, error)
      : new StorageError('unknown', error instanceof Error ? error.message : String(error), { cause: error })

const aborted = () => new StorageError('aborted', 'The upload was cancelled.')

interface XhrAnswer {
  status: number
  body: unknown
}

/** One PUT of the bytes, with progress; rejects with `aborted` when the signal fires. */
const put = (url: string, file: Blob, token: string | null, options: UploadOptions): Promise<XhrAnswer> =>
  new Promise((resolve, reject) => {
    const { onProgress, signal } = options
    if (signal?.aborted) {
      reject(aborted())
      return
    }
    const xhr = new XMLHttpRequest()
    const cancel = () => xhr.abort()
    const done = () => signal?.removeEventListener('abort', cancel)
    xhr.open('PUT', url)
    xhr.setRequestHeader('Accept', 'application/json, application/problem+json')
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream')
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total))
    }
    xhr.onload = () => {
      done()
      let body: unknown = undefined
      const text = xhr.responseText
      if (text) {
        try {
          body = JSON.parse(text) as unknown
        } catch {
          body = text
        }
      }
      resolve({ status: xhr.status, body })
    }
    xhr.onerror = () => {
      done()
      reject(new StorageError('unknown', 'The upload failed: the server could not be reached.'))
    }
    xhr.onabort = () => {
      done()
      reject(aborted())
    }
    signal?.addEventListener('abort', cancel, { once: true })
    xhr.send(file)
  })

export const createServerStorage = (): FileStorage => ({
  async upload(path: string, file: Blob, options: UploadOptions = {}): Promise<UploadResult> {
    assertValidPath(path)
    if (isSeedPath(path)) throw new StorageError('invalid-path', 'The seed files are read-only.')
    const url = `${apiBaseUrl()}${getUploadFileUrl({ path })}`
    options.onProgress?.(0)
    const token = await currentIdToken()
    let answer = await put(url, file, token, options)
    // A token can expire during a long upload: refresh once and send again, as every other request does.
    if (answer.status === 401 && token) {
      const fresh = await currentIdToken(true)
      if (fresh) answer = await put(url, file, fresh, options)
      if (answer.status === 401) reportSessionExpired()
    }
    if (answer.status !== 201) throw refusal(answer.status, answer.body)
    const stored = answer.body as UploadedFile
    options.onProgress?.(1)
    return { path: stored.path, size: stored.size, contentType: stored.contentType }
  },

  async getMetadata(path: string): Promise<FileMetadata> {
    assertValidPath(path)
    if (isSeedPath(path)) {
      const response = await fetch(seedUrl(path), { method: 'HEAD' })
      if (!response.ok) throw new StorageError('not-found', `No seed file at ${path}`)
      return {
        path,
        size: Number(response.headers.get('content-length') ?? 0),
        contentType: response.headers.get('content-type')?.split(';')[0] ?? 'application/octet-stream',
      }
    }
    try {
      const link = await getFileLink({ path }, { background: true })
      return { path: link.path, size: link.size, contentType: link.contentType }
    } catch (error) {
      throw fromApiError(error)
    }
  },

  async getDownloadUrl(path: string): Promise<string> {
    assertValidPath(path)
    if (isSeedPath(path)) return seedUrl(path)
    // The current logo is public (the shell shows it before sign-in): a stable URL, no signature.
    if (path.startsWith(APP_LOGO_PREFIX)) return `${apiBaseUrl()}${getGetAppLogoFileUrl({ path })}`
    try {
      return (await getFileLink({ path }, { background: true })).url
    } catch (error) {
      throw fromApiError(error)
    }
  },

  async remove(path: string): Promise<void> {
    assertValidPath(path)
    if (isSeedPath(path)) return
    try {
      await discardUpload({ path }, { background: true })
    } catch (error) {
      const failure = fromApiError(error)
      // Gone already (the server removes a record's file with the record) or still used by a record (its
      // deletion removes it): either way nothing is left for the client to remove.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return
      throw failure
    }
  },
})
