/**
 * The file store the configuration names (FILES_STORE, server/config.ts): the server's disk, or a bucket on
 * the S3 API, which must answer before the server starts (a wrong name, endpoint or key stops it here, with
 * the store's own words, instead of failing the first upload).
 */
import { join } from 'node:path'
import type { FileConfig } from '#server/config.ts'
import { createDiskFiles } from './disk-store.ts'
import type { FileStore } from './file-store.ts'
import { createS3Files } from './s3-store.ts'

export const openFileStore = async (config: FileConfig): Promise<{ store: FileStore; where: string }> => {
  if (!config.s3) {
    return { store: createDiskFiles(config.dir, { linkSecret: config.linkSecret }), where: `disk, ${config.dir}` }
  }
  const { s3 } = config
  const store = createS3Files(s3, { incomingDir: join(config.dir, '.incoming'), linkSecret: config.linkSecret })
  const where = `S3 bucket ${s3.bucket}${s3.prefix ? `, prefix ${s3.prefix}` : ''}${s3.endpoint ? ` at ${s3.endpoint}` : ''} (downloads: ${s3.downloads})`
  try {
    await store.checkBucket()
  } catch (error) {
    store.close()
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
    const reason = `${error instanceof Error ? error.name : String(error)}${status ? ` (HTTP ${status})` : ''}`
    throw new Error(`The file store cannot be reached: ${where}. ${reason}`, { cause: error })
  }
  return { store, where }
}
