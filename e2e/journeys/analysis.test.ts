import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SEEDED_PASSWORD } from '../harness/accounts'
import { makeMatchClip, startAnalysisServer, startPushReceiver } from '../harness/analysis'
import { launchBrowser } from '../harness/browser'
import { ChatScreen, ROLE } from '../harness/chat'
import {
  deliverPush,
  standInForPushService,
  shownNotifications,
  waitForServiceWorker,
} from '../harness/push'
import { UserSession, type ViewportName } from '../harness/user-session'

const WAIT = { timeout: 30_000 }
/** One run of the pipeline on the 31 s clip, on a busy two-core machine. */
const ANALYSIS = { timeout: 420_000, interval: 2_000 }

let browser: Browser
let clip: Awaited<ReturnType<typeof makeMatchClip>>
let push: Awaited<ReturnType<typeof startPushReceiver>>
let app: Awaited<ReturnType<typeof startAnalysisServer>>
const sessions: UserSession[] = []

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

async function open(email: string, viewport: ViewportName) {
  const session = await UserSession.open(browser, app.server.url, viewport)
  sessions.push(session)
  return session
}

/** A message whose text (markdown rendered, so trimmed here) matches. */
async function expectMessage(chat: ChatScreen, text: string | RegExp) {
  const matches = (line: string) =>
    typeof text === 'string' ? line.trim() === text : text.test(line.trim())
  await expect.poll(async () => (await chat.lines()).some((l) => matches(l.text)), WAIT).toBe(true)
}

/** Seconds of play of a `<video>` after asking it to play (muted, as a browser allows). */
async function playClip(page: Page, label: string) {
  const video = page.getByLabel(label, { exact: true })
  await video.scrollIntoViewIfNeeded()
  await video.evaluate((el: HTMLVideoElement) => {
    el.muted = true
    void el.play()
  })
  await expect
    .poll(
      () =>
        video.evaluate((el: HTMLVideoElement) => ({
          ready: el.readyState >= 2,
          duration: el.duration > 0,
          playing: el.currentTime > 0,
          error: el.error?.message ?? null,
        })),
      WAIT,
    )
    .toEqual({ ready: true, duration: true, playing: true, error: null })
  await video.evaluate((el: HTMLVideoElement) => el.pause())
}

