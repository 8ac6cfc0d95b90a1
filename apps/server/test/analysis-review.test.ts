import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AnalystQueue, TokenPair, Video } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, videoAnalyses, videos } from '../src/db/schema'
import { VideosStore } from '../src/modules/videos/store'
import {
  analysisOf,
  analystApi,
  fixtureBytes,
  fixtureResult,
  seedAnalysed,
  staff,
  statisticianPosts,
  withTeam,
} from './helpers/analysis'
import { bearer, createTestApp, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { payingPlayer } from './helpers/videos'

const HOUR = 3_600_000
let app: TestApp
let dataDir: string
let analyst: TokenPair
let api: ReturnType<typeof analystApi>

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-analysis-'))
  app = await createTestApp({ DATA_DIR: dataDir })
  analyst = await staff(app, 'analista@areia.test', 'ANALYST')
  api = analystApi(app, analyst)
})
afterAll(async () => {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const db = async () => (await testDatabase({ reset: false })).db
const auditActions = async (videoId: number) =>
  (
    await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(videoId)))
  ).map((r) => r.action)

describe('the analyst routes', () => {
  it('answer 401 without a session, 403 to a player, 404 for an unknown video', async () => {
    const { tokens } = await payingPlayer(app, 'curioso@areia.test')
    const anon = await app.server.inject({ method: 'GET', url: '/api/v1/analyst/queue' })
    expect(anon.statusCode).toBe(401)
    const player = await app.server.inject({
      method: 'GET',
      url: '/api/v1/analyst/queue',
      headers: bearer(tokens.access_token),
    })
    expect(player.statusCode).toBe(403)
    expect(player.json()).toEqual({
      detail: 'Você não tem permissão para acessar esta área.',
      code: 'forbidden',
    })
    const unknown = await api.call('GET', '/videos/999999')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: 'Vídeo não encontrado.', code: 'not_found' })
    const admin = await staff(app, 'dona@areia.test', 'ADMIN')
    const asAdmin = await analystApi(app, admin).call('GET', '/queue')
    expect(asAdmin.statusCode).toBe(200)
  })
})

describe('the queue', () => {
  it('is ordered by the promise of each plan (Ultra sooner than Pro) and flags overdue ones', async () => {
    const pro = await payingPlayer(app, 'pro-fila@areia.test', 'standard')
    const ultra = await payingPlayer(app, 'ultra-fila@areia.test', 'ultra')
    const now = app.clock.now().getTime()
    // Pro promises 12 h, Ultra 6 h (seeded plans).
    const ultraOld = await seedAnalysed(app, dataDir, ultra.userId, {
      acceptedAt: new Date(now - 8 * HOUR),
    })
    const proOld = await seedAnalysed(app, dataDir, pro.userId, {
      acceptedAt: new Date(now - 13 * HOUR),
    })
    const ultraNew = await seedAnalysed(app, dataDir, ultra.userId, {
      acceptedAt: new Date(now - 1 * HOUR),
      status: 'ANALYZING',
      stage: 'PLAYERS',
    })
    const proNew = await seedAnalysed(app, dataDir, pro.userId, {
      acceptedAt: new Date(now - 2 * HOUR),
      problem: 'Menos de quatro jogadores encontrados na quadra.',
    })
    const res = await api.call('GET', '/queue')
    expect(res.statusCode).toBe(200)
    const mine = [ultraOld, proOld, ultraNew, proNew]
    const queue = res.json<AnalystQueue>().filter((i) => mine.includes(i.video_id))
    // promised: ultraOld −2 h, proOld −1 h, ultraNew +5 h, proNew +10 h
    expect(queue.map((i) => i.video_id)).toEqual(mine)
    expect(queue.map((i) => i.overdue)).toEqual([true, true, false, false])
    expect(queue[0]).toMatchObject({ plan_name: 'Ultra', overdue: true })
    expect(queue[1]).toMatchObject({
      plan_name: 'Pro',
      human_commentary: false,
      stage: 'REVIEW',
      promised_at: new Date(now - 1 * HOUR).toISOString(),
    })
    expect(queue[2]).toMatchObject({
      plan_name: 'Ultra',
      human_commentary: true,
      stage: 'PLAYERS',
      percent: 40,
      status: 'ANALYZING',
    })
    expect(queue[3]?.problem).toBe('Menos de quatro jogadores encontrados na quadra.')
  })
})

