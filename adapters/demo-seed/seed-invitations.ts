/** The seed's invitations into the volume club (open, expired, accepted) and its expired onboarding link. */
import { HOUR_MS, MINUTE_MS, DAY_MS, isoInstant } from '#domain/time.ts'
import { daysAgo } from './seed-build.ts'
import type { SeedBuild } from './seed-build.ts'
import { seedAccounts, seedClubRoles, seedClubs, seedInvitations, seedPaymentAccounts } from './seed-accounts.ts'
import type { InvitationRecord } from '#domain/records.ts'

export const expiredOnboardingLinkId = 'link-hallein-abgelaufen'

/** The volume club's three invitations; `kassierinUid` accepted the used one. */
export const buildInvitations = (build: SeedBuild, kassierinUid: string): void => {
  const { seedAt } = build
  const invitation = (
    id: string,
    token: string,
    email: string,
    clubRoleId: string,
    createdHoursAgo: number,
    used: { at: string; by: string } | null,
  ): InvitationRecord => ({
    id,
    token,
    clubId: seedClubs.volume,
    email,
    clubRoleId,
    invitedBy: seedAccounts.verein.uid,
    createdAt: isoInstant(seedAt - createdHoursAgo * HOUR_MS),
    expiresAt: isoInstant(seedAt - createdHoursAgo * HOUR_MS + 72 * HOUR_MS),
    usedAt: used?.at ?? null,
    usedBy: used?.by ?? null,
    replacedAt: null,
    withdrawnAt: null,
  })
  const { valid, expired, used } = seedInvitations
  for (const record of [
    invitation(valid.id, valid.token, valid.email, seedClubRoles.schriftfuehrung, 24, null),
    invitation(expired.id, expired.token, expired.email, seedClubRoles.mitglied, 120, null),
    invitation(used.id, used.token, used.email, seedClubRoles.kassier, 200 * 24, {
      at: daysAgo(build, 199),
      by: kassierinUid,
    }),
  ]) {
    build.invitations.set(record.id, record)
  }
}

/** An onboarding link of the club whose payment account is in ONBOARDING, expired three days ago. */
export const buildOnboardingLinks = (build: SeedBuild): void => {
  build.onboardingLinks.set(expiredOnboardingLinkId, {
    id: expiredOnboardingLinkId,
    accountId: seedPaymentAccounts.onboarding.accountId,
    clubId: seedPaymentAccounts.onboarding.clubId,
    returnOrigin: '',
    createdAt: daysAgo(build, 3),
    expiresAt: isoInstant(build.seedAt - 3 * DAY_MS + 15 * MINUTE_MS),
    usedAt: null,
  })
}
