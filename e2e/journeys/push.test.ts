import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_ACCOUNTS, SEEDED_PASSWORD, uniqueEmail } from '../harness/accounts'
import { launchBrowser } from '../harness/browser'
import { ChatScreen, finishOnboarding } from '../harness/chat'
import {
  deliverPush,
  pushKeys,
  standInForPushService,
  waitForNotifications,
  waitForServiceWorker,
} from '../harness/push'
import { UserSession } from '../harness/user-session'

const baseURL = inject('baseURL')
let browser: Browser
let session: UserSession

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})
afterEach(async () => {
  await session.close()
})

const notificationSwitch = () => session.sidebar().getByRole('switch', { name: /Notificações/ })

async function closeSidebar() {
  await session.page.keyboard.press('Escape')
  await session.expectSidebarClosed()
}

describe('push notifications', () => {
  it('are turned on from the banner, shown by the service worker and turned off in the sidebar', async () => {
    session = await UserSession.open(browser, baseURL)
    const browserKeys = pushKeys(`https://push.areia.test/fcm/send/${Date.now().toString(36)}`)
    await standInForPushService(session.context, browserKeys.subscription)
    await session.logIn(SEEDED_ACCOUNTS.push, SEEDED_PASSWORD)
    await session.expectPath('/chat')
    await waitForServiceWorker(session.page)

    // Permission `default`: the banner is offered (after the 500 ms check).
    const enable = session.button('Ativar Notificações')
    await enable.waitFor()
    await session.capture('push-01-banner')

    // The player allows notifications in the browser's prompt.
    await session.context.grantPermissions(['notifications'], { origin: new URL(baseURL).origin })
    const saved = session.page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/notifications/subscribe') && r.request().method() === 'POST',
    )
    await enable.click()
    expect((await saved).status()).toBe(201)
    await session.expectToast('Notificações ativadas com sucesso!')
    await enable.waitFor({ state: 'detached' })
    // The browser subscribed with the server's VAPID key.
    const serverKey = await session.page.evaluate(async () => {
      const response = await fetch('/api/v1/notifications/public-key')
      return ((await response.json()) as { public_key: string }).public_key
    })
    expect(
      await session.page.evaluate(
        () => (window as unknown as { __pushServerKey: string }).__pushServerKey,
      ),
    ).toBe(serverKey)

    await session.openSidebar()
    expect(await notificationSwitch().getAttribute('aria-checked')).toBe('true')
    await session.sidebar().getByText('Ativadas', { exact: true }).waitFor()
    await session.capture('push-02-sidebar-on')
    await closeSidebar()

    // After a reload the state comes back from the permission and the subscription.
    await session.page.reload()
    await session.openSidebar()
    await session.sidebar().getByText('Ativadas', { exact: true }).waitFor()
    await closeSidebar()

    // A coach reply, as the server sends it, reaches the service worker and is shown.
    await deliverPush(session.page, {
      title: 'Rafa respondeu',
      body: 'Sobre o seu saque: solte o braço.',
      url: '/chat',
      tag: 'chat',
    })
    expect(await waitForNotifications(session.page, 1)).toEqual([
      {
        title: 'Rafa respondeu',
        body: 'Sobre o seu saque: solte o braço.',
        tag: 'chat',
        url: '/chat',
      },
    ])
    // A second reply in the same conversation replaces the first (one per conversation).
    await deliverPush(session.page, {
      title: 'Bia respondeu',
      body: 'E a cabeça no lugar!',
      url: '/chat',
      tag: 'chat',
    })
    await deliverPush(session.page, {
      title: 'Sua análise está pronta',
      body: 'O relatório do seu jogo chegou.',
      url: '/videos',
      tag: 'video-7',
    })
    const shown = await waitForNotifications(session.page, 2)
    expect(shown.map((n) => [n.title, n.url]).sort()).toEqual([
      ['Bia respondeu', '/chat'],
      ['Sua análise está pronta', '/videos'],
    ])

    // Off in the sidebar: the server forgets the browser and the switch shows it.
    await session.openSidebar()
    const removed = session.page.waitForResponse((r) =>
      r.url().endsWith('/api/v1/notifications/unsubscribe'),
    )
    await notificationSwitch().click()
    expect((await removed).status()).toBe(200)
    await session.expectToast('Notificações desativadas.')
    expect(await notificationSwitch().getAttribute('aria-checked')).toBe('false')
    await session.sidebar().getByText('Desativadas', { exact: true }).waitFor()
    await session.capture('push-03-sidebar-off')
  })

  it('says so when the browser blocks notifications or has no push at all', async () => {
    session = await UserSession.open(browser, baseURL)
    await session.logIn(SEEDED_ACCOUNTS.push, SEEDED_PASSWORD)
    await waitForServiceWorker(session.page)
    // Headless Chromium answers the permission prompt with "denied" when nothing granted it.
    await session.button('Ativar Notificações').click()
    await session.expectToast(
      'As notificações estão bloqueadas nas configurações do seu navegador/sistema.',
    )
    // The toast goes; the way to lift the block stays until the player has read it.
    await session.expectText('As notificações estão bloqueadas neste navegador.')
    await session.expectText(/Notificações › Permitir/)
    await session.capture('push-05-blocked-help')
    await session.openSidebar()
    await session.sidebar().getByText('Bloqueadas no navegador', { exact: true }).waitFor()
    await session.close()

    session = await UserSession.open(browser, baseURL)
    await session.context.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager
    })
    await session.logIn(SEEDED_ACCOUNTS.push, SEEDED_PASSWORD)
    await session.openSidebar()
    await session.sidebar().getByText('Não suportadas', { exact: true }).waitFor()
    await notificationSwitch().click()
    await session.expectToast('Seu navegador não suporta notificações.')
  })

  it('is offered only once the onboarding is over, compact on a phone, and "Agora não" sticks', async () => {
    session = await UserSession.open(browser, baseURL)
    const email = uniqueEmail('push')
    await session.signUp(email, SEEDED_PASSWORD)
    await session.logIn(email, SEEDED_PASSWORD)
    await session.expectPath('/')
    const chat = new ChatScreen(session.page)
    const offer = session.page.getByText('Saiba na hora quando o seu time responder.')
    // Not even a place held for it: from the first question on, the onboarding is uncovered.
    await chat.expectLine({ name: 'Areia' })
    expect(await offer.count()).toBe(0)
    await finishOnboarding(chat, 'Lia')
    await session.expectPath('/chat')

    const enable = session.button('Ativar Notificações')
    await enable.waitFor()
    const height = await session.page.locator('.banner', { has: enable }).evaluate((banner) => {
      return banner.getBoundingClientRect().height
    })
    expect(height).toBeLessThan(110)
    await session.capture('push-04-offer-after-onboarding')

    await session.button('Agora não').click()
    await enable.waitFor({ state: 'detached' })
    await session.page.reload()
    await chat.waitUntilReady()
    await session.page.locator('.banner--reserved').waitFor({ state: 'detached' })
    expect(await offer.count()).toBe(0)
  })
})
