import {
  advanceScore,
  isGoldenPoint,
  pointWinner,
  type MatchScore,
  type MatchTags,
  type PointEnding,
  type PointTag,
  type Stroke,
  type TrackId,
} from '@areia/contracts'
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SEEDED_PASSWORD } from '../harness/accounts'
import { startAnalysisServer } from '../harness/analysis'
import { launchBrowser } from '../harness/browser'
import { publishAsAnalyst, seedAnalysedVideo, tagAsAnalyst } from '../harness/published-report'
import { UserSession, type ViewportName } from '../harness/user-session'

const WAIT = { timeout: 30_000 }

/** [server, how it ended, last stroke, by whom]: the player is track 2, the near team. */
type Told = [TrackId, PointEnding, Stroke, TrackId]

/** Each match starts at 40–40, so its first point is a ponto de ouro. */
const DEUCE: MatchScore = { sets: [], games: [0, 0], points: [3, 3], tiebreak: false }

/** Three points inside the generated clip's 12 s, the score carried as the console does. */
function tagged(told: Told[]): MatchTags {
  let score = DEUCE
  const points = told.map(([server, ending, stroke, by], i): PointTag => {
    const serveOut = stroke === 'saque' && ending !== 'winner'
    const golden = isGoldenPoint(score)
    score = advanceScore(score, pointWinner({ ending, last_player: by }))
    return {
      start_sec: i * 3.5 + 0.5,
      end_sec: i * 3.5 + 3,
      rally_index: null,
      server,
      serve_in: !serveOut,
      returner: serveOut ? null : 3,
      return_in: serveOut ? null : true,
      ending,
      last_stroke: stroke,
      last_player: by,
      golden_point: golden,
      score_after: score,
    }
  })
  return { start_score: DEUCE, points }
}

/** Three games with different results, figures and distances run (the vision result adjusted). */
const MATCHES = [
  {
    game: { date: '2026-11-01', outcome: 'LOST', score: '4/6 3/6' },
    distance: 900,
    speed: 1.1,
    tags: tagged([
      [2, 'unforced_error', 'forehand_fundo', 2],
      [2, 'unforced_error', 'saque', 2],
      [2, 'winner', 'smash', 2],
    ]),
  },
  {
    game: { date: '2026-11-08', outcome: 'WON', score: '6/4 6/4' },
    distance: 1100,
    speed: 1.2,
    tags: tagged([
      [2, 'winner', 'voleio', 2],
      [2, 'winner', 'smash', 2],
      [2, 'unforced_error', 'smash', 2],
    ]),
  },
  {
    game: { date: '2026-11-15', outcome: 'WON', score: '6/2 6/3' },
    distance: 1000,
    speed: 1.25,
    tags: tagged([
      [2, 'unforced_error', 'forehand_fundo', 3],
      [2, 'winner', 'smash', 2],
      [2, 'winner', 'voleio', 2],
    ]),
  },
] as const

/** What each chart's three points read, oldest first, worked out by hand from the tags above. */
const EXPECTED: Record<string, string[]> = {
  'Pontos ganhos': ['33% (1 de 3)', '67% (2 de 3)', '100% (3 de 3)'],
  'Saques dentro': ['67% (2 de 3)', '100% (3 de 3)', '100% (3 de 3)'],
  'Pontos ganhos no saque': ['33% (1 de 3)', '67% (2 de 3)', '100% (3 de 3)'],
  Winners: ['1', '2', '2'],
  'Erros não forçados': ['2', '1', '0'],
  'Smashes convertidos': ['100% (1 de 1)', '50% (1 de 2)', '100% (1 de 1)'],
  'Pontos de ouro ganhos': ['0% (0 de 1)', '100% (1 de 1)', '100% (1 de 1)'],
  // The generated match's track 2: 6 s near the net of 11 s tracked.
  'Tempo perto da rede': ['55%', '55%', '55%'],
  'Distância percorrida': ['900 m', '1.100 m', '1.000 m'],
  'Velocidade média': ['4,0 km/h', '4,3 km/h', '4,5 km/h'],
}

let browser: Browser
let app: Awaited<ReturnType<typeof startAnalysisServer>>
const ids: number[] = []
const sessions: UserSession[] = []

