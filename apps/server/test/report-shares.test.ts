import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type {
  MatchTags,
  PointTag,
  ReportShareResponse,
  SharedReport,
  TokenPair,
  VideoReport,
} from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reportShares, users } from '../src/db/schema'
import { analystApi, pointTag, seedAnalysed, staff } from './helpers/analysis'
import { bearer, createTestApp, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { payingPlayer } from './helpers/videos'

let app: TestApp
let dataDir: string
let api: ReturnType<typeof analystApi>

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-share-'))
  app = await createTestApp({ DATA_DIR: dataDir })
  api = analystApi(app, await staff(app, 'analista-share@areia.test', 'ANALYST'))
}, 60_000)
afterAll(async () => {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const db = async () => (await testDatabase({ reset: false })).db
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, tokens?: TokenPair) =>
  app.server.inject({ method, url, headers: tokens ? bearer(tokens.access_token) : {} })
const share = (id: number, tokens: TokenPair, body?: { include_partner: boolean }) =>
  app.server.inject({
    method: 'POST',
    url: `/api/v1/videos/${id}/report/share`,
    headers: bearer(tokens.access_token),
    ...(body ? { payload: body } : {}),
  })
const tokenOf = (url: string) => url.split('/r/')[1]!

/** On the first rally, won by the player's team; `over` sets what differs. */
const point = (over: Partial<PointTag>) =>
  pointTag({
    end_sec: 2,
    last_player: 2,
    score_after: { sets: [], games: [0, 0], points: [1, 0], tiebreak: false },
    ...over,
  })

/** One point finished by each of three people: the player (2), the partner (1), an opponent (3). */
const TAGS: MatchTags = {
  start_score: { sets: [], games: [0, 0], points: [0, 0], tiebreak: false },
  points: [
    point({}),
    point({
      start_sec: 3,
      end_sec: 5,
      last_player: 1,
      score_after: { sets: [], games: [0, 0], points: [2, 0], tiebreak: false },
    }),
    point({
      start_sec: 7,
      end_sec: 10,
      rally_index: 2,
      last_player: 3,
      score_after: { sets: [], games: [0, 0], points: [2, 1], tiebreak: false },
    }),
  ],
}

/** A player named "Ana Paula Souza" (track 2, partner 1) with a published, tagged report. */
async function published(email: string) {
  const player = await payingPlayer(app, email)
  await (
    await db()
  )
    .update(users)
    .set({ name: 'Ana Paula Souza' })
    .where(eq(users.id, player.userId))
  const id = await seedAnalysed(app, dataDir, player.userId, { gameDate: '2026-11-20' })
  await api.player(id, 2)
  await api.report(id, 'Ana Paula jogou com o Beto Lima (beto@exemplo.com).')
  expect(
    (await api.call('PUT', `/videos/${id}/tags`, { revision: 0, tags: TAGS })).statusCode,
  ).toBe(200)
  expect((await api.publish(id)).statusCode).toBe(204)
  return { ...player, id }
}

/** Every media URL a report hands out. */
const mediaOf = (r: Pick<VideoReport, 'player' | 'partner' | 'rallies' | 'points'>) =>
  [
    r.player.heatmap_url,
    r.partner?.heatmap_url,
    r.rallies.highlights_url,
    ...r.rallies.items.map((i) => i.clip_url),
    ...r.points.map((p) => p.clip_url?.split('#')[0]),
  ].filter((u): u is string => !!u)

describe('sharing a report', () => {
  it('opens without an account, with the first name and no e-mail or analyst text', async () => {
    const p = await published('ana.share@areia.test')
    expect((await call('GET', `/api/v1/videos/${p.id}/report/share`, p.tokens)).json()).toEqual({
      created_at: null,
      include_partner: false,
    })
    const res = await share(p.id, p.tokens)
    expect(res.statusCode).toBe(201)
    const { url, created_at } = res.json<ReportShareResponse>()
    expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(created_at)).not.toBeNaN()
    // Only the hash is kept.
    const [row] = await (
      await db()
    )
      .select()
      .from(reportShares)
      .where(eq(reportShares.videoId, p.id))
    expect(row?.tokenHash).not.toContain(tokenOf(url))
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/)

    const open = await call('GET', `/api/v1/shared-reports/${tokenOf(url)}`)
    expect(open.statusCode).toBe(200)
    const body = open.json<SharedReport>()
    expect(body.first_name).toBe('Ana')
    expect(body.game).toEqual({ date: '2026-11-20', week: null, outcome: 'WON', score: '6/4' })
    expect(body.player.track_id).toBe(2)
    expect(open.body).not.toContain('ana.share@areia.test')
    expect(open.body).not.toContain('Paula')
    expect(open.body).not.toContain('Beto')
    expect(open.body).not.toContain('@')
    expect(body).not.toHaveProperty('markdown')
    expect(body).not.toHaveProperty('video_id')
    expect(open.headers['cache-control']).toContain('no-store')
    expect((await call('GET', `/api/v1/videos/${p.id}/report/share`, p.tokens)).json()).toEqual({
      created_at,
      include_partner: false,
    })
  })

  it('stops working when revoked, and a new link replaces the old one', async () => {
    const p = await published('revoga.share@areia.test')
    const first = tokenOf((await share(p.id, p.tokens)).json<ReportShareResponse>().url)
    const second = tokenOf((await share(p.id, p.tokens)).json<ReportShareResponse>().url)
    expect(second).not.toBe(first)
    const gone = await call('GET', `/api/v1/shared-reports/${first}`)
    expect(gone.statusCode).toBe(404)
    expect(gone.json<{ detail: string }>().detail).toMatch(/não está disponível/)
    expect((await call('GET', `/api/v1/shared-reports/${second}`)).statusCode).toBe(200)

    expect((await call('DELETE', `/api/v1/videos/${p.id}/report/share`, p.tokens)).statusCode).toBe(
      204,
    )
    expect((await call('GET', `/api/v1/shared-reports/${second}`)).statusCode).toBe(404)
    expect((await call('GET', `/api/v1/videos/${p.id}/report/share`, p.tokens)).json()).toEqual({
      created_at: null,
      include_partner: false,
    })
  })

  it("answers 404 for another player's video and for one not published, and 401 without login", async () => {
    const p = await published('dono.share@areia.test')
    const other = await payingPlayer(app, 'outro.share@areia.test')
    expect((await share(p.id, other.tokens)).statusCode).toBe(404)
    expect(
      (await call('DELETE', `/api/v1/videos/${p.id}/report/share`, other.tokens)).statusCode,
    ).toBe(404)
    expect(
      (await call('GET', `/api/v1/videos/${p.id}/report/share`, other.tokens)).statusCode,
    ).toBe(404)
    const unpublished = await seedAnalysed(app, dataDir, other.userId)
    expect((await share(unpublished, other.tokens)).statusCode).toBe(404)
    expect((await call('POST', `/api/v1/videos/${p.id}/report/share`)).statusCode).toBe(401)
    expect(
      (await (await db()).select().from(reportShares).where(eq(reportShares.videoId, p.id))).length,
    ).toBe(0)
  })

  it("shows the player's own figures and point clips; the partner's only when ticked", async () => {
    const p = await published('so-eu.share@areia.test')
    const own = (await call('GET', `/api/v1/videos/${p.id}/report`, p.tokens)).json<VideoReport>()
    expect(own.partner?.track_id).toBe(1)
    expect(own.stats?.players.map((x) => x.track_id).sort()).toEqual([1, 2, 3, 4])
    expect(own.points.every((x) => x.clip_url)).toBe(true)

    const created = await share(p.id, p.tokens)
    expect(created.json<ReportShareResponse>().include_partner).toBe(false)
    const alone = (
      await call(
        'GET',
        `/api/v1/shared-reports/${tokenOf(created.json<ReportShareResponse>().url)}`,
      )
    ).json<SharedReport>()
    expect(alone.player.track_id).toBe(2)
    expect(alone.partner).toBeNull()
    expect(alone.stats?.players.map((x) => x.track_id)).toEqual([2])
    // The team's score is the match's.
    expect(alone.stats?.score_line).toBe(own.stats?.score_line)
    expect(alone.points.map((x) => x.last_player)).toEqual([2, 1, 3])
    expect(alone.points.map((x) => x.clip_url !== null)).toEqual([true, false, false])
    expect(
      (await call('GET', `/api/v1/videos/${p.id}/report/share`, p.tokens)).json(),
    ).toMatchObject({ include_partner: false })

    const withPartner = await share(p.id, p.tokens, { include_partner: true })
    expect(withPartner.statusCode).toBe(201)
    const both = (
      await call(
        'GET',
        `/api/v1/shared-reports/${tokenOf(withPartner.json<ReportShareResponse>().url)}`,
      )
    ).json<SharedReport>()
    expect(both.partner?.track_id).toBe(1)
    expect(both.stats?.players.map((x) => x.track_id).sort()).toEqual([1, 2])
    expect(both.points.map((x) => x.clip_url !== null)).toEqual([true, true, false])
    expect(
      (await call('GET', `/api/v1/videos/${p.id}/report/share`, p.tokens)).json(),
    ).toMatchObject({ include_partner: true })
    expect((await share(p.id, p.tokens, { include_partner: 'sim' as never })).statusCode).toBe(422)
  })

  it("signs the page's media for its link, without the video's id: revoked or replaced, they answer 404 at once", async () => {
    const p = await published('midia.share@areia.test')
    const first = tokenOf((await share(p.id, p.tokens)).json<ReportShareResponse>().url)
    const report = (await call('GET', `/api/v1/shared-reports/${first}`)).json<SharedReport>()
    const media = mediaOf(report)
    expect(media.length).toBeGreaterThanOrEqual(4)
    for (const url of media) {
      expect(url).toMatch(
        /^\/api\/v1\/shared-media\/[0-9a-f-]{36}\/(heatmap|clip|highlights|source)\//,
      )
      expect(url).not.toContain(`/${p.id}/`)
      const res = await call('GET', url)
      expect(res.statusCode, url).toBe(200)
      // Asked again every time: no browser keeps answering it once the link is revoked.
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
    // The same medium under another link id, or with its signature changed, is refused.
    const forged = media[0]!.replace(/shared-media\/[0-9a-f-]{36}/, `shared-media/${randomUUID()}`)
    expect((await call('GET', forged)).statusCode).toBe(403)

    // A new link replaces the old one: the old page's media stop, the new page's work.
    const second = tokenOf((await share(p.id, p.tokens)).json<ReportShareResponse>().url)
    for (const url of media) {
      const res = await call('GET', url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json<{ detail: string }>().detail).toBe('Mídia não encontrada.')
    }
    const renewed = mediaOf(
      (await call('GET', `/api/v1/shared-reports/${second}`)).json<SharedReport>(),
    )
    for (const url of renewed) expect((await call('GET', url)).statusCode, url).toBe(200)

    // Revoked: at once, long before the URLs' own expiry.
    expect((await call('DELETE', `/api/v1/videos/${p.id}/report/share`, p.tokens)).statusCode).toBe(
      204,
    )
    for (const url of renewed) expect((await call('GET', url)).statusCode, url).toBe(404)
  })
  it('draws the match as a story and a square picture, for the owner and for the link', async () => {
    const p = await published('cartao.share@areia.test')
    const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)]
    const story = await call('GET', `/api/v1/videos/${p.id}/report/card.png`, p.tokens)
    expect(story.statusCode).toBe(200)
    expect(story.headers['content-type']).toBe('image/png')
    expect(story.rawPayload.subarray(1, 4).toString()).toBe('PNG')
    expect(size(story.rawPayload)).toEqual([1080, 1920])
    fs.writeFileSync(path.join(os.tmpdir(), 'areia-card-story.png'), story.rawPayload)
    const square = await call(
      'GET',
      `/api/v1/videos/${p.id}/report/card.png?format=square`,
      p.tokens,
    )
    expect(size(square.rawPayload)).toEqual([1080, 1080])
    fs.writeFileSync(path.join(os.tmpdir(), 'areia-card-square.png'), square.rawPayload)
    const wrong = await call('GET', `/api/v1/videos/${p.id}/report/card.png?format=a4`, p.tokens)
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json<{ detail: string }>().detail).toMatch(/^Formato de imagem inválido./)

    // Another player, or nobody, gets nothing; the link's card lives as long as the link.
    const other = await payingPlayer(app, 'cartao-outro.share@areia.test')
    expect(
      (await call('GET', `/api/v1/videos/${p.id}/report/card.png`, other.tokens)).statusCode,
    ).toBe(404)
    expect((await call('GET', `/api/v1/videos/${p.id}/report/card.png`)).statusCode).toBe(401)
    const token = tokenOf((await share(p.id, p.tokens)).json<ReportShareResponse>().url)
    const open = await call('GET', `/api/v1/shared-reports/${token}/card.png?format=square`)
    expect(open.statusCode).toBe(200)
    expect(size(open.rawPayload)).toEqual([1080, 1080])
    expect(open.headers['cache-control']).toContain('no-store')
    await call('DELETE', `/api/v1/videos/${p.id}/report/share`, p.tokens)
    expect((await call('GET', `/api/v1/shared-reports/${token}/card.png`)).statusCode).toBe(404)
  }, 60_000)

  it('refuses a malformed or unknown token with a pt-BR detail', async () => {
    const bad = await call('GET', '/api/v1/shared-reports/curto')
    expect(bad.statusCode).toBe(422)
    expect(bad.json<{ detail: string }>().detail).toBeTruthy()
    const unknown = await call('GET', `/api/v1/shared-reports/${'A'.repeat(43)}`)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json<{ detail: string }>().detail).toMatch(/link foi desativado ou não existe/)
  })
})
