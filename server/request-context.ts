/**
 * The request a piece of work belongs to, without handing it through every port: server/app.ts runs each
 * request's hooks and handler inside `withRequestId`, and whatever the request starts (its transaction,
 * the steps deferred until after the commit, a mail it queues) reads `currentRequestId()`. Work that
 * outlives the request in another form (a mail sent later by the dispatcher, maybe in another process)
 * keeps the id in its row, because an async context does not survive a process.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

const requestIds = new AsyncLocalStorage<string>()

/** Runs `work` (and everything it starts, also after it returns) as part of the request `requestId`. */
export const withRequestId = <T>(requestId: string, work: () => T): T => requestIds.run(requestId, work)

/** The id of the request the running work belongs to (the `reqId` of its log lines), or undefined. */
export const currentRequestId = (): string | undefined => requestIds.getStore()

/** Runs `work` as part of no request: background work that a request merely woke must not take its id. */
export const outsideRequest = <T>(work: () => T): T => requestIds.exit(work)
