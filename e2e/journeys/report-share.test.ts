import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SEEDED_PASSWORD } from '../harness/accounts'
import { startAnalysisServer } from '../harness/analysis'
import { launchBrowser } from '../harness/browser'
import { publishAsAnalyst, seedAnalysedVideo } from '../harness/published-report'
import { waitForServiceWorker } from '../harness/push'
import { UserSession, type ViewportName } from '../harness/user-session'

const WAIT = { timeout: 30_000 }
const GAME = { date: '2026-11-14', outcome: 'WON', score: '6/4 6/3' } as const
/** Free text that names people: the shared view must not show it. */
const ANALYST_TEXT = 'Lia jogou muito bem com o Beto Souza (beto.souza@exemplo.com).'

let browser: Browser
let app: Awaited<ReturnType<typeof startAnalysisServer>>
let videoId = 0
const sessions: UserSession[] = []

beforeAll(async () => {
  browser = await launchBrowser()
  app = await startAnalysisServer(null, async (db, dataDir, { player }) => {
    videoId = await seedAnalysedVideo(db, dataDir, player, GAME)
  })
  await publishAsAnalyst(app.server.url, app.analyst, videoId, ANALYST_TEXT)
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close()
})

async function open(viewport: ViewportName) {
  const session = await UserSession.open(browser, app.server.url, viewport)
  sessions.push(session)
  return session
}

/** Everything a reader can see or hear of the page, for what must not be there. */
const pageText = (s: UserSession) =>
  s.page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label],[alt],[title]')].map((el) =>
      ['aria-label', 'alt', 'title'].map((a) => el.getAttribute(a) ?? '').join(' '),
    )
    return `${document.body.innerText} ${labels.join(' ')}`
  })

