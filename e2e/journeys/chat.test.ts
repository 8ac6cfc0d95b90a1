import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_ACCOUNTS, SEEDED_PASSWORD, uniqueEmail } from '../harness/accounts'
import { launchBrowser } from '../harness/browser'
import { ChatScreen, RECORD_TYPING_SCRIPT, ROLE, finishOnboarding } from '../harness/chat'
import { LONG_CHAT_MESSAGES, longChatText } from '../harness/chat-seed'
import { freePort, startServer, type RunningServer } from '../harness/server'
import { UserSession, type ViewportName } from '../harness/user-session'

const baseURL = inject('baseURL')
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

/** A brand-new player, signed up and logged in, on the onboarding chat. */
async function newPlayer(url: string, viewport: ViewportName = 'mobile') {
  const session = await UserSession.open(browser, url, viewport)
  sessions.push(session)
  await session.context.addInitScript(RECORD_TYPING_SCRIPT)
  const email = uniqueEmail('chat')
  await session.signUp(email, SEEDED_PASSWORD)
  await session.logIn(email, SEEDED_PASSWORD)
  await session.expectPath('/')
  return { session, chat: new ChatScreen(session.page) }
}

/** A page or a message from the server, on a machine that may be busy. */
const LOAD = { timeout: 20_000 }

describe('the chat', () => {
  it('holds a ten-message conversation with a woman player: rules first, her details used, nothing said twice', async () => {
    const { session, chat } = await newPlayer(baseURL)
    await finishOnboarding(chat, 'Marina')
    await chat.expectIntroductions()
    const start = await chat.messages().count()
    const ask = async (question: string) => {
      const before = await chat.messages().count()
      await chat.send(question)
      await chat.expectLine({ role: /^Coach / }, before + 1)
      await chat.waitUntilReady()
      return (await chat.lines()).slice(before + 1).filter((line) => line.role !== '')
    }
    const bounce = await ask('a bola pode quicar?')
    expect(bounce[0]?.text).toMatch(/^(Não|Resposta curta: não)/)
    const serves = await ask('quantos saques eu tenho?')
    expect(serves[0]?.text.split(/(?<=[.!?])\s/)[0]).toMatch(
      /(um só|único|uma só|apenas um|um saque)/i,
    )
    expect((await ask('meu smash vive indo na rede')).map((l) => l.text).join(' ')).toMatch(
      /smash/i,
    )
    const nerves = await ask('fico muito nervosa no ponto de ouro')
    expect(nerves[0]?.role).toMatch(ROLE.MENTAL)
    expect((await ask('tive cãibra no tie break, o que eu faço na hora?'))[0]?.text).toMatch(
      /cãibra|músculo|alongue|alongar/i,
    )
    expect(
      (await ask('consigo treinar 3x por semana, monta um plano pra mim?'))
        .map((l) => l.text)
        .join(' '),
    ).toMatch(/3 sessões por semana/)
    await ask('onde eu fico quando minha parceira saca?')
    await ask('e quando sou eu que saco?')
    await ask('não entendi, explica de outro jeito')
    const identity = await ask('vcs são robô?')
    expect(identity[0]?.text).toMatch(/inteligência artificial|\bIA\b/)

    const lines = (await chat.lines()).slice(start)
    const coachLines = lines.filter((line) => line.name !== 'Você')
    // No sentence of four words or more is said twice in the conversation.
    const sentences = coachLines
      .flatMap((line) => line.text.split(/(?<=[.!?:])\s+|\n/))
      .map((sentence) => sentence.trim().toLowerCase())
      .filter((sentence) => sentence.split(/\s+/).length >= 4)
    expect(sentences.filter((sentence, i) => sentences.indexOf(sentence) !== i)).toEqual([])
    for (const line of coachLines)
      expect(line.text).not.toMatch(/\w\((a|o)\)|\b[Nn]a (iniciante|[ABCD])\b/)
    await session.capture('chat-conversa')
    // The whole conversation in one phone-wide picture, for reading it by eye.
    await session.page.setViewportSize({ width: 390, height: 9000 })
    await session.screenshot('chat-conversa-inteira')
  })

  it('takes a new player from onboarding through the introductions to answers by the right coach', async () => {
    const { session, chat } = await newPlayer(baseURL)
    await session.expectHeading('Vamos montar o seu time de treinadores')
    await chat.expectLine({ name: 'Areia' })
    await chat.waitUntilReady()
    await session.capture('onboarding-chat')

    const asked = await finishOnboarding(chat, 'Marina')
    expect(asked.length).toBeGreaterThanOrEqual(6)
    await session.expectPath('/chat')
    expect(await session.page.locator('.shell').getAttribute('class')).toContain('shell--chat')

    await chat.expectIntroductions()
    const typing = await chat.typingSeen()
    expect(typing.some((text) => text.endsWith('está digitando'))).toBe(true)

    const technique = await chat.ask('Como melhoro meu saque?', ROLE.TECNICO)
    expect(technique.text.length).toBeGreaterThan(20)
    const nerves = await chat.ask('Fico muito nervoso nos pontos decisivos', ROLE.MENTAL)
    expect(nerves.text.length).toBeGreaterThan(20)
    await chat.waitUntilReady()
    await session.capture('chat')

    const before = await chat.lines()
    await session.page.reload()
    await chat.expectLine({ text: 'Fico muito nervoso nos pontos decisivos' })
    await expect.poll(() => chat.lines()).toEqual(before)
  })

  it('shows every message in two tabs of the same player', async () => {
    const { session, chat } = await newPlayer(baseURL, 'desktop')
    await chat.expectLine({ name: 'Areia' })
    await session.capture('onboarding-chat')
    await finishOnboarding(chat, 'Rafa')
    await chat.expectIntroductions()

    const other = new ChatScreen(await session.context.newPage())
    await other.page.goto('/chat')
    await other.expectIntroductions()

    const answer = await chat.ask('Como melhoro meu saque?', ROLE.TECNICO)
    await other.expectLine({ name: 'Você', text: 'Como melhoro meu saque?' })
    await other.expectLine({ role: ROLE.TECNICO, text: answer.text })
    await chat.waitUntilReady()
    await session.capture('chat')
    // Both tabs hold the same conversation, each message once.
    await expect.poll(() => other.lines()).toEqual(await chat.lines())
  })
})

