import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import type { AnalystVideo, TokenPair, VideoReport } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWebPushSender } from '../src/adapters/push'
import { loadMediaKey, MediaSigner } from '../src/modules/analysis/files'
import { auditLog, chatMessages, videos } from '../src/db/schema'
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
import { startPushService } from './helpers/push-service'
import { TestSocket } from './helpers/socket'
import { payingPlayer } from './helpers/videos'

let app: TestApp
let dataDir: string
let pushService: Awaited<ReturnType<typeof startPushService>>
let wsBase: string
let api: ReturnType<typeof analystApi>
const sockets: TestSocket[] = []

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-report-'))
  pushService = await startPushService()
  app = await createTestApp(
    // The local push service listens on loopback, which only an allowed host may.
    { DATA_DIR: dataDir, PUSH_ALLOWED_HOSTS: '127.0.0.1' },
    {
      pushSender: createWebPushSender({
        keys: webpush.generateVAPIDKeys(),
        subject: 'mailto:teste@areia.app.br',
        agent: new https.Agent({ ca: pushService.ca }),
      }),
    },
  )
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.server.address() as { port: number }
  wsBase = `ws://127.0.0.1:${port}/api/v1/chat/ws`
  api = analystApi(app, await staff(app, 'analista-rel@areia.test', 'ANALYST'))
}, 60_000)
afterAll(async () => {
  for (const s of sockets) await s.close()
  await app.close()
  await pushService.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const db = async () => (await testDatabase({ reset: false })).db
const get = (url: string, tokens?: TokenPair, headers: Record<string, string> = {}) =>
  app.server.inject({
    method: 'GET',
    url,
    headers: { ...(tokens ? bearer(tokens.access_token) : {}), ...headers },
  })
const checkForReport = (tokens: TokenPair) =>
  app.server.inject({
    method: 'POST',
    url: '/api/v1/chat/check-for-report',
    headers: bearer(tokens.access_token),
  })

/** A paying player with a team, a browser subscribed to push and an open chat socket. */
async function player(email: string) {
  const { tokens, userId } = await payingPlayer(app, email)
  await withTeam(userId)
  const browser = pushService.browser()
  const sub = await app.server.inject({
    method: 'POST',
    url: '/api/v1/notifications/subscribe',
    headers: bearer(tokens.access_token),
    payload: { subscription_info: browser.subscription },
  })
  expect(sub.statusCode).toBe(201)
  const socket = await TestSocket.open(`${wsBase}?token=${tokens.access_token}`)
  sockets.push(socket)
  return { tokens, userId, browser, socket }
}

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('publishing a report', () => {
  it('makes the video ready and delivers it once: chat, SYSTEM event, push, check-for-report', async () => {
    const p = await player('publicado@areia.test')
    const other = await payingPlayer(app, 'vizinho@areia.test')
    const id = await seedAnalysed(app, dataDir, p.userId, { gameDate: '2026-11-20' })
    expect((await get(`/api/v1/videos/${id}/report`, p.tokens)).statusCode).toBe(404)
    expect((await checkForReport(p.tokens)).json()).toEqual({})
    await api.player(id, 2)
    expect((await api.publish(id)).statusCode).toBe(204)

    const [video] = await (await db()).select().from(videos).where(eq(videos.id, id))
    expect(video?.status).toBe('READY')
    const analysis = await analysisOf(id)
    expect(analysis?.stage).toBe('PUBLISHED')
    expect(analysis?.publishedAt).toBeInstanceOf(Date)
    expect(analysis?.reviewedBy).not.toBeNull()

    // One message, from the statistical coach, with the heatmap and the link to the page.
    const { leo, messages } = await statisticianPosts(p.userId)
    expect(messages).toHaveLength(1)
    expect(messages[0]?.coachId).toBe(leo?.id)
    const content = messages[0]!.content
    expect(content).toContain('# Relatório do seu jogo')
    expect(content).toContain(`![Mapa de calor](/api/v1/videos/${id}/report/heatmap.png)`)
    expect(content).toContain(`[Ver relatório completo e lances](/videos/${id})`)

    await p.socket.until((frames) =>
      frames.some((f) => f.type === 'SYSTEM' && f.event === 'analysis_ready' && f.video_id === id),
    )
    expect(p.socket.messages().map((m) => m.content)).toEqual([content])

    await waitFor(() => pushService.received.some((r) => r.endpointId === p.browser.id))
    const push = pushService.received.filter((r) => r.endpointId === p.browser.id)
    expect(push.map((r) => JSON.parse(r.plaintext) as { title: string; url: string })).toEqual([
      expect.objectContaining({ title: 'Sua análise está pronta', url: `/videos/${id}` }),
    ])

    const first = await checkForReport(p.tokens)
    expect(first.json()).toEqual({ content, created_at: analysis.publishedAt!.toISOString() })
    expect((await checkForReport(p.tokens)).json()).toEqual({})

    // Twice: refused, and still one message.
    const again = await api.publish(id)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      detail: 'Esta análise já foi publicada.',
      code: 'analysis_published',
    })
    const after = await (
      await db()
    )
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.userId, p.userId))
    expect(after).toHaveLength(1)
    const audits = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)))
    expect(audits.map((a) => a.action)).toEqual(['analysis.player', 'analysis.publish'])

    // The report page's data: the owner's figures; another player's id is not found.
    const report = await get(`/api/v1/videos/${id}/report`, p.tokens)
    expect(report.statusCode).toBe(200)
    const body = report.json<VideoReport>()
    const two = fixtureResult().players.find((pl) => pl.id === 2)!
    expect(body.player.track_id).toBe(2)
    expect(body.player.distance_m.value).toBe(two.distanceM.value)
    expect(body.partner?.track_id).toBe(1)
    expect(body.game).toEqual({ date: '2026-11-20', week: null, outcome: 'WON', score: '6/4' })
    expect(body.rallies.count).toBe(2)
    expect(body.rallies.items.every((r) => r.clip_url?.startsWith('/api/v1/media/'))).toBe(true)
    expect(body.markdown).toBe(analysis?.reportMarkdown)
    const heatmap = await get(`/api/v1/videos/${id}/report/heatmap.png`, p.tokens)
    expect(heatmap.statusCode).toBe(200)
    expect(heatmap.headers['content-type']).toBe('image/png')
    expect(heatmap.rawPayload.equals(fixtureBytes('heatmap.png'))).toBe(true)
    expect((await get(`/api/v1/videos/${id}/report`, other.tokens)).statusCode).toBe(404)
    expect((await get(`/api/v1/videos/${id}/report/heatmap.png`, other.tokens)).statusCode).toBe(
      404,
    )
    expect((await get(`/api/v1/videos/${id}/report`)).statusCode).toBe(401)
  })
})

