/**
 * Saves text the SPA already holds as a file (ADM-20): a Blob URL behind an <a download>, so the
 * export is fetched like every other call (the token in the Authorization header) and no URL
 * ever carries the session.
 */

/** How long the Blob URL outlives the click: the browser reads it after the click returns. */
const REVOKE_AFTER_MS = 10_000

export function downloadFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, REVOKE_AFTER_MS)
}
