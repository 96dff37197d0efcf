/**
 * The server's files in a bucket on the S3 API (AWS S3 or an S3-compatible service), for several server
 * processes on several machines: `<S3_PREFIX><storage path>` per file.
 *
 * An upload is received into a temporary file on this machine as with the disk store (`<FILES_DIR>/.incoming`)
 * and checked there; only a checked file is put into the bucket, whole (PutObject of a known length), tagged
 * with the temporary file's name so a rollback removes only the object it put. Downloads are signed GET URLs
 * of the bucket (S3_DOWNLOADS=presigned, the default) with the type, disposition and caching the domain
 * decides, or the server streams the object itself (S3_DOWNLOADS=proxy) with all of the domain's headers
 * (docs/decisions/0036-s3-file-storage.md). The bucket (or the prefix) belongs to the portal alone: the
 * sweep removes objects under `clubs/` and `app-logo/` that no row knows.
 */
import { randomBytes } from 'node:crypto'
import { createReadStream, mkdirSync } from 'node:fs'
import { stat, unlink } from 'node:fs/promises'
import { basename, dirname, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { S3ClientConfig } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { DirectLinkResponse, LinkValidity } from '#domain/ports.ts'
import type { FileStore } from './file-store.ts'
import { receiveInto, scanIncoming } from './incoming.ts'
import { linkSigner } from './link-signer.ts'

export interface S3StoreConfig {
  readonly bucket: string
  readonly region: string
  /** An S3-compatible service (`http://127.0.0.1:9000`); unset: AWS. */
  readonly endpoint: string | undefined
  /** Where browsers reach the bucket, when not where the server does; the host of presigned URLs. */
  readonly publicEndpoint: string | undefined
  readonly forcePathStyle: boolean
  /** Unset: the SDK's default credential chain (AWS_* variables, shared config, instance or task role). */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined
  /** `''` or segments ending in `/` (`vereinsportal/`). */
  readonly prefix: string
  readonly downloads: 'presigned' | 'proxy'
}

export interface S3Files extends FileStore {
  readonly bucket: string
  /** The object key of a storage path; throws for a path no store may hold. */
  keyOf(path: string): string
  /** Whether the bucket can be reached with these credentials; throws with the store's answer otherwise. */
  checkBucket(): Promise<void>
  close(): void
}

/** The places the portal stores files in (domain/files.ts `storageArea`): all the sweep may look at. */
const AREAS = ['clubs/', 'app-logo/']
/** The object's metadata naming the temporary file it came from. */
const UPLOAD_TAG = 'upload'

const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)

const clientConfig = (config: S3StoreConfig, endpoint: string | undefined): S3ClientConfig => ({
  region: config.region,
  forcePathStyle: config.forcePathStyle,
  ...(endpoint ? { endpoint } : {}),
  ...(config.credentials ? { credentials: config.credentials } : {}),
  // Checksums only where the API requires them: many S3-compatible services refuse the SDK's default
  // trailing checksums (aws-chunked bodies), and a presigned GET must not ask for one.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
})

export const createS3Files = (
  config: S3StoreConfig,
  options: { incomingDir: string; linkSecret?: string | undefined },
): S3Files => {
  const incoming = resolve(options.incomingDir)
  mkdirSync(incoming, { recursive: true, mode: 0o700 })
  const client = new S3Client(clientConfig(config, config.endpoint))
  const presigner =
    config.publicEndpoint && config.publicEndpoint !== config.endpoint
      ? new S3Client(clientConfig(config, config.publicEndpoint))
      : client
  // The server's own links are handed out only with S3_DOWNLOADS=proxy, which needs FILE_LINK_SECRET
  // (server/config.ts): a random key serves the presigned mode, where no such link is made.
  const { sign, verify } = linkSigner(options.linkSecret ? Buffer.from(options.linkSecret, 'utf8') : randomBytes(32))
  const Bucket = config.bucket

  const keyOf = (path: string): string => {
    const segments = path.split('/')
    if (
      path.includes('\\') ||
      path.includes('\0') ||
      segments.some((segment) => segment === '' || segment === '.' || segment === '..') ||
      segments[0]!.startsWith('.')
    ) {
      throw new Error(`Refused storage path: ${path}`)
    }
    return `${config.prefix}${path}`
  }

  const head = async (path: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(path) }))
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  const isPlacedFrom = async (tempPath: string, path: string): Promise<boolean> =>
    (await head(path))?.Metadata?.[UPLOAD_TAG] === basename(tempPath)

  const isOwnTemp = (tempPath: string) => dirname(resolve(tempPath)) === incoming

  return {
    bucket: Bucket,
    keyOf,

    checkBucket: async () => {
      await client.send(new HeadBucketCommand({ Bucket }))
    },

    receive: (body, maxBytes, options) => receiveInto(incoming, body, maxBytes, options),

    discardTemp: async (tempPath) => {
      if (!isOwnTemp(tempPath)) return
      await unlink(tempPath).catch((error: unknown) => {
        if ((error as { code?: string }).code !== 'ENOENT') throw error
      })
    },

    place: async (tempPath, path, contentType, replaceStray) => {
      if (!isOwnTemp(tempPath)) throw new Error('The S3 store places uploads from its own temporary files.')
      const Key = keyOf(path)
      if (!replaceStray) {
        const there = await head(path)
        if (there) return there.Metadata?.[UPLOAD_TAG] === basename(tempPath)
      }
      const { size } = await stat(tempPath)
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: createReadStream(tempPath),
            ContentLength: size,
            ContentType: contentType,
            Metadata: { [UPLOAD_TAG]: basename(tempPath) },
            // Where the service honours it, a put that must not replace anything cannot race another.
            ...(replaceStray ? {} : { IfNoneMatch: '*' }),
          }),
        )
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 412) {
          return isPlacedFrom(tempPath, path)
        }
        throw error
      }
      return true
    },

    isPlacedFrom,

    remove: async (path) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(path) }))
    },

    open: async (path) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(path) }))
        return {
          size: answer.ContentLength ?? 0,
          modifiedMs: answer.LastModified?.getTime() ?? 0,
          stream: answer.Body as Readable,
        }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },

    scan: async () => {
      const files: Array<{ path: string; modifiedMs: number }> = []
      for (const area of AREAS) {
        let ContinuationToken: string | undefined
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket, Prefix: `${config.prefix}${area}`, ContinuationToken }),
          )
          for (const object of page.Contents ?? []) {
            if (!object.Key) continue
            files.push({
              path: object.Key.slice(config.prefix.length),
              modifiedMs: object.LastModified?.getTime() ?? 0,
            })
          }
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
        } while (ContinuationToken)
      }
      return { files, temps: await scanIncoming(incoming) }
    },

    sign,
    verify,

    ...(config.downloads === 'presigned'
      ? {
          directLink: (path: string, response: DirectLinkResponse, validity: LinkValidity) =>
            getSignedUrl(
              presigner,
              new GetObjectCommand({
                Bucket,
                Key: keyOf(path),
                ResponseContentType: response.contentType,
                ResponseContentDisposition: response.contentDisposition,
                ResponseCacheControl: response.cacheControl,
                ResponseExpires: new Date(response.expires),
              }),
              { signingDate: new Date(validity.from * 1000), expiresIn: validity.until - validity.from },
            ),
        }
      : {}),

    close: () => {
      client.destroy()
      if (presigner !== client) presigner.destroy()
    },
  } satisfies S3Files
}
