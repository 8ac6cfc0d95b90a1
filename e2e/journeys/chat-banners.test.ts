import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_ACCOUNTS, SEEDED_PASSWORD } from '../harness/accounts'
import { launchBrowser } from '../harness/browser'
import { ChatScreen, conversationShare } from '../harness/chat'
import { REPO_ROOT } from '../harness/paths'
import { pushKeys, standInForPushService, waitForServiceWorker } from '../harness/push'
import { UserSession, type ViewportName } from '../harness/user-session'

const baseURL = inject('baseURL')
const WAIT = { timeout: 15_000 }
let browser: Browser
let sessions: UserSession[] = []

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})
afterEach(async () => {
  for (const session of sessions) await session.close()
  sessions = []
})

async function open(viewport: ViewportName, options = {}) {
  const session = await UserSession.open(browser, baseURL, viewport, options)
  sessions.push(session)
  return session
}

/** The banners on screen (one that holds its place unseen is not one). */
const banners = (page: Page) => page.locator('.shell__banners .banner:not(.banner--reserved)')

/** On a phone (390×844) the conversation keeps at least 60 % of the screen. */
async function checkShare(session: UserSession, screen: string) {
  if (session.viewport !== 'mobile') return
  const share = await conversationShare(session.page)
  expect(share, `conversation share on ${screen}`).toBeGreaterThanOrEqual(0.6)
}

/** One banner (or none) over the chat, and the conversation keeps most of the screen. */
async function expectChatState(session: UserSession, banner: string | null, screen: string) {
  if (banner) await session.expectText(banner)
  await expect.poll(() => banners(session.page).count(), WAIT).toBe(banner ? 1 : 0)
  await checkShare(session, screen)
  await session.capture(screen)
}

const EMAIL_LINE = /^Confirme o seu e-mail/
const PUSH_OFFER = 'Saiba na hora quando o seu time responder.'
const INSTALL_OFFER = 'Instale o Areia na sua tela de início.'

const CASES: Array<{ viewport: ViewportName; email: string }> = [
  { viewport: 'mobile', email: SEEDED_ACCOUNTS.bannersMobile },
  { viewport: 'desktop', email: SEEDED_ACCOUNTS.bannersDesktop },
]

describe('banners over the chat', () => {
  for (const { viewport, email } of CASES) {
    it(`shows one at a time, each put away for days, and the conversation keeps the screen (${viewport})`, async () => {
      const session = await open(viewport)
      await session.logIn(email, SEEDED_PASSWORD)
      await session.expectPath('/chat')
      await new ChatScreen(session.page).waitUntilReady()

      // The push offer first; the address to confirm waits behind it.
      await expectChatState(session, PUSH_OFFER, 'chat-banner-push')
      expect(await session.text(EMAIL_LINE).count()).toBe(0)
      await session.button('Agora não').click()

      await session.text(EMAIL_LINE).waitFor(WAIT)
      await expect.poll(() => banners(session.page).count(), WAIT).toBe(1)
      await checkShare(session, 'chat-banner-email')
      await session.capture('chat-banner-email')
      await session.button('Depois').click()

      // The browser offers the install (Chromium's event, as it fires it for an installable app).
      await session.page.evaluate(() => {
        const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: () => Promise.resolve(),
        })
        window.dispatchEvent(offer)
      })
      await expectChatState(session, INSTALL_OFFER, 'chat-banner-install')
      await session.button('Agora não').click()
      await expectChatState(session, null, 'chat-banner-none')

      // Back the next day (a reload): nothing put away comes back.
      await session.page.reload()
      await new ChatScreen(session.page).waitUntilReady()
      await session.page.waitForTimeout(1000)
      expect(await banners(session.page).count()).toBe(0)
      expect(await session.text(EMAIL_LINE).count()).toBe(0)
    })
  }
})

const ENABLED = 'Notificações ativadas com sucesso!'
const DENIED = 'As notificações estão bloqueadas nas configurações do seu navegador/sistema.'
const UNSUPPORTED = 'Seu navegador não suporta notificações.'
const FAILED = 'Ocorreu um erro ao tentar ativar as notificações.'

