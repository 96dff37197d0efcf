/**
 * The card provider's hosted onboarding as the portal sees it: what a link stands for, and what the
 * provider's outcome does to the account (all details → ACTIVE; part of them → the rest stays open;
 * cancelled → nothing). The provider page itself is simulated by each backend (mocks/provider/, and the
 * server's stand-in) and calls these two functions.
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

/** What "submitting part of the details" leaves open: identity and bank account still to check. */
const PARTIAL_REMAINING: readonly PaymentRequirement[] = ['REPRESENTATIVE_IDENTITY', 'BANK_ACCOUNT']

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
 * (which hands out a new link). Null when no link has this id.
 */
export const completeOnboarding = async (
  ports: Ports,
  now: number,
  linkId: string,
  outcome: ProviderOutcome,
): Promise<{ redirectTo: string } | null> => {
  const info = await onboardingLinkInfo(ports, now, linkId)
  if (!info) return null
  const link = (await ports.onboardingLinks.get(info.link))!
  const back = (path: string) => ({
    redirectTo: `${link.returnOrigin}${path}?clubId=${encodeURIComponent(link.clubId)}`,
  })
  if (info.status !== 'OPEN') return back('/payment')
  await ports.onboardingLinks.update({ ...link, usedAt: isoInstant(now) })
  const account = (await ports.paymentAccounts.get(link.accountId))!
  if (outcome === 'COMPLETE') {
    await ports.paymentAccounts.update({
      ...account,
      status: 'ACTIVE',
      chargesEnabled: true,
      payoutsEnabled: true,
      requirements: [],
      updatedAt: isoInstant(now),
    })
  } else if (outcome === 'PARTIAL') {
    // Part of the details: the business details and terms are in, identity and bank account still open.
    const open = account.requirements.filter((item) => PARTIAL_REMAINING.includes(item))
    await ports.paymentAccounts.update({
      ...account,
      requirements: open.length > 0 ? open : ['BANK_ACCOUNT'],
      updatedAt: isoInstant(now),
    })
  }
  return back('/payment/return')
}
