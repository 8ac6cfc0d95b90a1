import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, makeUser, mockServer } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { ToastProvider } from '../../ui/toast'
import { NotificationToggle, OFF_REASONS, offReason } from './notification-toggle'
import {
  BLOCKED_TITLE,
  DISMISS_FOR_MS,
  DISMISS_KEY,
  PushBanner,
  offerDismissed,
  pushBannerExpected,
  pushBannerOffered,
  pushOfferTime,
} from './push-banner'
import {
  PERMISSION_CHECK_DELAY_MS,
  PUSH_MESSAGES,
  PushProvider,
  type PushState,
} from './push-context'

const SERVER_KEY =
  'BPcMbnWQL5GOYX-sUUwvJh4-9MjBv9B-yNnEj8SDPPvVCBZJ2dJs8a8H5RnG2zM6WfM-2rVxCqqNc4o2ZPuT2zo'
const keyBytes = () => {
  const b64 = SERVER_KEY.replace(/-/g, '+').replace(/_/g, '/')
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0))
    .buffer
}
const KEYS = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) }

type Sub = { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> }

/** The browser's push surface: Notification, PushManager and one service worker registration. */
function fakeBrowser(opts: {
  permission?: NotificationPermission
  answer?: NotificationPermission
  subscribed?: boolean
  keysInSubscription?: boolean
}) {
  const notification = {
    permission: opts.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      notification.permission = opts.answer ?? 'granted'
      return notification.permission
    }),
  }
  const make = (): Sub =>
    ({
      endpoint: 'https://push.example/abc',
      options: { applicationServerKey: keyBytes() },
      toJSON: () => ({
        endpoint: 'https://push.example/abc',
        expirationTime: null,
        ...(opts.keysInSubscription === false ? {} : { keys: KEYS }),
      }),
      unsubscribe: vi.fn(async () => {
        current = null
        return true
      }),
    }) as Sub
  let current: Sub | null = opts.subscribed ? make() : null
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => (current = make())),
  }
  const registration = { pushManager }
  vi.stubGlobal('Notification', notification)
  vi.stubGlobal('PushManager', class {})
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  })
  return { notification, pushManager }
}

afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

function renderToggle() {
  saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  render(
    <ToastProvider>
      <PushProvider>
        <NotificationToggle />
      </PushProvider>
    </ToastProvider>,
  )
  return screen.getByRole('switch', { name: /Notificações/ })
}

const checked = async (toggle: HTMLElement) => waitFor(() => expect(toggle).toBeEnabled())
const publicKey = () => jsonResponse({ public_key: SERVER_KEY })

describe('turning notifications on', () => {
  it('asks permission, subscribes with the server key and tells the server', async () => {
    const user = userEvent.setup()
    const browser = fakeBrowser({})
    const server = mockServer({
      'GET /api/v1/notifications/public-key': async () => publicKey(),
      'POST /api/v1/notifications/subscribe': async (request) => {
        expect(await request.json()).toEqual({
          subscription_info: {
            endpoint: 'https://push.example/abc',
            expirationTime: null,
            keys: KEYS,
          },
        })
        return jsonResponse({ message: PUSH_MESSAGES.enabled }, 201)
      },
    })
    const toggle = renderToggle()
    await checked(toggle)
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    await user.click(toggle)
    expect(await screen.findByText(PUSH_MESSAGES.enabled)).toBeInTheDocument()
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: SERVER_KEY,
    })
    expect(server.count('POST /api/v1/notifications/subscribe')).toBe(1)
  })

  it('says the browser blocks them when the permission is denied', async () => {
    const user = userEvent.setup()
    const browser = fakeBrowser({ answer: 'denied' })
    mockServer({})
    const toggle = renderToggle()
    await checked(toggle)
    await user.click(toggle)
    expect(await screen.findByText(PUSH_MESSAGES.denied)).toBeInTheDocument()
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled()
    expect(screen.getByText('Bloqueadas no navegador')).toBeInTheDocument()
  })

  it('reports SW-SUB-FINAL when the browser gives no usable subscription', async () => {
    const user = userEvent.setup()
    fakeBrowser({ keysInSubscription: false })
    const server = mockServer({
      'GET /api/v1/notifications/public-key': async () => publicKey(),
    })
    const toggle = renderToggle()
    await checked(toggle)
    await user.click(toggle)
    expect(await screen.findByText(PUSH_MESSAGES.noSubscription)).toBeInTheDocument()
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    expect(server.count('POST /api/v1/notifications/subscribe')).toBe(0)
  })

  it('reports any other failure with the generic message', async () => {
    const user = userEvent.setup()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    fakeBrowser({})
    mockServer({
      'GET /api/v1/notifications/public-key': async () => publicKey(),
      'POST /api/v1/notifications/subscribe': async () => jsonResponse({ detail: 'x' }, 500),
    })
    const toggle = renderToggle()
    await checked(toggle)
    await user.click(toggle)
    expect(await screen.findByText(PUSH_MESSAGES.failed)).toBeInTheDocument()
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    expect(logged).toHaveBeenCalled()
  })

  it('says the browser has no push support', async () => {
    const user = userEvent.setup()
    mockServer({})
    const toggle = renderToggle()
    await checked(toggle)
    expect(screen.getByText('Não suportadas')).toBeInTheDocument()
    await user.click(toggle)
    expect(await screen.findByText(PUSH_MESSAGES.unsupported)).toBeInTheDocument()
  })
})

