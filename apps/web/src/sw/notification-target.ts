/** Only a route of this app is ever opened, whatever a push payload says. */
export function notificationTarget(raw: unknown, origin: string): string {
  const fallback = new URL('/chat', origin).href
  if (typeof raw !== 'string' || !raw.startsWith('/')) return fallback
  const url = new URL(raw, origin)
  return url.origin === origin ? url.href : fallback
}

type WindowLike = {
  url: string
  focus(): Promise<WindowLike>
  navigate(url: string): Promise<WindowLike | null>
}

/**
 * `notificationclick`: focus a window already on the target; else bring an open window of the
 * app there; else open a new one.
 */
export async function openTarget(
  clients: {
    matchAll(options: {
      type: 'window'
      includeUncontrolled: boolean
    }): Promise<readonly WindowLike[]>
    openWindow(url: string): Promise<unknown>
  },
  target: string,
): Promise<void> {
  const origin = new URL(target).origin
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true })
  const exact = windows.find((w) => w.url === target)
  if (exact) {
    await exact.focus()
    return
  }
  const open = windows.find((w) => new URL(w.url).origin === origin)
  if (open) {
    const focused = await open.focus()
    // navigate() works on windows this worker controls; the others get a window of their own.
    if (await focused.navigate(target).catch(() => null)) return
  }
  await clients.openWindow(target)
}
