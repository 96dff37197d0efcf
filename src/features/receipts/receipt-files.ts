import type { Receipt } from '#openapi/generated/model/receipt.ts'
import { getClubReceipts } from '#src/api/generated/query/endpoints/receipts/receipts.ts'
import { getClubReceiptsQuerySizeMax } from '#openapi/generated/zod/receipts/receipts.zod.ts'
import type { ReceiptPeriod } from './receipt-period.ts'

/** The largest page the backend serves: the exports of a busy year need two or three requests. */
const EXPORT_PAGE_SIZE = getClubReceiptsQuerySizeMax

/**
 * Every receipt of the period, page by page, newest first as the list. In the background (not counted
 * for the loading overlay): the exports show their own progress, and the overlay must not cover their
 * cancel button. Stops when `signal` aborts.
 */
export const fetchAllReceipts = async (
  clubId: string,
  period: ReceiptPeriod,
  signal?: AbortSignal,
): Promise<Receipt[]> => {
  const receipts: Receipt[] = []
  for (let page = 0; ; page += 1) {
    signal?.throwIfAborted()
    const result = await getClubReceipts(
      clubId,
      { from: period.from, to: period.to, page, size: EXPORT_PAGE_SIZE },
      { background: true, ...(signal ? { signal } : {}) },
    )
    receipts.push(...result.items)
    if (page + 1 >= result.totalPages || result.items.length === 0) return receipts
  }
}

/** `spendenbestaetigungen-<from>-<to>.<extension>`: the file says which period it holds. */
export const periodFileName = (period: ReceiptPeriod, extension: 'zip' | 'csv'): string =>
  `spendenbestaetigungen-${period.from}-${period.to}.${extension}`