describe('an existing subscription', () => {
  it('shows as on after the load check, is re-sent to the server, and turns off', async () => {
    const user = userEvent.setup()
    const browser = fakeBrowser({ permission: 'granted', subscribed: true })
    const server = mockServer({
      'POST /api/v1/notifications/subscribe': async () =>
        jsonResponse({ message: PUSH_MESSAGES.enabled }, 201),
      'POST /api/v1/notifications/unsubscribe': async (request) => {
        expect(await request.json()).toEqual({ endpoint: 'https://push.example/abc' })
        return jsonResponse({ message: PUSH_MESSAGES.disabled })
      },
    })
    const toggle = renderToggle()
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'))
    await waitFor(() => expect(server.count('POST /api/v1/notifications/subscribe')).toBe(1))
    await user.click(toggle)
    expect(await screen.findByText(PUSH_MESSAGES.disabled)).toBeInTheDocument()
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    expect(await browser.pushManager.getSubscription()).toBeNull()
  })

  it('stays on and says so when turning it off fails', async () => {
    const user = userEvent.setup()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const browser = fakeBrowser({ permission: 'granted', subscribed: true })
    mockServer({
      'POST /api/v1/notifications/subscribe': async () =>
        jsonResponse({ message: PUSH_MESSAGES.enabled }, 201),
      'POST /api/v1/notifications/unsubscribe': async () => jsonResponse({ detail: 'x' }, 503),
    })
    const toggle = renderToggle()
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'))
    await user.click(toggle)
    expect(await screen.findByText(PUSH_MESSAGES.disableFailed)).toBeInTheDocument()
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    expect(await browser.pushManager.getSubscription()).not.toBeNull()
    expect(logged).toHaveBeenCalled()
  })
})

/** The push state as the banner and the switch read it. */
const state = (over: Partial<PushState>): PushState => ({
  checked: true,
  supported: true,
  permission: 'default',
  subscribed: false,
  busy: false,
  lastFailure: null,
  ...over,
})

