import type { TokenPair } from '@areia/contracts'
import * as coach from '@areia/coach'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { videoAnalyses, videos } from '../src/db/schema'
import { latestAnalysisFacts } from '../src/modules/analysis/facts'
import type { LlmMessage } from '../src/adapters/llm'
import { testDatabase } from './helpers/database'
import { llmTeam } from './helpers/llm-team'
import { coachSuite } from './helpers/coach-suite'
import { playerWithTeam } from './helpers/team-player'

const s = coachSuite('análise')
const connect = s.connect

const figure = (value: number) => ({ value, frames: [12, 48] })

/** One player's figures in the shape of vision's PlayerMetrics (seconds near net / mid / back). */
function metrics(
  id: number,
  partnerId: number,
  [net, mid, back]: [number, number, number],
  distance = 1234.4,
) {
  return {
    id,
    side: id <= 2 ? 'near' : 'far',
    partnerId,
    samples: 120,
    distanceM: figure(distance),
    avgSpeedMps: figure(0.83),
    peakSpeedMps: figure(4.2),
    timeNearNetSec: figure(net),
    timeMidSec: figure(mid),
    timeBackSec: figure(back),
    avgPartnerDistanceM: figure(5.6),
    heatmap: { cellM: 0.5, cols: 16, rows: 32, seconds: [] },
    positions: [{ t: 0, frame: 0, x: 2, y: 3 }],
  }
}

/** A merged AnalysisResult, trimmed to what a stored one always has around the figures. */
function result(players: ReturnType<typeof metrics>[]) {
  return {
    version: 1,
    analysable: true,
    reason: null,
    players,
    rallies: { count: 23, totalPlaySec: 190, longestSec: 14.2, longestIndex: 4, items: [] },
    ball: { estimated: true, trajectories: [] },
    detections: [],
  }
}

/** A video of `userId` with its analysis at `stage`, published at `publishedAt` when PUBLISHED. */
async function analysedVideo(
  userId: string,
  opts: {
    stage: 'PUBLISHED' | 'REVIEW'
    publishedAt?: Date
    track: number
    result: Record<string, unknown>
    game?: { date: string; outcome: 'WON' | 'LOST'; score: string }
  },
) {
  const { db } = await testDatabase({ reset: false })
  const [video] = await db
    .insert(videos)
    .values({
      userId,
      source: 'GCS',
      status: opts.stage === 'PUBLISHED' ? 'READY' : 'IN_REVIEW',
      storageKey: `test/${userId}/${Math.random().toString(36).slice(2)}.mp4`,
      playerIdentifier: opts.track,
      gameDate: opts.game?.date ?? null,
      gameOutcome: opts.game?.outcome ?? null,
      gameScore: opts.game?.score ?? null,
    })
    .returning({ id: videos.id })
  if (!video) throw new Error('video not stored')
  await db.insert(videoAnalyses).values({
    videoId: video.id,
    stage: opts.stage,
    percent: 100,
    result: opts.result,
    playerTrackId: opts.track,
    reportMarkdown: 'Relatório.',
    publishedAt: opts.stage === 'PUBLISHED' ? (opts.publishedAt ?? new Date()) : null,
  })
  return video.id
}

const player = (email: string) => playerWithTeam(s.app, email)

/** Sends a message and returns the coaches' answers to it. */
async function ask(tokens: TokenPair, text: string) {
  const socket = await connect(tokens)
  socket.send({ type: 'message', text })
  await socket.until(() => socket.messages().some((m) => m.sender === 'AI'))
  // A second coach may follow the first.
  await socket.untilSettled(s.app)
  return socket.messages().filter((m) => m.sender === 'AI')
}

const d = (iso: string) => new Date(iso)

