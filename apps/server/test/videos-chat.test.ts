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
/** The last Saturday before today in São Paulo (what "foi sábado" means). */
function lastSaturday(now: Date): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now)
  const d = new Date(`${today}T12:00:00Z`)
  do d.setUTCDate(d.getUTCDate() - 1)
  while (d.getUTCDay() !== 6)
  return d.toISOString().slice(0, 10)
}

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
      'Agora me conte a data e o resultado do jogo, do seu jeito: por exemplo "sábado, ganhamos 6/4 6/3" ou "ontem, perdemos 4/6 6/3 e 8/10 no super tie-break".',
    ])
    expect((await identify(video_id, 3)).statusCode).toBe(409)

    const saturday = lastSaturday(app.clock.now())
    const [, month, day] = saturday.split('-')
    const said = async (text: string) => {
      await app.services.coaching.userMessage(userId, text)
      return (await settledHistory(tokens)).at(-1)
    }
    const gameOfVideo = async () => {
      const list = await app.server.inject({
        method: 'GET',
        url: '/api/v1/videos/me',
        headers: bearer(tokens.access_token),
      })
      const [v] = list.json<Video[]>()
      return { date: v?.game_date, outcome: v?.game_outcome, score: v?.game_score }
    }

    // The statistician reads it back in one line, with chips to correct it.
    const readBack = await said('perdemos 6/4 no super tie-break depois de 4/6 6/3, foi sábado')
    expect(readBack?.coach_assigned_name).toBe('Leo')
    expect(readBack?.content).toBe(
      `Entendi: derrota por 4/6 6/3 e 4/6 no super tie-break, no sábado ${day}/${month} — confere?`,
    )
    expect(readBack?.suggestions).toEqual([
      'Confere',
      'Corrigir o placar',
      'Corrigir a data',
      'Foi vitória',
    ])
    // Nothing is the game's until the player confirms it.
    expect(await gameOfVideo()).toEqual({ date: null, outcome: null, score: null })

    expect((await said('Corrigir o placar'))?.content).toMatch(/^Qual foi o placar\?/)
    expect((await said('4/6 6/3 4/10'))?.content).toBe(
      `Entendi: derrota por 4/6 6/3 e 4/10 no super tie-break, no sábado ${day}/${month} — confere?`,
    )
    expect((await said('Confere'))?.content).toBe(
      `Anotado: derrota por 4/6 6/3 e 4/10 no super tie-break, no sábado ${day}/${month}. Vou levar isso em conta na análise do vídeo. 📊`,
    )
    expect(await gameOfVideo()).toEqual({
      date: saturday,
      outcome: 'LOST',
      score: '4/6 6/3 [4/10]',
    })
    const { db } = await testDatabase({ reset: false })
    const [row] = await db
      .select({ draft: videos.gameDraft, awaiting: videos.awaitingGameInfo })
      .from(videos)
      .where(eq(videos.id, video_id))
    expect(row).toEqual({ draft: null, awaiting: false })

    // The next message goes to the coaches again.
    expect((await said('E agora, o que treino?'))?.content).not.toMatch(/^(Anotado|Entendi)/)

    // Deleting before the analysis starts still tells the chat.
    const cancel = await app.server.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${video_id}`,
      headers: bearer(tokens.access_token),
    })
    expect(cancel.statusCode).toBe(204)
    expect((await settledHistory(tokens)).at(-1)?.content).toBe('O envio do vídeo foi cancelado.')
  })

  it('leaves a reading unconfirmed when the player talks about something else', async () => {
    const { tokens, userId } = await payingPlayer(app, 'naoconfirma@example.com')
    await withTeam(userId)
    const { video_id } = await uploadWhole(tokens, game)
    await app.server.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${video_id}/identify`,
      headers: bearer(tokens.access_token),
      payload: { player_identifier: 1 },
    })
    // The question about the game is posted through the chat's queue: the player answers it once
    // it is on the screen.
    expect((await settledHistory(tokens)).at(-1)?.content).toMatch(/^Agora me conte a data/)
    await app.services.coaching.userMessage(userId, 'ganhamos 6/3 6/4 ontem')
    expect((await settledHistory(tokens)).at(-1)?.content).toMatch(/^Entendi: vitória/)
    await app.services.coaching.userMessage(userId, 'Como melhoro o meu saque?')
    const history = await settledHistory(tokens)
    expect(history.at(-1)?.content).not.toMatch(/^(Anotado|Entendi)/)
    const { db } = await testDatabase({ reset: false })
    const [row] = await db
      .select({
        score: videos.gameScore,
        draft: videos.gameDraft,
        awaiting: videos.awaitingGameInfo,
      })
      .from(videos)
      .where(eq(videos.id, video_id))
    expect(row).toMatchObject({ score: null, draft: { outcome: 'WON', score: '6/3 6/4' } })
    expect(row?.awaiting).toBe(false)
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
