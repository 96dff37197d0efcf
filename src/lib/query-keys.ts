import type { Query, QueryKey } from '@tanstack/react-query'
import { getGetAuditLogQueryKey, getGetClubAuditLogQueryKey } from '#src/api/generated/query/endpoints/audit/audit.ts'
import {
  getCheckZvrAvailabilityQueryKey,
  getGetClubDocumentsQueryKey,
  getGetClubImagesQueryKey,
  getGetClubOverviewQueryKey,
  getGetClubsOfUserQueryKey,
  getGetClubsQueryKey,
  getGetClubUsersQueryKey,
} from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import {
  getGetCampaignQueryKey,
  getGetCampaignsOfClubQueryKey,
} from '#src/api/generated/query/endpoints/campaigns/campaigns.ts'
import {
  getGetDonationsOfCampaignQueryKey,
  getGetDonationsOfClubQueryKey,
  getGetDonationStatsOfClubQueryKey,
} from '#src/api/generated/query/endpoints/donations/donations.ts'
import { getGetPaymentAccountQueryKey } from '#src/api/generated/query/endpoints/payments/payments.ts'

/**
 * Which cached queries a change makes stale, named once. The generated key of a read is its
 * path, then its parameters (`['/club/club-x/getImages', { page: 0 }]`); the predicates here are built
 * from the generated key functions, so a path that changes in the contract changes here too, and no
 * feature spells an API path.
 */

/** What a predicate looks at: TanStack's `Query` has it, and a test can pass a bare key. */
export type QueryPredicate = (query: Pick<Query, 'queryKey'>) => boolean

/** Stands for any value of a path parameter; no id contains it. */
export const ANY = '\u0000'

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The endpoint of a generated key as a pattern on the key's path: `ANY` matches one path segment. */
const pathPattern = (key: QueryKey): RegExp => {
  const [path] = key
  if (typeof path !== 'string') throw new TypeError('A generated query key starts with its path.')
  return new RegExp(`^${path.split(ANY).map(escape).join('[^/]+')}$`)
}

export const matchesAny = (keys: QueryKey[]): QueryPredicate => {
  const patterns = keys.map(pathPattern)
  return (query) => {
    const [path] = query.queryKey
    return typeof path === 'string' && patterns.some((pattern) => pattern.test(path))
  }
}

/** The paged club list (`GET club`) with any filter: the release list and the club picker. */
export const isClubListQuery: QueryPredicate = matchesAny([getGetClubsQueryKey()])

/** The clubs of a user (the club switcher); every user's when no uid is given. */
export const isClubsOfUserQuery = (uid: string = ANY): QueryPredicate => matchesAny([getGetClubsOfUserQueryKey(uid)])

/**
 * Every read that shows a club: its overview (the dashboard), members, images, documents and audit log,
 * and the lists that name it (the club list, the clubs of a user). With a club id, that club's reads and
 * the lists; without, every club's. A release, a check mark, a renamed club type or a saved profile
 * changes what all of them show, and a saved ZVR number changes which numbers are still free.
 */
export const isClubQuery = (clubId: string = ANY): QueryPredicate =>
  matchesAny([
    getGetClubOverviewQueryKey(clubId),
    getGetClubUsersQueryKey(clubId),
    getGetClubImagesQueryKey(clubId),
    getGetClubDocumentsQueryKey(clubId),
    getGetClubAuditLogQueryKey(clubId),
    getGetClubsQueryKey(),
    getGetClubsOfUserQueryKey(ANY),
    getCheckZvrAvailabilityQueryKey(),
  ])

/** A club's card-payment account; every club's when no id is given. */
export const isPaymentAccountQuery = (clubId: string = ANY): QueryPredicate =>
  matchesAny([getGetPaymentAccountQueryKey(clubId)])

/**
 * Every read that counts a club's donations: its donation list and chart, the lists of its campaigns (any
 * campaign's, as a donation names its campaign only by id here), the overview's sums and the campaigns'
 * raised amounts, and the club's audit log, which records a refund. A refund changes the donation's status and lowers these sums once the card provider
 * confirms it.
 */
export const isDonationQuery = (clubId: string = ANY): QueryPredicate =>
  matchesAny([
    getGetDonationsOfClubQueryKey(clubId),
    getGetDonationStatsOfClubQueryKey(clubId),
    getGetDonationsOfCampaignQueryKey(ANY),
    getGetClubOverviewQueryKey(clubId),
    getGetCampaignsOfClubQueryKey(clubId),
    getGetCampaignQueryKey(ANY),
    getGetClubAuditLogQueryKey(clubId),
  ])

/** The portal's audit log ("Protokoll") with any filter; a club's own log is a club read. */
export const isAuditLogQuery: QueryPredicate = matchesAny([getGetAuditLogQueryKey()])

/** True when any of the predicates is. */
export const anyOf =
  (...predicates: QueryPredicate[]): QueryPredicate =>
  (query) =>
    predicates.some((predicate) => predicate(query))
