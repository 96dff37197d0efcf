import type { ReceiptFile } from '#openapi/generated/model/receiptFile.ts'
import { getReceiptFile } from '#src/api/generated/query/endpoints/receipts/receipts.ts'
import { base64ToBytes, saveBlobFile } from './save-file.ts'

/**
 * A receipt's PDF as the browser saves it: the backend sends the bytes as base64 in JSON
 * (`ReceiptFile`, docs/decisions/0050-donation-receipts.md); this makes the Blob of their content type.
 */
export const receiptFileBlob = (file: Pick<ReceiptFile, 'base64' | 'contentType'>): Blob =>
  new Blob([base64ToBytes(file.base64)], { type: file.contentType })

/** Saves a receipt's PDF under the name the backend gave it (`spendenbestaetigung-2026-000017.pdf`). */
export const saveReceiptFile = (file: ReceiptFile): void => saveBlobFile(receiptFileBlob(file), file.fileName)

/**
 * Fetches a receipt's PDF (`getReceiptFile`: the archived original, or with `duplicate` a reprint marked
 * "Duplikat") and saves it. Not cached: a PDF has no place in the query cache, and the archived bytes
 * never change. Rejects as the request does (the caller says what went wrong).
 */
export const downloadReceipt = async (
  clubId: string,
  receiptId: string,
  { duplicate = false }: { duplicate?: boolean } = {},
): Promise<ReceiptFile> => {
  const file = await getReceiptFile(clubId, receiptId, duplicate ? { copy: 'duplicate' } : undefined)
  saveReceiptFile(file)
  return file
}
