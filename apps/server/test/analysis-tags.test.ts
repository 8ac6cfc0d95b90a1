import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  computeMatchStats,
  type AnalystTagsResponse,
  type DataExport,
  type MatchTags,
  type VideoReport,
} from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { matchTags } from '../src/db/schema'
import { latestAnalysisFacts } from '../src/modules/analysis/facts'
import { netFromTracks } from '../src/modules/analysis/tagged-report'
import {
  analystApi,
  fixtureResult,
  pointTag,
  seedAnalysed,
  staff,
  withTeam,
} from './helpers/analysis'
import { bearer, createTestApp, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { payingPlayer } from './helpers/videos'

let app: TestApp
let dataDir: string
let api: ReturnType<typeof analystApi>

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-tags-'))
  app = await createTestApp({ DATA_DIR: dataDir })
  api = analystApi(app, await staff(app, 'analista-tags@areia.test', 'ANALYST'))
})
afterAll(async () => {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const db = async () => (await testDatabase({ reset: false })).db

const point = pointTag

/** The fixture's two detected rallies, tagged: team 1 wins the first, team 0 the second. */
const TAGS: MatchTags = {
  start_score: { sets: [], games: [0, 0], points: [0, 0], tiebreak: false },
  points: [
    point({}),
    point({
      start_sec: 7,
      end_sec: 10.9,
      rally_index: 2,
      returner: 4,
      ending: 'unforced_error',
      last_stroke: 'forehand_fundo',
      last_player: 3,
      score_after: { sets: [], games: [0, 0], points: [1, 1], tiebreak: false },
    }),
  ],
}

const tags = (id: number) => api.call('GET', `/videos/${id}/tags`)
const putTags = (id: number, revision: number, body: unknown = TAGS) =>
  api.call('PUT', `/videos/${id}/tags`, { revision, tags: body })

async function analysedVideo(email: string) {
  const p = await payingPlayer(app, email)
  await withTeam(p.userId)
  const id = await seedAnalysed(app, dataDir, p.userId, { gameDate: '2026-11-20' })
  return { ...p, id }
}

describe('the analyst’s tags of a video', () => {
  it('start empty, save with a revision, and refuse a save from an older revision', async () => {
    const { id } = await analysedVideo('tags-revisao@areia.test')
    expect((await tags(id)).json()).toEqual({ revision: 0, tags: null, saved_at: null })

    const first = await putTags(id, 0)
    expect(first.statusCode).toBe(200)
    const saved = first.json<AnalystTagsResponse>()
    expect(saved.revision).toBe(1)
    expect(saved.tags).toEqual(TAGS)
    expect(saved.saved_at).toBe(app.clock.now().toISOString())
    expect((await tags(id)).json()).toEqual(saved)

    // Another tab still at revision 0 would overwrite the newer save: refused, nothing changes.
    const stale = await putTags(id, 0, { ...TAGS, points: TAGS.points.slice(0, 1) })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toEqual({
      detail:
        'Estas marcações foram salvas depois em outra aba ou por outra pessoa. Recarregue a página para continuar da versão mais recente.',
      code: 'tags_stale',
    })
    expect((await tags(id)).json<AnalystTagsResponse>().tags?.points).toHaveLength(2)

    const second = await putTags(id, 1, { ...TAGS, points: TAGS.points.slice(0, 1) })
    expect(second.json<AnalystTagsResponse>().revision).toBe(2)
    expect(await (await db()).select().from(matchTags).where(eq(matchTags.videoId, id))).toEqual([
      expect.objectContaining({ revision: 2, savedBy: expect.any(String) as string }),
    ])
  })

  it('refuse a malformed document with a pt-BR reason and a code, changing nothing', async () => {
    const { id } = await analysedVideo('tags-invalidas@areia.test')
    const backwards = await putTags(id, 0, {
      ...TAGS,
      points: [point({ start_sec: 6, end_sec: 5 })],
    })
    expect(backwards.statusCode).toBe(422)
    expect(backwards.json()).toEqual({
      detail: 'Marcações inválidas: o fim do ponto precisa vir depois do início.',
      code: 'tags_invalid',
    })
    const serveOut = await putTags(id, 0, {
      ...TAGS,
      points: [point({ serve_in: false, last_stroke: 'smash' })],
    })
    expect(serveOut.statusCode).toBe(422)
    expect(serveOut.json<{ detail: string }>().detail).toContain('o último golpe é o saque')
    const noBody = await api.call('PUT', `/videos/${id}/tags`, { revision: 'x' })
    expect(noBody.statusCode).toBe(422)
    expect(noBody.json<{ code: string }>().code).toBe('tags_invalid')
    expect((await tags(id)).json()).toEqual({ revision: 0, tags: null, saved_at: null })
  })

  it('answer 404 for an unknown video and 403 to a player', async () => {
    expect((await tags(999_999)).statusCode).toBe(404)
    const missing = await putTags(999_999, 0)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ detail: 'Vídeo não encontrado.', code: 'not_found' })
    const { id, tokens } = await analysedVideo('tags-jogador@areia.test')
    const asPlayer = await app.server.inject({
      method: 'PUT',
      url: `/api/v1/analyst/videos/${id}/tags`,
      headers: bearer(tokens.access_token),
      payload: { revision: 0, tags: TAGS },
    })
    expect(asPlayer.statusCode).toBe(403)
    expect((await tags(id)).json<AnalystTagsResponse>().revision).toBe(0)
  })
})

