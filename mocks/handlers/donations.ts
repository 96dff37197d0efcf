/** The `donations` tag. */
import type { RouteDefinition } from './api-route.ts'

export const donationRoutes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/donations/club/{clubId}/stats', operationId: 'getDonationStatsOfClub' },
  { method: 'GET', path: '/donations/club/{clubId}', operationId: 'getDonationsOfClub' },
  { method: 'GET', path: '/donations/campaign/{campaignId}', operationId: 'getDonationsOfCampaign' },
]