describe('the permission banner', () => {
  it('is offered elsewhere only while the permission is undecided', () => {
    expect(pushBannerOffered(state({}), false, false)).toBe(true)
    expect(pushBannerOffered(state({ permission: 'granted' }), false, false)).toBe(false)
    expect(pushBannerOffered(state({ permission: 'denied' }), false, false)).toBe(false)
    expect(pushBannerOffered(state({ checked: false }), false, false)).toBe(false)
    expect(pushBannerOffered(state({ supported: false }), false, false)).toBe(false)
  })

  it('is offered on iOS only in the installed app, until subscribed', () => {
    expect(pushBannerOffered(state({}), true, false)).toBe(false)
    expect(pushBannerOffered(state({}), true, true)).toBe(true)
    expect(pushBannerOffered(state({ permission: 'granted' }), true, true)).toBe(true)
    expect(pushBannerOffered(state({ permission: 'granted', subscribed: true }), true, true)).toBe(
      false,
    )
  })

  const renderBanner = (path = '/chat', onboarding_status = 'COMPLETED' as const) => {
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
    mockServer({})
    const element = (
      <PushProvider>
        <PushBanner />
        <p>página</p>
      </PushProvider>
    )
    renderRoutes(
      [
        { path: '/chat', element },
        { path: '/', element },
      ],
      path,
      fakeAuth({ user: makeUser({ onboarding_status }) }),
    )
  }
  const offer = () =>
    screen.findByRole('button', { name: 'Ativar Notificações' }, { timeout: 2000 })

  it('holds its place unseen until the check, so the page does not jump when it shows', async () => {
    fakeBrowser({})
    renderBanner()
    const text = screen.getByText('Saiba na hora quando o seu time responder.')
    expect(text.closest('.banner')).toHaveAttribute('aria-hidden', 'true')
    expect(screen.queryByRole('button', { name: 'Ativar Notificações' })).toBeNull()
    expect(await offer()).toBeInTheDocument()
    expect(text.closest('.banner')).not.toHaveAttribute('aria-hidden')
  })

  it('waits for the end of the onboarding, and never shows over it', async () => {
    fakeBrowser({})
    renderBanner('/', 'IN_PROGRESS' as 'COMPLETED')
    await screen.findByText('página')
    await new Promise((resolve) => setTimeout(resolve, PERMISSION_CHECK_DELAY_MS + 50))
    expect(screen.queryByText('Saiba na hora quando o seu time responder.')).toBeNull()
    expect(pushOfferTime('/', 'COMPLETED')).toBe(false)
    expect(pushOfferTime('/chat', 'INTRODUCTION_PENDING')).toBe(false)
    expect(pushOfferTime('/chat', 'COMPLETED')).toBe(true)
  })

  it('"Agora não" holds on this device for 30 days', async () => {
    fakeBrowser({})
    renderBanner()
    await offer()
    await userEvent.click(screen.getByRole('button', { name: 'Agora não' }))
    expect(screen.queryByRole('button', { name: 'Ativar Notificações' })).toBeNull()
    const at = Number(localStorage.getItem(DISMISS_KEY))
    expect(offerDismissed(at + DISMISS_FOR_MS - 1)).toBe(true)
    expect(offerDismissed(at + DISMISS_FOR_MS)).toBe(false)
    localStorage.removeItem(DISMISS_KEY)
  })

  it('after a refusal, tells how to lift the block in this browser', async () => {
    fakeBrowser({ answer: 'denied' })
    renderBanner()
    await userEvent.click(await offer())
    expect(await screen.findByText(BLOCKED_TITLE)).toBeVisible()
    expect(screen.getByText(/Notificações › Permitir/)).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Entendi' }))
    expect(screen.queryByText(BLOCKED_TITLE)).toBeNull()
    localStorage.removeItem(DISMISS_KEY)
  })

  it('stays to say what happened after "Ativar": success, or the failure with a way to try again', async () => {
    fakeBrowser({})
    renderBanner()
    // The server refuses to store the subscription.
    mockServer({
      'GET /api/v1/notifications/public-key': async () => publicKey(),
      'POST /api/v1/notifications/subscribe': async () => jsonResponse({ detail: 'x' }, 500),
    })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await userEvent.click(await offer())
    const banner = (await screen.findByRole('button', { name: 'Tentar de novo' })).closest(
      '.banner',
    )
    expect(banner).toHaveTextContent(PUSH_MESSAGES.failed)
    expect(logged).toHaveBeenCalled()
    mockServer({
      'GET /api/v1/notifications/public-key': async () => publicKey(),
      'POST /api/v1/notifications/subscribe': async () =>
        jsonResponse({ message: PUSH_MESSAGES.enabled }, 201),
    })
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    const closing = await screen.findByRole('button', { name: 'Fechar' })
    expect(closing.closest('.banner')).toHaveTextContent(PUSH_MESSAGES.enabled)
    await userEvent.click(closing)
    expect(screen.queryByText(PUSH_MESSAGES.enabled, { selector: '.banner *' })).toBeNull()
  })

  it('is expected before the check only while the permission is undecided', () => {
    fakeBrowser({ permission: 'denied' })
    expect(pushBannerExpected(false, false)).toBe(false)
    fakeBrowser({})
    expect(pushBannerExpected(false, false)).toBe(true)
    expect(pushBannerExpected(true, false)).toBe(false)
    expect(pushBannerExpected(true, true)).toBe(true)
  })
})

describe('the switch says why notifications are off', () => {
  it('names the reason the player can act on, and none while they are on', () => {
    expect(offReason(state({ subscribed: true }), false, false)).toBeNull()
    expect(offReason(state({ checked: false }), false, false)).toBeNull()
    expect(offReason(state({ supported: false }), false, false)).toBe(PUSH_MESSAGES.unsupported)
    expect(offReason(state({ supported: false }), true, false)).toBe(OFF_REASONS.iosBrowser)
    expect(offReason(state({ permission: 'denied' }), false, false)).toBe(PUSH_MESSAGES.denied)
    expect(
      offReason(state({ permission: 'granted', lastFailure: 'noSubscription' }), false, false),
    ).toBe(PUSH_MESSAGES.noSubscription)
    expect(offReason(state({}), false, false)).toBe(OFF_REASONS.notYet)
  })

  it('remembers a failed try on this device until notifications are on', async () => {
    const user = userEvent.setup()
    fakeBrowser({ keysInSubscription: false })
    mockServer({ 'GET /api/v1/notifications/public-key': async () => publicKey() })
    const toggle = renderToggle()
    await checked(toggle)
    expect(toggle).toHaveAccessibleDescription(OFF_REASONS.notYet)
    await user.click(toggle)
    await waitFor(() => expect(toggle).toHaveAccessibleDescription(PUSH_MESSAGES.noSubscription))
    // Another visit, the browser holding no subscription: the reason is still told.
    cleanup()
    fakeBrowser({})
    const again = renderToggle()
    await checked(again)
    expect(again).toHaveAccessibleDescription(PUSH_MESSAGES.noSubscription)
  })
})
