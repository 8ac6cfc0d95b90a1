import type { MatchTags } from '@areia/contracts'
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SEEDED_PASSWORD } from '../harness/accounts'
import { startAnalysisServer } from '../harness/analysis'
import { launchBrowser } from '../harness/browser'
import { ChatScreen } from '../harness/chat'
import { publishAsAnalyst, seedAnalysedVideo, tagAsAnalyst } from '../harness/published-report'
import { UserSession, type ViewportName } from '../harness/user-session'

const WAIT = { timeout: 30_000 }
const SAID = 'perdemos 6/4 no super tie-break depois de 4/6 6/3, foi sábado'
const RESULT = 'derrota por 4/6 6/3 e 4/6 no super tie-break'

/** One point, won by the rivals (J3's smash): the player (J2) won none of the tagged ones. */
const ONE_POINT: MatchTags = {
  start_score: { sets: [], games: [0, 0], points: [0, 0], tiebreak: false },
  points: [
    {
      start_sec: 1,
      end_sec: 4,
      rally_index: null,
      server: 3,
      serve_in: true,
      returner: 1,
      return_in: true,
      ending: 'winner',
      last_stroke: 'smash',
      last_player: 3,
      golden_point: false,
      score_after: { sets: [], games: [0, 0], points: [0, 1], tiebreak: false },
    },
  ],
}

/** A chat line that is this text (markdown leaves a line break at its end). */
const exactly = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*$`)

/** "Sábado" said now in São Paulo: the last Saturday before today, as YYYY-MM-DD. */
function lastSaturday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(),
  )
  const d = new Date(`${today}T12:00:00Z`)
  do d.setUTCDate(d.getUTCDate() - 1)
  while (d.getUTCDay() !== 6)
  return d.toISOString().slice(0, 10)
}

let browser: Browser
let app: Awaited<ReturnType<typeof startAnalysisServer>>
let videoId = 0
const sessions: UserSession[] = []

beforeAll(async () => {
  browser = await launchBrowser()
  // Analysed and identified, the chat waiting for the date and result.
  app = await startAnalysisServer(null, async (db, dataDir, { player }) => {
    videoId = await seedAnalysedVideo(db, dataDir, player, null)
  })
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close()
})

async function open(email: string, viewport: ViewportName) {
  const session = await UserSession.open(browser, app.server.url, viewport)
  sessions.push(session)
  await session.logIn(email, SEEDED_PASSWORD)
  return session
}

describe('the facts of a match, read back and shown true', () => {
  it('the result and date the player confirms are the report’s, the card’s and the shared page’s; one tagged point is “1 ponto marcado”, never 0/0', async () => {
    const saturday = lastSaturday()
    const [year, month, day] = saturday.split('-')

    // ---- The player tells the result as they would on WhatsApp ----------------------------
    const player = await open(app.player, 'mobile')
    await player.expectPath('/chat')
    const chat = new ChatScreen(player.page)
    await chat.waitUntilReady()
    await chat.send(SAID)
    const readBack = `Entendi: ${RESULT}, no sábado ${day}/${month} — confere?`
    await chat.expectLine({ text: exactly(readBack) })
    expect(await chat.chips()).toEqual([
      'Confere',
      'Corrigir o placar',
      'Corrigir a data',
      'Foi vitória',
    ])
    await player.capture('chat-game-readback')
    // The keyboard closes before the tap, as on a phone (the composer shrinks when it loses
    // the focus, and a tap that lands while it does misses the chip).
    await chat.input().blur()
    await chat.tapChip('Confere')
    await chat.expectLine({
      text: exactly(
        `Anotado: ${RESULT}, no sábado ${day}/${month}. Vou levar isso em conta na análise do vídeo. 📊`,
      ),
    })

    // ---- The analyst: publishing before naming the customer lands on that field ------------
    await tagAsAnalyst(app.server.url, app.analyst, videoId, ONE_POINT)
    for (const viewport of ['desktop', 'mobile'] as const) {
      const analyst = await open(app.analyst, viewport)
      await analyst.goto(`/analista/${videoId}`)
      await analyst.button('Publicar').click()
      // Said by the field itself, which gets the focus.
      await analyst.page
        .getByRole('form', { name: 'Quem é o cliente' })
        .getByRole('alert')
        .getByText('Escolha o cliente em “Jogador rastreado” e toque em “Confirmar jogador”', {
          exact: false,
        })
        .waitFor(WAIT)
      await expect
        .poll(() => analyst.page.evaluate(() => document.activeElement?.id))
        .toBe('player-track')
      await analyst.capture('analyst-publish-error')
    }
    await publishAsAnalyst(app.server.url, app.analyst, videoId, 'Boa partida.')

    // ---- Meus Vídeos --------------------------------------------------------------------
    await player.navigate('Meus Vídeos')
    await player.expectText(
      `Jogo de ${day}/${month}/${year} · Derrota por 4/6 6/3 e 4/6 no super tie-break`,
    )

    // ---- The report ---------------------------------------------------------------------
    const dateLine = new Intl.DateTimeFormat('pt-BR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${saturday}T12:00:00Z`))
    const checkReport = async (s: UserSession) => {
      await s.expectHeading('Derrota por 4/6 6/3 e 4/6 no super tie-break')
      await s.expectText(`Jogo de ${dateLine}`)
      const score = s.page.getByRole('region', { name: 'Placar' })
      await score.waitFor(WAIT)
      const text = (await score.innerText()).replace(/\s+/g, ' ')
      expect(text).toContain('Resultado informado')
      expect(text).toContain('4/6 6/3 4/6')
      expect(text).toContain('1 ponto marcado pelo analista')
      expect(await s.page.locator('body').innerText()).not.toMatch(/\b0\/0\b/)
    }
    await player.goto(`/videos/${videoId}`)
    await checkReport(player)
    await player.capture('report-header')
    const desk = await open(app.player, 'desktop')
    await desk.goto(`/videos/${videoId}`)
    await checkReport(desk)
    await desk.capture('report-header')

    // ---- Sharing: the image of the match, and the link --------------------------------------
    let link = ''
    for (const s of [player, desk]) {
      await s.button('Compartilhar').click()
      const dialog = s.page.getByRole('dialog', { name: 'Compartilhar a análise' })
      const image = dialog.getByRole('img', { name: /Imagem do jogo no formato story/ })
      await image.waitFor(WAIT)
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalHeight))
        .toBe(1920)
      await s.capture('report-share-dialog')
      if (!link) {
        await dialog.getByRole('button', { name: 'Compartilhar link' }).click()
        link = new URL(await dialog.getByLabel('Endereço do link').inputValue()).pathname
      }
      await dialog.getByRole('button', { name: 'Fechar' }).last().click()
    }

    // ---- A friend opens the link -------------------------------------------------------------
    const friend = await UserSession.open(browser, app.server.url, 'mobile')
    sessions.push(friend)
    await friend.goto(link)
    await checkReport(friend)
    await friend.capture('shared-report-facts')
  })
})
