import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SEEDED_PASSWORD } from '../harness/accounts'
import { makeMatchClip, startAnalysisServer, startPushReceiver } from '../harness/analysis'
import { launchBrowser } from '../harness/browser'
import { ChatScreen } from '../harness/chat'
import { UserSession, type ViewportName } from '../harness/user-session'

const WAIT = { timeout: 30_000 }
/** The picture is made in the background: a frame, then the person detector's first load. */
const PICTURE = { timeout: 240_000 }

let browser: Browser
let clip: Awaited<ReturnType<typeof makeMatchClip>>
let push: Awaited<ReturnType<typeof startPushReceiver>>
let app: Awaited<ReturnType<typeof startAnalysisServer>>
const sessions: UserSession[] = []

// A server of its own that runs the detector (the shared one does not).
beforeAll(async () => {
  ;[browser, clip, push] = await Promise.all([
    launchBrowser(),
    makeMatchClip(),
    startPushReceiver(),
  ])
  app = await startAnalysisServer(push.caFile)
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await push?.close()
  clip?.cleanup()
})
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close()
})

async function open(viewport: ViewportName) {
  const session = await UserSession.open(browser, app.server.url, viewport)
  sessions.push(session)
  await session.logIn(app.player, SEEDED_PASSWORD)
  await session.expectPath('/chat')
  return session
}

describe('saying which player you are', () => {
  it('the upload shows the players numbered; the chat goes on while pending; a tap answers', async () => {
    const player = await open('mobile')
    const chat = new ChatScreen(player.page)
    await chat.waitUntilReady()
    await player.button('Enviar Vídeo').click()
    await player.page.getByLabel('Arquivo de vídeo', { exact: true }).setInputFiles(clip.file)
    await player.text('Vídeo enviado!').waitFor(WAIT)
    await player.button('Ir para o chat').click()

    // The question comes with the chips at once, and the picture when it is ready.
    await player.page.getByRole('button', { name: '1º jogador', exact: true }).waitFor(WAIT)
    const picked = player.page.getByRole('button', { name: /^Sou o jogador \d da foto$/ })
    await picked.first().waitFor(PICTURE)
    expect(await picked.count()).toBeGreaterThanOrEqual(2)
    const picture = player.page.getByRole('img', { name: /jogadores numerados/ })
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1280)
    await picture.scrollIntoViewIfNeeded()
    await player.capture('chat-identification-picture')

    // The same picture at a desk.
    const desk = await open('desktop')
    await desk.page.getByRole('button', { name: 'Sou o jogador 1 da foto' }).waitFor(WAIT)
    await desk.page.getByRole('img', { name: /jogadores numerados/ }).scrollIntoViewIfNeeded()
    await desk.capture('chat-identification-picture')

    // The input waits for the answer, until the player chooses to answer later.
    await expect.poll(() => chat.input().isDisabled()).toBe(true)
    await player.button('Responder depois').click()
    const before = (await chat.lines()).length
    await chat.send('Como eu melhoro meu saque?')
    await chat.expectLine({ role: /^Coach / }, before)
    await expect(
      player.page.getByRole('button', { name: '2º jogador', exact: true }).isVisible(),
    ).resolves.toBe(true)

    // Reloaded, the question is there once, with its picture.
    await player.page.reload()
    await player.page.getByText('Conectado', { exact: true }).waitFor(WAIT)
    await player.page.getByRole('button', { name: 'Sou o jogador 2 da foto' }).waitFor(WAIT)
    expect(await player.page.getByRole('button', { name: '2º jogador', exact: true }).count()).toBe(
      1,
    )
    await player.page.getByRole('button', { name: 'Sou o jogador 2 da foto' }).click()
    await expect
      .poll(async () => (await chat.lines()).map((l) => l.text.trim()), WAIT)
      .toContain('Obrigado! Registramos que você é o jogador 2 da foto.')
    await expect
      .poll(() => player.page.getByRole('button', { name: /da foto$/ }).count(), WAIT)
      .toBe(0)
  })
})
