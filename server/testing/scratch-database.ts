/**
 * A fresh, empty database on the PostgreSQL server of `url` (DATABASE_URL), for one test file or script
 * run, and how to drop it again: the suites never share or leave behind data on that server.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export interface ScratchDatabase {
  /** The connection string of the new database. */
  readonly url: string
  readonly drop: () => Promise<void>
}

const onServer = async (url: string, statement: string): Promise<void> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

export const createScratchDatabase = async (url: string, prefix = 'vp_scratch'): Promise<ScratchDatabase> => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await onServer(url, `CREATE DATABASE ${name}`)
  const scratch = new URL(url)
  scratch.pathname = `/${name}`
  return { url: scratch.toString(), drop: () => onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}
