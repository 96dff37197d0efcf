/**
 * The card provider's hosted onboarding as the portal sees it: what a link stands for, and using it up.
 * The provider page itself is simulated (adapters/simulated-card-provider/, served by mocks/handlers/control.ts
 * and server/provider-page.ts) and calls these two functions. What the club submitted there changes the
 * account at the provider, and the portal learns it as from Stripe: from the provider's `account.updated`
 * event (domain/payment-events.ts), never from the page.
 */
import type { PaymentRequirement } from '#openapi/generated/model/paymentRequirement.ts'
import type { Ports } from './ports.ts'
import { isoInstant } from './time.ts'

export type LinkStatus = 'OPEN' | 'EXPIRED' | 'USED'

export interface ProviderLinkInfo {
  link: string
  status: LinkStatus
  clubId: string
  clubName: string
  accountId: string
  requirements: PaymentRequirement[]
  expiresAt: string
}

export type ProviderOutcome = 'COMPLETE' | 'PARTIAL' | 'CANCEL'
const PROVIDER_OUTCOMES: readonly ProviderOutcome[] = ['COMPLETE', 'PARTIAL', 'CANCEL']

/** What the provider page submits (its form or its JSON call), or null when it is not that. */
export const readProviderSubmission = (input: unknown): { link: string; outcome: ProviderOutcome } | null => {
  const { link, outcome } = (typeof input === 'object' && input !== null ? input : {}) as {
    link?: unknown
    outcome?: unknown
  }
  return typeof link === 'string' && link !== '' && PROVIDER_OUTCOMES.includes(outcome as ProviderOutcome)
    ? { link, outcome: outcome as ProviderOutcome }
    : null
}

/** What the club submitted on a valid link, for the provider to apply to its account (a cancel submits nothing). */
export interface OnboardingSubmission {
  readonly accountId: string
  readonly outcome: Exclude<ProviderOutcome, 'CANCEL'>
  /** What the page showed as still open when the club submitted. */
  readonly requirements: readonly PaymentRequirement[]
}

/** What the provider page shows about a link; null when no link has this id. */
export const onboardingLinkInfo = async (
  ports: Ports,
  now: number,
  linkId: string,
): Promise<ProviderLinkInfo | null> => {
  const link = await ports.onboardingLinks.get(linkId)
  if (!link) return null
  const [account, club] = await Promise.all([ports.paymentAccounts.get(link.accountId), ports.clubs.get(link.clubId)])
  const status: LinkStatus =
    link.usedAt !== null || !account || account.status !== 'ONBOARDING'
      ? 'USED'
      : Date.parse(link.expiresAt) <= now
        ? 'EXPIRED'
        : 'OPEN'
  return {
    link: link.id,
    status,
    clubId: link.clubId,
    clubName: club?.profile.name ?? '',
    accountId: link.accountId,
    requirements: account ? [...account.requirements] : [],
    expiresAt: link.expiresAt,
  }
}

/**
 * The user leaves the hosted onboarding. The link is used up either way; a valid one leads back to
 * `/payment/return?clubId=…` (which re-checks the account), an expired or used one to `/payment?clubId=…`
 * (which hands out a new link). The account itself is not changed here: `submitted` goes to the provider,
 * whose `account.updated` event changes it (the page waits for the delivery before it sends the user back).
 * Null when no link has this id.
 */
export const completeOnboarding = async (
  ports: Ports,
  now: number,
  linkId: string,
  outcome: ProviderOutcome,
): Promise<{ redirectTo: string; submitted: OnboardingSubmission | null } | null> => {
  const info = await onboardingLinkInfo(ports, now, linkId)
  if (!info) return null
  const link = (await ports.onboardingLinks.get(info.link))!
  const back = (path: string, submitted: OnboardingSubmission | null = null) => ({
    redirectTo: `${link.returnOrigin}${path}?clubId=${encodeURIComponent(link.clubId)}`,
    submitted,
  })
  if (info.status !== 'OPEN') return back('/payment')
  await ports.onboardingLinks.update({ ...link, usedAt: isoInstant(now) })
  return back(
    '/payment/return',
    outcome === 'CANCEL' ? null : { accountId: link.accountId, outcome, requirements: info.requirements },
  )
}
