import { useSyncExternalStore } from 'react'
import { Workbox } from 'workbox-window'

/** How long to wait for an active worker before giving up on push (dev has no worker at all). */
const READY_TIMEOUT_MS = 10_000

let workbox: Workbox | null = null
let updateWaiting = false
const listeners = new Set<() => void>()

function setUpdateWaiting(value: boolean) {
  updateWaiting = value
  for (const listener of listeners) listener()
}

/**
 * The worker is registered at start-up. A new version waits until the player accepts
 * it (UpdateBanner), then every open tab reloads onto it.
 */
export function registerServiceWorker() {
  // The worker exists only in a `vite build` (mode production); `npm run dev` has none.
  if (import.meta.env.MODE !== 'production' || !('serviceWorker' in navigator)) return
  workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () => setUpdateWaiting(true))
  // A worker replacing another one (this tab's or another tab's "Atualizar") means new assets:
  // reload onto them. The very first worker claiming the page changes nothing it shows.
  let controller = navigator.serviceWorker.controller
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controller) window.location.reload()
    controller = navigator.serviceWorker.controller
  })
  // A tab left open for days still learns about new versions when the player comes back to it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void workbox?.update()
  })
  // A browser may refuse service workers (private modes, a policy): the app runs without one.
  workbox.register().catch((error: unknown) => console.warn('service worker not registered', error))
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => updateWaiting,
  )
}

export function applyUpdate() {
  workbox?.messageSkipWaiting()
}

/** The active registration, or an error when no worker becomes active in time. */
export async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: number | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = window.setTimeout(
      () => reject(new Error('service worker not active')),
      READY_TIMEOUT_MS,
    )
  })
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout])
  } finally {
    window.clearTimeout(timer)
  }
}