describe('signed media URLs', () => {
  it('serve the analyst the video with ranges, and refuse tampered or expired URLs', async () => {
    const { userId } = await payingPlayer(app, 'midia@areia.test')
    const id = await seedAnalysed(app, dataDir, userId)
    const view = (await api.call('GET', `/videos/${id}`)).json<AnalystVideo>()
    const clip = fixtureBytes('clip.mp4')

    const whole = await get(view.video_url)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.rawPayload.equals(clip)).toBe(true)
    const part = await get(view.video_url, undefined, { range: 'bytes=100-199' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-199/${clip.length}`)
    expect(part.headers['content-type']).toBe('video/mp4')
    expect(part.rawPayload.equals(clip.subarray(100, 200))).toBe(true)
    const tail = await get(view.video_url, undefined, { range: 'bytes=-10' })
    expect(tail.statusCode).toBe(206)
    expect(tail.rawPayload.equals(clip.subarray(clip.length - 10))).toBe(true)
    const beyond = await get(view.video_url, undefined, { range: `bytes=${clip.length}-` })
    expect(beyond.statusCode).toBe(416)

    const rally = view.rallies!.items[0]!.clip_url!
    expect((await get(rally, undefined, { range: 'bytes=0-' })).statusCode).toBe(206)
    expect((await get(view.keyframe_url)).headers['content-type']).toBe('image/jpeg')

    // Another video's id, another medium, or a changed signature: refused.
    const tampered = [
      view.video_url.replace(`/videos/${id}/`, `/videos/${id + 1}/`),
      view.video_url.replace('/source/', '/keyframe/'),
      // Its first character changed (to another one: a signature may well start with 'A').
      view.video_url.replace(
        /signature=(.)/,
        (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`,
      ),
      view.video_url.replace(/&signature=[^&]+/, ''),
    ]
    for (const url of tampered) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(403)
      expect(res.json()).toEqual({ detail: 'Link de mídia inválido.', code: 'media_url_invalid' })
    }
    // A correctly signed URL for something that does not exist.
    const signer = new MediaSigner(await loadMediaKey(await db()), () => app.clock.now())
    const missing = await get(signer.url(id, 'highlights'))
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ detail: 'Mídia não encontrada.', code: 'not_found' })

    app.clock.advance(3 * 3600 + 1)
    const expired = await get(view.video_url)
    expect(expired.statusCode).toBe(403)
    expect(expired.json()).toEqual({
      detail: 'Este link de mídia expirou. Recarregue a página.',
      code: 'media_url_expired',
    })
    app.clock.advance(-(3 * 3600 + 1))
  })
})