describe('a tagged match, published', () => {
  it('gives the player the score, the figures of those tags and a clip per point', async () => {
    const { id, tokens, userId } = await analysedVideo('tags-relatorio@areia.test')
    expect((await putTags(id, 0)).statusCode).toBe(200)
    await api.player(id, 1)
    expect((await api.publish(id)).statusCode).toBe(204)
    // Published: the figures are the report's now.
    expect((await putTags(id, 1)).statusCode).toBe(409)

    const res = await app.server.inject({
      method: 'GET',
      url: `/api/v1/videos/${id}/report`,
      headers: bearer(tokens.access_token),
    })
    expect(res.statusCode).toBe(200)
    const report = res.json<VideoReport>()
    const expected = computeMatchStats(TAGS, { atNet: netFromTracks(fixtureResult()) })
    expect(report.stats).toEqual(expected)
    expect(report.stats?.score_line).toBe('0/0')
    expect(report.stats?.teams.map((t) => t.points_won)).toEqual([
      { value: 1, of: 2, points: [1] },
      { value: 1, of: 2, points: [0] },
    ])
    // Track 4 stood 1.7 m from the net when the first point ended (the fixture's round at 5 s).
    expect(report.stats?.players[3]?.net_points_won).toMatchObject({ value: 1, points: [0] })

    expect(report.points.map((p) => [p.index, p.won_by, p.last_stroke])).toEqual([
      [0, 1, 'voleio'],
      [1, 0, 'forehand_fundo'],
    ])
    const clip = report.points[0]!.clip_url!
    expect(clip).toMatch(new RegExp(`^/api/v1/media/videos/${id}/source/0\\?.*#t=0\\.9,5\\.1$`))
    const media = await app.server.inject({ method: 'GET', url: clip.split('#')[0]! })
    expect(media.statusCode).toBe(200)
    expect(media.headers['content-type']).toBe('video/mp4')

    // The coaches quote the tagged figures of the player (track 1, team 0).
    const facts = await latestAnalysisFacts(await db(), userId)
    expect(facts?.tagged).toMatchObject({
      score_line: '0/0',
      points_tagged: 2,
      team_points_won: { value: 1, of: 2 },
      serves_in: { value: 2, of: 2 },
      points_won_on_serve: { value: 1, of: 2 },
    })

    // The player's data export carries the tags of their match.
    const exported = await app.server.inject({
      method: 'GET',
      url: '/api/v1/users/me/export',
      headers: bearer(tokens.access_token),
    })
    const doc = exported.json<DataExport>()
    expect(doc.analyses[0]?.match_tags).toEqual({
      tags: TAGS,
      revision: 1,
      saved_at: expect.any(String) as string,
    })
  })

  it('leaves stats null and points empty when the match was not tagged', async () => {
    const { id, tokens } = await analysedVideo('tags-sem@areia.test')
    await api.player(id, 2)
    expect((await api.publish(id)).statusCode).toBe(204)
    const report = (
      await app.server.inject({
        method: 'GET',
        url: `/api/v1/videos/${id}/report`,
        headers: bearer(tokens.access_token),
      })
    ).json<VideoReport>()
    expect(report.stats).toBeNull()
    expect(report.points).toEqual([])
  })
})
