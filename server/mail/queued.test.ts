import { describe, expect, it } from 'vitest'
import type { OpenDatabase } from '#server/db/database.ts'
import { signalQueuedMail } from './queued.ts'

describe('signalQueuedMail', () => {
  it('passes the request’s time limit and the serial key to the database it wraps', async () => {
    const seen: unknown[][] = []
    const database = {
      transaction: async (work: (trx: never) => Promise<unknown>, ...rest: unknown[]) => {
        seen.push(rest)
        return work({} as never)
      },
    } as unknown as OpenDatabase
    const wrapped = signalQueuedMail(
      database,
      () => undefined,
      () => undefined,
    )
    const signal = new AbortController().signal
    await wrapped.transaction(async () => 'done', false, signal, 'payment-events')
    expect(seen).toEqual([[false, signal, 'payment-events']])
  })
})