beforeAll(async () => {
  browser = await launchBrowser()
  app = await startAnalysisServer(null, async (db, dataDir, { player }) => {
    // The goal the player gave in onboarding.
    await db.query(
      `UPDATE profiles SET goal = 'Subir pra B', goal_focus = 'SUBIR_CATEGORIA'
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [player],
    )
    for (const m of MATCHES) {
      ids.push(
        await seedAnalysedVideo(db, dataDir, player, m.game, (result) => {
          const me = result.players.find((p) => p.id === 2) as {
            distanceM: { value: number }
            avgSpeedMps: { value: number }
          }
          me.distanceM.value = m.distance
          me.avgSpeedMps.value = m.speed
        }),
      )
    }
  })
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
  await session.logIn(app.player, SEEDED_PASSWORD)
  await session.expectPath('/chat')
  return session
}

async function publish(index: 0 | 1 | 2) {
  await tagAsAnalyst(app.server.url, app.analyst, ids[index]!, MATCHES[index].tags)
  await publishAsAnalyst(app.server.url, app.analyst, ids[index]!, 'Bom jogo.')
}

/** The chart of a figure, found by its title. */
const chart = (s: UserSession, title: string) =>
  s.page.getByRole('region', { name: title, exact: true })

/** The labels of a chart's points, each a link to its match's report. */
const pointLabels = (s: UserSession, title: string) =>
  chart(s, title)
    .getByRole('link')
    .evaluateAll((links) => links.map((l) => l.getAttribute('aria-label') ?? ''))

describe('Minha evolução', () => {
  it('shows the example before a first match, one match alone, then three matches point by point', async () => {
    // ---- No analysed match: the example, labelled as such ------------------------------------
    for (const viewport of ['mobile', 'desktop'] as const) {
      const s = await open(viewport)
      await s.goto('/evolucao')
      await s.expectHeading('Minha evolução')
      await s.expectText(/Quando o seu primeiro jogo for analisado/)
      await s.expectText(/Três jogos de um jogador fictício/)
      expect(await pointLabels(s, 'Pontos ganhos')).toHaveLength(2)
      await s.capture('progress-none')
    }

    // ---- One match ---------------------------------------------------------------------------
    await publish(0)
    for (const viewport of ['mobile', 'desktop'] as const) {
      const s = await open(viewport)
      await s.goto('/evolucao')
      await s.expectText(/Este é o seu primeiro jogo analisado/)
      expect(await pointLabels(s, 'Pontos ganhos')).toEqual([
        'Jogo de 01/11, derrota: 33% (1 de 3). Abrir o relatório',
      ])
      expect(await s.page.getByText(/^Desde o último jogo:/).count()).toBe(0)
      await s.capture('progress-one')
    }

    // ---- Three matches -----------------------------------------------------------------------
    await publish(1)
    await publish(2)
    const phone = await open('mobile')
    // From Meus Vídeos, as a player finds it.
    await phone.goto('/videos')
    await phone.page.getByRole('link', { name: 'Minha evolução' }).first().click()
    await phone.expectPath('/evolucao')
    await phone.expectText(/Cada ponto é um jogo seu/)
    const dates = ['Jogo de 01/11, derrota', 'Jogo de 08/11, vitória', 'Jogo de 15/11, vitória']
    for (const [title, values] of Object.entries(EXPECTED)) {
      expect(await pointLabels(phone, title), title).toEqual(
        values.map((v, i) => `${dates[i]}: ${v}. Abrir o relatório`),
      )
    }
    const won = chart(phone, 'Pontos ganhos')
    await won.getByText('Desde o último jogo: +33 p.p.').waitFor(WAIT)
    await won.getByText('Melhor: este jogo').waitFor(WAIT)
    const errors = chart(phone, 'Erros não forçados')
    await errors.getByText('Desde o último jogo: −1').waitFor(WAIT)
    await phone.capture('progress-three')

    // The goal, followed by the figures that fit it, which the player changes.
    const goal = phone.page.getByRole('region', { name: 'Sua meta' })
    await goal.getByText('Subir pra B').waitFor(WAIT)
    const goalFigures = () =>
      goal
        .getByRole('listitem')
        .evaluateAll((items) => items.map((i) => (i as HTMLElement).innerText.replace(/\s+/g, ' ')))
    expect(await goalFigures()).toEqual([
      'Erros não forçados 0 −1',
      'Pontos ganhos no saque 100% (3 de 3) +33 p.p.',
    ])
    await goal.getByRole('button', { name: 'Mudar números da meta' }).click()
    await goal.getByRole('checkbox', { name: 'Erros não forçados' }).uncheck()
    await goal.getByRole('checkbox', { name: 'Smashes convertidos' }).check()
    // Two at most: the others wait until one is unticked.
    expect(await goal.getByRole('checkbox', { name: 'Winners' }).isDisabled()).toBe(true)
    await goal.evaluate((el) => {
      el.scrollIntoView({ block: 'start' })
      window.scrollBy(0, -80)
    })
    await phone.capture('progress-goal-edit')
    await goal.getByRole('button', { name: 'Salvar' }).click()
    await goal.getByRole('button', { name: 'Mudar números da meta' }).waitFor(WAIT)
    expect(await goalFigures()).toEqual([
      'Pontos ganhos no saque 100% (3 de 3) +33 p.p.',
      'Smashes convertidos 100% (1 de 1) +50 p.p.',
    ])
    await phone.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await phone.capture('progress-three-end')

    // Each point opens its match's report, whose own figures are the ones charted.
    for (const [i, id] of ids.entries()) {
      await phone.goto('/evolucao')
      await chart(phone, 'Pontos ganhos').getByRole('link').nth(i).click()
      await phone.expectPath(`/videos/${id}`)
      const score = phone.page.getByRole('region', { name: 'Placar' })
      await score.waitFor(WAIT)
      const [, counts] = /\((\d+ de \d+)\)/.exec(EXPECTED['Pontos ganhos']![i]!)!
      await score
        .getByRole('button', { name: new RegExp(`^Pontos ganhos\\s*:?\\s*${counts}$`) })
        .waitFor(WAIT)
      const distance = phone.page
        .locator('.report-figure', { hasText: 'Distância percorrida' })
        .locator('.report-figure__value')
      expect(await distance.textContent()).toBe(EXPECTED['Distância percorrida']![i])
    }

    // The newest report, "desde o último jogo": the changes the charts show.
    const since = phone.page.getByRole('region', { name: 'Desde o último jogo' })
    await since.waitFor(WAIT)
    const rows = await since
      .getByRole('row')
      .evaluateAll((trs) =>
        trs
          .slice(1)
          .map((tr) =>
            [...tr.children].map((cell) =>
              (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
            ),
          ),
      )
    expect(rows).toEqual([
      ['Pontos ganhos', '100% 3 de 3', '+33 p.p.'],
      ['Saques dentro', '100% 3 de 3', 'igual'],
      ['Pontos ganhos no saque', '100% 3 de 3', '+33 p.p.'],
      ['Winners', '2', 'igual'],
      ['Erros não forçados', '0', '−1'],
      ['Smashes convertidos', '100% 1 de 1', '+50 p.p.'],
      ['Pontos de ouro ganhos', '100% 1 de 1', 'igual'],
      ['Tempo perto da rede', '55%', 'igual'],
      ['Distância percorrida', '1.000 m', '−100 m'],
      ['Velocidade média', '4,5 km/h', '+0,2 km/h'],
    ])
    // The section at the top of the screen, below the app's header.
    await since.evaluate((el) => {
      el.scrollIntoView({ block: 'start' })
      window.scrollBy(0, -80)
    })
    await phone.capture('report-since-last')

    // The first match's report has nothing to compare with.
    await phone.goto(`/videos/${ids[0]}`)
    await phone.page.getByRole('region', { name: 'Placar' }).waitFor(WAIT)
    expect(await since.count()).toBe(0)

    const desk = await open('desktop')
    await desk.goto('/evolucao')
    await chart(desk, 'Pontos ganhos').getByRole('link').nth(2).waitFor(WAIT)
    await desk.capture('progress-three')
    await desk.goto(`/videos/${ids[2]}`)
    await desk.page.getByRole('region', { name: 'Desde o último jogo' }).waitFor(WAIT)
    await desk.capture('report-since-last')
  }, 600_000)
})
