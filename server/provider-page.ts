/**
 * The stand-in for the card provider's hosted onboarding, until a real provider is contracted: the
 * same page and calls as the mocked backend's (mocks/provider/: plain HTML forms, and the JSON calls
 * of its in-browser version), whose outcome the domain applies (domain/onboarding.ts) before the user
 * is sent back to the app.
 */
import type { FastifyInstance } from 'fastify'
import { completeOnboarding, onboardingLinkInfo, readProviderSubmission } from '#domain/onboarding.ts'
import { providerPageHtml } from '#adapters/simulated-card-provider/provider-html.ts'
import {
  PROVIDER_LINK_PATH,
  PROVIDER_PAGE_PATH,
  PROVIDER_SUBMIT_PATH,
} from '#adapters/simulated-card-provider/paths.ts'
import type { ServerBackend } from './backend.ts'

export const registerProviderPage = (app: FastifyInstance, backend: ServerBackend): void => {
  /** The page's outcome, from its form or its JSON call, applied by the domain. */
  const submit = async (
    link: unknown,
    outcome: unknown,
  ): Promise<{ status: 200; redirectTo: string } | { status: 400 | 404; error: string }> => {
    const submission = readProviderSubmission({ link, outcome })
    if (!submission) return { status: 400, error: 'INVALID_REQUEST' }
    const answer = await backend.transact((ports) =>
      completeOnboarding(ports, backend.clock.now(), submission.link, submission.outcome),
    )
    return answer ? { status: 200, redirectTo: answer.redirectTo } : { status: 404, error: 'UNKNOWN_LINK' }
  }

  app.get<{ Querystring: { link?: string } }>(PROVIDER_PAGE_PATH, async (request, reply) => {
    const linkId = request.query.link ?? ''
    const info = await backend.transact((ports) => onboardingLinkInfo(ports, backend.clock.now(), linkId), true)
    return reply
      .code(info ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      )
      .send(providerPageHtml(info, linkId))
  })

  app.post(PROVIDER_PAGE_PATH, async (request, reply) => {
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams()
    const answer = await submit(form.get('link'), form.get('outcome'))
    if (answer.status !== 200) return reply.code(answer.status).send({ error: answer.error })
    return reply.code(303).header('location', answer.redirectTo).send()
  })

  app.get<{ Querystring: { link?: string } }>(PROVIDER_LINK_PATH, async (request, reply) => {
    const info = await backend.transact(
      (ports) => onboardingLinkInfo(ports, backend.clock.now(), request.query.link ?? ''),
      true,
    )
    return info ? reply.send(info) : reply.code(404).send({ error: 'UNKNOWN_LINK' })
  })

  app.post(PROVIDER_SUBMIT_PATH, async (request, reply) => {
    const input = request.body as { link?: unknown; outcome?: unknown } | undefined
    const answer = await submit(input?.link, input?.outcome)
    return answer.status === 200
      ? reply.send({ redirectTo: answer.redirectTo })
      : reply.code(answer.status).send({ error: answer.error })
  })
}
