/**
 * Changes to identity provider accounts (Firebase Auth) whose transaction has not settled yet: a row is
 * committed on its own before the provider is called and removed once the request's transaction has
 * committed or rolled back (server/identity/pending-accounts.ts). A row that outlives its request (the
 * process died in between) is settled by the reconciler (server/identity/account-reconciler.ts): an
 * account created for a registration that never committed is deleted, one disabled for a deletion that
 * never committed is enabled again, one whose deletion committed is deleted.
 *
 * No foreign key to `users`: a row exists precisely while the user row may or may not.
 */
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { bytewiseText } from './columns.ts'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('identity_pending_accounts')
    .addColumn('uid', bytewiseText, (col) => col.notNull())
    .addColumn('change', 'text', (col) => col.notNull().check(sql`change IN ('create', 'delete')`))
    .addColumn('email', 'text')
    .addColumn('since', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('identity_pending_accounts_pkey', ['uid', 'change'])
    .execute()
  await sql`CREATE INDEX identity_pending_accounts_since ON identity_pending_accounts (since)`.execute(db)
}