describe('the coaches read the player’s published analysis', () => {
  let ana: Awaited<ReturnType<typeof player>>
  let bia: Awaited<ReturnType<typeof player>>
  let caio: Awaited<ReturnType<typeof player>>
  let anaVideo = 0

  beforeAll(async () => {
    await testDatabase()
    ana = await player('ana-analise@example.com')
    bia = await player('bia-analise@example.com')
    caio = await player('caio-analise@example.com')
    // Ana: an older published game, the newest published one (her track is 2, not 1), and a
    // newer one still in review, which the coaches must not quote yet.
    await analysedVideo(ana.userId, {
      stage: 'PUBLISHED',
      publishedAt: d('2026-11-01T12:00:00Z'),
      track: 2,
      result: result([metrics(1, 2, [10, 20, 20]), metrics(2, 1, [15, 20, 15])]),
    })
    anaVideo = await analysedVideo(ana.userId, {
      stage: 'PUBLISHED',
      publishedAt: d('2026-11-13T12:00:00Z'),
      track: 2,
      game: { date: '2026-11-12', outcome: 'WON', score: '6/4' },
      result: result([
        metrics(1, 2, [20.5, 20, 9.5], 990),
        metrics(2, 1, [9, 22, 19]),
        metrics(3, 4, [40, 5, 5], 700),
        metrics(4, 3, [45, 3, 2], 650),
      ]),
    })
    await analysedVideo(ana.userId, {
      stage: 'REVIEW',
      track: 2,
      result: result([metrics(1, 2, [20, 20, 10]), metrics(2, 1, [25, 15, 10])]),
    })
    // Bia: a net player; her figures must never reach Ana, nor Ana's reach her.
    await analysedVideo(bia.userId, {
      stage: 'PUBLISHED',
      publishedAt: d('2026-11-20T12:00:00Z'),
      track: 3,
      result: result([metrics(3, 4, [31, 15, 4]), metrics(4, 3, [20, 20, 10])]),
    })
  })

  it('takes the newest published analysis, the confirmed track and its partner', async () => {
    const { db } = await testDatabase({ reset: false })
    const facts = await latestAnalysisFacts(db, ana.userId)
    expect(facts).toMatchObject({
      video_id: anaVideo,
      published_at: '2026-11-13T12:00:00.000Z',
      game_date: '2026-11-12',
      game_outcome: 'WON',
      game_score: '6/4',
      distance_m: 1234.4,
      avg_speed_mps: 0.83,
      peak_speed_mps: 4.2,
      avg_partner_distance_m: 5.6,
      rallies: 23,
      longest_rally_sec: 14.2,
      total_play_sec: 190,
    })
    expect(facts?.net_share).toBeCloseTo(0.18, 6)
    expect(facts?.mid_share).toBeCloseTo(0.44, 6)
    expect(facts?.back_share).toBeCloseTo(0.38, 6)
    expect(facts?.partner_net_share).toBeCloseTo(0.41, 6)
    expect((await latestAnalysisFacts(db, bia.userId))?.net_share).toBeCloseTo(0.62, 6)
    expect(await latestAnalysisFacts(db, caio.userId)).toBeNull()
  })

  it('skips a published result it cannot read rather than quoting nonsense', async () => {
    const dani = await player('dani-analise@example.com')
    await analysedVideo(dani.userId, {
      stage: 'PUBLISHED',
      publishedAt: d('2026-11-02T12:00:00Z'),
      track: 1,
      result: result([metrics(1, 2, [12, 24, 24]), metrics(2, 1, [20, 20, 20])]),
    })
    const broken = await analysedVideo(dani.userId, {
      stage: 'PUBLISHED',
      publishedAt: d('2026-11-03T12:00:00Z'),
      track: 1,
      result: { players: [{ id: 1 }] },
    })
    const { db } = await testDatabase({ reset: false })
    const facts = await latestAnalysisFacts(db, dani.userId)
    expect(facts?.video_id).not.toBe(broken)
    expect(facts?.net_share).toBeCloseTo(0.2, 6)
  })

  it('answers "estou subindo pouco à rede?" with the player’s own net share', async () => {
    const replies = await ask(ana.tokens, 'estou subindo pouco à rede?')
    const stats = replies.find((m) => /^Estatístic[oa]$/.test(m.coach_archetype_name ?? ''))
    expect(replies[0]).toBe(stats)
    expect(stats?.content).toContain('18% do tempo perto da rede')
    expect(stats?.content).toContain('12/11, vitória 6/4')
    expect(stats?.content).toMatch(/(parceiro|dupla) ficou 41%/)
    // The older game only as the comparison; never the one in review, nor another player's.
    const lines = (stats?.content ?? '').split('\n')
    for (const line of lines.filter((l) => l.includes('30%')))
      expect(line).toMatch(/jogo anterior .* caiu de 30% para 18%/)
    for (const other of ['50%', '62%'])
      for (const m of replies) expect(m.content).not.toContain(other)
  })

  it('before the report: where the analysis stands and when it is due; after: its figures and a focus', async () => {
    const eva = await player('eva-analise@example.com')
    const { db } = await testDatabase({ reset: false })
    // Started at 15:00 UTC the day before today, so due at 15:00 UTC today: 12h in Brazil.
    const today = s.app.clock.now().toISOString().slice(0, 10)
    const started = new Date(Date.parse(`${today}T15:00:00Z`) - 24 * 3_600_000)
    const [, mm, dd] = today.split('-')
    const video = await analysedVideo(eva.userId, {
      stage: 'REVIEW',
      track: 1,
      game: { date: '2026-11-21', outcome: 'LOST', score: '4/6' },
      result: result([metrics(1, 2, [9, 30, 21], 1510), metrics(2, 1, [20, 20, 20])]),
    })
    await db
      .update(videoAnalyses)
      .set({ stage: 'PLAYERS', percent: 40, createdAt: started })
      .where(eq(videoAnalyses.videoId, video))
    await db.update(videos).set({ status: 'ANALYZING' }).where(eq(videos.id, video))

    const before = (await ask(eva.tokens, 'como foi meu último jogo?'))[0]
    expect(before?.coach_archetype_name).toMatch(/^Estatístic[oa]$/)
    expect(before?.content).toContain('O vídeo do jogo de 21/11 está sendo processado')
    expect(before?.content).toContain('(40%)')
    expect(before?.content).toContain(`até ${dd}/${mm} às 12h`)
    expect(before?.content).not.toMatch(/15%|1\.510|\bralis\b.*\d/)

    await db
      .update(videoAnalyses)
      .set({ stage: 'PUBLISHED', percent: 100, publishedAt: d('2026-11-23T10:00:00Z') })
      .where(eq(videoAnalyses.videoId, video))
    await db.update(videos).set({ status: 'READY' }).where(eq(videos.id, video))
    const after = (await ask(eva.tokens, 'e agora, como foi meu último jogo?'))[0]?.content ?? ''
    const figures = ['15%', '50%', '35%', '1.510 m', '23 ralis', '14,2 s']
    expect(figures.filter((f) => after.includes(f)).length).toBeGreaterThanOrEqual(3)
    expect(after).toMatch(/eu focaria a semana em/)
    expect(after).not.toContain('(40%)')
  })

  it('never lets another player’s analysis into a reply', async () => {
    const bias = await ask(bia.tokens, 'estou subindo pouco a rede')
    // The label agrees with the coach: "Estatístico" or "Estatística".
    expect(bias[0]?.coach_archetype_name).toMatch(/^Estatístic[oa]$/)
    expect(bias[0]?.content).toContain('62% do tempo perto da rede')
    for (const m of bias) expect(m.content).not.toMatch(/18%|12\/11/)

    const caios = await ask(caio.tokens, 'Como foi meu último jogo?')
    expect(caios[0]?.coach_archetype_name).toMatch(/^Estatístic[oa]$/)
    expect(caios[0]?.content).toMatch(/não tenho nenhum jogo seu analisado/)
    expect(caios[0]?.content).toContain('**Enviar Vídeo**')
    for (const m of caios) expect(m.content).not.toMatch(/\d+ ?%|m\/s|1\.234/)
  })
})

