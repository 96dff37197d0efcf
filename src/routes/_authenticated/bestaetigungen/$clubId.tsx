import { createFileRoute } from '@tanstack/react-router'
import { pathId, schema } from '#src/lib/search-params.ts'
import {
  getGetClubReceiptsQueryOptions,
  getGetReceiptSettingsQueryOptions,
} from '#src/api/generated/query/endpoints/receipts/receipts.ts'
import { ReceiptsPage } from '#src/features/receipts/receipts-page.tsx'
import { receiptPageParams, receiptPeriod } from '#src/features/receipts/receipt-period.ts'
import { receiptSearchSchema } from '#src/features/receipts/receipt-search.ts'

export const Route = createFileRoute('/_authenticated/bestaetigungen/$clubId')({
  params: schema({ clubId: pathId() }),
  validateSearch: receiptSearchSchema,
  loaderDeps: ({ search }) => ({ from: search.from, to: search.to, page: search.page ?? 0 }),
  // The period's first page and the settings head the screen; the yearly receipts' donors load with their
  // card. A member whose club role may not manage money gets 403 for the list: the screen says "Kein
  // Zugriff" (prefetchQuery never throws).
  loader: async ({ context, params, deps }) => {
    const { queryClient } = context
    await Promise.all([
      queryClient.prefetchQuery(
        getGetClubReceiptsQueryOptions(params.clubId, receiptPageParams(receiptPeriod(deps), deps.page)),
      ),
      queryClient.prefetchQuery(getGetReceiptSettingsQueryOptions(params.clubId)),
    ])
  },
  component: ReceiptsPage,
})
