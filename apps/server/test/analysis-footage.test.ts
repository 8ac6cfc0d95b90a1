// Real doubles footage through the product, when the labelled clips sit next to the repository
// (../shared/footage; they are never copied into it): a 1080p upload is analysed, the analyst
// confirms the court's corners in the video's own pixels, and the re-run maps every player.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AnalysisResult } from '@areia/vision'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/adapters/db'
import { analystApi, staff } from './helpers/analysis'
import { createTestApp, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { footageWanted, OUTDOOR_CLIP, OUTDOOR_CORNERS, settledRun } from './helpers/footage'
import { embeddedAnalysis, storedVideo } from './helpers/pipeline'
import { identify, payingPlayer } from './helpers/videos'

let app: TestApp
let database: Database
let dataDir: string

const settled = (id: number, run: number) => settledRun(database, id, run, 480_000)

describe.skipIf(!footageWanted())('real footage through the product', () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-footage-'))
    database = await testDatabase()
    app = await createTestApp(embeddedAnalysis(dataDir, 15))
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it(
    'a 1080p match: first run honest, then the analyst’s corners (video pixels) map all four players',
    { timeout: 1_000_000 },
    async () => {
      const { tokens, userId } = await payingPlayer(app, 'real@example.com')
      const id = await storedVideo(database, path.join(dataDir, 'videos'), userId, OUTDOOR_CLIP)
      expect((await identify(app, tokens, id, { player_identifier: 1 })).statusCode).toBe(200)
      // First run on proposed corners (or none): it reaches review and invents nothing — either
      // players on a court it could map, or no players and the reason.
      const first = await settled(id, 1)
      expect(first.analysis?.stage).toBe('REVIEW')
      const r1 = first.analysis?.result as unknown as AnalysisResult
      if (!r1.analysable) {
        expect(r1.players).toEqual([])
        expect(first.analysis?.problem).toBeTruthy()
      }

      const api = analystApi(app, await staff(app, 'analista-real@example.com', 'ANALYST'))
      expect(
        (await api.call('PUT', `/videos/${id}/corners`, { corners: OUTDOOR_CORNERS })).statusCode,
      ).toBe(204)
      const second = await settled(id, 2)
      expect(second.analysis?.stage).toBe('REVIEW')
      expect(second.analysis?.percent).toBe(100)
      const r2 = second.analysis?.result as unknown as AnalysisResult
      expect(r2.reason).toBeNull()
      expect(r2.analysable).toBe(true)
      expect(r2.players.map((p) => p.id)).toEqual([1, 2, 3, 4])
      // One coordinate space: corners as sent, boxes in the 1920 × 1080 picture.
      expect(r2.court?.corners).toEqual(OUTDOOR_CORNERS)
      const video = await api.video(id)
      expect(video.width).toBe(1920)
      expect(video.corners).toEqual(OUTDOOR_CORNERS)
      const boxes = video.overlay.flatMap((r) => r.boxes.filter((b) => b.track_id !== null))
      // Four tracked boxes in most rounds (each player in at least half, or it would be refused).
      expect(boxes.length).toBeGreaterThan(4 * video.overlay.length * 0.7)
      expect(Math.max(...boxes.map((b) => b.x + b.w))).toBeGreaterThan(1280)
      expect(boxes.every((b) => b.y + b.h <= 1080 + 1)).toBe(true)
      // The far partners walk back together: the one hidden behind the other is placed by her
      // clothes in some rounds, and the analyst sees that box marked as not the detector's.
      expect(boxes.some((b) => b.hidden)).toBe(true)
    },
  )
})
