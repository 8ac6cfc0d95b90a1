/**
 * Hands a blob to the browser as a download named `filename` (a link with `download`, clicked
 * once). The object URL lives a moment longer than the click, since some browsers read it late.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** YYYY-MM-DD in São Paulo time, for file names (the day the player sees on their calendar). */
export function isoDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at)
}
