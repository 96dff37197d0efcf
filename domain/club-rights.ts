/**
 * Rights inside a club (docs/decisions/0031-rights-inside-a-club.md): each club role says whether its
 * holders may manage the club's money (bank details, card-provider onboarding, refunds) and whether they
 * may manage its members (invite, remove, give another club role, withdraw and resend invitations).
 *
 * `x-access` lets any member of the club call these operations; the rules here decide for a member by
 * their club role. Administrators need no right (they act for the portal); staff only read. A member hands
 * out only rights they hold, and a club keeps at least one member with each right it has (the last one is
 * neither removed nor given a club role without it), whoever asks.
 */
import type { ClubMember } from '#openapi/generated/model/clubMember.ts'
import { requireCaller } from './operation.ts'
import type { OperationContext } from './operation.ts'
import type { Ports } from './ports.ts'
import { problem } from './problem.ts'
import type { ClubRoleRecord, MembershipRecord } from './records.ts'

export type ClubRight = 'money' | 'members'

export const CLUB_RIGHTS: readonly ClubRight[] = ['money', 'members']

/** The club role's field that holds a right. */
export const RIGHT_FIELD = {
  money: 'manageMoney',
  members: 'manageMembers',
} as const satisfies Record<ClubRight, keyof ClubRoleRecord>

/** What a right allows, for the problems' details. */
const RIGHT_TEXT: Readonly<Record<ClubRight, string>> = {
  money: "manage the club's money (bank details, card payments, refunds)",
  members: "manage the club's members",
}

/** Whether the club role gives the right; an unknown role gives none. */
export const roleHas = (role: ClubRoleRecord | null | undefined, right: ClubRight): boolean =>
  role?.[RIGHT_FIELD[right]] === true

/** The rights of a club role as the contract's answers carry them (none for an unknown role). */
export const rightsOf = (
  role: ClubRoleRecord | null | undefined,
): Pick<ClubMember, 'manageMoney' | 'manageMembers'> => ({
  manageMoney: roleHas(role, 'money'),
  manageMembers: roleHas(role, 'members'),
})

/** The caller's club role in the club, or null (not a member, or an administrator of no role there). */
const callerRole = async (ctx: OperationContext, clubId: string): Promise<ClubRoleRecord | null> => {
  const caller = requireCaller(ctx)
  const membership = (await ctx.ports.memberships.listByUser(caller.user.uid)).find(
    (candidate) => candidate.clubId === clubId,
  )
  return membership ? await ctx.ports.clubRoles.get(membership.clubRoleId) : null
}

/** Whether the caller may act with `right` in the club: an administrator always, a member by their club role. */
export const hasClubRight = async (ctx: OperationContext, clubId: string, right: ClubRight): Promise<boolean> => {
  if (requireCaller(ctx).user.role === 'ROLE_ADMIN') return true
  return roleHas(await callerRole(ctx, clubId), right)
}

/**
 * Refuses (403 `club-right-missing`) a caller who may not act with `right` in the club. Every operation
 * that touches a club's money or members calls it where a member acts: the bank details, the onboarding,
 * the member list's changes, and the refunds.
 */
export const requireClubRight = async (ctx: OperationContext, clubId: string, right: ClubRight): Promise<void> => {
  if (await hasClubRight(ctx, clubId, right)) return
  const role = await callerRole(ctx, clubId)
  throw problem(
    'club-right-missing',
    `Your club role${role ? ` (${role.name})` : ''} does not allow you to ${RIGHT_TEXT[right]}.`,
  )
}

/**
 * Refuses (403 `club-right-missing`) handing out a club role (an invitation, a role change) with a right
 * the caller does not hold in the club: nobody grants more than they have.
 */
export const requireRightsToGrant = async (ctx: OperationContext, clubId: string, role: ClubRoleRecord) => {
  if (requireCaller(ctx).user.role === 'ROLE_ADMIN') return
  const own = await callerRole(ctx, clubId)
  for (const right of CLUB_RIGHTS) {
    if (roleHas(role, right) && !roleHas(own, right))
      throw problem(
        'club-right-missing',
        `The club role ${role.name} may ${RIGHT_TEXT[right]}, which your club role${own ? ` (${own.name})` : ''} may not: only a member who may can give it.`,
      )
  }
}

/**
 * Refuses (409 `last-right-holder`) taking a right away from the club's last member who holds it: the
 * member `membership` leaves the club (`next` null) or gets the club role `next`.
 */
export const requireRightsKept = async (
  ports: Ports,
  membership: MembershipRecord,
  next: ClubRoleRecord | null,
): Promise<void> => {
  const [memberships, roles] = await Promise.all([
    ports.memberships.listByClub(membership.clubId),
    ports.clubRoles.list(),
  ])
  const byId = new Map(roles.map((role) => [role.id, role]))
  const current = byId.get(membership.clubRoleId)
  for (const right of CLUB_RIGHTS) {
    if (!roleHas(current, right) || roleHas(next, right)) continue
    const others = memberships.filter(
      (other) => other.id !== membership.id && roleHas(byId.get(other.clubRoleId), right),
    )
    if (others.length === 0)
      throw problem(
        'last-right-holder',
        `This is the club's last member who may ${RIGHT_TEXT[right]}: give another member a club role with that right first.`,
      )
  }
}

/** The members of the club whose club role gives `right` (the recipients of what concerns it). */
export const membersWithRight = async (ports: Ports, clubId: string, right: ClubRight): Promise<MembershipRecord[]> => {
  const [memberships, roles] = await Promise.all([ports.memberships.listByClub(clubId), ports.clubRoles.list()])
  const byId = new Map(roles.map((role) => [role.id, role]))
  return memberships.filter((membership) => roleHas(byId.get(membership.clubRoleId), right))
}
