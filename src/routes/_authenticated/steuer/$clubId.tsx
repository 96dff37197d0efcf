import { createFileRoute } from '@tanstack/react-router'
import { pathId, schema } from '#src/lib/search-params.ts'
import {
  getGetClubTaxStatusQueryOptions,
  getGetClubTaxYearQueryOptions,
  getGetClubTaxYearsQueryOptions,
} from '#src/api/generated/query/endpoints/tax/tax.ts'
import { TaxPage } from '#src/features/tax/tax-page.tsx'
import { taxSearchSchema } from '#src/features/tax/tax-search.ts'

export const Route = createFileRoute('/_authenticated/steuer/$clubId')({
  params: schema({ clubId: pathId() }),
  validateSearch: taxSearchSchema,
  loaderDeps: ({ search }) => ({ year: search.year }),
  // The status and the years head the screen; a year named in the URL is asked for alongside. A member
  // whose club role may not manage money gets 403 for the years: the screen says "Kein Zugriff"
  // (prefetchQuery never throws).
  loader: async ({ context, params, deps }) => {
    const { queryClient } = context
    if (deps.year !== undefined) void queryClient.prefetchQuery(getGetClubTaxYearQueryOptions(params.clubId, deps.year))
    await Promise.all([
      queryClient.prefetchQuery(getGetClubTaxStatusQueryOptions(params.clubId)),
      queryClient.prefetchQuery(getGetClubTaxYearsQueryOptions(params.clubId)),
    ])
  },
  component: TaxPage,
})
