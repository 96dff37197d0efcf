/**
 * Development and test endpoints, under the paths the mocked backend uses for the same things
 * (docs/handoff/mock-identity-protocol.md), so the app's offline sign-in, the contract suite and the
 * domain tests work against this server unchanged:
 *
 * - the local identity's sign-in protocol, `POST /__mock/identity/<action>` (sign in, refresh, look up,
 *   verify the address, reset the password): the development stand-in for Firebase Auth;
 * - with test hooks on: `POST /__mock/reset` (every table back to the demo seed),
 *   `GET`/`DELETE /__mock/mailbox` (the mail outbox, newest first) and `PUT /__mock/clock` (the
 *   domain's clock moved to an instant, server/test-clock.ts).
 *
 * Neither is ever registered with NODE_ENV=production (server/config.ts refuses to start), and the local
 * identity never beside Firebase Auth.
 */
import type { FastifyInstance } from 'fastify'
import { pathOf, readJsonBody, sendProblem } from './api-routes.ts'
import { identityAction } from '#adapters/offline-identity/offline-identity.ts'
import type { ServerBackend } from './backend.ts'
import type { TestClock } from './test-clock.ts'
import { hasSnapshot, restoreSnapshot } from './db/seed-snapshot.ts'

/** The server's routes under `/__mock/` (buildApp's `controlPlane`). */
export const serverControlPlane =
  (backend: ServerBackend, options: { readonly testHooks: boolean; readonly clock?: TestClock | undefined }) =>
  (app: FastifyInstance): void => {
    // With Firebase Auth the browser signs in at Firebase; the local stand-in must not exist beside it.
    if (backend.identity !== 'firebase') registerLocalIdentity(app, backend)
    if (options.testHooks) registerTestHooks(app, backend, options.clock)
  }

const registerLocalIdentity = (app: FastifyInstance, backend: ServerBackend): void => {
  app.post<{ Params: { action: string } }>('/__mock/identity/:action', async (request, reply) => {
    const action = identityAction(request.params.action)
    if (!action) return reply.code(404).send({ error: 'UNKNOWN_ACTION' })
    const reading = readJsonBody(request)
    if ('refused' in reading) return sendProblem(reply, reading.refused, pathOf(request))
    const answer = await backend.transact((_ports, identity) => action(identity, backend.clock.now(), reading.body))
    reply.code(answer.status)
    return answer.body === undefined ? reply.send() : reply.send(answer.body)
  })
}

const registerTestHooks = (app: FastifyInstance, backend: ServerBackend, clock: TestClock | undefined): void => {
  // `{ "now": "2027-01-15T10:00:00Z" }` moves the domain's clock there (it runs on); `{ "now": null }` back.
  if (clock)
    app.put('/__mock/clock', async (request, reply) => {
      const reading = readJsonBody(request)
      if ('refused' in reading) return sendProblem(reply, reading.refused, pathOf(request))
      const value = (reading.body as { now?: unknown } | null)?.now
      const instant = typeof value === 'string' ? Date.parse(value) : value === null ? null : Number.NaN
      if (instant !== null && !Number.isFinite(instant))
        return reply.code(400).send({ error: 'INVALID_CLOCK', message: 'Send { "now": "<ISO instant>" | null }.' })
      clock.set(instant)
      return reply.send({ now: new Date(clock.now()).toISOString() })
    })

  app.post('/__mock/reset', async (_request, reply) => {
    if (!(await hasSnapshot(backend.database))) {
      return reply.code(409).send({
        error: 'NO_SEED',
        message: 'No demo seed to restore: start the server with --demo on an empty database.',
      })
    }
    await restoreSnapshot(backend.database)
    await backend.simulatedProvider?.forget()
    clock?.set(null)
    return reply.code(204).send()
  })

  app.get('/__mock/mailbox', async () => {
    const rows = await backend.database.transaction(
      (trx) => trx.selectFrom('mail_outbox').selectAll().orderBy('sequence', 'desc').execute(),
      true,
    )
    return rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      kind: row.kind,
      subject: row.subject,
      text: row.text,
      link: row.link,
      sentAt: row.created_at,
    }))
  })

  app.delete('/__mock/mailbox', async (_request, reply) => {
    await backend.database.transaction((trx) => trx.deleteFrom('mail_outbox').execute())
    return reply.code(204).send()
  })
}