describe('match analysis', () => {
  it('a player’s video is analysed, reviewed by an analyst and read in the push, the chat, the report and the coach’s answer', async () => {
    // ---- The player, phone in hand, with notifications on --------------------------------
    const player = await open(app.player, 'mobile')
    const phone = push.browser()
    await standInForPushService(player.context, phone.subscription)
    await player.logIn(app.player, SEEDED_PASSWORD)
    await player.expectPath('/chat')
    await waitForServiceWorker(player.page)
    // Permission `default`: the banner is offered; the player allows it in the prompt.
    const enable = player.button('Ativar Notificações')
    await enable.waitFor(WAIT)
    await player.context.grantPermissions(['notifications'], {
      origin: new URL(app.server.url).origin,
    })
    await enable.click()
    await player.expectToast('Notificações ativadas com sucesso!')

    // Uploads the game, says which player they are and the result.
    const chat = new ChatScreen(player.page)
    await chat.waitUntilReady()
    await player.button('Enviar Vídeo').click()
    await player.page.getByLabel('Arquivo de vídeo', { exact: true }).setInputFiles(clip.file)
    await player.text('Vídeo enviado!').waitFor(WAIT)
    await player.button('Ir para o chat').click()
    await player.page.getByRole('button', { name: '2º jogador', exact: true }).click(WAIT)
    await expectMessage(chat, 'Obrigado! Registramos que você é o 2º jogador.')
    await expectMessage(chat, /data e o resultado/)
    await chat.send('12/10/2025, ganhamos 6x4')
    await expectMessage(chat, 'Entendi: vitória por 6/4, no domingo 12/10/2025 — confere?')
    await chat.input().blur()
    await chat.tapChip('Confere')
    await expectMessage(chat, /^Anotado: vitória por 6\/4, no domingo 12\/10\/2025\./)

    // Meus Vídeos follows the analysis live, then says it went to the analyst.
    await player.navigate('Meus Vídeos')
    const bar = player.page.getByRole('progressbar', { name: 'Progresso da análise' })
    await bar.waitFor({ timeout: ANALYSIS.timeout })
    await player.capture('analysis-videos-progress')
    await player.text('Em revisão pelo analista').waitFor({ timeout: ANALYSIS.timeout })

    // ---- The analyst, at a desk ----------------------------------------------------------
    const analyst = await open(app.analyst, 'desktop')
    await analyst.logIn(app.analyst, SEEDED_PASSWORD)
    // An analyst lands on the queue.
    await analyst.expectPath('/analista')
    const item = analyst.page.locator('.analyst-queue__link').first()
    await item.waitFor(WAIT)
    const videoId = Number((await item.getAttribute('href'))?.split('/').pop())
    expect(videoId).toBeGreaterThan(0)
    await analyst.capture('analysis-console-queue')
    await item.click()
    await analyst.expectPath(`/analista/${videoId}`)
    const publish = analyst.button('Publicar')
    await expect.poll(() => publish.isEnabled(), WAIT).toBe(true)

    // Confirms the court corners: the analysis runs again with them.
    await analyst.button('Confirmar cantos').click()
    await analyst.text('Cantos salvos: a análise recomeçou com eles.').waitFor(WAIT)
    await expect.poll(() => publish.isEnabled(), ANALYSIS).toBe(true)

    // Swaps two identities the tracker confused, for the whole video.
    await analyst.field('Jogador').selectOption('1')
    await analyst.field('com o jogador').selectOption('2')
    await analyst.page.getByLabel('O início do vídeo').check()
    await analyst.button('Trocar jogadores').click()
    await analyst
      .text('J1 e J2 trocados no vídeo todo. Os números foram recalculados.')
      .waitFor(WAIT)

    // Picks the customer, edits the pre-written report and publishes.
    await analyst.field('Jogador rastreado').selectOption('2')
    await analyst.button('Confirmar jogador').click()
    await analyst.text('Confirmado: J2.').waitFor(WAIT)
    const text = analyst.field('Texto do relatório (markdown)')
    await expect.poll(async () => (await text.inputValue()).length, WAIT).toBeGreaterThan(40)
    const commentary = 'Comentário da analista: depois do saque, suba junto com o parceiro.'
    await text.fill(`${await text.inputValue()}\n\n${commentary}`)
    await publish.click()
    await analyst.text(/^Publicado em /).waitFor(WAIT)
    await analyst.page.evaluate(() => window.scrollTo(0, 0))
    await analyst.capture('analysis-console-published')

    // The console on a phone, published.
    const phoneConsole = await open(app.analyst, 'mobile')
    await phoneConsole.logIn(app.analyst, SEEDED_PASSWORD)
    await phoneConsole.goto(`/analista/${videoId}`)
    await phoneConsole.text(/^Publicado em /).waitFor(WAIT)
    await phoneConsole.capture('analysis-console-published')

    // ---- The push, as the push service received it, shown by the service worker ----------
    await expect
      .poll(() => push.received.filter((r) => r.endpointId === phone.id).length, WAIT)
      .toBe(1)
    const notification = JSON.parse(
      push.received.find((r) => r.endpointId === phone.id)!.plaintext,
    ) as { title: string; url: string; tag: string }
    expect(notification).toMatchObject({
      title: 'Sua análise está pronta',
      url: `/videos/${videoId}`,
    })
    await deliverPush(player.page, notification)
    expect(await shownNotifications(player.page)).toMatchObject([
      { title: 'Sua análise está pronta', url: `/videos/${videoId}` },
    ])

    // Meus Vídeos learned it from the socket: the row opens the report.
    await player.page.getByRole('link', { name: 'Ver relatório' }).waitFor(WAIT)
    await player.capture('analysis-videos-ready')

    // ---- The report in the chat: the heatmap fetched with the token, the link in-app --------
    await player.navigate('Chat')
    await chat.waitUntilReady()
    const report = player.page.getByRole('link', { name: 'Ver relatório completo e lances' })
    await report.waitFor(WAIT)
    const heatmap = player.page.locator('.message__text img[alt="Mapa de calor"]').last()
    await expect
      .poll(
        () =>
          heatmap.evaluate(
            (img: HTMLImageElement) => img.src.startsWith('blob:') && img.naturalWidth > 0,
          ),
        WAIT,
      )
      .toBe(true)
    expect(await chat.messages().last().textContent()).toContain(commentary)
    await heatmap.scrollIntoViewIfNeeded()
    await player.capture('analysis-chat-report')
    await player.page.evaluate(
      () => ((window as unknown as { __sameApp: boolean }).__sameApp = true),
    )
    await report.click()
    await player.expectPath(`/videos/${videoId}`)
    expect(
      await player.page.evaluate(() => (window as unknown as { __sameApp?: boolean }).__sameApp),
    ).toBe(true)

    // ---- The report page ------------------------------------------------------------------
    await player.expectHeading('Vitória por 6/4')
    await player.expectText('Jogo de 12 de outubro de 2025')
    const figures = player.page.getByRole('list', { name: 'Movimentação' })
    expect(await figures.getByRole('listitem').allInnerTexts()).toHaveLength(4)
    await expect
      .poll(
        () =>
          player.page
            .locator('.court__image')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        WAIT,
      )
      .toBeGreaterThan(0)
    await player.text(commentary).waitFor(WAIT)
    // The player's shares as the page shows them: the coach must quote the same figures.
    const share = async (zone: string) =>
      Number(
        await player.page
          .getByRole('group', { name: zone })
          .getByRole('meter', { name: 'Você' })
          .getAttribute('aria-valuenow'),
      )
    const shares = [
      await share('Perto da rede'),
      await share('Meio da quadra'),
      await share('Fundo da quadra'),
    ]
    await player.capture('analysis-report')
    await player.page.getByRole('heading', { name: 'Mapa de calor' }).scrollIntoViewIfNeeded()
    await player.capture('analysis-report-heatmap')
    await playClip(player.page, 'Lance 1')
    await player.capture('analysis-report-lances')

    // The same report on a computer.
    const desk = await open(app.player, 'desktop')
    await desk.logIn(app.player, SEEDED_PASSWORD)
    await desk.goto(`/videos/${videoId}`)
    await desk.expectHeading('Vitória por 6/4')
    await expect
      .poll(
        () =>
          desk.page.locator('.court__image').evaluate((img: HTMLImageElement) => img.naturalWidth),
        WAIT,
      )
      .toBeGreaterThan(0)
    await desk.capture('analysis-report')
    await desk.page
      .getByRole('heading', { name: 'Comentários do analista' })
      .scrollIntoViewIfNeeded()
    await desk.capture('analysis-report-text')
    await playClip(desk.page, 'Lance 1')
    await desk.capture('analysis-report-lances')

    // ---- The statistical coach answers about net play with the player's own numbers --------
    await player.navigate('Chat')
    const answer = await chat.ask('estou subindo pouco à rede?', ROLE.ESTATISTICO)
    for (const percent of shares) expect(answer.text).toContain(`${percent}%`)
    expect(answer.text).toMatch(/rede/)
  }, 1_200_000)
})
