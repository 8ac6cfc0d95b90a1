import fs from 'node:fs'
import path from 'node:path'
import type { TokenPair, Video } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { videos } from '../src/db/schema'
import { fixtureVideo } from './fixtures/videos'
import { withTeam } from './helpers/analysis'
import { bearer, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { chatHistory, payingPlayer, videoSuite } from './helpers/videos'

const MAX_BYTES = 2 * 1024 * 1024
const { harness, storedFile, newUpload, put, uploadWhole } = videoSuite({
  VIDEO_MAX_BYTES: String(MAX_BYTES),
})
let app: TestApp
let game: Buffer

beforeAll(() => {
  app = harness().app
  game = fixtureVideo('game').bytes
}, 120_000)

/** The chat once every message queued for it has been written (replies and posts are jobs). */
async function settledHistory(tokens: TokenPair) {
  await app.services.coaching.settled()
  return chatHistory(app, tokens)
}

describe('identification, game info, cancel and delete', () => {
  it('identifies the player, asks for the game, and stores the answer a coach confirms', async () => {
    const { tokens, userId } = await payingPlayer(app, 'identifica@example.com')
    await withTeam(userId)
    const { video_id } = await uploadWhole(tokens, game)
    const identify = (id: number, value: unknown, token = tokens.access_token) =>
      app.server.inject({
        method: 'PATCH',
        url: `/api/v1/videos/${id}/identify`,
        headers: bearer(token),
        payload: { player_identifier: value },
      })
    expect((await identify(video_id, '5º jogador')).statusCode).toBe(422)
    const res = await identify(video_id, '2º jogador')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ game_info_request_triggered: true })
    const chat = await settledHistory(tokens)
    expect(chat.slice(-2).map((m) => m.content)).toEqual([
      'Obrigado! Registramos que você é o 2º jogador.',
      'Agora me conte a data e o resultado do jogo, por exemplo: "12/10/2025, ganhamos 6x4" ou "ontem, perdemos 4/6".',
    ])
    expect((await identify(video_id, 3)).statusCode).toBe(409)

    await app.services.coaching.userMessage(userId, '12/10/2025, ganhamos 6x4')
    const after = await settledHistory(tokens)
    const confirmation = after.at(-1)
    expect(confirmation?.coach_assigned_name).toBe('Leo')
    expect(confirmation?.content).toBe(
      'Anotado: jogo de 12/10/2025, vitória, placar 6x4. Vou levar isso em conta na análise do vídeo. 📊',
    )
    const list = await app.server.inject({
      method: 'GET',
      url: '/api/v1/videos/me',
      headers: bearer(tokens.access_token),
    })
    expect(list.json<Video[]>()[0]).toMatchObject({
      id: video_id,
      status: 'QUEUED',
      player_identifier: 2,
      game_date: '2025-10-12',
      game_outcome: 'WON',
      game_score: '6x4',
    })
    // The next message goes to the coaches again.
    await app.services.coaching.userMessage(userId, 'E agora, o que treino?')
    expect((await settledHistory(tokens)).at(-1)?.content).not.toMatch(/^Anotado/)

    // The receipt's "Cancelar Envio" still works once queued, and says so.
    const cancel = await app.server.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${video_id}`,
      headers: bearer(tokens.access_token),
    })
    expect(cancel.statusCode).toBe(204)
    expect((await settledHistory(tokens)).at(-1)?.content).toBe('O envio do vídeo foi cancelado.')
  })

  it('cancel deletes the video and its file and says so in the chat; delete later is silent', async () => {
    const { tokens } = await payingPlayer(app, 'cancela@example.com')
    const { video_id } = await uploadWhole(tokens, game)
    const file = await storedFile(video_id)
    expect(fs.existsSync(file)).toBe(true)
    const del = (id: number) =>
      app.server.inject({
        method: 'DELETE',
        url: `/api/v1/videos/${id}`,
        headers: bearer(tokens.access_token),
      })
    expect((await del(video_id)).statusCode).toBe(204)
    expect(fs.existsSync(file)).toBe(false)
    expect((await settledHistory(tokens)).at(-1)?.content).toBe('O envio do vídeo foi cancelado.')
    expect((await del(video_id)).statusCode).toBe(404)
    const list = await app.server.inject({
      method: 'GET',
      url: '/api/v1/videos/me',
      headers: bearer(tokens.access_token),
    })
    expect(list.json()).toEqual([])
  })

  it("answers 404 for another player's video on every route", async () => {
    const owner = await payingPlayer(app, 'dono@example.com')
    const { video_id } = await uploadWhole(owner.tokens, game)
    const intruder = await payingPlayer(app, 'intruso@example.com')
    const h = bearer(intruder.tokens.access_token)
    const identify = await app.server.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${video_id}/identify`,
      headers: h,
      payload: { player_identifier: 1 },
    })
    expect(identify.statusCode).toBe(404)
    expect(identify.json<{ detail: string }>().detail).toBe('Vídeo não encontrado.')
    const del = await app.server.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${video_id}`,
      headers: h,
    })
    expect(del.statusCode).toBe(404)
    for (const url of ['/api/v1/videos/me', '/api/v1/videos/awaiting-identification']) {
      const res = await app.server.inject({ method: 'GET', url, headers: h })
      expect(res.json()).toEqual([])
    }
    expect(fs.existsSync(await storedFile(video_id))).toBe(true)
  })

  it("account deletion removes all of the player's videos and files", async () => {
    const { tokens, userId } = await payingPlayer(app, 'apaga@example.com')
    const a = await uploadWhole(tokens, game)
    const b = await newUpload(tokens)
    await put(b.upload_url, game.subarray(0, 1000), { 'content-range': 'bytes 0-999/*' })
    const files = [await storedFile(a.video_id), `${await storedFile(b.video_id)}.part`]
    expect(files.every((f) => fs.existsSync(f))).toBe(true)
    expect(await app.services.deletion.deleteAccount(userId)).toBe(true)
    expect(files.some((f) => fs.existsSync(f))).toBe(false)
    expect(fs.existsSync(path.join(harness().dataDir, 'videos', 'users', userId))).toBe(false)
    const { db } = await testDatabase({ reset: false })
    expect(await db.select().from(videos).where(eq(videos.userId, userId))).toEqual([])
  })
})
