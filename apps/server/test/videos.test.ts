import fs from 'node:fs'
import http from 'node:http'
import type { Video } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { videos } from '../src/db/schema'
import { fixtureVideo } from './fixtures/videos'
import { bearer, signUpAndLogIn, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { chatHistory, payingPlayer, uploadUrl, videoSuite } from './helpers/videos'

const MAX_BYTES = 2 * 1024 * 1024
const { harness, storedFile, newUpload, put, uploadWhole } = videoSuite({
  VIDEO_MAX_BYTES: String(MAX_BYTES),
})
let app: TestApp
let game: Buffer

beforeAll(() => {
  app = harness().app
  game = fixtureVideo('game').bytes
  fixtureVideo('short')
  fixtureVideo('lowres')
}, 120_000)

describe('who may send videos', () => {
  it('needs a signed-in player with PAYMENT_OK', async () => {
    const anonymous = await app.server.inject({
      method: 'POST',
      url: '/api/v1/videos/upload-url',
      payload: { content_type: 'video/mp4' },
    })
    expect(anonymous.statusCode).toBe(401)
    const free = await signUpAndLogIn(app, 'gratis@example.com')
    const res = await uploadUrl(app, free)
    expect(res.statusCode).toBe(403)
    expect(res.json<{ detail: string }>().detail).toBe(
      'O envio de vídeos é exclusivo para assinantes. Escolha um plano para enviar seus jogos.',
    )
    expect(res.json<{ code: string }>().code).toBe('not_subscribed')
    const link = await app.server.inject({
      method: 'POST',
      url: '/api/v1/videos/from-link',
      headers: bearer(free.access_token),
      payload: { url: 'https://www.dropbox.com/s/abc/jogo.mp4?dl=0', source: 'DROPBOX' },
    })
    expect(link.statusCode).toBe(403)
    const { db } = await testDatabase({ reset: false })
    expect(await db.select().from(videos)).toHaveLength(0)
  })

  it('refuses a content type that is not video/* (415)', async () => {
    const { tokens } = await payingPlayer(app, 'tipo@example.com')
    const res = await uploadUrl(app, tokens, 'application/pdf')
    expect(res.statusCode).toBe(415)
    expect(res.json<{ detail: string }>().detail).toMatch(/vídeo/)
    expect(res.json<{ code: string }>().code).toBe('not_a_video')
  })

  it("enforces the plan's monthly allowance; refused videos do not count; a new month resets it", async () => {
    const { tokens, userId } = await payingPlayer(app, 'limite@example.com')
    // A refused file does not use the allowance.
    const refused = await newUpload(tokens)
    expect((await put(refused.upload_url, Buffer.from('não sou vídeo'))).json<Video>().status).toBe(
      'FAILED',
    )
    for (let i = 0; i < 4; i++) await newUpload(tokens)
    const fifth = await uploadUrl(app, tokens)
    expect(fifth.statusCode).toBe(429)
    expect(fifth.json<{ detail: string }>().detail).toBe(
      'Você já usou os 4 vídeos do seu plano neste mês. O limite renova no dia 1º.',
    )
    expect(fifth.json<{ code: string }>().code).toBe('monthly_video_limit')
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0)
    // Last month's videos: this month's allowance is whole again.
    const { db } = await testDatabase({ reset: false })
    await db
      .update(videos)
      .set({ createdAt: new Date(app.clock.now().getTime() - 32 * 86_400_000) })
      .where(eq(videos.userId, userId))
    expect((await uploadUrl(app, tokens)).statusCode).toBe(201)
  })
})