describe('sharing a report', () => {
  it('the player makes a link, a browser without an account opens it without personal data, and it stops when revoked', async () => {
    // ---- The player's report, not tagged point by point -------------------------------------
    const player = await open('mobile')
    await player.logIn(app.player, SEEDED_PASSWORD)
    await player.expectPath('/chat')
    await player.goto(`/videos/${videoId}`)
    const score = player.page.getByRole('region', { name: 'Placar' })
    await score.waitFor(WAIT)
    expect(await score.textContent()).toContain('6/4 6/3')
    await player.expectText(/O ponto a ponto .* não está disponível para este jogo/)
    await player.capture('report-untagged')

    // Opened once, the player's own report reopens from a cold start without a connection: the
    // app keeps the session it last confirmed instead of logging out.
    await waitForServiceWorker(player.page)
    await player.page.reload()
    await score.waitFor(WAIT)
    await player.context.setOffline(true)
    await player.page.reload()
    await score.waitFor(WAIT)
    await player.expectText(/Você está sem internet: esta é a cópia salva da análise/)
    expect(await score.textContent()).toContain('6/4 6/3')
    await player.context.setOffline(false)
    await player.page.reload()
    await score.waitFor(WAIT)
    // What had no saved answer (the session check, the chat) failed as it must without a network;
    // the offline page is gone now, so no such failure can still be on its way.
    player.forgiveServerOutage()
    const online = player.problems.filter((p) => !p.endsWith('net::ERR_FAILED'))
    player.problems.splice(0, player.problems.length, ...online)

    const desk = await open('desktop')
    await desk.logIn(app.player, SEEDED_PASSWORD)
    await desk.expectPath('/chat')
    await desk.goto(`/videos/${videoId}`)
    await desk.page.getByRole('region', { name: 'Placar' }).waitFor(WAIT)
    await desk.capture('report-untagged')

    // ---- Printed: the report alone --------------------------------------------------------
    await desk.page.emulateMedia({ media: 'print' })
    expect(await desk.page.locator('.header').isVisible()).toBe(false)
    expect(await desk.page.getByRole('button', { name: 'Compartilhar' }).isVisible()).toBe(false)
    expect(await desk.page.getByRole('region', { name: 'Placar' }).isVisible()).toBe(true)
    await desk.screenshot('report-untagged-print')
    await desk.page.emulateMedia({ media: 'screen' })

    // ---- The link ---------------------------------------------------------------------------
    await player.button('Compartilhar').click()
    const dialog = player.page.getByRole('dialog', { name: 'Compartilhar a análise' })
    // The partner's numbers stay out unless the player ticks them in.
    const partnerToo = dialog.getByRole('checkbox', {
      name: 'Mostrar também os números e os pontos do meu parceiro',
    })
    expect(await partnerToo.isChecked()).toBe(false)
    await player.capture('report-share-options')
    // Desktop Chromium has no share sheet: the link is made, shown and copied.
    await dialog.getByRole('button', { name: 'Compartilhar link' }).click()
    const field = dialog.getByLabel('Endereço do link')
    await field.waitFor(WAIT)
    const link = new URL(await field.inputValue())
    expect(link.pathname).toMatch(/^\/r\/[A-Za-z0-9_-]{43}$/)
    await player.capture('report-share-dialog')

    // ---- A friend, no account, on a phone ---------------------------------------------------
    const friend = await open('mobile')
    await friend.goto(link.pathname)
    await friend.page.getByRole('region', { name: 'Placar' }).waitFor(WAIT)
    await friend.expectText('Análise do jogo de Lia')
    const seen = await pageText(friend)
    expect(seen).toContain('6/4 6/3')
    for (const personal of [app.player, '@', 'Beto', ANALYST_TEXT, 'Comentários do analista']) {
      expect(seen, `the shared view shows "${personal}"`).not.toContain(personal)
    }
    // Only the player's figures: the partner's comparison is not there.
    expect(seen).not.toContain('Lia e parceiro')
    // Nothing but the shared report and its media, signed for this link, is asked of the server.
    expect(
      friend.apiRequests.filter((r) => !/^GET \/api\/v1\/(shared-reports|shared-media)\//.test(r)),
    ).toEqual([])
    const heatmap = await friend.page
      .locator('img.court__image')
      .first()
      .evaluate((img) => (img as HTMLImageElement).src)
    expect(new URL(heatmap).pathname).toMatch(/^\/api\/v1\/shared-media\//)
    await friend.page.getByRole('link', { name: 'Criar minha conta' }).waitFor(WAIT)
    await friend.capture('shared-report')
    const friendDesk = await open('desktop')
    await friendDesk.goto(link.pathname)
    await friendDesk.page.getByRole('region', { name: 'Placar' }).waitFor(WAIT)
    await friendDesk.capture('shared-report')

    // Opened once, it reads again without a connection.
    await waitForServiceWorker(friend.page)
    await friend.page.reload()
    await friend.page.getByRole('region', { name: 'Placar' }).waitFor(WAIT)
    await friend.context.setOffline(true)
    await friend.page.reload()
    await friend.page.getByRole('region', { name: 'Placar' }).waitFor(WAIT)
    await friend.expectText(/Você está sem internet: esta é a cópia salva da análise/)
    await friend.capture('shared-report-offline')
    await friend.context.setOffline(false)
    friend.forgiveServerOutage()

    // ---- The player turns it off; the link stops working ---------------------------------
    await dialog.getByRole('button', { name: 'Desativar link' }).click()
    await player.expectText(/^Link desativado/)
    const late = await open('mobile')
    await late.goto(link.pathname)
    await late.expectHeading('Esta análise não está mais disponível')
    await late.capture('shared-report-revoked')
    // The media the page had received stop at once too.
    expect(await late.page.evaluate(async (url) => (await fetch(url)).status, heatmap)).toBe(404)
    // Nor does the copy the friend's browser kept: it learns of the revocation and drops it.
    await friend.page.reload()
    await friend.expectHeading('Esta análise não está mais disponível')
    await friend.context.setOffline(true)
    await friend.page.reload()
    expect(await friend.page.getByRole('region', { name: 'Placar' }).count()).toBe(0)
    await friend.context.setOffline(false)
    friend.forgiveServerOutage()
    // With nothing kept, the offline worker answers the report's requests with a network error.
    const kept = friend.problems.filter((p) => !p.endsWith('net::ERR_FAILED'))
    friend.problems.splice(0, friend.problems.length, ...kept)
  })

  it('a visitor opens the example report, labelled as an example, its figures opening a note', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const visitor = await open(viewport)
      await visitor.goto('/relatorio/exemplo')
      const score = visitor.page.getByRole('region', { name: 'Placar' })
      await score.waitFor(WAIT)
      expect(await score.textContent()).toContain('6/4 6/3')
      await visitor.expectText('Exemplo')
      await visitor.capture('example-report')
      await visitor.page.getByRole('button', { name: /^Winners: \d+$/ }).click()
      const note = visitor.page.getByRole('dialog', { name: /^Winners: \d+$/ })
      await note.getByText(/No exemplo os pontos não têm vídeo/).waitFor(WAIT)
      await visitor.capture('example-report-points')
    }
  })
})