describe('one promise', () => {
  it("is the player's Previsão and the queue's deadline, and a refused pass changes both", async () => {
    const ultra = await payingPlayer(app, 'promessa@areia.test', 'ultra')
    const id = await seedAnalysed(app, dataDir, ultra.userId, {
      acceptedAt: new Date(app.clock.now().getTime() - 1 * HOUR),
      status: 'ANALYZING',
      stage: 'PLAYERS',
    })
    const card = async () => {
      const res = await app.server.inject({
        method: 'GET',
        url: '/api/v1/videos/me',
        headers: bearer(ultra.tokens.access_token),
      })
      return res.json<Video[]>().find((v) => v.id === id)!
    }
    const row = async () =>
      (await api.call('GET', '/queue')).json<AnalystQueue>().find((i) => i.video_id === id)!
    expect((await card()).due_at).toBe((await row()).promised_at)
    expect(await card()).toMatchObject({ needs_analyst: false })

    // The automatic pass refuses the video: an analyst adjusts it, within the same promise.
    await (
      await db()
    )
      .update(videoAnalyses)
      .set({ stage: 'REVIEW', percent: 100, problem: 'Não foi possível mapear a quadra.' })
      .where(eq(videoAnalyses.videoId, id))
    await (await db()).update(videos).set({ status: 'IN_REVIEW' }).where(eq(videos.id, id))
    expect(await card()).toMatchObject({ needs_analyst: true, due_at: (await row()).promised_at })
    expect(await row()).toMatchObject({ problem: 'Não foi possível mapear a quadra.' })
  })
})