describe('upload URL (GCS resumable protocol)', () => {
  it('takes the whole file in one PUT, runs the gate and posts the receipt and the identification request', async () => {
    const { tokens } = await payingPlayer(app, 'inteiro@example.com')
    const { upload_url, video_id } = await newUpload(tokens)
    const res = await put(upload_url, game)
    expect(res.statusCode).toBe(200)
    const video = res.json<Video>()
    expect(video).toMatchObject({ id: video_id, status: 'AWAITING_IDENTIFICATION', source: 'GCS' })
    expect(video.probe).toMatchObject({ codec: 'h264', width: 1280, height: 720 })
    expect(video.probe?.duration_seconds).toBeGreaterThanOrEqual(30)
    expect(video.warnings).toEqual([])
    expect(fs.readFileSync(await storedFile(video_id)).equals(game)).toBe(true)

    const chat = await chatHistory(app, tokens)
    const [receipt, request] = chat.slice(-2)
    expect(receipt?.content).toMatch(/^Recebemos o seu vídeo!/)
    // Every byte arrived and the video counts in the allowance: no send is left to cancel.
    expect(receipt?.actions).toBeNull()
    expect(request?.content).toMatch(/primeiro toque na bola/)
    expect(request?.actions?.map((a) => [a.type, a.label, a.value, a.videoId])).toEqual([
      ['identify_player', '1º jogador', '1º jogador', video_id],
      ['identify_player', '2º jogador', '2º jogador', video_id],
      ['identify_player', '3º jogador', '3º jogador', video_id],
      ['identify_player', '4º jogador', '4º jogador', video_id],
    ])

    const list = await app.server.inject({
      method: 'GET',
      url: '/api/v1/videos/me',
      headers: bearer(tokens.access_token),
    })
    expect(list.json<Video[]>().map((v) => [v.id, v.status])).toEqual([
      [video_id, 'AWAITING_IDENTIFICATION'],
    ])
    const awaiting = await app.server.inject({
      method: 'GET',
      url: '/api/v1/videos/awaiting-identification',
      headers: bearer(tokens.access_token),
    })
    expect(awaiting.json()).toEqual([{ id: video_id, upload_timestamp: video.upload_timestamp }])
    // A repeated final PUT (a retry after a lost answer) gets the finished video again.
    const retry = await put(upload_url, game)
    expect(retry.statusCode).toBe(200)
    expect(retry.json<Video>().id).toBe(video_id)
  })

  it('takes chunks with Content-Range, answers 308 with Range, and a status query', async () => {
    const { tokens } = await payingPlayer(app, 'pedacos@example.com')
    const { upload_url, video_id } = await newUpload(tokens)
    const total = game.length
    const cut = 256 * 1024
    const first = await put(upload_url, game.subarray(0, cut), {
      'content-range': `bytes 0-${cut - 1}/*`,
    })
    expect(first.statusCode).toBe(308)
    expect(first.headers.range).toBe(`bytes=0-${cut - 1}`)
    const query = await put(upload_url, '', {
      'content-range': `bytes */${total}`,
      'content-type': undefined,
    })
    expect(query.statusCode).toBe(308)
    expect(query.headers.range).toBe(`bytes=0-${cut - 1}`)
    // A chunk from the wrong offset is not taken: 308 says where to resume.
    const wrong = await put(upload_url, game.subarray(cut + 10), {
      'content-range': `bytes ${cut + 10}-${total - 1}/${total}`,
    })
    expect(wrong.statusCode).toBe(308)
    expect(wrong.headers.range).toBe(`bytes=0-${cut - 1}`)
    const last = await put(upload_url, game.subarray(cut), {
      'content-range': `bytes ${cut}-${total - 1}/${total}`,
    })
    expect(last.statusCode).toBe(200)
    expect(last.json<Video>().status).toBe('AWAITING_IDENTIFICATION')
    expect(fs.readFileSync(await storedFile(video_id)).equals(game)).toBe(true)
  })

  it('refuses a chunk longer than its Content-Range, keeps none of the excess, and still completes', async () => {
    const { tokens } = await payingPlayer(app, 'alem@example.com')
    const { upload_url, video_id } = await newUpload(tokens)
    const total = game.length
    const cut = 100_000
    // Chunked transfer: no Content-Length to compare, only the declared range.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(upload_url, {
        method: 'PUT',
        headers: { 'content-type': 'video/mp4', 'content-range': `bytes 0-${cut - 1}/${total}` },
      })
      req.on('response', (res) => {
        let body = ''
        res.on('data', (c: Buffer) => (body += c.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      req.on('error', reject)
      // Written before `end`, so Node sends it chunked instead of with a Content-Length.
      req.write(game.subarray(0, cut + 50_000))
      req.end()
    })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toEqual({
      detail:
        'O trecho enviado é maior que o declarado no Content-Range. Consulte o que chegou e continue dali.',
      code: 'beyond_content_range',
    })
    const query = await put(upload_url, '', {
      'content-range': `bytes */${total}`,
      'content-type': undefined,
    })
    expect(query.statusCode).toBe(308)
    const received = Number(query.headers.range?.toString().split('-')[1] ?? -1) + 1
    expect(received).toBeLessThanOrEqual(cut)
    const rest = await put(upload_url, game.subarray(received), {
      'content-range': `bytes ${received}-${total - 1}/${total}`,
    })
    expect(rest.statusCode).toBe(200)
    expect(fs.readFileSync(await storedFile(video_id)).equals(game)).toBe(true)
  })

  it('resumes an interrupted upload from its offset with a byte-identical result', async () => {
    const { tokens } = await payingPlayer(app, 'queda@example.com')
    const { upload_url, video_id } = await newUpload(tokens)
    const total = game.length
    const sent = 150_000
    // The connection drops after `sent` bytes of a PUT that announced the whole file.
    await new Promise<void>((resolve) => {
      const req = http.request(upload_url, {
        method: 'PUT',
        headers: {
          'content-type': 'video/mp4',
          'content-length': String(total),
          'content-range': `bytes 0-${total - 1}/${total}`,
        },
      })
      req.on('error', () => resolve())
      req.write(game.subarray(0, sent), () => setTimeout(() => req.destroy(), 300))
      req.on('close', () => resolve())
    })
    let received = 0
    for (let i = 0; i < 50 && received < sent; i++) {
      const status = await fetch(upload_url, {
        method: 'PUT',
        headers: { 'content-range': `bytes */${total}` },
        redirect: 'manual',
      })
      expect(status.status).toBe(308)
      received = Number(status.headers.get('range')?.split('-')[1] ?? -1) + 1
      if (received < sent) await new Promise((r) => setTimeout(r, 100))
    }
    expect(received).toBeGreaterThan(0)
    expect(received).toBeLessThanOrEqual(sent)
    const rest = await fetch(upload_url, {
      method: 'PUT',
      headers: {
        'content-type': 'video/mp4',
        'content-range': `bytes ${received}-${total - 1}/${total}`,
      },
      body: game.subarray(received),
      redirect: 'manual',
    })
    expect(rest.status).toBe(200)
    expect(fs.readFileSync(await storedFile(video_id)).equals(game)).toBe(true)
  })

  it('refuses more than the size cap (413) and a non-video body type (415)', async () => {
    const { tokens } = await payingPlayer(app, 'grande@example.com')
    const { upload_url } = await newUpload(tokens)
    const big = await put(upload_url, game.subarray(0, 1024), {
      'content-range': `bytes 0-1023/${MAX_BYTES + 1}`,
    })
    expect(big.statusCode).toBe(413)
    expect(big.json<{ detail: string }>().detail).toBe(
      'O vídeo passa do limite de 2 MB por arquivo.',
    )
    expect(big.json<{ code: string }>().code).toBe('video_too_large')
    // No Content-Length to judge by: the stream is cut at the cap.
    const streamed = await fetch(upload_url, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(1024 * 1024))
          controller.close()
        },
      }),
      // Node's fetch needs `duplex` for a streamed body; the DOM typings lack it.
      ...{ duplex: 'half' },
      redirect: 'manual',
    })
    expect(streamed.status).toBe(413)
    const text = await put(upload_url, 'abc', { 'content-type': 'text/plain' })
    expect(text.statusCode).toBe(415)
    expect(text.json<{ code: string }>().code).toBe('not_a_video')
  })

  it('refuses a tampered or expired upload URL', async () => {
    const { tokens } = await payingPlayer(app, 'assinatura@example.com')
    const { upload_url, video_id } = await newUpload(tokens)
    const tampered = upload_url.replace(/signature=[^&]+/, 'signature=AAAA')
    const res = await put(tampered, game)
    expect(res.statusCode).toBe(403)
    expect(res.json<{ detail: string }>().detail).toBe(
      'Link de envio inválido. Comece um novo envio.',
    )
    expect(res.json<{ code: string }>().code).toBe('upload_url_invalid')
    const other = upload_url.replace(`/uploads/${video_id}?`, `/uploads/${video_id + 1000}?`)
    expect((await put(other, game)).statusCode).toBe(403)
    app.clock.advance(86_400 + 1)
    try {
      const expired = await put(upload_url, game)
      expect(expired.statusCode).toBe(403)
      expect(expired.json<{ detail: string }>().detail).toBe(
        'Este link de envio expirou. Comece um novo envio.',
      )
      expect(expired.json<{ code: string }>().code).toBe('upload_url_expired')
    } finally {
      app.clock.advance(-(86_400 + 1))
    }
  })
})

