import { createECDH, randomBytes } from 'node:crypto'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'

const WAIT_MS = 15_000

/**
 * The browser's side of a push subscription: its keys are made here, as Chromium would make them
 * (P-256 key pair and a 16-byte auth secret), so a test can decrypt what is sent to it.
 */
export function pushKeys(endpoint: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    subscription: {
      endpoint,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      },
    },
  }
}

export type StubSubscription = ReturnType<typeof pushKeys>['subscription']

/**
 * Headless Chromium cannot reach its push service (FCM), so `pushManager.subscribe()` fails with
 * "Registration failed - permission denied" even with the permission granted. This init script
 * stands in for that one call (and `getSubscription`), keeping what Chromium checks: the
 * permission must be granted and an application server key given. The key the app used is kept
 * in `window.__pushServerKey` so the journey can compare it with the server's. Everything else
 * (permission API, service worker, notifications) is Chromium's own.
 */
export async function standInForPushService(context: BrowserContext, sub: StubSubscription) {
  await context.addInitScript((subscription) => {
    const STORE = 'areia.e2e.push-subscription'
    const bytes = (text: string) => {
      const b64 = text.replace(/-/g, '+').replace(/_/g, '/')
      const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4)
      return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)).buffer
    }
    const text = (key: ArrayBuffer | ArrayBufferView) => {
      const view =
        key instanceof ArrayBuffer
          ? new Uint8Array(key)
          : new Uint8Array(key.buffer, key.byteOffset, key.byteLength)
      return btoa(String.fromCharCode(...view))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    }
    const make = (serverKey: string) => ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytes(serverKey) },
      getKey: (name: string) =>
        name === 'p256dh'
          ? bytes(subscription.keys.p256dh)
          : name === 'auth'
            ? bytes(subscription.keys.auth)
            : null,
      toJSON: () => ({
        endpoint: subscription.endpoint,
        expirationTime: null,
        keys: subscription.keys,
      }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE)
        return true
      },
    })
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      if (Notification.permission !== 'granted') {
        throw new DOMException('Registration failed - permission denied', 'NotAllowedError')
      }
      const key = options?.applicationServerKey
      if (!key || options.userVisibleOnly !== true) {
        throw new DOMException('Registration failed - missing applicationServerKey', 'AbortError')
      }
      const serverKey = typeof key === 'string' ? key : text(key)
      localStorage.setItem(STORE, serverKey)
      ;(window as unknown as { __pushServerKey: string }).__pushServerKey = serverKey
      return make(serverKey)
    }
    PushManager.prototype.getSubscription = async function () {
      const serverKey = localStorage.getItem(STORE)
      return serverKey ? make(serverKey) : null
    }
  }, sub)
}

/** The page's service worker registration, once a worker is active and controls the page. */
export async function waitForServiceWorker(page: Page) {
  // The predicate must be synchronous: waitForFunction takes a returned promise as truthy.
  // A controller exists only once a worker is active, and it controls this page.
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === 'activated',
    undefined,
    { timeout: WAIT_MS, polling: 200 },
  )
}

/**
 * Delivers a push message to the page's service worker the way the browser does after its push
 * service hands one over (Chrome DevTools Protocol `ServiceWorker.deliverPushMessage`), and waits
 * until the worker shows it. Chromium answers the CDP call before the event runs and, rarely
 * (seen once in CI, on a loaded machine right after a reload), drops the event without a trace;
 * a real push service redelivers what was not acknowledged, so this does too. Every payload here
 * carries a tag, so a redelivery replaces its own notification and the counts checked afterwards
 * stay exact; a worker that never shows it still fails after the last attempt.
 */
export async function deliverPush(
  page: Page,
  data: { title: string; tag: string; [field: string]: unknown },
) {
  const ATTEMPTS = 3
  const ATTEMPT_MS = 10_000
  for (let attempt = 1; ; attempt++) {
    await sendPush(page, data)
    const end = Date.now() + ATTEMPT_MS
    while (Date.now() < end) {
      const shown = await shownNotifications(page)
      if (shown.some((n) => n.tag === data.tag && n.title === data.title)) return
      await page.waitForTimeout(100)
    }
    if (attempt === ATTEMPTS) {
      throw new Error(`the service worker never showed ${JSON.stringify(data)}`)
    }
  }
}

async function sendPush(page: Page, data: unknown) {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  const origin = new URL(page.url()).origin
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`)
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(data),
  })
  await cdp.detach()
}

export type ShownNotification = { title: string; body: string; tag: string; url: unknown }

/** What the service worker is showing, read back from the registration. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: unknown } | null)?.url,
    }))
  })
}

export async function waitForNotifications(page: Page, count: number) {
  const end = Date.now() + WAIT_MS
  for (;;) {
    const shown = await shownNotifications(page)
    if (shown.length === count) return shown
    if (Date.now() > end) {
      throw new Error(`expected ${count} notifications, got ${JSON.stringify(shown)}`)
    }
    await page.waitForTimeout(100)
  }
}
