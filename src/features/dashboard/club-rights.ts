import { t } from '@lingui/core/macro'
import type { ClubMember } from '#openapi/generated/model/clubMember.ts'
import type { ClubRole } from '#openapi/generated/model/clubRole.ts'
import type { ClubSummary } from '#openapi/generated/model/clubSummary.ts'
import type { CurrentUser } from '#openapi/generated/model/currentUser.ts'
import { problemKind } from '#src/lib/api-errors.ts'

/**
 * What the signed-in person may do inside the club shown (docs/decisions/0031-rights-inside-a-club.md):
 * the screens hide or disable what the backend would refuse. Administrators may everything; staff only
 * read (null); a member what their club role allows.
 */
export interface ClubRights {
  /** Bank details, card-provider onboarding, refunds. */
  money: boolean
  /** Invite, remove, change club roles, withdraw and resend invitations. */
  members: boolean
}

export const clubRightsOf = (me: CurrentUser, ownClub: ClubSummary | undefined): ClubRights | null =>
  me.role === 'ROLE_STAFF'
    ? null
    : me.role === 'ROLE_ADMIN'
      ? { money: true, members: true }
      : { money: ownClub?.manageMoney ?? false, members: ownClub?.manageMembers ?? false }

/** Whether the person may hand out the club role (the backend refuses rights the giver lacks). */
export const mayGrant = (rights: ClubRights, role: Pick<ClubRole, 'manageMoney' | 'manageMembers'>): boolean =>
  (!role.manageMoney || rights.money) && (!role.manageMembers || rights.members)

/**
 * Why the member cannot lose their club role's rights (removed, or given a role without them): they are
 * the club's last active member holding one of them; null when they are not.
 */
export const lastHolderReason = (members: readonly ClubMember[], member: ClubMember): string | null => {
  const active = members.filter((candidate) => candidate.status === 'ACTIVE')
  const only = (right: 'manageMoney' | 'manageMembers') =>
    member[right] && active.filter((candidate) => candidate[right]).length === 1
  if (only('manageMoney') && only('manageMembers')) return t`Die letzte Person, die Geld und Mitglieder verwalten darf.`
  if (only('manageMoney')) return t`Die letzte Person, die Geld verwalten darf.`
  if (only('manageMembers')) return t`Die letzte Person, die Mitglieder verwalten darf.`
  return null
}

/** The German text for a refusal by the club's rights (403 `club-right-missing`, 409 `last-right-holder`). */
export const rightsRefusal = (error: unknown): string | null => {
  switch (problemKind(error)) {
    case 'club-right-missing':
      return t`Ihre Rolle im Verein erlaubt das nicht. Das dürfen nur Personen, deren Rolle im Verein dieses Recht hat (zum Beispiel Obmann/Obfrau), und die Administration.`
    case 'last-right-holder':
      return t`Diese Person ist die letzte im Verein, die Geld oder Mitglieder verwalten darf. Geben Sie zuerst einer anderen Person eine Rolle mit diesem Recht.`
    default:
      return null
  }
}
