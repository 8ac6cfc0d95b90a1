// Requests a page is sure to make, started at boot while its code is still downloading, so the
// data and the code arrive together instead of one after the other.
const started = new Map<string, Promise<unknown>>()

/** Starts `request` now, once per key, for the first `takeEarly(key)` to pick up. */
export function startEarly(key: string, request: () => Promise<unknown>): void {
  if (started.has(key)) return
  const promise = request()
  // Whoever takes it handles the failure; nobody taking it is not an error.
  promise.catch(() => undefined)
  started.set(key, promise)
}

/** The request started early under `key` (once), else a fresh `request()`. */
export function takeEarly<T>(key: string, request: () => Promise<T>): Promise<T> {
  const early = started.get(key) as Promise<T> | undefined
  started.delete(key)
  return early ?? request()
}

/** Forgets what was started: after a logout or a login they answer for another session. */
export function dropEarly(): void {
  started.clear()
}