describe('the LLM coaches get the figures in their system prompt', () => {
  it('passes the analysis through the engine to the statistical coach’s prompt', async () => {
    const { db } = await testDatabase({ reset: false })
    const owner = await s.app.services.users.findByEmail('ana-analise@example.com')
    const facts = await latestAnalysisFacts(db, owner?.id ?? '')
    expect(facts).not.toBeNull()
    const prompts: LlmMessage[][] = []
    const engine = llmTeam({
      seed: 'llm',
      llm: {
        complete: async (messages, opts) => {
          if (opts?.json) return '{"lead": "ESTATISTICO", "second": null}'
          prompts.push(messages)
          return 'Resposta do modelo.'
        },
      },
      onFallback: () => undefined,
    })
    const team = coach
      .createTeam({ profile: { category: 'C' }, rng: coach.seededRng(1) })
      .coaches.map((c) => ({ id: c.id, name: c.name, archetype: c.archetype, persona: c }))
    const profile = {
      ...(await s.app.services.users.getStatus(owner?.id ?? '')).profile,
      name: 'Ana',
    }
    const input = { text: 'estou subindo pouco à rede?', team, profile, history: [] }

    const replies = await engine.reply({ ...input, analysis: facts })
    expect(replies.map((r) => r.text)).toEqual(['Resposta do modelo.'])
    const system = prompts[0]?.[0]?.content ?? ''
    expect(system).toContain('Tempo perto da rede (até 3 m): 18%; meio (3–5,5 m): 44%; fundo: 38%')
    expect(system).toContain('- Jogo: 12/11, vitória 6/4')

    await engine.reply({ ...input, analysis: null })
    expect(prompts[1]?.[0]?.content).toMatch(/Nenhuma análise de vídeo publicada ainda/)
    expect(prompts[1]?.[0]?.content).not.toContain('18%')
  })
})
