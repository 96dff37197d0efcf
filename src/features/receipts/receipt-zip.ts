import type { Receipt } from '#openapi/generated/model/receipt.ts'
import { getReceiptFile } from '#src/api/generated/query/endpoints/receipts/receipts.ts'
import { base64ToBytes } from '#src/lib/save-file.ts'

export interface ZipProgress {
  done: number
  total: number
}

/**
 * The archived PDFs of `receipts` in one ZIP, made in the browser: each PDF is asked for one after the
 * other (the backend's answers are large; one at a time keeps the memory to the ZIP growing) and
 * compressed as it arrives, so the progress counts real work. fflate is loaded only here, when a person
 * asks for a ZIP: the screen's chunk stays without it. Stops between two files when `signal` aborts.
 */
export const zipReceipts = async (
  clubId: string,
  receipts: readonly Receipt[],
  onProgress: (progress: ZipProgress) => void,
  signal: AbortSignal,
): Promise<Blob> => {
  const { Zip, ZipDeflate } = await import('fflate')
  const chunks: Uint8Array<ArrayBuffer>[] = []
  const failures: Error[] = []
  const zip = new Zip((error, chunk) => {
    if (error) failures.push(error)
    else chunks.push(chunk)
  })
  const names = new Set<string>()
  onProgress({ done: 0, total: receipts.length })
  for (const [index, receipt] of receipts.entries()) {
    signal.throwIfAborted()
    const file = await getReceiptFile(clubId, receipt.id, undefined, { background: true, signal })
    // The backend names a file by the receipt's number, never given twice; a guard all the same, since a
    // ZIP with two entries of one name loses one when unpacked.
    const name = names.has(file.fileName) ? `${receipt.id}-${file.fileName}` : file.fileName
    names.add(name)
    const entry = new ZipDeflate(name, { level: 6 })
    zip.add(entry)
    entry.push(base64ToBytes(file.base64), true)
    if (failures[0]) throw failures[0]
    onProgress({ done: index + 1, total: receipts.length })
  }
  zip.end()
  if (failures[0]) throw failures[0]
  return new Blob(chunks, { type: 'application/zip' })
}
