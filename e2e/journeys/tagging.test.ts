import { computeMatchStats, type AnalystTagsResponse } from '@areia/contracts'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SEEDED_PASSWORD } from '../harness/accounts'
import { startAnalysisServer } from '../harness/analysis'
import { launchBrowser } from '../harness/browser'
import { seedAnalysedVideo } from '../harness/published-report'
import { UserSession, type ViewportName } from '../harness/user-session'

const WAIT = { timeout: 30_000 }
/** The result the player gave; the analyst's tags must lead to it. */
const GAME = { date: '2026-11-21', outcome: 'WON', score: '6/4 6/4' } as const

let browser: Browser
let app: Awaited<ReturnType<typeof startAnalysisServer>>
let videoId = 0
const sessions: UserSession[] = []

beforeAll(async () => {
  browser = await launchBrowser()
  // A generated match the pipeline already analysed (its two detected rallies), waiting for review.
  app = await startAnalysisServer(null, async (db, dataDir, { player }) => {
    videoId = await seedAnalysedVideo(db, dataDir, player, GAME)
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

/** Presses keys one by one on whatever has the focus, and says how many it pressed. */
async function press(page: Page, keys: string[]): Promise<number> {
  for (const key of keys) await page.keyboard.press(key)
  return keys.length
}

/** Scrolls an element to the top of the screen, clear of the sticky header. */
async function scrollBelowHeader(target: Locator) {
  await target.evaluate((el) =>
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80),
  )
}

/** The analyst's saved tags, as the API gives them back. */
async function savedTags(): Promise<AnalystTagsResponse> {
  const login = await fetch(`${app.server.url}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: app.analyst, password: SEEDED_PASSWORD }),
  })
  const { access_token } = (await login.json()) as { access_token: string }
  const res = await fetch(`${app.server.url}/api/v1/analyst/videos/${videoId}/tags`, {
    headers: { Authorization: `Bearer ${access_token}` },
  })
  return (await res.json()) as AnalystTagsResponse
}

describe('tagging a match point by point', () => {
  it('the analyst tags each rally with the keyboard, publishes, and the player’s report tells the match from those tags', async () => {
    // ---- The analyst, at a desk ------------------------------------------------------------
    const analyst = await open(app.analyst, 'desktop')
    await analyst.expectPath('/analista')
    await analyst.goto(`/analista/${videoId}`)
    await analyst.page.getByRole('heading', { name: 'Marcação ponto a ponto' }).waitFor(WAIT)
    const panel = analyst.page.getByTestId('tagging')
    const list = analyst.page.getByRole('list', { name: 'Pontos do vídeo' })
    await list.getByRole('listitem').first().waitFor(WAIT)
    expect(await list.getByRole('listitem').count()).toBe(2)

    // The video joins the match at 6/4 5/4, 30–0: the analyst types the score it starts from.
    const start = analyst.page.locator('.tagging__start summary')
    await start.focus()
    await analyst.page.keyboard.press('Enter')
    await analyst.field('Sets encerrados').fill('6/4')
    await analyst.field('Games de J1 e J2').fill('5')
    await analyst.field('Games de J3 e J4').fill('4')
    await analyst.field('Pontos de J1 e J2').selectOption('2')
    await analyst.field('Games de J3 e J4').press('Enter')
    await analyst.text('Placar no início do vídeo: 6/4 5/4 · 30–0').waitFor(WAIT)

    // Rally 1: J1 serves (the first point needs the server) and ends it with a smash winner.
    await panel.focus()
    const first = await press(analyst.page, ['q', '1', 'w', 'm', '1', 'Enter'])
    await list.getByText('Winner · Smash de J1').waitFor(WAIT)
    // Rally 2: the server carries over and the returner alternates; only the ending is typed.
    const second = await press(analyst.page, ['n', 'h', '4', 'Enter'])
    await list.getByText('Erro não forçado · Forehand de fundo de J4').waitFor(WAIT)
    expect(first).toBeLessThanOrEqual(6)
    expect(second).toBeLessThanOrEqual(4)
    await analyst.page.getByTestId('tagging-score').getByText('6/4 6/4 · 0–0').waitFor(WAIT)
    await analyst.text('Resultado informado pelo jogador: Vitória 6/4 6/4').waitFor(WAIT)
    await analyst.text('Marcações salvas').waitFor(WAIT)
    await analyst.page.getByText('Atalhos do teclado').click()
    expect(await analyst.page.getByTestId('tagging-average').textContent()).toBe('5')
    await scrollBelowHeader(analyst.page.getByRole('heading', { name: 'Marcação ponto a ponto' }))
    await analyst.capture('tagging')

    // What was saved is exactly what was typed.
    const saved = await savedTags()
    expect(saved.revision).toBeGreaterThan(0)
    expect(
      saved.tags?.points.map((p) => [
        p.server,
        p.returner,
        p.ending,
        p.last_stroke,
        p.last_player,
        p.rally_index,
      ]),
    ).toEqual([
      [1, 3, 'winner', 'smash', 1, 1],
      [1, 4, 'unforced_error', 'forehand_fundo', 4, 2],
    ])

    // The console on a phone does not break.
    const phoneConsole = await open(app.analyst, 'mobile')
    await phoneConsole.goto(`/analista/${videoId}`)
    const phonePanel = phoneConsole.page.getByRole('heading', { name: 'Marcação ponto a ponto' })
    await phonePanel.waitFor(WAIT)
    await scrollBelowHeader(phonePanel)
    await phoneConsole.capture('tagging')

    // ---- Publishes -------------------------------------------------------------------------
    await analyst.field('Jogador rastreado').selectOption('2')
    await analyst.button('Confirmar jogador').click()
    await analyst.text('Confirmado: J2.').waitFor(WAIT)
    const text = analyst.field('Texto do relatório (markdown)')
    await expect.poll(async () => (await text.inputValue()).length, WAIT).toBeGreaterThan(40)
    await text.fill(`${await text.inputValue()}\n\nComentário da analista: fechou o set na rede.`)
    await analyst.button('Publicar').click()
    await analyst.text(/^Publicado em /).waitFor(WAIT)

    // ---- The player's report ---------------------------------------------------------------
    const player = await open(app.player, 'mobile')
    await player.expectPath('/chat')
    await player.goto(`/videos/${videoId}`)
    const score = player.page.getByRole('region', { name: 'Placar' })
    await score.waitFor(WAIT)
    expect(await score.textContent()).toContain('6/4 6/4')
    // The figures are the ones those two tags make, for the player's side (J2, team 0).
    const stats = computeMatchStats(saved.tags!)
    const team = stats.teams[0]
    expect(team.points_won).toEqual({ value: 2, of: 2, points: [0, 1] })
    // The figure's name is its own text; Chromium spaces the label and the value apart.
    const won = score.getByRole('button', { name: /^Pontos ganhos\s*:?\s*2 de 2$/ })
    await won.waitFor(WAIT)
    await player.capture('tagging-report')
    // A figure opens the clips of its points.
    await won.click()
    const dialog = player.page.getByRole('dialog', { name: 'Pontos ganhos: 2 de 2' })
    await dialog.waitFor(WAIT)
    const clip = dialog.locator('video')
    await clip.waitFor(WAIT)
    const src = await clip.getAttribute('src')
    expect(src).toMatch(new RegExp(`/api/v1/media/videos/${videoId}/source/0\\?.*#t=0\\.9,5\\.1$`))
    await expect
      .poll(() => clip.evaluate((el: HTMLVideoElement) => el.readyState >= 1 && !el.error), WAIT)
      .toBe(true)
    await player.capture('tagging-report-clip')
  }, 600_000)
})
