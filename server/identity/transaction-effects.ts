/**
 * Side effects outside the database that belong to one transaction: Firebase Auth accounts are created,
 * changed and deleted in a request whose database writes may still fail. Each effect registers how to
 * undo it (run when the transaction rolls back) or is deferred until the transaction has committed (also
 * the users' custom claims, server/identity/custom-claims.ts: they must show committed data only).
 *
 * Undo and deferred steps never throw into the request: a failure there is logged with what is left to
 * clean up by hand (an account without a portal user cannot do anything: every request with its token
 * is refused because no user has its uid).
 */
import type { Logger } from '#server/logger.ts'
import { currentRequestId } from '#server/request-context.ts'

type Step = { readonly what: string; readonly run: () => Promise<unknown> }

export class TransactionEffects {
  private readonly undo: Step[] = []
  private readonly afterCommit: Step[] = []

  /** `run` reverses an effect that already happened, should the transaction not commit. */
  onRollback(what: string, run: () => Promise<unknown>): void {
    this.undo.push({ what, run })
  }

  /** `run` happens only once the transaction has committed (effects that cannot be undone). */
  onCommit(what: string, run: () => Promise<unknown>): void {
    this.afterCommit.push({ what, run })
  }

  async committed(logger: Logger): Promise<void> {
    for (const step of this.afterCommit) await runLogged(step, logger, 'after commit')
  }

  async rolledBack(logger: Logger): Promise<void> {
    // Newest first, like a stack of changes.
    for (const step of [...this.undo].reverse()) await runLogged(step, logger, 'undo after rollback')
  }
}

const runLogged = async (step: Step, logger: Logger, phase: string): Promise<void> => {
  try {
    await step.run()
  } catch (error) {
    // The steps run after the request's transaction, in its context: the line names the request.
    logger.error(
      { err: error, phase, effect: step.what, reqId: currentRequestId() },
      'identity provider step failed; clean up by hand',
    )
  }
}
