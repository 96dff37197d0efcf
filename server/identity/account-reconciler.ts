/**
 * Settles identity provider changes whose request never finished (the process died between the provider
 * and the commit; pending-accounts.ts), from what the database says, once the change is older than any
 * request can run (`graceMs`, longer than REQUEST_TIMEOUT_MS: a unit of work that has not committed by
 * then is cancelled and rolled back, so the database's answer is final):
 *
 * | change | the user row   | so                                                        |
 * |--------|----------------|-----------------------------------------------------------|
 * | create | missing        | the registration never committed: delete the account      |
 * | create | there          | it committed: nothing to do                               |
 * | delete | there          | the deletion never committed: enable the account again    |
 * | delete | missing        | it committed: delete the account                          |
 *
 * So an address is registered completely or not at all, and one whose registration failed can register
 * again. Runs at start and every `intervalMs`; on PostgreSQL each record is settled by one process.
 */
import type { Auth } from 'firebase-admin/auth'
import type { OpenDatabase } from '#server/db/database.ts'
import type { Logger } from '#server/logger.ts'
import { codeOf } from './firebase-identity.ts'
import type { PendingAccount, PendingAccounts } from './pending-accounts.ts'

export interface ReconcilerOptions {
  readonly auth: Auth
  readonly database: OpenDatabase
  readonly pending: PendingAccounts
  readonly graceMs: number
  readonly now: () => number
  readonly logger: Logger
}

/** A provider call on an account that is gone already has nothing left to do. */
const unlessGone = async (call: Promise<unknown>): Promise<void> => {
  try {
    await call
  } catch (error) {
    if (codeOf(error) !== 'auth/user-not-found') throw error
  }
}

/** One round: settles what is due; resolves with how many records were settled. */
export const reconcileAccounts = async (options: ReconcilerOptions): Promise<number> => {
  const { auth, database, pending, logger } = options
  const hasUser = async (uid: string) =>
    (await database.transaction(
      (trx) => trx.selectFrom('users').select('uid').where('uid', '=', uid).executeTakeFirst(),
      true,
    )) !== undefined
  const settle = async (entry: PendingAccount) => {
    const registered = await hasUser(entry.uid)
    const log = { uid: entry.uid, email: entry.email, change: entry.change, since: new Date(entry.since) }
    try {
      if (entry.change === 'create' && !registered) {
        await unlessGone(auth.deleteUser(entry.uid))
        logger.warn(log, 'identity: deleted the account of a registration that never committed')
      } else if (entry.change === 'delete' && registered) {
        await unlessGone(auth.updateUser(entry.uid, { disabled: false }))
        logger.warn(log, 'identity: enabled the account of a deletion that never committed')
      } else if (entry.change === 'delete') {
        await unlessGone(auth.deleteUser(entry.uid))
        logger.warn(log, 'identity: deleted the account of a committed deletion')
      }
    } catch (error) {
      logger.error({ ...log, err: error }, 'identity: could not settle a pending account change; tried again later')
      throw error
    }
  }
  return pending.settleDue(options.now() - options.graceMs, settle)
}

/** Reconciles now and every `intervalMs` (0: only now); the returned function stops it. */
export const startAccountReconciler = (options: ReconcilerOptions & { readonly intervalMs: number }): (() => void) => {
  let busy = false
  let stopped = false
  const round = async () => {
    // A round still working (a long backlog, a slow provider) is not joined by another.
    if (busy || stopped) return
    busy = true
    try {
      const settled = await reconcileAccounts(options)
      if (settled > 0) options.logger.info({ settled }, 'identity: pending account changes settled')
    } catch (error) {
      options.logger.error({ err: error }, 'identity: reconciliation failed')
    } finally {
      busy = false
    }
  }
  void round()
  const timer = options.intervalMs > 0 ? setInterval(() => void round(), options.intervalMs) : undefined
  timer?.unref()
  return () => {
    stopped = true
    if (timer) clearInterval(timer)
  }
}
