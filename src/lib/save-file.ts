/**
 * Saves text the app made or the backend answered (a CSV export, a transmission file) as a file the browser
 * downloads under `fileName`: a Blob behind a temporary `<a download>`, so no server round trip and no new
 * tab. The object URL is revoked a little later: some browsers read the blob only after the click handler
 * has returned.
 */
export const saveTextFile = (content: string, fileName: string, contentType: string): void => {
  const url = URL.createObjectURL(new Blob([content], { type: contentType }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
