/**
 * A club's members: taking one out of the club (never the last one: a club always keeps someone who
 * represents it), giving one another club role, and what deleting a user would leave behind (the clubs
 * they are the only member of). Both changes need the members right (domain/club-rights.ts), and neither
 * takes a right from the club's last member who holds it.
 */
import type { ClubMember } from '#openapi/generated/model/clubMember.ts'
import type { ClubReference } from '#openapi/generated/model/clubReference.ts'
import { auditPerson, change, recordAudit } from './audit.ts'
import { requireClubRight, requireRightsKept, requireRightsToGrant, rightsOf } from './club-rights.ts'
import { collator, getClub, getUser } from './common.ts'
import { defineOperations, json, noContent } from './operation.ts'
import type { Ports } from './ports.ts'
import { notFound, problem } from './problem.ts'
import type { MembershipRecord } from './records.ts'

/** The clubs whose only member `uid` is, by name. */
export const clubsOnlyRepresentedBy = async (ports: Ports, uid: string): Promise<ClubReference[]> => {
  const memberships = await ports.memberships.listByUser(uid)
  const sole: string[] = []
  for (const membership of memberships) {
    if ((await ports.memberships.countByClub(membership.clubId)) <= 1) sole.push(membership.clubId)
  }
  const clubs = await ports.clubs.getMany(sole)
  return sole
    .flatMap((id) => {
      const club = clubs.get(id)
      return club ? [{ id: club.id, name: club.profile.name }] : []
    })
    .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1))
}

/** The membership of `uid` among the club's, or 404. */
const membershipOf = (memberships: readonly MembershipRecord[], uid: string): MembershipRecord => {
  const membership = memberships.find((candidate) => candidate.uid === uid)
  if (!membership) throw notFound('Member', uid)
  return membership
}

const byClubScope = async (ports: Ports, clubId: string) => ({ clubId: (await getClub(ports, clubId)).id })

export const memberOperations = defineOperations({
  removeClubMember: {
    scope: (ports, { params }) => byClubScope(ports, params.clubId),
    run: async (ctx, { params }) => {
      const { ports } = ctx
      const club = await getClub(ports, params.clubId)
      await requireClubRight(ctx, club.id, 'members')
      const memberships = await ports.memberships.listByClub(club.id)
      const membership = membershipOf(memberships, params.uid)
      if (memberships.length <= 1)
        throw problem('last-member', 'The last member stays: a club always keeps someone who represents it.')
      await requireRightsKept(ports, membership, null)
      await ports.memberships.delete(membership.id)
      // Who loses access to the club's data (and its money) is on record, whoever took them out.
      const user = await getUser(ports, membership.uid)
      await recordAudit(ctx, {
        action: 'MEMBER_REMOVED',
        club,
        user,
        changes: [change('member', auditPerson(user).name, null)],
      })
      return noContent()
    },
  },

  changeClubMemberRole: {
    scope: (ports, { params }) => byClubScope(ports, params.clubId),
    run: async (ctx, { params, body }) => {
      const { ports } = ctx
      const club = await getClub(ports, params.clubId)
      await requireClubRight(ctx, club.id, 'members')
      const membership = membershipOf(await ports.memberships.listByClub(club.id), params.uid)
      const role = await ports.clubRoles.get(body.clubRoleId)
      if (!role) throw notFound('Club role', body.clubRoleId)
      const user = await getUser(ports, membership.uid)
      const answer: ClubMember = {
        uid: user.uid,
        invitationId: null,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        clubRoleId: role.id,
        clubRoleName: role.name,
        ...rightsOf(role),
        status: 'ACTIVE',
      }
      if (membership.clubRoleId === role.id) return json(200, answer)
      await requireRightsToGrant(ctx, club.id, role)
      await requireRightsKept(ports, membership, role)
      await ports.memberships.update({ ...membership, clubRoleId: role.id })
      const previous = await ports.clubRoles.get(membership.clubRoleId)
      await recordAudit(ctx, {
        action: 'MEMBER_ROLE_CHANGED',
        club,
        user,
        changes: [change('clubRole', previous?.name ?? null, role.name)],
      })
      return json(200, answer)
    },
  },

  getUserDeletionImpact: {
    run: async ({ ports }, { params }) => {
      const user = await getUser(ports, params.uid)
      return json(200, { soleRepresentativeOf: await clubsOnlyRepresentedBy(ports, user.uid) })
    },
  },
})
