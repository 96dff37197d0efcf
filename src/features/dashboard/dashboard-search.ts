import { z } from 'zod'
import { GetDonationStatsOfClubQueryParams } from '@/api/generated/zod/donations/donations.zod'
import { getClubOverviewPathIdMax } from '@/api/generated/zod/clubs/clubs.zod'

const stats = GetDonationStatsOfClubQueryParams.shape

/**
 * `/home`'s search parameters: `id` (spec §2: the club to show when none is active), the chart's grouping
 * and range (`cGroup`, `cFrom`, `cTo`), the club picker's page for administrators (`cPage`) and (added
 * by the route) the donation list's state (`dPage`, …). Invalid values fall back to the defaults.
 */
export const dashboardSearchSchema = z.object({
  id: z.string().min(1).max(getClubOverviewPathIdMax).optional().catch(undefined),
  cGroup: stats.groupBy.unwrap().optional().catch(undefined),
  cFrom: stats.from.optional().catch(undefined),
  cTo: stats.to.optional().catch(undefined),
  cPage: z.number().int().min(0).max(10_000).optional().catch(undefined),
})

export type DashboardSearch = z.infer<typeof dashboardSearchSchema>
