/** The `payments` tag. */
import type { RouteDefinition } from './api-route.ts'

export const paymentRoutes: readonly RouteDefinition[] = [
  { method: 'POST', path: '/payment/createaccount/{clubId}', operationId: 'createPaymentAccount' },
  { method: 'GET', path: '/payment/account/{clubId}', operationId: 'getPaymentAccount' },
  { method: 'POST', path: '/payment/onboardinglink/{clubId}', operationId: 'createOnboardingLink' },
  { method: 'DELETE', path: '/payment/rejectaccount/{accountId}/{clubId}', operationId: 'rejectPaymentAccount' },
  { method: 'DELETE', path: '/payment/deleteaccount/{accountId}/{clubId}', operationId: 'deletePaymentAccount' },
]
