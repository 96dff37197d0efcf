import { todayIso } from '#src/lib/format.ts'
import type { ReceiptSearch } from './receipt-search.ts'

/** One page of the list: the backend's default, a year of a club's receipts fits on a page or two. */
export const RECEIPT_PAGE_SIZE = 50

/** The calendar year in Vienna (a receipt's day of issue is Vienna's). */
export const currentYear = (now: Date = new Date()): number => Number(todayIso(now).slice(0, 4))

/** The period shown: the one in the URL, else this calendar year (a missing end: the year's). */
export const receiptPeriod = (search: Pick<ReceiptSearch, 'from' | 'to'>, now: Date = new Date()) => {
  const year = currentYear(now)
  return { from: search.from ?? `${year}-01-01`, to: search.to ?? `${year}-12-31` }
}

export type ReceiptPeriod = ReturnType<typeof receiptPeriod>

/** The query parameters of a page of the list. */
export const receiptPageParams = (period: ReceiptPeriod, page: number) => ({
  from: period.from,
  to: period.to,
  page,
  size: RECEIPT_PAGE_SIZE,
})

/** The year whose yearly receipts are issued: the one in the URL when it is over, else last year. */
export const annualYear = (requested: number | undefined, now: Date = new Date()): number => {
  const lastYear = currentYear(now) - 1
  return requested !== undefined && requested <= lastYear ? requested : lastYear
}
