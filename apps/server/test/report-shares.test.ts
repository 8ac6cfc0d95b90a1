import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ReportShareResponse, SharedReport, TokenPair } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reportShares, users } from '../src/db/schema'
import { analystApi, seedAnalysed, staff } from './helpers/analysis'
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
const share = (id: number, tokens: TokenPair) =>
  call('POST', `/api/v1/videos/${id}/report/share`, tokens)
const tokenOf = (url: string) => url.split('/r/')[1]!

/** A player named "Ana Paula Souza" with a published report. */
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
  expect((await api.publish(id)).statusCode).toBe(204)
  return { ...player, id }
}

describe('sharing a report', () => {
  it('opens without an account, with the first name and no e-mail or analyst text', async () => {
    const p = await published('ana.share@areia.test')
    expect((await call('GET', `/api/v1/videos/${p.id}/report/share`, p.tokens)).json()).toEqual({
      created_at: null,
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
