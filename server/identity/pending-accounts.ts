/**
 * Identity provider account changes whose transaction has not settled: the record a crash cannot lose.
 *
 * Firebase Auth is called inside the request's transaction (a registration needs the account before the
 * verification mail's code exists), but it is not part of that transaction. So before the provider is
 * called, the change is recorded durably on its own; once the transaction has committed or rolled back
 * (and a rollback's undo has run) the record goes. A record that outlives its request means the process
 * died in between: the reconciler (account-reconciler.ts) settles it from what the database says.
 *
 * Where the records live: on a PostgreSQL server the table `identity_pending_accounts` (migration 0011),
 * written on connections of their own (`OpenDatabase.outside`), shared by every process; settled once
 * across processes (rows claimed with `FOR UPDATE SKIP LOCKED`). PGlite has one connection, held by the
 * running unit of work, and one process: there one small file per record in a folder beside the data
 * (written and synced before the provider is called; a `.tmp` file a crash cut short named no account
 * yet, and is ignored).
 */
import { mkdirSync } from 'node:fs'
import { open, readFile, readdir, rename, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { Db } from '#server/db/database.ts'
import { databaseUnreachable, isDatabaseUnreachable } from '#server/db/unreachable.ts'

export type AccountChange = 'create' | 'delete'

export interface PendingAccount {
  readonly uid: string
  readonly change: AccountChange
  /** For the log: whose account it is (a deletion does not know it). */
  readonly email: string | null
  /** Milliseconds since the epoch. */
  readonly since: number
}

export interface PendingAccounts {
  /** Records the change durably; resolves only once it is. */
  add(uid: string, change: AccountChange, email: string | null, now: number): Promise<void>
  /** Forgets it (nothing when it is not there). */
  remove(uid: string, change: AccountChange): Promise<void>
  /**
   * Settles the records older than `before`, each with `settle`, and forgets those it settled (one that
   * throws stays for the next round). Another process settling at the same time gets other records.
   * Resolves with how many were settled.
   */
  settleDue(before: number, settle: (entry: PendingAccount) => Promise<void>): Promise<number>
}

/** Records settled per round: a backlog is worked off over several rounds, none holds its locks long. */
const BATCH = 50

/** A failure to record is the database being away (503), never a 500. */
const recorded = async (write: Promise<unknown>): Promise<void> => {
  try {
    await write
  } catch (error) {
    if (isDatabaseUnreachable(error)) throw databaseUnreachable()
    throw error
  }
}

/** On a PostgreSQL server: `outside` commits each statement on its own; `db` is the pool of the units of work. */
export const sqlPendingAccounts = (outside: Db, db: Db): PendingAccounts => ({
  add: (uid, change, email, now) =>
    recorded(
      outside
        .insertInto('identity_pending_accounts')
        .values({ uid, change, email, since: new Date(now) })
        .onConflict((conflict) => conflict.columns(['uid', 'change']).doUpdateSet({ since: new Date(now) }))
        .execute(),
    ),
  remove: async (uid, change) => {
    await outside.deleteFrom('identity_pending_accounts').where('uid', '=', uid).where('change', '=', change).execute()
  },
  settleDue: (before, settle) =>
    db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('identity_pending_accounts')
        .selectAll()
        .where('since', '<', new Date(before).toISOString())
        .orderBy('since')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute()
      let settled = 0
      for (const row of due) {
        const entry = { uid: row.uid, change: row.change, email: row.email, since: Date.parse(row.since) }
        try {
          await settle(entry)
        } catch {
          continue
        }
        await trx
          .deleteFrom('identity_pending_accounts')
          .where('uid', '=', row.uid)
          .where('change', '=', row.change)
          .execute()
        settled++
      }
      return settled
    }),
})

const UID = /^[A-Za-z0-9_-]{1,128}$/

/** On PGlite: one file per record in `dir`, synced before `add` resolves. */
export const directoryPendingAccounts = (dir: string): PendingAccounts => {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const fileOf = (uid: string, change: AccountChange) => {
    // Uids are the portal's own (domain/users.ts); anything else never becomes a file name.
    if (!UID.test(uid)) throw new Error(`Not a uid: ${uid}`)
    return join(dir, `${uid}.${change}.json`)
  }
  const forget = (file: string) =>
    unlink(file).catch((error: unknown) => {
      if ((error as { code?: string }).code !== 'ENOENT') throw error
    })
  return {
    add: async (uid, change, email, now) => {
      const entry: PendingAccount = { uid, change, email, since: now }
      const file = fileOf(uid, change)
      // Whole or not at all: written aside, synced, then renamed into place.
      const handle = await open(`${file}.tmp`, 'w', 0o600)
      try {
        await handle.writeFile(JSON.stringify(entry))
        await handle.sync()
      } finally {
        await handle.close()
      }
      await rename(`${file}.tmp`, file)
    },
    remove: (uid, change) => forget(fileOf(uid, change)),
    settleDue: async (before, settle) => {
      let settled = 0
      for (const name of (await readdir(dir)).filter((file) => file.endsWith('.json')).slice(0, BATCH * 4)) {
        const file = join(dir, name)
        let entry: PendingAccount
        try {
          entry = JSON.parse(await readFile(file, 'utf8')) as PendingAccount
        } catch {
          // Gone meanwhile (its request settled it).
          continue
        }
        if (entry.since >= before) continue
        try {
          await settle(entry)
        } catch {
          continue
        }
        await forget(file)
        settled++
      }
      return settled
    },
  }
}
