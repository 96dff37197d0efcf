/**
 * The stand-in for the card provider's hosted onboarding, until a real provider is contracted: the
 * same page and calls as the mocked backend's (mocks/provider/: plain HTML forms, and the JSON calls
 * of its in-browser version), whose outcome the domain applies (domain/onboarding.ts) before the user
 * is sent back to the app.
 */
import type { FastifyInstance } from 'fastify'
import { PROVIDER_OUTCOMES, completeOnboarding, onboardingLinkInfo } from '../domain/onboarding.ts'
import type { ProviderOutcome } from '../domain/onboarding.ts'
import { providerPageHtml } from '../mocks/provider/provider-html.ts'
import { PROVIDER_LINK_PATH, PROVIDER_PAGE_PATH, PROVIDER_SUBMIT_PATH } from '../mocks/provider/paths.ts'
import type { ServerBackend } from './backend.ts'

export const registerProviderPage = (app: FastifyInstance, backend: ServerBackend): void => {
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
    const outcome = form.get('outcome') ?? ''
    if (!PROVIDER_OUTCOMES.includes(outcome as ProviderOutcome))
      return reply.code(400).send({ error: 'INVALID_REQUEST' })
    const answer = await backend.transact((ports) =>
      completeOnboarding(ports, backend.clock.now(), form.get('link') ?? '', outcome as ProviderOutcome),
    )
    return answer
      ? reply.code(303).header('location', answer.redirectTo).send()
      : reply.code(404).send({ error: 'UNKNOWN_LINK' })
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
    if (
      typeof input?.link !== 'string' ||
      input.link === '' ||
      !PROVIDER_OUTCOMES.includes(input.outcome as ProviderOutcome)
    ) {
      return reply.code(400).send({ error: 'INVALID_REQUEST' })
    }
    const answer = await backend.transact((ports) =>
      completeOnboarding(ports, backend.clock.now(), input.link as string, input.outcome as ProviderOutcome),
    )
    return answer ? reply.send(answer) : reply.code(404).send({ error: 'UNKNOWN_LINK' })
  })
}
