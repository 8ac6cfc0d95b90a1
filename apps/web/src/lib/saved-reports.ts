import { REPORTS_CACHE } from '../sw/cache-names'

/** The reports saved for offline reading belong to whoever was signed in: gone at logout. */
export function forgetSavedReports(): void {
  if (typeof caches === 'undefined') return
  void caches.delete(REPORTS_CACHE).catch(() => undefined)
}
