/**
 * The bytes of uploaded files (server/files): one row per file on disk. A row without `claimed_at` is a
 * staged upload (no record uses it yet); the sweep removes those older than an hour, and files on disk
 * that have no row at all.
 */
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { bytewiseText } from './columns.ts'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('file_blobs')
    .addColumn('path', bytewiseText, (col) => col.primaryKey())
    .addColumn('size', 'integer', (col) => col.notNull().check(sql`size > 0`))
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('staged_at', 'timestamptz', (col) => col.notNull())
    .addColumn('claimed_at', 'timestamptz')
    .execute()
  await sql`CREATE INDEX file_blobs_staged ON file_blobs (staged_at) WHERE claimed_at IS NULL`.execute(db)
}
