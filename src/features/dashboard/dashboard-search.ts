import { DonationGrouping } from '#openapi/generated/model/donationGrouping.ts'
import {
  optionalEnum,
  optionalInt,
  optionalIsoDate,
  optionalString,
  optionalTrue,
  schema,
  type Infer,
} from '#src/lib/search-params.ts'

const GROUPINGS = Object.values(DonationGrouping) as [DonationGrouping, ...DonationGrouping[]]

/**
 * `/home`'s search parameters (`pick=true`: an administrator or staff member asked for the club picker): `id` (spec §2: the club to show when none is active), the chart's grouping
 * and range (`cGroup`, `cFrom`, `cTo`), the club picker for administrators and staff (`pick`: show it even
 * when a club is stored or they have clubs of their own; `cPage`: its page) and (added
 * by the route) the donation list's state (`dPage`, …). Invalid values fall back to the defaults.
 *
 * Route search schemas are part of the initial chunk (the router needs them to match a URL), so they use
 * the small generated `as const` enums and the parsers of src/lib/search-params.ts, not the generated zod
 * modules, which are large and cannot be tree-shaken. The limits mirror the contract (`openapi/portal.yaml`).
 */
export const dashboardSearchSchema = schema({
  id: optionalString(64, 1),
  cGroup: optionalEnum(GROUPINGS),
  cFrom: optionalIsoDate(),
  cTo: optionalIsoDate(),
  pick: optionalTrue(),
  cPage: optionalInt(0, 10_000),
})

export type DashboardSearch = Infer<typeof dashboardSearchSchema>