/** Whether the bubble whose text starts like message `n` is wholly inside the conversation's view. */
function inView(page: Page, n: number): Promise<boolean> {
  return page.evaluate((label) => {
    const view = document.querySelector('.chat__scroll')?.getBoundingClientRect()
    const bubble = [...document.querySelectorAll('.chat__messages > li')].find((li) =>
      li.textContent?.includes(label),
    )
    if (!view || !bubble) return false
    const box = bubble.getBoundingClientRect()
    return box.top >= view.top - 1 && box.bottom <= view.bottom + 1
  }, label(n))
}

/** "Pergunta 51:" — the start of message `n`, unique in the conversation. */
const label = (n: number) => longChatText(n).split(':')[0] + ':'

/** Where the bubble of message `n` sits on the screen (px from the top of the page). */
function topOf(page: Page, n: number): Promise<number> {
  return page
    .locator('.chat__messages > li', { hasText: label(n) })
    .evaluate((li) => li.getBoundingClientRect().top)
}

describe('a long conversation', () => {
  it('opens on the latest message, keeps the place while earlier pages come in, and points to new ones', async () => {
    const session = await UserSession.open(browser, baseURL, 'mobile')
    sessions.push(session)
    await session.logIn(SEEDED_ACCOUNTS.longChat, SEEDED_PASSWORD)
    await session.expectPath('/chat')
    const { page } = session
    const chat = new ChatScreen(page)
    const scroller = page.getByRole('region', { name: 'Conversa' })

    // The latest message is in view once the history is in (a busy machine takes a few seconds),
    // and stays there once the push banner (500 ms) took its room.
    await expect.poll(() => inView(page, LONG_CHAT_MESSAGES), LOAD).toBe(true)
    await page.waitForTimeout(800)
    await expect.poll(() => inView(page, LONG_CHAT_MESSAGES)).toBe(true)
    await session.capture('chat-long')
    const firstPage = LONG_CHAT_MESSAGES - 40 + 1
    expect(await chat.messages().count()).toBe(40)
    expect(await chat.messages().first().textContent()).toContain(label(firstPage))

    // Scrolling up to near the top brings the earlier page in above, without moving what is read.
    // Bubbles are laid out as they come near the view (content-visibility): let each step settle.
    const settle = () =>
      scroller.evaluate(async (el) => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
        let height = -1
        for (let i = 0; i < 50 && el.scrollHeight !== height; i++) {
          height = el.scrollHeight
          await frame()
          await frame()
        }
      })
    let before = 0
    for (let step = 0; step < 60 && (await chat.messages().count()) === 40; step++) {
      await settle()
      before = await topOf(page, firstPage)
      await scroller.evaluate((el) => {
        el.scrollTop -= 150
      })
      await settle()
    }
    await expect.poll(() => chat.messages().count(), LOAD).toBe(80)
    await settle()
    expect(Math.abs((await topOf(page, firstPage)) - (before + 150))).toBeLessThanOrEqual(1)

    // All the way up: the whole conversation, and no button for more.
    const toTop = () =>
      scroller.evaluate((el) => {
        el.scrollTop = -(el.scrollHeight - el.clientHeight)
      })
    await expect
      .poll(async () => {
        await toTop()
        return chat.messages().count()
      })
      .toBe(LONG_CHAT_MESSAGES)
    await expect
      .poll(async () => {
        await toTop()
        await settle()
        return inView(page, 1)
      })
      .toBe(true)
    expect(await page.getByRole('button', { name: 'Mostrar mensagens anteriores' }).count()).toBe(0)

    // A message arriving while the player reads above: a pill, not a jump; the pill goes down.
    const other = new ChatScreen(await session.context.newPage())
    await other.page.goto('/chat')
    await other.send('Mensagem nova da outra aba')
    const pill = page.getByRole('button', { name: 'Novas mensagens' })
    await pill.waitFor({ state: 'visible' })
    await expect.poll(() => inView(page, 1)).toBe(true)
    await pill.click()
    await expect
      .poll(() =>
        page.evaluate(() => {
          const view = document.querySelector('.chat__scroll')?.getBoundingClientRect()
          const last = document.querySelector('.chat__messages > li:last-child')
          const box = last?.getBoundingClientRect()
          // Its end in view, and its start too unless the reply is taller than the view.
          return Boolean(
            view &&
            box &&
            box.bottom <= view.bottom + 1 &&
            box.bottom > view.top &&
            (box.top >= view.top - 1 || box.height > view.height),
          )
        }),
      )
      .toBe(true)
    await pill.waitFor({ state: 'hidden' })
  })
})

