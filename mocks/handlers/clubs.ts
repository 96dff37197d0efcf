/** The `clubs` tag. Fixed segments first, so `/club/inactive/{clubId}` never reads as a club id. */
import type { RouteDefinition } from './api-route.ts'

export const clubRoutes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/club', operationId: 'getClubs' },
  { method: 'PUT', path: '/club', operationId: 'updateClub' },
  { method: 'POST', path: '/club/createWithUser', operationId: 'createClubWithUser' },
  { method: 'PUT', path: '/club/inactive/{clubId}', operationId: 'deactivateClub' },
  { method: 'PUT', path: '/club/active/{clubId}', operationId: 'activateClub' },
  { method: 'GET', path: '/club/cluboverview/{id}', operationId: 'getClubOverview' },
  { method: 'GET', path: '/club/all/user/{id}', operationId: 'getClubsOfUser' },
  { method: 'PUT', path: '/club/{clubId}/addImage', operationId: 'addClubImage' },
  { method: 'PUT', path: '/club/{clubId}/addDocument', operationId: 'addClubDocument' },
  { method: 'POST', path: '/club/{clubId}/isChecked', operationId: 'setClubChecked' },
  { method: 'PUT', path: '/club/{clubId}/bankReview/confirm', operationId: 'confirmBankReview' },
  { method: 'POST', path: '/club/{clubId}/inviteUser', operationId: 'inviteClubUser' },
  { method: 'GET', path: '/club/{clubId}/getUsers', operationId: 'getClubUsers' },
  { method: 'DELETE', path: '/club/{clubId}/member/{uid}', operationId: 'removeClubMember' },
  { method: 'DELETE', path: '/club/{clubId}/invitation/{invitationId}', operationId: 'withdrawClubInvitation' },
  { method: 'POST', path: '/club/{clubId}/invitation/{invitationId}/resend', operationId: 'resendClubInvitation' },
  { method: 'GET', path: '/club/{clubId}/getImages', operationId: 'getClubImages' },
  { method: 'GET', path: '/club/{clubId}/getDocuments', operationId: 'getClubDocuments' },
  { method: 'DELETE', path: '/club/{clubId}/deleteFile', operationId: 'deleteClubFile' },
  { method: 'DELETE', path: '/club/{clubId}/deleteDocumentFile', operationId: 'deleteClubDocument' },
]
