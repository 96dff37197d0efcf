/** orval's faker handlers of every tag (the fallback; see fallback.ts). */
import type { RequestHandler } from 'msw'
import { getAppLogoMock } from '#src/api/generated/query/endpoints/app-logo/app-logo.msw.ts'
import { getCampaignsMock } from '#src/api/generated/query/endpoints/campaigns/campaigns.msw.ts'
import { getClubRolesMock } from '#src/api/generated/query/endpoints/club-roles/club-roles.msw.ts'
import { getClubTypesMock } from '#src/api/generated/query/endpoints/club-types/club-types.msw.ts'
import { getClubsMock } from '#src/api/generated/query/endpoints/clubs/clubs.msw.ts'
import { getCountriesMock } from '#src/api/generated/query/endpoints/countries/countries.msw.ts'
import { getDonationsMock } from '#src/api/generated/query/endpoints/donations/donations.msw.ts'
import { getGlobalsMock } from '#src/api/generated/query/endpoints/globals/globals.msw.ts'
import { getPaymentsMock } from '#src/api/generated/query/endpoints/payments/payments.msw.ts'
import { getUsersMock } from '#src/api/generated/query/endpoints/users/users.msw.ts'

export const generatedHandlers = (): RequestHandler[] => [
  ...getUsersMock(),
  ...getClubTypesMock(),
  ...getClubRolesMock(),
  ...getClubsMock(),
  ...getCampaignsMock(),
  ...getAppLogoMock(),
  ...getPaymentsMock(),
  ...getDonationsMock(),
  ...getGlobalsMock(),
  ...getCountriesMock(),
]
