/**
 * The mocked backend's `FileBlobs`: uploads sent to its `uploadFile` (mock:server, the domain tests) are
 * kept in memory, not in the persisted store, and are gone with the process or page. Claims accept every
 * path: in mocked mode the browser keeps the files itself (src/lib/storage/offline-storage.ts) and the
 * backend only records paths, so a record needs no upload here. Not transactional: a release removes the
 * bytes at once (every operation releases last, after its checks), and what `keep` keeps (a receipt's PDF,
 * which the backend makes itself) stays when the transaction fails. Those bytes live here as long as the
 * backend does; in the browser a `KeptFileArchive` keeps them too (mocks/db/kept-file-archive.ts), so a
 * receipt downloads after a reload as its record says.
 */
import type { BlobContent, BlobInfo, ClaimResult, FileBlobs } from '#domain/ports.ts'

interface Kept {
  readonly size: number
  readonly contentType: string
  readonly bytes: Uint8Array
  claimed: boolean
}

/** Where what `keep` keeps outlives the backend (the browser's IndexedDB); read when memory has it not. */
export interface KeptFileArchive {
  put(path: string, bytes: Uint8Array, contentType: string): Promise<void>
  get(path: string): Promise<{ bytes: Uint8Array; contentType: string } | null>
  clear(): Promise<void>
}

export interface MemoryFileBlobs extends FileBlobs {
  /** Forgets every upload (the mocked backend's reset). */
  clear(): void
}

/** FNV-1a over the secret and the text, twice with different seeds: a stand-in signature, not a secret one. */
const keyedHash = (secret: string, text: string): string => {
  const round = (seed: number) => {
    let hash = seed >>> 0
    for (const char of `${secret}\n${text}`) {
      hash ^= char.codePointAt(0)!
      hash = Math.imul(hash, 0x01000193) >>> 0
    }
    return hash.toString(16).padStart(8, '0')
  }
  return `${round(0x811c9dc5)}${round(0x01000193)}`
}

export const createMemoryFileBlobs = (archive?: KeptFileArchive): MemoryFileBlobs => {
  const blobs = new Map<string, Kept>()
  const secret = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16)).join('')
  const info = (path: string, kept: Kept): BlobInfo => ({
    path,
    size: kept.size,
    contentType: kept.contentType,
    claimed: kept.claimed,
  })
  return {
    get: async (path) => {
      const kept = blobs.get(path)
      return kept ? info(path, kept) : null
    },
    stage: async (path, upload, contentType) => {
      if (blobs.has(path)) return false
      const bytes = upload.content instanceof Uint8Array ? upload.content : new Uint8Array()
      blobs.set(path, { size: upload.size, contentType, bytes, claimed: false })
      return true
    },
    claim: async (path): Promise<ClaimResult> => {
      const kept = blobs.get(path)
      if (kept) kept.claimed = true
      return 'claimed'
    },
    keep: async (path, bytes, contentType) => {
      if (blobs.has(path)) return false
      blobs.set(path, { size: bytes.length, contentType, bytes: bytes.slice(), claimed: true })
      await archive?.put(path, bytes.slice(), contentType)
      return true
    },
    // Null too for an upload whose bytes came in another form (not kept: only its size is known).
    readBytes: async (path) => {
      let kept = blobs.get(path)
      if (!kept && archive) {
        const archived = await archive.get(path)
        if (archived) {
          kept = {
            size: archived.bytes.length,
            contentType: archived.contentType,
            bytes: archived.bytes,
            claimed: true,
          }
          blobs.set(path, kept)
        }
      }
      return kept && kept.bytes.length === kept.size ? kept.bytes.slice() : null
    },
    release: async (path) => {
      blobs.delete(path)
    },
    open: async (path): Promise<BlobContent | null> => {
      const kept = blobs.get(path)
      return kept ? { ...info(path, kept), content: kept.bytes } : null
    },
    sign: async (text) => keyedHash(secret, text),
    verify: async (text, signature) => keyedHash(secret, text) === signature,
    clear: () => {
      blobs.clear()
      void archive?.clear()
    },
  }
}
