import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_ACCOUNTS, SEEDED_PASSWORD } from '../harness/accounts'
import { launchBrowser } from '../harness/browser'
import { ChatScreen } from '../harness/chat'
import { UserSession, type ViewportName } from '../harness/user-session'
import { makeTestVideo } from '../harness/videos'

const run = promisify(execFile)
const baseURL = inject('baseURL')
const WAIT = { timeout: 30_000 }
const THUMB_PATH = '/miniatura-de-teste.jpg'
/** The fields of a Meus Vídeos row the journey rewrites. */
type Card = Record<string, unknown>
let browser: Browser
let video: Awaited<ReturnType<typeof makeTestVideo>>
let thumbnail: Buffer
const sessions: UserSession[] = []

beforeAll(async () => {
  ;[browser, video] = await Promise.all([launchBrowser(), makeTestVideo()])
  const jpeg = path.join(path.dirname(video.file), 'quadro.jpg')
  await run(
    'ffmpeg',
    ['-v', 'error', '-y', '-ss', '6', '-i', video.file, '-frames:v', '1'].concat([
      '-vf',
      'scale=640:-2',
      jpeg,
    ]),
  )
  thumbnail = fs.readFileSync(jpeg)
}, 60_000)
afterAll(async () => {
  await browser.close()
  video.cleanup()
})
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close()
})

async function open(viewport: ViewportName) {
  const session = await UserSession.open(browser, baseURL, viewport)
  sessions.push(session)
  await session.logIn(SEEDED_ACCOUNTS.videosCards, SEEDED_PASSWORD)
  await session.expectPath('/chat')
  return session
}

/**
 * The later stages take the real pipeline and an analyst minutes to reach (the analysis journey
 * goes through them); here the list's answer is rewritten so each card state can be looked at
 * on both screen sizes. The shared server runs no person detector, so the picture job does not
 * run: a frame of the same file stands in for it.
 */
async function showAs(session: UserSession, patch: Card) {
  const page = session.page
  // On the context: the app's service worker makes the API requests, which a page route misses.
  const context = page.context()
  await context.unroute('**/api/v1/videos/me')
  await context.route('**/api/v1/videos/me', async (route) => {
    const response = await route.fetch()
    const list = (await response.json()) as Card[]
    const [first, ...rest] = list
    const json = first ? [{ ...first, thumbnail_url: THUMB_PATH, ...patch }, ...rest] : list
    await route.fulfill({ response, json })
  })
  await context.route(`**${THUMB_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/jpeg', body: thumbnail }),
  )
  await page.reload()
  await session.expectHeading('Meus Vídeos')
}

const STATES: Array<[string, Card, RegExp]> = [
  ['analyzing', { status: 'ANALYZING', analysis_percent: 42 }, /^42% concluído$/],
  ['in-review', { status: 'IN_REVIEW' }, /^Em revisão pelo analista$/],
  ['ready', { status: 'READY', due_at: null }, /^Pronto$/],
  [
    'refused',
    {
      status: 'FAILED',
      due_at: null,
      video_url: null,
      thumbnail_url: null,
      allowance_returned: true,
      failure_reason:
        'A quadra não aparece inteira: filme de trás da linha de fundo, com as quatro linhas no quadro.',
    },
    /^Recusado$/,
  ],
]

describe('Meus Vídeos cards', () => {
  it('a match shows its game, stage and due time, plays in place, and each stage reads well', async () => {
    // The real send: upload, identification, the date and result in the chat.
    const session = await open('mobile')
    const page = session.page
    const chat = new ChatScreen(page)
    await chat.waitUntilReady()
    // Empty first: besides sending, a report to look at before any match is analysed.
    await session.goto('/videos')
    await page.getByRole('link', { name: 'Ver um relatório de exemplo' }).waitFor(WAIT)
    expect(
      await page.getByRole('link', { name: 'Ver um relatório de exemplo' }).getAttribute('href'),
    ).toBe('/relatorio/exemplo')
    await session.capture('videos-empty-example')
    await session.goto('/chat')
    await chat.waitUntilReady()
    await session.button('Enviar Vídeo').click()
    await page.getByLabel('Arquivo de vídeo', { exact: true }).setInputFiles(video.file)
    await session.expectText('Vídeo enviado!')
    await session.button('Ir para o chat').click()
    await page.getByRole('button', { name: '2º jogador', exact: true }).click(WAIT)
    await session.expectText('Obrigado! Registramos que você é o 2º jogador.')
    await session.expectText(/data e o resultado/)
    await chat.send('12/10/2025, ganhamos 6x4')
    await session.expectText('Entendi: vitória por 6/4, no domingo 12/10/2025 — confere?')
    await chat.input().blur()
    await chat.tapChip('Confere')
    await session.expectText(/^Anotado: vitória por 6\/4, no domingo 12\/10\/2025\./)

    // Queued, as the server says it: the game, the stage and the promised moment.
    await session.navigate('Meus Vídeos')
    await session.expectHeading('Meus Vídeos')
    await session.expectText('Na fila de análise')
    await session.expectText('Jogo de 12/10/2025 · Vitória por 6/4')
    await session.expectText(/^Previsão: até \d{2}\/\d{2} às \d{1,2}h(\d{2})?$/)
    await session.capture('videos-card-queued')

    // The upload itself plays, through its signed URL.
    await page.getByRole('button', { name: 'Assistir ao vídeo: Jogo 1' }).click()
    const dialog = page.getByRole('dialog', { name: 'Vídeo: Jogo 1' })
    await dialog.waitFor(WAIT)
    await expect
      .poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.readyState), WAIT)
      .toBeGreaterThanOrEqual(1)
    expect(
      await dialog.locator('video').evaluate((v: HTMLVideoElement) => Math.round(v.duration)),
    ).toBe(31)
    await session.capture('videos-card-playing')
    await dialog.getByRole('button', { name: 'Fechar' }).click()
    await dialog.waitFor({ state: 'detached', ...WAIT })

    for (const viewport of ['mobile', 'desktop'] as const) {
      const s = viewport === 'mobile' ? session : await open(viewport)
      if (viewport === 'desktop') await s.goto('/videos')
      for (const [name, patch, shown] of STATES) {
        await showAs(s, patch)
        await s.expectText(shown)
        if (name === 'ready') await s.page.getByRole('link', { name: 'Ver relatório' }).waitFor()
        if (name === 'refused') {
          await s.expectText(/^Você pode enviar outro vídeo do jogo pelo chat\. Este envio/)
          expect(await s.page.getByRole('button', { name: /Assistir/ }).count()).toBe(0)
        } else {
          const picture = s.page.locator('.video-thumb__img')
          await expect
            .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth), WAIT)
            .toBe(640)
        }
        await s.capture(`videos-card-${name}`)
      }
    }
  })
})
