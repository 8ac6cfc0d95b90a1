// A ten-minute match of real footage through the whole product, as a player and an analyst live
// it: upload, the player's answer, analysis in chunks with progress the player can watch, the
// analyst's corners and review, and the published report. The labelled outdoor clip (next to the
// repository, never copied into it) is played twenty times over: one rally and a long walk between
// points in every 30 s, so what the report says can be checked against the labels, loop by loop.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Video, VideoReport } from '@areia/contracts'
import type { AnalysisResult } from '@areia/vision'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/adapters/db'
import { analystApi, staff, statisticianPosts, withTeam } from './helpers/analysis'
import { bearer, createTestApp, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { footageWanted, OUTDOOR_CLIP, OUTDOOR_CORNERS, settledRun } from './helpers/footage'
import { embeddedAnalysis } from './helpers/pipeline'
import { identify, pathOf, payingPlayer, uploadUrl } from './helpers/videos'

const LOOPS = 20
const LOOP_SEC = 30
/**
 * The clip's labelled play: a rally at ≈ 3–12 s, players walking back until ≈ 29 s, a serve at
 * ≈ 29.5 s (played twenty times over, that serve runs into the next loop's rally).
 */
const PLAY = [
  { from: 3, to: 12 },
  { from: 29.5, to: LOOP_SEC + 12 },
]
/** How far a rally may reach past the labelled play and still be that rally. */
const SLACK_SEC = 2.5

let app: TestApp
let database: Database
let dataDir: string
let longClip: string

describe.skipIf(!footageWanted())('ten minutes of real footage through the product', () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-footage-long-'))
    longClip = path.join(dataDir, 'jogo.mp4')
    // The same stream copied end to end: no re-encoding, continuous timestamps.
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-stream_loop', String(LOOPS - 1), '-i', OUTDOOR_CLIP],
      ...['-c', 'copy', '-t', String(LOOPS * LOOP_SEC), '-y', longClip],
    ])
    database = await testDatabase()
    // The server's own chunk length; two analysis children, as on a two-core worker.
    app = await createTestApp(embeddedAnalysis(dataDir, 60))
  }, 180_000)

  afterAll(async () => {
    await app?.close()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it(
    'upload → answer → analysis with progress → analyst review → report',
    { timeout: 3_600_000 },
    async () => {
      const { tokens, userId } = await payingPlayer(app, 'dez-minutos@example.com')
      await withTeam(userId)
      const player = bearer(tokens.access_token)

      const created = (await uploadUrl(app, tokens)).json<{
        upload_url: string
        video_id: number
      }>()
      const id = created.video_id
      const put = await app.server.inject({
        method: 'PUT',
        url: pathOf(created.upload_url),
        headers: { 'content-type': 'video/mp4' },
        payload: fs.readFileSync(longClip),
      })
      expect(put.statusCode).toBe(200)
      const uploaded = put.json<Video>()
      expect(uploaded.status).toBe('AWAITING_IDENTIFICATION')
      expect(uploaded.probe?.duration_seconds).toBeCloseTo(LOOPS * LOOP_SEC, 0)
      expect(uploaded.probe).toMatchObject({ width: 1920, height: 1080 })
      expect((await identify(app, tokens, id, { player_identifier: 1 })).statusCode).toBe(200)

      // What the player's list shows while the first run works through the chunks.
      const shown: number[] = []
      const first = await settledRun(database, id, 1, 3_000_000, async () => {
        const list = await app.server.inject({
          method: 'GET',
          url: '/api/v1/videos/me',
          headers: player,
        })
        const mine = list.json<Video[]>().find((v) => v.id === id)
        if (mine?.analysis_percent != null) shown.push(mine.analysis_percent)
      })
      expect(first.analysis?.stage).toBe('REVIEW')
      // Progress moved forward in steps the player could see, and never back.
      const between = [...new Set(shown.filter((p) => p > 0 && p < 100))]
      expect(between.length).toBeGreaterThanOrEqual(3)
      expect(shown).toEqual([...shown].sort((a, b) => a - b))
      const r1 = first.analysis?.result as unknown as AnalysisResult
      if (!r1.analysable) {
        expect(r1.players).toEqual([])
        expect(first.analysis?.problem).toBeTruthy()
      }

      // The analyst marks the court in the video's own pixels; the re-run maps every player.
      const api = analystApi(app, await staff(app, 'analista-longo@example.com', 'ANALYST'))
      expect(
        (await api.call('PUT', `/videos/${id}/corners`, { corners: OUTDOOR_CORNERS })).statusCode,
      ).toBe(204)
      const second = await settledRun(database, id, 2, 3_000_000)
      expect(second.analysis?.stage).toBe('REVIEW')
      expect(second.analysis?.percent).toBe(100)
      const result = second.analysis?.result as unknown as AnalysisResult
      expect(result.reason).toBeNull()
      expect(result.analysable).toBe(true)
      expect(result.video.toSec).toBeCloseTo(LOOPS * LOOP_SEC, 0)
      expect(result.players.map((p) => p.id)).toEqual([1, 2, 3, 4])
      expect(result.camera?.moved ?? []).toEqual([])

      // Nothing invented: every rally lies in a loop's labelled play, none in the walks between.
      const rallies = result.rallies.items
      const inPlay = (r: { startSec: number; endSec: number }) =>
        Array.from({ length: LOOPS }, (_, k) => k * LOOP_SEC).some((at) =>
          PLAY.some(
            (p) => r.startSec >= at + p.from - SLACK_SEC && r.endSec <= at + p.to + SLACK_SEC,
          ),
        )
      const outside = rallies.filter((r) => !inPlay(r))
      const found = rallies.map((r) => `${r.startSec}–${r.endSec}`).join(', ')
      expect(outside, `rallies found: ${found}`).toEqual([])
      // …and most loops' rally is found (each loop is the same 30 s, split where the chunks fall).
      expect(rallies.length).toBeGreaterThanOrEqual(LOOPS * 0.8)
      expect(rallies.length).toBeLessThanOrEqual(LOOPS + 1)

      // Review and publish: the player's figures, the rallies as measured, the coach's message.
      expect((await api.player(id, 1)).statusCode).toBe(200)
      expect((await api.publish(id)).statusCode).toBe(204)
      const report = await app.server.inject({
        method: 'GET',
        url: `/api/v1/videos/${id}/report`,
        headers: player,
      })
      expect(report.statusCode).toBe(200)
      const body = report.json<VideoReport>()
      expect(body.rallies.count).toBe(rallies.length)
      expect(body.player.track_id).toBe(1)
      const { messages } = await statisticianPosts(userId)
      expect(messages.at(-1)?.content).toContain('# Relatório do seu jogo')
    },
  )
})
