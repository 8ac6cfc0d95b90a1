import { REPORTS_CACHE } from '../sw/cache-names'

/** The reports saved for offline reading belong to whoever was signed in: gone at logout. */
export function forgetSavedReports(): void {
  if (typeof caches === 'undefined') return
  void caches.delete(REPORTS_CACHE).catch(() => undefined)
}

/**
 * Keeps the page of a report the player has open, so the app can start on it without a
 * connection (the worker serves it from this cache only when the network fails). Opening a report
 * from inside the app makes no page request of its own, so the page asks for the copy here.
 */
export function keepReportPage(path: string): void {
  if (typeof caches === 'undefined' || !navigator.onLine) return
  void caches
    .open(REPORTS_CACHE)
    .then((cache) => cache.add(path))
    .catch(() => undefined)
}
