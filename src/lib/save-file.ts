/**
 * Saves a Blob as a file the browser downloads under `fileName`: a temporary `<a download>`, so no server
 * round trip and no new tab. The object URL is revoked a little later: some browsers read the blob only
 * after the click handler has returned.
 */
export const saveBlobFile = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * Saves text the app made or the backend answered (a CSV export, a transmission file) as a file the browser
 * downloads under `fileName`.
 */
export const saveTextFile = (content: string, fileName: string, contentType: string): void =>
  saveBlobFile(new Blob([content], { type: contentType }), fileName)

/**
 * Bytes the backend sent as base64 (its answers are JSON: a receipt's PDF). `atob` and a loop, not
 * `Uint8Array.fromBase64`, which older browsers the portal supports lack.
 */
export const base64ToBytes = (base64: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index)
  return bytes
}