describe('quality gate', () => {
  it('refuses a file that is not a video even with a video content type, and keeps nothing', async () => {
    const { tokens } = await payingPlayer(app, 'falso@example.com')
    const { upload_url, video_id } = await newUpload(tokens)
    const fake = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(50_000, 7)])
    const res = await put(upload_url, fake)
    expect(res.json<Video>()).toMatchObject({
      status: 'FAILED',
      failure_reason: 'o arquivo não é um vídeo que conseguimos abrir.',
    })
    expect(fs.existsSync(await storedFile(video_id))).toBe(false)
    const last = (await chatHistory(app, tokens)).at(-1)
    expect(last?.content).toBe(
      'Não conseguimos aceitar o seu vídeo: o arquivo não é um vídeo que conseguimos abrir. Quando quiser, envie outro.',
    )
  })

  it('refuses a video shorter than 30 s', async () => {
    const { tokens } = await payingPlayer(app, 'curto@example.com')
    const { video } = await uploadWhole(tokens, fixtureVideo('short').bytes)
    expect(video.status).toBe('FAILED')
    expect(video.failure_reason).toBe(
      'ele tem 10 segundos, e precisamos de pelo menos 30 segundos de jogo.',
    )
  })

  it('accepts a low-resolution, low-fps video with warnings', async () => {
    const { tokens } = await payingPlayer(app, 'baixa@example.com')
    const { video } = await uploadWhole(tokens, fixtureVideo('lowres').bytes)
    expect(video.status).toBe('AWAITING_IDENTIFICATION')
    expect(video.warnings).toHaveLength(2)
    const receipt = (await chatHistory(app, tokens)).at(-2)
    expect(receipt?.content).toMatch(/320×240/)
    expect(receipt?.content).toMatch(/10 quadros por segundo/)
  })
})
