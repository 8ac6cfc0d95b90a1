import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ServerFrame } from '@areia/contracts'
import type { AnalysisResult } from '@areia/vision'
import { renderMatch } from '@areia/vision/synth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/adapters/db'
import { bearer, createTestApp, listen, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import {
  type AnalysisArtifacts,
  analysisState,
  artifactKeys,
  embeddedAnalysis,
  SHORT_MATCH,
  storedAnalysisKeys,
  storedVideo,
} from './helpers/pipeline'
import { chatSocketUrl, TestSocket } from './helpers/socket'
import { identify, payingPlayer, until } from './helpers/videos'

let app: TestApp
let database: Database
let dataDir: string
let clips: string
let socketBase: string
const sockets: TestSocket[] = []

beforeAll(async () => {
  clips = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-pipeline-clips-'))
  await renderMatch(path.join(clips, 'match.mp4'), SHORT_MATCH)
  // Bare sand: no court lines, nobody on it.
  await renderMatch(path.join(clips, 'sand.mp4'), {
    ...SHORT_MATCH,
    durationSec: 4,
    players: [],
    lines: false,
  })
  fs.writeFileSync(path.join(clips, 'corrupt.mp4'), Buffer.alloc(64 * 1024, 7))
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-pipeline-'))
  database = await testDatabase()
  // 10 s in two chunks, analysed side by side by two children.
  app = await createTestApp({ ...embeddedAnalysis(dataDir, 5), ANALYSIS_RETRY_DELAY_SECONDS: '1' })
  socketBase = chatSocketUrl(await listen(app))
}, 120_000)

afterAll(async () => {
  for (const s of sockets) s.ws.close()
  await app?.close()
  fs.rmSync(clips, { recursive: true, force: true })
  fs.rmSync(dataDir, { recursive: true, force: true })
})

type Progress = Extract<ServerFrame, { type: 'SYSTEM' }>

/** A paying player with a chat socket open and a stored video, identified as player 1. */
async function identified(email: string, clip: string) {
  const { tokens, userId } = await payingPlayer(app, email)
  const socket = await TestSocket.open(`${socketBase}?token=${tokens.access_token}`)
  sockets.push(socket)
  const id = await storedVideo(database, path.join(dataDir, 'videos'), userId, clip)
  expect((await identify(app, tokens, id, { player_identifier: 1 })).statusCode).toBe(200)
  const progress = () =>
    socket.frames.filter(
      (f): f is Progress =>
        f.type === 'SYSTEM' && f.event === 'analysis_progress' && f.video_id === id,
    )
  /** The frames trail the database a little: waits for the one that ends the run. */
  const ended = async () => {
    await socket.until(
      () => progress().some((f) => f.stage === 'REVIEW' || f.stage === 'FAILED'),
      30_000,
    )
    return progress()
  }
  return { id, progress: ended }
}

const settled = (id: number) =>
  until(async () => {
    const s = await analysisState(database, id)
    return s.analysis && ['REVIEW', 'FAILED'].includes(s.analysis.stage) ? s : undefined
  }, 280_000)

describe('analysis pipeline (embedded workers)', () => {
  it(
    'analyses an identified match in two chunks into one result, with media and progress',
    { timeout: 300_000 },
    async () => {
      const { id, progress } = await identified(
        'pipeline@example.com',
        path.join(clips, 'match.mp4'),
      )
      const { video, analysis, chunks } = await settled(id)
      expect(analysis?.failure).toBeNull()
      expect(analysis?.stage).toBe('REVIEW')
      expect(analysis?.percent).toBe(100)
      expect(video?.status).toBe('IN_REVIEW')

      // Two chunks of the same run, each with its own slice, merged into one result.
      expect(chunks.map((c) => [c.run, c.index, c.fromSec, c.toSec])).toEqual([
        [1, 0, 0, 5],
        [1, 1, 5, 10],
      ])
      expect(chunks.every((c) => c.doneAt && c.result)).toBe(true)
      const parts = chunks.map((c) => c.result as unknown as AnalysisResult)
      const result = analysis?.result as unknown as AnalysisResult
      expect(result.video.fromSec).toBe(0)
      expect(result.video.toSec).toBeCloseTo(10, 0)
      expect(result.coverage.rounds).toBe(parts[0]!.coverage.rounds + parts[1]!.coverage.rounds)
      expect(result.analysable).toBe(true)
      expect(analysis?.problem).toBeNull()
      expect(result.players.map((p) => p.id)).toEqual([1, 2, 3, 4])
      expect(result.rallies.count).toBeGreaterThanOrEqual(1)
      expect(analysis?.corners).toHaveLength(4)
      expect(analysis?.cornersSource).toBe('proposed')

      // Media in storage, named in artifacts, under the run's prefix.
      const artifacts = analysis?.artifacts as AnalysisArtifacts
      expect(Object.keys(artifacts.heatmaps).sort()).toEqual(['1', '2', '3', '4'])
      expect(Object.keys(artifacts.clips)).toHaveLength(result.rallies.count)
      expect(artifacts.highlights).toBe(`analyses/${id}/run-1/highlights.mp4`)
      const stored = storedAnalysisKeys(dataDir, id)
      expect(stored).toEqual(artifactKeys(artifacts))
      for (const key of stored) {
        expect(fs.statSync(path.join(dataDir, 'videos', key)).size).toBeGreaterThan(100)
      }
      const png = fs.readFileSync(path.join(dataDir, 'videos', artifacts.heatmaps['1']!))
      expect(png.subarray(1, 4).toString()).toBe('PNG')

      // The player's sockets followed it: stages in order, percent never going back.
      const frames = await progress()
      const stages = [...new Set(frames.map((f) => f.stage))]
      expect(stages).toEqual(['QUEUED', 'PROBE', 'COURT', 'PLAYERS', 'MERGE', 'CLIPS', 'REVIEW'])
      const percents = frames.map((f) => f.percent ?? -1)
      expect(percents).toEqual([...percents].sort((a, b) => a - b))
      expect(frames.some((f) => f.stage === 'PLAYERS' && f.percent! > 10 && f.percent! < 85)).toBe(
        true,
      )
      expect(frames.at(-1)).toMatchObject({ stage: 'REVIEW', percent: 100 })
    },
  )

  it(
    'a clip without a court goes to review with the reason, and no players',
    {
      timeout: 300_000,
    },
    async () => {
      const { id, progress } = await identified(
        'sem-quadra@example.com',
        path.join(clips, 'sand.mp4'),
      )
      const { video, analysis } = await settled(id)
      expect(analysis?.stage).toBe('REVIEW')
      expect(video?.status).toBe('IN_REVIEW')
      const result = analysis?.result as unknown as AnalysisResult
      expect(result.analysable).toBe(false)
      expect(result.players).toEqual([])
      expect(analysis?.problem).toMatch(/Não foi possível mapear a quadra/)
      expect(analysis?.corners).toBeNull()
      expect((await progress()).at(-1)).toMatchObject({ stage: 'REVIEW', percent: 100 })
    },
  )

  it(
    'a file that cannot be read ends FAILED with the reason after its retries',
    {
      timeout: 120_000,
    },
    async () => {
      const { id, progress } = await identified(
        'corrompido@example.com',
        path.join(clips, 'corrupt.mp4'),
      )
      const { video, analysis } = await settled(id)
      expect(analysis?.stage).toBe('FAILED')
      expect(analysis?.failure).toMatch(/^A análise falhou depois de todas as tentativas: .+/)
      expect(analysis?.result).toBeNull()
      expect(video?.status).toBe('IN_REVIEW')
      expect((await progress()).at(-1)).toMatchObject({ stage: 'FAILED' })
      // Two attempts (one retry) of the first step, then the dead letter.
      const { rows } = await database.rawQuery(
        `SELECT retry_count, state FROM pgboss.job WHERE name = 'analysis.run' AND data->>'video_id' = $1
       UNION ALL
       SELECT retry_count, state FROM pgboss.archive WHERE name = 'analysis.run' AND data->>'video_id' = $1`,
        [String(id)],
      )
      expect(rows).toEqual([{ retry_count: 1, state: 'failed' }])
    },
  )

  it('deleting the video removes its analysis files', { timeout: 60_000 }, async () => {
    const { tokens, userId } = await payingPlayer(app, 'apagar@example.com')
    const id = await storedVideo(
      database,
      path.join(dataDir, 'videos'),
      userId,
      path.join(clips, 'sand.mp4'),
    )
    const dir = path.join(dataDir, 'videos', `analyses/${id}/run-1`)
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, 'keyframe.jpg'), 'x')
    const res = await app.server.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${id}`,
      headers: bearer(tokens.access_token),
    })
    expect(res.statusCode).toBeLessThan(300)
    expect(fs.existsSync(path.join(dataDir, 'videos', `analyses/${id}`))).toBe(false)
  })
})