describe('push says what happened', () => {
  for (const viewport of ['mobile', 'desktop'] as const) {
    const account =
      viewport === 'mobile'
        ? SEEDED_ACCOUNTS.pushFeedbackMobile
        : SEEDED_ACCOUNTS.pushFeedbackDesktop
    const switchOnAccountPage = (session: UserSession) =>
      session.page.getByRole('main').getByRole('switch', { name: /Notificações/ })

    it(`on success, refusal, failure and without support, in the banner and on Conta (${viewport})`, async () => {
      // Success: the browser allows, the push service answers.
      const ok = await open(viewport)
      await standInForPushService(
        ok.context,
        pushKeys(`https://push.areia.test/fcm/send/${viewport}-ok`).subscription,
      )
      await ok.logIn(account, SEEDED_PASSWORD)
      await ok.expectPath('/chat')
      await waitForServiceWorker(ok.page)
      // Offered while undecided; the player then allows it in the browser's prompt.
      await ok.button('Ativar Notificações').waitFor(WAIT)
      await ok.context.grantPermissions(['notifications'], { origin: new URL(baseURL).origin })
      await ok.button('Ativar Notificações').click()
      await banners(ok.page).filter({ hasText: ENABLED }).waitFor(WAIT)
      await ok.capture('push-feedback-enabled')
      await ok.goto('/conta')
      await expect
        .poll(() => switchOnAccountPage(ok).getAttribute('aria-checked'), WAIT)
        .toBe('true')

      // Refusal: the browser (here, headless Chromium) blocks notifications.
      const refused = await open(viewport)
      await refused.logIn(account, SEEDED_PASSWORD)
      await refused.expectPath('/chat')
      await waitForServiceWorker(refused.page)
      await refused.button('Ativar Notificações').click()
      await refused.expectToast(DENIED)
      await banners(refused.page).filter({ hasText: 'bloqueadas' }).waitFor(WAIT)
      await refused.capture('push-feedback-denied')
      await refused.goto('/conta')
      await expect
        .poll(() => switchOnAccountPage(refused).getAttribute('aria-describedby'), WAIT)
        .not.toBeNull()
      await refused.expectText(DENIED)

      // Failure: the push service refuses the subscription.
      const failing = await open(viewport)
      await failing.context.addInitScript(() => {
        PushManager.prototype.subscribe = () =>
          Promise.reject(new DOMException('Registration failed - push service error', 'AbortError'))
      })
      await failing.logIn(account, SEEDED_PASSWORD)
      await failing.expectPath('/chat')
      await waitForServiceWorker(failing.page)
      await failing.button('Ativar Notificações').waitFor(WAIT)
      await failing.context.grantPermissions(['notifications'], {
        origin: new URL(baseURL).origin,
      })
      await failing.button('Ativar Notificações').click()
      await banners(failing.page).filter({ hasText: FAILED }).waitFor(WAIT)
      await failing.button('Tentar de novo').waitFor(WAIT)
      // The app logs the browser's own error for whoever debugs it; the player read the line.
      failing.problems.splice(0, failing.problems.length)
      await failing.capture('push-feedback-failed')
      await failing.goto('/conta')
      await failing.expectText(FAILED)
      await failing.expectText('Desativadas')
      await failing.capture('push-conta-failed')

      // No support at all: Conta says so.
      const unsupported = await open(viewport)
      await unsupported.context.addInitScript(() => {
        Reflect.deleteProperty(window, 'PushManager')
      })
      await unsupported.logIn(account, SEEDED_PASSWORD)
      await unsupported.expectPath('/chat')
      await unsupported.goto('/conta')
      await unsupported.expectText('Não suportadas')
      await unsupported.expectText(UNSUPPORTED)
      await unsupported.capture('push-conta-unsupported')
    })
  }
})

describe('a report in the chat', () => {
  for (const { viewport, email } of CASES) {
    it(`shows its heatmap as a thumbnail that opens full size; a refused message offers to go again (${viewport})`, async () => {
      // The worker is kept out so the page's own request for the heatmap can be answered here
      // with an example heatmap (the report itself is seeded without an analysed video).
      const session = await open(viewport, { serviceWorkers: 'block' })
      // The banners were put away on this device before: this is about the bubble.
      await session.context.addInitScript((address) => {
        localStorage.setItem('areia.push-offer-dismissed-at', String(Date.now()))
        localStorage.setItem(
          'areia.email-banner-dismissed',
          JSON.stringify({ email: address, at: Date.now() }),
        )
      }, email)
      const heatmap = fs.readFileSync(path.join(REPO_ROOT, 'apps/web/public/exemplo/heatmap-1.png'))
      await session.page.route('**/api/v1/videos/424242/report/heatmap.png', (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: heatmap }),
      )
      await session.logIn(email, SEEDED_PASSWORD)
      await session.expectPath('/chat')
      const chat = new ChatScreen(session.page)
      await chat.waitUntilReady()
      const thumb = session.page.getByRole('button', { name: 'Ampliar: Mapa de calor' })
      await thumb.waitFor(WAIT)
      await expect
        .poll(
          () => thumb.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
          WAIT,
        )
        .toBeGreaterThan(0)
      const box = await thumb.boundingBox()
      expect(box!.height).toBeLessThanOrEqual(160)
      await session.capture('chat-heatmap-thumbnail')
      await thumb.click()
      const dialog = session.page.getByRole('dialog', { name: 'Mapa de calor' })
      await dialog.waitFor(WAIT)
      const full = await dialog.getByRole('img', { name: 'Mapa de calor' }).boundingBox()
      expect(full!.height).toBeGreaterThan(box!.height)
      await session.capture('chat-heatmap-full')
      await dialog.getByRole('button', { name: 'Fechar' }).click()

      // A message the server refuses (a character it cannot store) says so and offers to go again.
      await chat.input().fill('Oi\u0000')
      await chat.input().press('Enter')
      const retry = session.page.getByRole('button', { name: 'Não enviada — toque para reenviar' })
      await retry.waitFor(WAIT)
      await session.expectText('A mensagem contém caracteres inválidos.')
      await session.capture('chat-outbox-refused')
      await retry.click()
      await retry.waitFor(WAIT)
    })
  }
})
