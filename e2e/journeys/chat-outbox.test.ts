import type { ChatHistoryItem } from '@areia/contracts/chat'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_ACCOUNTS, SEEDED_PASSWORD } from '../harness/accounts'
import { launchBrowser } from '../harness/browser'
import { ChatScreen, conversationShare } from '../harness/chat'
import { waitForServiceWorker } from '../harness/push'
import { UserSession, type ViewportName } from '../harness/user-session'

const baseURL = inject('baseURL')
const WAIT = { timeout: 20_000 }
let browser: Browser
let session: UserSession

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})
afterEach(async () => {
  // Without a network the app's own requests fail as they must; those lines are the outage,
  // and so are the ones logged while the context closes on a request cut short.
  await session.close(
    /net::ERR_FAILED$|WebSocket connection to .* failed|net::ERR_CONNECTION_REFUSED|net::ERR_INTERNET_DISCONNECTED/,
  )
})

/** Where a bubble of the player's stands: `waiting`, `sending`, `delivered` or `refused`. */
function delivery(page: Page, text: string) {
  return page
    .locator('.chat__messages > li')
    .filter({ has: page.getByText(text, { exact: true }) })
    .locator('[data-delivery]')
}

async function expectDelivery(page: Page, text: string, state: string) {
  await expect.poll(() => delivery(page, text).getAttribute('data-delivery'), WAIT).toBe(state)
}

/** The conversation as the server stored it, read with the page's own session. */
function storedConversation(page: Page): Promise<ChatHistoryItem[]> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('areia.access_token') ?? ''
    const response = await fetch('/api/v1/chat/history?limit=500', {
      headers: { Authorization: `Bearer ${token}` },
    })
    return (await response.json()) as ChatHistoryItem[]
  })
}

/** The texts of the device's copy of the conversation (what a cold start offline shows). */
function copyOnDevice(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const opening = indexedDB.open('areia-chat')
        // Not made yet: leave it to the app rather than create it empty here.
        opening.onupgradeneeded = () => opening.transaction?.abort()
        opening.onerror = () => resolve([])
        opening.onsuccess = () => {
          const db = opening.result
          if (!db.objectStoreNames.contains('conversation')) return resolve([])
          const all = db.transaction('conversation').objectStore('conversation').getAll()
          all.onsuccess = () =>
            resolve(
              (all.result as Array<{ items: Array<{ content: string }> }>).flatMap((copy) =>
                copy.items.map((item) => item.content),
              ),
            )
          all.onerror = () => resolve([])
        }
      }),
  )
}

async function typeAndSend(chat: ChatScreen, text: string) {
  await chat.input().fill(text)
  await chat.input().press('Enter')
  await expect.poll(() => chat.input().inputValue(), WAIT).toBe('')
}

const OFFLINE_LINE = 'Sem internet. Reconectamos quando a rede voltar.'

const CASES: Array<{ viewport: ViewportName; email: string }> = [
  { viewport: 'mobile', email: SEEDED_ACCOUNTS.outboxMobile },
  { viewport: 'desktop', email: SEEDED_ACCOUNTS.outboxDesktop },
]

describe('the chat without a connection', () => {
  for (const { viewport, email } of CASES) {
    it(`keeps what is typed offline, through a reload, and stores each message once and in order when the network returns (${viewport})`, async () => {
      session = await UserSession.open(browser, baseURL, viewport)
      await session.logIn(email, SEEDED_PASSWORD)
      await session.expectPath('/chat')
      await waitForServiceWorker(session.page)
      const chat = new ChatScreen(session.page)
      // A conversation to read later without a connection.
      const answer = await chat.ask('Como melhoro meu saque?', /^Coach /)
      await expectDelivery(session.page, 'Como melhoro meu saque?', 'delivered')

      const texts = [
        'Primeira sem sinal: como devolvo o saque alto?',
        'Segunda sem sinal: e o lob?',
        'Terceira sem sinal: fico nervoso no tie-break.',
      ]
      await session.context.setOffline(true)
      await session.expectText(OFFLINE_LINE)
      // Typing stays possible; the message waits on the device.
      await typeAndSend(chat, texts[0]!)
      await expectDelivery(session.page, texts[0]!, 'waiting')

      // A reload, still without a connection: the app opens from the device, message and all.
      await session.page.reload()
      await expectDelivery(session.page, texts[0]!, 'waiting')
      await chat.expectLine({ name: answer.name, text: answer.text })
      await typeAndSend(chat, texts[1]!)
      await typeAndSend(chat, texts[2]!)
      for (const text of texts) await expectDelivery(session.page, text, 'waiting')
      // A banner, the reason for the wait and the note over the box: the conversation keeps most
      // of the screen still.
      await chat.input().fill('Quarta, ainda no rascunho')
      if (viewport === 'mobile')
        expect(await conversationShare(session.page)).toBeGreaterThanOrEqual(0.6)
      await session.capture('chat-outbox-waiting')
      await chat.input().fill('')
      // Not typing (the tab bar back on a phone): still most of the screen.
      await chat.input().blur()
      if (viewport === 'mobile')
        expect(await conversationShare(session.page)).toBeGreaterThanOrEqual(0.6)
      await session.capture('chat-outbox-waiting-idle')

      // The network returns: each goes out, in order, and each bubble ends delivered.
      await session.context.setOffline(false)
      for (const text of texts) await expectDelivery(session.page, text, 'delivered')
      await chat.waitUntilReady()
      await session.capture('chat-outbox-delivered')
      const stored = (await storedConversation(session.page)).filter(
        (m) => m.sender_type === 'USER' && texts.includes(m.content),
      )
      expect(stored.map((m) => m.content)).toEqual(texts)
      expect(new Set(stored.map((m) => m.client_id)).size).toBe(3)
      // On screen once each, too.
      for (const text of texts)
        expect(await session.page.getByText(text, { exact: true }).count()).toBe(1)

      // A cold start without a connection: a new page on the same device reads the conversation.
      await expect
        .poll(() => copyOnDevice(session.page), WAIT)
        .toEqual(expect.arrayContaining(texts))
      await session.context.setOffline(true)
      const cold = await session.context.newPage()
      await session.page.close()
      session.page = cold
      await cold.goto('/chat')
      for (const text of texts) await session.expectText(text)
      await new ChatScreen(cold).expectLine({ name: answer.name, text: answer.text })
      await expectDelivery(cold, texts[2]!, 'delivered')
      await session.expectText(OFFLINE_LINE)
      await session.capture('chat-offline-history')
      await session.context.setOffline(false)
      await chat.waitUntilReady().catch(() => undefined)
    })
  }
})
