import { useSyncExternalStore } from 'react'

const subscribe = () => () => undefined

/**
 * False while React adopts HTML prerendered at build time (and in the prerender itself), true
 * from the next render on, and at once in a page rendered in the browser. A prerendered form is
 * disabled until then: typing into it before would be lost, and submitting it would send the
 * fields natively, the password in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
