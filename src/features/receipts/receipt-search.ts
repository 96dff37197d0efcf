import { optionalInt, optionalIsoDate, schema, type Infer } from '#src/lib/search-params.ts'

/**
 * `/bestaetigungen/$clubId`'s search, so a reload or a shared link shows the same: the period of the
 * receipts' list by their day of issue (`from`, `to`; this calendar year when missing), its page (`page`,
 * 0-based) and the year whose yearly receipts are issued (`year`; last year when missing). The route's
 * schema is part of the initial chunk: the small parsers of src/lib/search-params.ts with the contract's
 * limits (`Page`, `TaxYear`), nothing else (the defaults are ./receipt-period.ts, loaded with the screen).
 */
export const receiptSearchSchema = schema({
  from: optionalIsoDate(),
  to: optionalIsoDate(),
  page: optionalInt(0, 100_000),
  year: optionalInt(2017, 9999),
})

export type ReceiptSearch = Infer<typeof receiptSearchSchema>