describe('reviewing a video', () => {
  it('swaps two identities: their figures exchange, heatmaps are redrawn, and it is audited', async () => {
    const { userId } = await payingPlayer(app, 'troca@areia.test')
    const id = await seedAnalysed(app, dataDir, userId)
    const before = await api.video(id)
    expect(before.players).toHaveLength(4)
    expect(before.overlay.length).toBeGreaterThan(0)
    const one = before.players.find((p) => p.track_id === 1)!
    const two = before.players.find((p) => p.track_id === 2)!
    expect(one.distance_m.value).not.toBe(two.distance_m.value)
    const res = await api.swap(id, { a: 1, b: 2 })
    expect(res.statusCode).toBe(200)
    const after = res.json<typeof before>()
    const oneAfter = after.players.find((p) => p.track_id === 1)!
    const twoAfter = after.players.find((p) => p.track_id === 2)!
    expect(oneAfter.distance_m.value).toBeCloseTo(two.distance_m.value, 1)
    expect(twoAfter.distance_m.value).toBeCloseTo(one.distance_m.value, 1)
    expect(oneAfter.time_near_net_sec.value).toBeCloseTo(two.time_near_net_sec.value, 1)
    // Boxes follow: a box drawn as 1 before is drawn as 2 now.
    const box = (v: typeof before) =>
      v.overlay[0]!.boxes.find((b) => b.x === before.overlay[0]!.boxes[0]!.x)
    expect(box(before)?.track_id).toBe(1)
    expect(box(after)?.track_id).toBe(2)
    // New heatmap images, stored and served from new signed URLs.
    expect(oneAfter.heatmap_url).not.toBe(one.heatmap_url)
    const png = await app.server.inject({ method: 'GET', url: oneAfter.heatmap_url })
    expect(png.statusCode).toBe(200)
    expect(png.headers['content-type']).toBe('image/png')
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG')
    expect(png.rawPayload.equals(fixtureBytes('heatmap.png'))).toBe(false)
    // From a time on: only the later positions move, so the figures differ from both.
    const partial = (await api.swap(id, { a: 3, b: 4, from_sec: 6 })).json<typeof before>()
    const three = before.players.find((p) => p.track_id === 3)!
    const threeAfter = partial.players.find((p) => p.track_id === 3)!
    expect(threeAfter.distance_m.value).not.toBe(three.distance_m.value)
    expect(await auditActions(id)).toEqual(['analysis.swap', 'analysis.swap'])
    expect((await api.swap(id, { a: 2, b: 2 })).statusCode).toBe(422)
  })

  it('confirms the player: the draft follows until the analyst writes over it', async () => {
    const { userId } = await payingPlayer(app, 'rascunho@areia.test')
    const id = await seedAnalysed(app, dataDir, userId, { gameDate: '2026-11-20' })
    expect((await api.video(id)).report_markdown).toBe('')
    expect((await api.player(id, 7)).statusCode).toBe(422)
    const res = await api.player(id, 2)
    expect(res.statusCode).toBe(200)
    const draft = res.json<{ report_markdown: string; player_track_id: number }>()
    expect(draft.player_track_id).toBe(2)
    const two = fixtureResult().players.find((p) => p.id === 2)!
    expect(draft.report_markdown).toContain('Jogo de 20/11/2026 — vitória por 6/4.')
    expect(draft.report_markdown).toContain(
      `**Distância percorrida:** ${Math.round(two.distanceM.value)} m`,
    )
    expect(draft.report_markdown).toContain('16 × 8 m')
    expect(draft.report_markdown).toMatch(/## O que treinar\n\n1\. .+\n2\. /)
    expect(draft.report_markdown).not.toContain('Comentário do analista')
    // Another track: the untouched draft is rewritten with its numbers.
    const three = fixtureResult().players.find((p) => p.id === 3)!
    const again = (await api.player(id, 3)).json<{ report_markdown: string }>()
    expect(again.report_markdown).toContain(`${Math.round(three.distanceM.value)} m`)
    expect(again.report_markdown).not.toBe(draft.report_markdown)
    // Once edited, the analyst's text stays.
    expect((await api.report(id, 'Texto do analista.')).statusCode).toBe(204)
    await api.player(id, 2)
    expect((await api.video(id)).report_markdown).toBe('Texto do analista.')
    expect(await auditActions(id)).toEqual([
      'analysis.player',
      'analysis.player',
      'analysis.report',
      'analysis.player',
    ])
  })

  it('refuses to publish without a confirmed player, an unanalysable video, and Ultra without commentary', async () => {
    const pro = await payingPlayer(app, 'sem-jogador@areia.test')
    const id = await seedAnalysed(app, dataDir, pro.userId)
    const noPlayer = await api.publish(id)
    expect(noPlayer.statusCode).toBe(422)
    expect(noPlayer.json()).toEqual({
      detail:
        'Escolha o cliente em “Jogador rastreado” e toque em “Confirmar jogador” antes de publicar.',
      code: 'no_player',
    })

    const result = {
      ...fixtureResult(),
      analysable: false,
      reason: 'Não foi possível mapear a quadra.',
    }
    const bad = await seedAnalysed(app, dataDir, pro.userId, { result, problem: result.reason })
    expect((await api.player(bad, 1)).statusCode).toBe(200)
    expect((await api.swap(bad, { a: 1, b: 2 })).statusCode).toBe(422)
    const refused = await api.publish(bad)
    expect(refused.statusCode).toBe(422)
    expect(refused.json<{ detail: string }>().detail).toContain('Não foi possível mapear a quadra')

    const ultra = await payingPlayer(app, 'ultra-comenta@areia.test', 'ultra')
    await withTeam(ultra.userId)
    const u = await seedAnalysed(app, dataDir, ultra.userId)
    const draft = (await api.player(u, 2)).json<{ report_markdown: string }>().report_markdown
    expect(draft.trimEnd().endsWith('## Comentário do analista')).toBe(true)
    const missing = await api.publish(u)
    expect(missing.statusCode).toBe(422)
    expect(missing.json<{ detail: string }>().detail).toBe(
      'Escreva o seu comentário em “Texto do relatório”, abaixo do título “Comentário do analista”, antes de publicar.',
    )
    const [still] = await (await db()).select().from(videos).where(eq(videos.id, u))
    expect(still?.status).toBe('IN_REVIEW')
    await api.report(u, `${draft}\nBoa leitura de jogo; suba mais cedo depois do saque.\n`)
    expect((await api.publish(u)).statusCode).toBe(204)
  })

  it('rejects: the video fails with the reason, the allowance comes back, the coach explains', async () => {
    const { userId } = await payingPlayer(app, 'recusado@areia.test')
    await withTeam(userId)
    const id = await seedAnalysed(app, dataDir, userId)
    const store = new VideosStore()
    const monthStart = new Date(app.clock.now().getTime() - 40 * 86_400_000)
    const before = await store.countForAllowance(await db(), userId, monthStart)
    expect((await api.reject(id, 'ruim')).statusCode).toBe(422)
    const reason = 'A quadra não aparece inteira no vídeo.'
    expect((await api.reject(id, reason)).statusCode).toBe(204)
    const [video] = await (await db()).select().from(videos).where(eq(videos.id, id))
    expect(video).toMatchObject({ status: 'FAILED', failureReason: reason, acceptedAt: null })
    expect((await analysisOf(id)).stage).toBe('FAILED')
    expect(await store.countForAllowance(await db(), userId, monthStart)).toBe(before - 1)
    const { leo, messages } = await statisticianPosts(userId)
    expect(messages).toHaveLength(1)
    expect(messages[0]?.coachId).toBe(leo?.id)
    expect(messages[0]?.content).toContain(reason)
    const again = await api.reject(id, reason)
    expect(again.statusCode).toBe(409)
    expect((await api.publish(id)).statusCode).toBe(409)
    expect(await auditActions(id)).toEqual(['analysis.reject'])
  })
})
