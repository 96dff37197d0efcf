/**
 * A club's members: taking one out of the club (never the last one: a club always keeps someone who
 * represents it), and what deleting a user would leave behind (the clubs they are the only member of).
 */
import type { ClubReference } from '#openapi/generated/model/clubReference.ts'
import { auditPerson, change, recordAudit } from './audit.ts'
import { collator, getClub, getUser } from './common.ts'
import { defineOperations, json, noContent } from './operation.ts'
import type { Ports } from './ports.ts'
import { notFound, problem } from './problem.ts'

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

export const memberOperations = defineOperations({
  removeClubMember: {
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async (ctx, { params }) => {
      const { ports } = ctx
      const club = await getClub(ports, params.clubId)
      const memberships = await ports.memberships.listByClub(club.id)
      const membership = memberships.find((candidate) => candidate.uid === params.uid)
      if (!membership) throw notFound('Member', params.uid)
      if (memberships.length <= 1)
        throw problem('last-member', 'The last member stays: a club always keeps someone who represents it.')
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

  getUserDeletionImpact: {
    run: async ({ ports }, { params }) => {
      const user = await getUser(ports, params.uid)
      return json(200, { soleRepresentativeOf: await clubsOnlyRepresentedBy(ports, user.uid) })
    },
  },
})
