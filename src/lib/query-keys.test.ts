import { QueryClient, type QueryKey } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { getGetAuditLogQueryKey, getGetClubAuditLogQueryKey } from '#src/api/generated/query/endpoints/audit/audit.ts'
import {
  getGetCampaignQueryKey,
  getGetCampaignsOfClubQueryKey,
} from '#src/api/generated/query/endpoints/campaigns/campaigns.ts'
import { getGetClubTypesQueryKey } from '#src/api/generated/query/endpoints/club-types/club-types.ts'
import {
  getGetClubDocumentsQueryKey,
  getGetClubImagesQueryKey,
  getGetClubOverviewQueryKey,
  getGetClubsOfUserQueryKey,
  getGetClubsQueryKey,
  getGetClubUsersQueryKey,
} from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import {
  getGetDonationsOfCampaignQueryKey,
  getGetDonationsOfClubQueryKey,
  getGetDonationStatsOfClubQueryKey,
} from '#src/api/generated/query/endpoints/donations/donations.ts'
import { getGetPaymentAccountQueryKey } from '#src/api/generated/query/endpoints/payments/payments.ts'
import { getGetCurrentUserQueryKey } from '#src/api/generated/query/endpoints/users/users.ts'
import {
  anyOf,
  isAuditLogQuery,
  isClubListQuery,
  isClubQuery,
  isClubsOfUserQuery,
  isDonationQuery,
  isPaymentAccountQuery,
  type QueryPredicate,
} from './query-keys.ts'
import { isReceiptQuery } from './receipt-cache.ts'
import { isTaxQuery } from './tax-cache.ts'

const matches = (predicate: QueryPredicate, key: QueryKey) => predicate({ queryKey: key })

