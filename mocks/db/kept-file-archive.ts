/**
 * The mocked backend's archive of the files it makes itself (receipts' PDFs) in the browser: IndexedDB,
 * so a receipt issued before a reload (or in another tab) downloads afterwards with its archived bytes,
 * as on the server. Its own database beside the uploads' (src/lib/storage/offline-storage.ts); cleared
 * with the demo data. Without IndexedDB (disabled, private mode) nothing is archived: the bytes then
 * live as long as the page.
 */
import type { KeptFileArchive } from './memory-file-blobs.ts'

const DATABASE = 'vereinsportal-kept-files'
const STORE = 'files'

interface Stored {
  path: string
  data: ArrayBuffer
  contentType: string
}

const done = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })

export const createKeptFileArchive = (): KeptFileArchive | undefined => {
  if (typeof indexedDB === 'undefined') return undefined
  let database: Promise<IDBDatabase> | null = null
  const open = () =>
    (database ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(DATABASE, 1)
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'path' })
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('Could not open IndexedDB'))
    }).catch((error: unknown) => {
      database = null
      throw error
    }))
  const store = async (mode: IDBTransactionMode) => (await open()).transaction(STORE, mode).objectStore(STORE)
  // A browser that refuses (quota, private mode) loses only what a reload would lose without the archive.
  const quietly = async <T>(work: () => Promise<T>, otherwise: T): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      console.warn('[mock backend] archive of kept files:', error)
      return otherwise
    }
  }
  return {
    put: (path, bytes, contentType) =>
      quietly(async () => {
        const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
        await done((await store('readwrite')).put({ path, data, contentType } satisfies Stored))
      }, undefined),
    get: (path) =>
      quietly(async () => {
        const found = (await done((await store('readonly')).get(path))) as Stored | undefined
        return found ? { bytes: new Uint8Array(found.data), contentType: found.contentType } : null
      }, null),
    clear: () => quietly(async () => void (await done((await store('readwrite')).clear())), undefined),
  }
}
