/// <reference lib="webworker" />
import { PushPayload, PushPublicKeyResponse } from '@areia/contracts/notifications'
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkOnly } from 'workbox-strategies'
import { REPORTS_CACHE } from './cache-names'
import { notificationTarget, openTarget } from './notification-target'
import { SAVED_REPORT_PAGE, registerSavedReports } from './saved-reports'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>
}

const OFFLINE_PAGE = '/offline.html'
/** This build's app page: the chat opens from it without a connection. */
const APP_PAGE = '/index.html'
/** Pages that open without a connection on the app itself: the chat (and `/`, which leads to it). */
const OFFLINE_APP_PAGE = /^\/(chat)?$/

// The hashed assets of this build (scripts, styles, fonts, icons), its app page and the offline
// page. No directory index: a navigation to `/` is never answered from here (see below).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' })
cleanupOutdatedCaches()

// Reports the player opened can be read again offline; registered first, so they win.
registerSavedReports()

// Otherwise the API is never answered from a cache: fresh from the server or an error.
registerRoute(({ url }) => url.pathname.startsWith('/api/'), new NetworkOnly())

// Pages always come from the network, so the shell is never stale. Without one: a report page the
// player kept, the chat from this build's app page (its conversation is on the device), else the
// offline page.
const network = new NetworkOnly()
registerRoute(
  new NavigationRoute(
    async (options) => {
      const url = new URL(options.request.url)
      const saved = SAVED_REPORT_PAGE.test(url.pathname)
      try {
        const response = await network.handle(options)
        // A report page is kept, so it opens again without a connection.
        if (saved && response.ok) {
          const copy = response.clone()
          options.event.waitUntil(caches.open(REPORTS_CACHE).then((c) => c.put(url.pathname, copy)))
        }
        return response
      } catch {
        const copy = saved
          ? await caches.match(url.pathname, { cacheName: REPORTS_CACHE })
          : OFFLINE_APP_PAGE.test(url.pathname)
            ? await matchPrecache(APP_PAGE)
            : undefined
        return copy ?? (await matchPrecache(OFFLINE_PAGE)) ?? Response.error()
      }
    },
    { denylist: [/^\/api\//, /^\/sandbox\//] },
  ),
)

// The first worker takes the open tabs at once; later versions wait until the player accepts
// the "Nova versão disponível" banner, which posts SKIP_WAITING.
clientsClaim()
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

/** A push the app server sent; anything unreadable still shows a notification. */
function readPush(event: PushEvent): PushPayload {
  try {
    return PushPayload.parse(event.data?.json())
  } catch {
    return { title: 'Areia', body: 'Você tem novidades no Areia.', url: '/chat', tag: 'areia' }
  }
}

self.addEventListener('push', (event: PushEvent) => {
  const payload = readPush(event)
  // userVisibleOnly: every push must show a notification, or the browser revokes the permission.
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      lang: 'pt-BR',
      tag: payload.tag,
      data: { url: payload.url },
    }),
  )
})

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close()
  const raw = (event.notification.data as { url?: unknown } | null)?.url
  event.waitUntil(openTarget(self.clients, notificationTarget(raw, self.location.origin)))
})

const base64url = (key: ArrayBuffer | null) =>
  key
    ? btoa(String.fromCharCode(...new Uint8Array(key)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : null

/**
 * The browser replaced the subscription. The worker has no access token, so it proves it owned
 * the old one with that subscription's `auth` secret, which only this browser and the server
 * know; the server then moves the row to the new endpoint. Browsers that fire the event without
 * the old subscription are covered by the page, which re-sends its subscription on every load.
 */
self.addEventListener('pushsubscriptionchange', (event: Event) => {
  const change = event as Event & {
    oldSubscription?: PushSubscription | null
    newSubscription?: PushSubscription | null
    waitUntil(promise: Promise<unknown>): void
  }
  change.waitUntil(
    (async () => {
      const old = change.oldSubscription
      const oldAuth = base64url(old?.getKey('auth') ?? null)
      if (!old || !oldAuth) return
      let fresh = change.newSubscription ?? null
      if (!fresh) {
        const response = await fetch('/api/v1/notifications/public-key')
        const { public_key } = PushPublicKeyResponse.parse(await response.json())
        fresh = await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: public_key,
        })
      }
      await fetch('/api/v1/notifications/resubscribe', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          old_endpoint: old.endpoint,
          old_auth: oldAuth,
          subscription_info: fresh.toJSON(),
        }),
      })
    })(),
  )
})
