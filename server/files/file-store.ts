/**
 * Where the server keeps uploaded files: its own disk (server/files/disk-store.ts) or an object store on
 * the S3 API (server/files/s3-store.ts), chosen by FILES_STORE (server/config.ts). Both take an upload the
 * same way: the body is streamed into a temporary file on this machine (server/files/incoming.ts), the
 * domain checks it there, and only a checked file is placed in the store. What a store holds is governed
 * by the rows of `file_blobs` (server/files/sql-file-blobs.ts), not by the store itself.
 */
import type { Readable } from 'node:stream'
import type { DirectLinkResponse, LinkValidity } from '#domain/ports.ts'
import type { ReceiveOptions } from '#server/uploads.ts'

export interface IncomingFile {
  /** The temporary file holding the bytes. */
  readonly tempPath: string
  readonly size: number
  readonly head: Uint8Array
}

export interface StoredFileHandle {
  readonly size: number
  readonly stream: Readable
  readonly modifiedMs: number
}

export interface FileStore {
  /** Streams a request body into a temporary file, at most `maxBytes` (TooLargeError beyond). */
  receive(body: Readable, maxBytes: number, options?: ReceiveOptions): Promise<IncomingFile>
  /** Removes a temporary file; nothing when it is gone. */
  discardTemp(tempPath: string): Promise<void>
  /**
   * Puts the temporary file's bytes at `path`, stored as `contentType`. A file already there that is not
   * this one is replaced only when `replaceStray` says so (a file no record knows of, left by a crash).
   */
  place(tempPath: string, path: string, contentType: string, replaceStray: boolean): Promise<boolean>
  /** Whether the file at `path` is the one `place` put there from this temporary file. */
  isPlacedFrom(tempPath: string, path: string): Promise<boolean>
  /** Removes the file at `path`; nothing when it is not there. */
  remove(path: string): Promise<void>
  /** The file's bytes, opened now, or null. */
  open(path: string): Promise<StoredFileHandle | null>
  /** Every stored file (storage path, last change) and every temporary file (its path on this machine). */
  scan(): Promise<{
    files: Array<{ path: string; modifiedMs: number }>
    temps: Array<{ tempPath: string; modifiedMs: number }>
  }>
  /** HMAC-SHA256 of `text` with the link secret, base64url (the server's own download links). */
  sign(text: string): string
  verify(text: string, signature: string): boolean
  /**
   * A URL that reads the file straight from the store, answered with `response`'s headers, valid within
   * `validity`; absent: downloads go through the server (`downloadFile`).
   */
  directLink?(path: string, response: DirectLinkResponse, validity: LinkValidity): Promise<string>
}
