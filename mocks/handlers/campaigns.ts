/** The `campaigns` tag. */
import type { RouteDefinition } from './api-route.ts'

export const campaignRoutes: readonly RouteDefinition[] = [
  { method: 'POST', path: '/campaigns', operationId: 'createCampaign' },
  { method: 'PUT', path: '/campaigns', operationId: 'updateCampaign' },
  { method: 'GET', path: '/campaigns/club/{clubId}', operationId: 'getCampaignsOfClub' },
  { method: 'GET', path: '/campaigns/{documentId}', operationId: 'getCampaign' },
  { method: 'DELETE', path: '/campaigns/{documentId}', operationId: 'deleteCampaign' },
]
