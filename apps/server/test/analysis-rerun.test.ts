import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, videoAnalyses } from '../src/db/schema'
import { analysisOf, analystApi, fixtureResult, seedAnalysed, staff } from './helpers/analysis'
import { createTestApp, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { payingPlayer } from './helpers/videos'

// No worker: the re-run is queued, and these tests look at what the analyst's call changed
// without running the vision pipeline.
let app: TestApp
let dataDir: string
let api: ReturnType<typeof analystApi>

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-rerun-'))
  app = await createTestApp({ DATA_DIR: dataDir, RUN_WORKER: 'false' })
  api = analystApi(app, await staff(app, 'analista-rerun@areia.test', 'ANALYST'))
})
afterAll(async () => {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const CORNERS = [
  { x: 131, y: 521 },
  { x: 829, y: 519 },
  { x: 661, y: 191 },
  { x: 299, y: 190 },
]

describe('corrected corners and re-runs', () => {
  it('queue a new run with the corners a person confirmed, forgetting the old numbering', async () => {
    const { userId } = await payingPlayer(app, 'cantos@areia.test')
    const id = await seedAnalysed(app, dataDir, userId)
    await api.player(id, 2)
    const bad = await api.call('PUT', `/videos/${id}/corners`, { corners: CORNERS.slice(0, 3) })
    expect(bad.statusCode).toBe(422)
    expect(bad.json<{ detail: string }>().detail).toContain('Marque os quatro cantos da quadra.')
    expect((await analysisOf(id)).run).toBe(1)

    const res = await api.call('PUT', `/videos/${id}/corners`, { corners: CORNERS })
    expect(res.statusCode).toBe(204)
    const row = await analysisOf(id)
    expect(row).toMatchObject({
      run: 2,
      stage: 'QUEUED',
      corners: CORNERS,
      cornersSource: 'confirmed',
      playerTrackId: null,
      reportMarkdown: '',
      result: null,
    })
    // An edited report survives a re-run; the confirmed player does not.
    await seedAnalysedAgain(id)
    await api.player(id, 3)
    await api.report(id, 'O analista escreveu isto.')
    expect((await api.call('POST', `/videos/${id}/rerun`)).statusCode).toBe(204)
    expect(await analysisOf(id)).toMatchObject({
      run: 3,
      stage: 'QUEUED',
      playerTrackId: null,
      reportMarkdown: 'O analista escreveu isto.',
    })
    const { db } = await testDatabase({ reset: false })
    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)))
    expect(audits.map((a) => a.action)).toEqual([
      'analysis.player',
      'analysis.corners',
      'analysis.player',
      'analysis.report',
      'analysis.rerun',
    ])
    expect(audits[1]?.details).toEqual({ corners: CORNERS })
  })

  it('refuses a re-run once the report is published', async () => {
    const { userId } = await payingPlayer(app, 'ja-publicado@areia.test')
    const id = await seedAnalysed(app, dataDir, userId)
    await api.player(id, 1)
    expect((await api.publish(id)).statusCode).toBe(204)
    const res = await api.call('POST', `/videos/${id}/rerun`)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      detail: 'Esta análise já foi publicada.',
      code: 'analysis_published',
    })
    expect((await analysisOf(id)).run).toBe(1)
  })
})

/** What the pipeline leaves when a run ends: the result back, in review. */
async function seedAnalysedAgain(id: number) {
  const { db } = await testDatabase({ reset: false })
  await db
    .update(videoAnalyses)
    .set({
      stage: 'REVIEW',
      percent: 100,
      result: fixtureResult() as unknown as Record<string, unknown>,
    })
    .where(eq(videoAnalyses.videoId, id))
}
