/**
 * The server's files on its own disk: `<DATA_DIR>/files/<storage path>`, written whole or not at all.
 *
 * An upload is streamed into `<root>/.incoming/<random>` with a byte count (413 as soon as it passes the
 * limit; nothing of it stays), then hard-linked to its place: a link never replaces an existing file and
 * is atomic, so a reader sees either no file or the whole one. Every storage path is resolved below the
 * root and refused otherwise, whatever the domain has checked before.
 *
 * A full disk or a used-up quota (ENOSPC, EDQUOT) while an upload is written or placed is the problem
 * `insufficient-storage` (507): the client learns it is the server's storage, not the file, and nothing of
 * the upload stays.
 */
import { randomBytes } from 'node:crypto'
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import type { WriteStream } from 'node:fs'
import { link, lstat, mkdir, open, readdir, rmdir, stat, unlink } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import type { FileStore } from './file-store.ts'
import { isOutOfSpace, receiveInto, scanIncoming, storageFull } from './incoming.ts'
import { linkSigner } from './link-signer.ts'

export interface DiskFiles extends FileStore {
  /** `<DATA_DIR>/files`. */
  readonly root: string
  /** Where a storage path lives on disk; throws for anything that would leave the root. */
  locate(path: string): string
}

/** The file system calls that write (what a full disk refuses); the tests put failing ones in. */
export interface DiskIo {
  createWriteStream(path: string, options: { flags: string; mode: number }): WriteStream
  link(existingPath: string, newPath: string): Promise<void>
  mkdir(path: string, options: { recursive: true }): Promise<unknown>
}

const NODE_IO: DiskIo = { createWriteStream, link, mkdir }

const INCOMING = '.incoming'
const SECRET_FILE = '.link-secret'

const isMissing = (error: unknown): boolean => (error as { code?: string } | null)?.code === 'ENOENT'

/**
 * The link secret: `FILE_LINK_SECRET` when given (several servers behind one balancer must share it),
 * else a random one kept in `<root>/.link-secret` (readable by the server's user only), so links survive
 * a restart.
 */
const linkSecret = (root: string, configured: string | undefined): Buffer => {
  if (configured) return Buffer.from(configured, 'utf8')
  const file = join(root, SECRET_FILE)
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url')
  } catch (error) {
    if (!isMissing(error)) throw error
  }
  const secret = randomBytes(32)
  writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' })
  return secret
}

export const createDiskFiles = (
  root: string,
  options: { linkSecret?: string | undefined; io?: DiskIo } = {},
): DiskFiles => {
  const io = options.io ?? NODE_IO
  const base = resolve(root)
  const incoming = join(base, INCOMING)
  mkdirSync(incoming, { recursive: true, mode: 0o700 })
  const { sign, verify } = linkSigner(linkSecret(base, options.linkSecret))

  const locate = (path: string): string => {
    const target = resolve(base, path)
    const inside = relative(base, target)
    if (
      path.startsWith('/') ||
      path.includes('\\') ||
      path.includes('\0') ||
      inside === '' ||
      inside.startsWith('..') ||
      inside.split(sep)[0] === INCOMING ||
      inside.startsWith('.')
    ) {
      throw new Error(`Refused storage path outside the file root: ${path}`)
    }
    return target
  }

  return {
    root: base,
    locate,

    receive: (body, maxBytes, options = {}) =>
      receiveInto(incoming, body, maxBytes, options, (path, mode) => io.createWriteStream(path, mode)),

    place: async (tempPath, path, _contentType, replaceStray) => {
      const target = locate(path)
      try {
        // A new folder and a new directory entry need room too.
        await io.mkdir(dirname(target), { recursive: true })
        try {
          await io.link(tempPath, target)
          return true
        } catch (error) {
          if ((error as { code?: string }).code !== 'EEXIST') throw error
        }
        const [mine, there] = await Promise.all([stat(tempPath), lstat(target)])
        if (mine.ino === there.ino && mine.dev === there.dev) return true
        if (!replaceStray) return false
        await unlink(target)
        await io.link(tempPath, target)
        return true
      } catch (error) {
        throw isOutOfSpace(error) ? storageFull() : error
      }
    },

    isPlacedFrom: async (tempPath, path) => {
      try {
        const [mine, there] = await Promise.all([stat(tempPath), lstat(locate(path))])
        return mine.ino === there.ino && mine.dev === there.dev
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },

    remove: async (path) => {
      const target = locate(path)
      try {
        await unlink(target)
      } catch (error) {
        if (!isMissing(error)) throw error
      }
      // Folders left empty go too (a club's label folder, then the club's), never the root.
      let folder = dirname(target)
      while (folder !== base && folder.startsWith(base + sep)) {
        try {
          await rmdir(folder)
        } catch {
          break
        }
        folder = dirname(folder)
      }
    },

    discardTemp: async (tempPath) => {
      if (dirname(tempPath) !== incoming) return
      await unlink(tempPath).catch((error: unknown) => {
        if (!isMissing(error)) throw error
      })
    },

    open: async (path) => {
      let handle
      try {
        handle = await open(locate(path), 'r')
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
      const info = await handle.stat()
      if (!info.isFile()) {
        await handle.close()
        return null
      }
      return { size: info.size, modifiedMs: info.mtimeMs, stream: handle.createReadStream() }
    },

    scan: async () => {
      const files: Array<{ path: string; modifiedMs: number }> = []
      const walk = async (folder: string): Promise<void> => {
        let entries
        try {
          entries = await readdir(folder, { withFileTypes: true })
        } catch (error) {
          if (isMissing(error)) return
          throw error
        }
        for (const entry of entries) {
          const full = join(folder, entry.name)
          if (folder === base && entry.name.startsWith('.')) continue
          if (entry.isDirectory()) await walk(full)
          else if (entry.isFile()) {
            const info = await stat(full).catch(() => null)
            if (info) files.push({ path: relative(base, full).split(sep).join('/'), modifiedMs: info.mtimeMs })
          }
        }
      }
      await walk(base)
      return { files, temps: await scanIncoming(incoming) }
    },

    sign,
    verify,
  }
}