describe('the chat across a server restart', () => {
  let dataDir: string
  let server: RunningServer | undefined
  let port: number

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-e2e-restart-'))
    port = await freePort()
    server = await startServer(dataDir, { port })
  })
  afterAll(async () => {
    await server?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('reconnects by itself on a phone, within 5 s of the server being back, and loses nothing', async () => {
    if (!server) throw new Error('no server')
    const { session, chat } = await newPlayer(server.url)
    await finishOnboarding(chat, 'Caio')
    await chat.expectIntroductions()
    await chat.ask('Como melhoro meu saque?', ROLE.TECNICO)
    await chat.waitUntilReady()

    // A graceful stop (a deploy): the server says it is going away and the page says why.
    await server.stop()
    await session.expectText('O servidor está reiniciando. Voltamos em instantes.')
    await session.button('Reconectar').waitFor()
    // What the player sends meanwhile waits on the device, and says so; it is not lost.
    const held = 'Fico muito nervoso nos pontos decisivos'
    await chat.input().fill(held)
    // Said over the box (to screen readers only on a phone: the status line says why it waits).
    await session.page
      .getByText(
        'Sem conexão: o que você enviar fica guardado neste aparelho e sai quando a conexão voltar.',
      )
      .waitFor({ state: 'attached' })
    await chat.input().press('Enter')
    await chat.expectLine({ name: 'Você', text: held })
    const waiting = chat.messages().filter({ hasText: held }).locator('[data-delivery]')
    expect(await waiting.getAttribute('data-delivery')).toBe('waiting')
    await session.capture('chat-05-reconnecting')

    server = await startServer(dataDir, { port })
    // No reload, no tap: the page finds the server again by itself, and sends what waited.
    await session.page.getByText('Conectado', { exact: true }).waitFor({ timeout: 5_000 })
    await expect.poll(() => waiting.getAttribute('data-delivery'), LOAD).toBe('delivered')
    const at = (await chat.lines()).findIndex((line) => line.text === held)
    await chat.expectLine({ role: ROLE.MENTAL }, at)
    await chat.waitUntilReady()
    session.forgiveServerOutage()
    const lines = await chat.lines()
    await session.page.reload()
    await chat.expectLine({ text: held })
    await expect.poll(() => chat.lines()).toEqual(lines)
    const ids = await chat.ids()
    expect(ids).not.toContain(0)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })
})