describe('query-key predicates', () => {
  it('take every read of a club, with any parameters, and only those', () => {
    const reads = [
      getGetClubsQueryKey(),
      getGetClubsQueryKey({ page: 2, size: 20, clubStatus: 'ACTIVE' }),
      getGetClubOverviewQueryKey('club-a'),
      getGetClubUsersQueryKey('club-a'),
      getGetClubImagesQueryKey('club-a', { label: 'LOGO' }),
      getGetClubDocumentsQueryKey('club-a'),
      getGetClubAuditLogQueryKey('club-a', { page: 1 }),
      getGetClubsOfUserQueryKey('uid-1'),
    ]
    for (const key of reads) expect(matches(isClubQuery(), key), String(key[0])).toBe(true)
    for (const key of [
      getGetAuditLogQueryKey(),
      getGetPaymentAccountQueryKey('club-a'),
      getGetClubTypesQueryKey(),
      getGetCurrentUserQueryKey(),
      getGetDonationsOfClubQueryKey('club-a'),
      getGetCampaignsOfClubQueryKey('club-a'),
    ]) {
      expect(matches(isClubQuery(), key), String(key[0])).toBe(false)
    }
  })

  it('narrow to one club, keeping the lists that name it', () => {
    expect(matches(isClubQuery('club-a'), getGetClubOverviewQueryKey('club-a'))).toBe(true)
    expect(matches(isClubQuery('club-a'), getGetClubImagesQueryKey('club-a', { label: 'GALLERY' }))).toBe(true)
    expect(matches(isClubQuery('club-a'), getGetClubOverviewQueryKey('club-b'))).toBe(false)
    expect(matches(isClubQuery('club-a'), getGetClubUsersQueryKey('club-ab'))).toBe(false)
    expect(matches(isClubQuery('club-a'), getGetClubsQueryKey({ page: 3 }))).toBe(true)
    expect(matches(isClubQuery('club-a'), getGetClubsOfUserQueryKey('uid-9'))).toBe(true)
    expect(matches(isPaymentAccountQuery('club-a'), getGetPaymentAccountQueryKey('club-a'))).toBe(true)
    expect(matches(isPaymentAccountQuery('club-a'), getGetPaymentAccountQueryKey('club-b'))).toBe(false)
    expect(matches(isPaymentAccountQuery(), getGetPaymentAccountQueryKey('club-b'))).toBe(true)
  })

  it('take every read that counts a club’s donations after a refund', () => {
    for (const key of [
      getGetDonationsOfClubQueryKey('club-a', { page: 2, size: 50 }),
      getGetDonationStatsOfClubQueryKey('club-a', { from: '2026-01-01', to: '2026-03-31', groupBy: 'MONTH' }),
      getGetDonationsOfCampaignQueryKey('cmp-1', { page: 0 }),
      getGetClubOverviewQueryKey('club-a'),
      getGetCampaignsOfClubQueryKey('club-a'),
      getGetCampaignQueryKey('cmp-1'),
      getGetClubAuditLogQueryKey('club-a', { page: 0 }),
    ]) {
      expect(matches(isDonationQuery('club-a'), key), String(key[0])).toBe(true)
    }
    expect(matches(isDonationQuery('club-a'), getGetDonationsOfClubQueryKey('club-b'))).toBe(false)
    expect(matches(isDonationQuery('club-a'), getGetClubUsersQueryKey('club-a'))).toBe(false)
    expect(matches(isDonationQuery('club-a'), getGetPaymentAccountQueryKey('club-a'))).toBe(false)
  })

  it('tell the lists and the audit log apart', () => {
    expect(matches(isClubListQuery, getGetClubsQueryKey({ page: 1 }))).toBe(true)
    expect(matches(isClubListQuery, getGetClubOverviewQueryKey('club-a'))).toBe(false)
    expect(matches(isClubsOfUserQuery(), getGetClubsOfUserQueryKey('uid-1'))).toBe(true)
    expect(matches(isClubsOfUserQuery('uid-1'), getGetClubsOfUserQueryKey('uid-2'))).toBe(false)
    expect(matches(isAuditLogQuery, getGetAuditLogQueryKey({ page: 0, size: 20 }))).toBe(true)
    expect(matches(isAuditLogQuery, getGetClubAuditLogQueryKey('club-a'))).toBe(false)
    expect(matches(anyOf(isAuditLogQuery, isPaymentAccountQuery()), getGetPaymentAccountQueryKey('x'))).toBe(true)
    expect(matches(anyOf(), getGetClubsQueryKey())).toBe(false)
  })

  it('ignore keys that are not generated reads', () => {
    expect(matches(isClubQuery(), [])).toBe(false)
    expect(matches(isClubQuery(), [{ url: '/club' }])).toBe(false)
    expect(matches(isClubQuery(), ['download-url', 'clubs/club-a/logo.png'])).toBe(false)
  })

  it('cover every generated read whose path is under /club (a new one must be named here, in tax-cache.ts or receipt-cache.ts)', () => {
    const modules = import.meta.glob<Record<string, unknown>>(
      ['../api/generated/query/endpoints/*/*.ts', '!../api/generated/query/endpoints/*/*.msw.ts'],
      { eager: true },
    )
    const keyFunctions = Object.values(modules).flatMap((module) =>
      Object.entries(module).filter(([name, value]) => /^get\w+QueryKey$/.test(name) && typeof value === 'function'),
    )
    expect(keyFunctions.length).toBeGreaterThan(20)
    const clubPaths = keyFunctions
      .map(([, make]) => (make as (...args: string[]) => QueryKey)('club-a'))
      .filter(([path]) => typeof path === 'string' && (path === '/club' || path.startsWith('/club/')))
    expect(clubPaths.length).toBeGreaterThanOrEqual(7)
    for (const key of clubPaths)
      expect(
        matches(isClubQuery(), key) || matches(isTaxQuery(), key) || matches(isReceiptQuery(), key),
        String(key[0]),
      ).toBe(true)
    expect(matches(isTaxQuery('club-a'), ['/club/club-a/tax/years/2025'])).toBe(true)
    expect(matches(isTaxQuery('club-a'), ['/club/club-b/tax'])).toBe(false)
  })

  it('work as TanStack predicates', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(getGetClubOverviewQueryKey('club-a'), {})
    queryClient.setQueryData(getGetClubOverviewQueryKey('club-b'), {})
    queryClient.setQueryData(getGetPaymentAccountQueryKey('club-a'), {})
    queryClient.setQueryData(getGetCurrentUserQueryKey(), {})
    await queryClient.invalidateQueries({ predicate: anyOf(isClubQuery('club-a'), isPaymentAccountQuery('club-a')) })
    const invalidated = queryClient
      .getQueryCache()
      .findAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey[0])
    expect(invalidated.sort()).toEqual(['/club/cluboverview/club-a', '/payment/account/club-a'])
  })
})
