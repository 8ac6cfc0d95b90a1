import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { IdentificationFrame, TokenPair } from '@areia/contracts'
import type { AnalysisResult } from '@areia/vision'
import { renderMatch } from '@areia/vision/synth'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { videos } from '../src/db/schema'
import { AnalysisRunner } from '../src/modules/analysis/runner'
import { nearestTrack } from '../src/modules/analysis/views'
import type { PeopleFinder, StillPeople } from '../src/modules/videos/identification'
import { frameTimeOf, numberPlayers } from '../src/modules/videos/identification'
import { bearer } from './helpers/app'
import { testDatabase } from './helpers/database'
import { withTeam as withCoaches } from './helpers/analysis'
import {
  chatHistory,
  identify,
  payingPlayer,
  until,
  type VideoHarness,
  videoHarness,
} from './helpers/videos'

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }

describe('choosing the players in a picture', () => {
  it('keeps the four surest, largest people nearest the middle and numbers them left to right', () => {
    const person = (x: number, h: number, score: number) => ({ x, y: 300, w: h / 3, h, score })
    const players = numberPlayers({
      width: 1280,
      height: 720,
      people: [
        person(700, 150, 0.5),
        person(80, 130, 0.6), // at the edge: a spectator, more likely
        person(360, 170, 0.8),
        person(460, 120, 0.6),
        person(670, 140, 0.5),
        person(900, 20, 0.9), // too small to be a player
      ],
    })
    expect(players.map((p) => p.number)).toEqual([1, 2, 3, 4])
    expect(players.map((p) => Math.round(p.box.x * 1280))).toEqual([360, 460, 670, 700])
    expect(players[0]!.box).toEqual({ x: 0.2813, y: 0.4167, w: 0.0443, h: 0.2361 })
  })

  it('with the court found, numbers only the people on it: near pair first, left to right', () => {
    const person = (x: number, y: number, h: number, score: number) => ({
      x,
      y,
      w: h / 3,
      h,
      score,
    })
    const players = numberPlayers({
      width: 1280,
      height: 720,
      people: [
        person(680, 240, 150, 0.8), // near right
        person(520, 190, 170, 0.7), // near left
        person(110, 170, 130, 0.9), // a line judge beside the court: surest, and no player
        person(760, 110, 100, 0.6), // far right
        person(550, 120, 95, 0.6), // far left
        person(600, 330, 60, 0.9), // a ball kid crouched at the net post
      ],
      court: [{ x: 5, y: 3 }, { x: 3, y: 5 }, null, { x: 7, y: 15 }, { x: 2, y: 15 }, null],
    })
    expect(players.map((p) => Math.round(p.box.x * 1280))).toEqual([520, 680, 550, 760])
    expect(players.map((p) => p.number)).toEqual([1, 2, 3, 4])
  })

  it('takes the picture some seconds in, never past the end', () => {
    expect(frameTimeOf(31)).toBe(6.2)
    expect(frameTimeOf(3 * 3600)).toBe(30)
    expect(frameTimeOf(0.8)).toBe(0.4)
  })
})

/** A generated match (four real people on a drawn court), rendered once for the suite. */
let matchBytes: Buffer
let runner: AnalysisRunner
let h: VideoHarness
const matchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-ident-'))

let standIn: PeopleFinder | null = null

beforeAll(async () => {
  const file = path.join(matchDir, 'jogo.mp4')
  await renderMatch(file, {
    width: 1280,
    height: 720,
    fps: 12,
    durationSec: 31,
    corners: [
      { x: 173, y: 693 },
      { x: 1107, y: 693 },
      { x: 880, y: 253 },
      { x: 400, y: 253 },
    ],
    rallies: [
      [3, 12],
      [16, 26],
    ],
  })
  matchBytes = fs.readFileSync(file)
  // The production finder: the analysis children's person detector, on the real picture.
  runner = new AnalysisRunner(1, quiet)
  // A test may put its own finder in for a while: one app, so one worker takes every picture job
  // (on PostgreSQL a second app's worker would take jobs whose files it does not have).
  const finder: PeopleFinder = {
    find: (jpeg, signal, at) =>
      standIn
        ? standIn.find(jpeg, signal, at)
        : runner.run<StillPeople>({ op: 'still', file: jpeg }, { signal }),
  }
  h = await videoHarness({ VIDEO_MAX_BYTES: String(64 * 1024 * 1024) }, { peopleFinder: finder })
}, 180_000)

afterAll(async () => {
  await h?.app.close()
  await runner?.close()
  fs.rmSync(matchDir, { recursive: true, force: true })
})

async function withTeam(userId: string, gender: 'FEMALE' | null) {
  await withCoaches(userId)
  if (gender) await h.app.services.users.updateProfile(userId, { gender })
}

const view = (tokens: TokenPair, id: number) =>
  h.app.server.inject({
    method: 'GET',
    url: `/api/v1/videos/${id}/identification`,
    headers: bearer(tokens.access_token),
  })

describe('the identification picture', () => {
  it(
    'numbers the generated match players on a real frame; a tap is stored apart from the chips',
    { timeout: 240_000 },
    async () => {
      const { app } = h
      const { tokens, userId } = await payingPlayer(app, 'ident-foto@example.com')
      await withTeam(userId, 'FEMALE')
      const { video_id } = await h.uploadWhole(tokens, matchBytes)
      const ready = await until(async () => {
        const res = await view(tokens, video_id)
        const body = res.json<IdentificationFrame>()
        return body.status === 'pending' ? undefined : body
      }, 200_000)
      expect(ready.status).toBe('ready')
      expect(ready.players.length).toBeGreaterThanOrEqual(2)
      expect(ready.players.length).toBeLessThanOrEqual(4)
      const xs = ready.players.map((p) => p.box.x)
      expect([...xs].sort((a, b) => a - b)).toEqual(xs)
      for (const p of ready.players) {
        expect(p.box.x + p.box.w).toBeLessThanOrEqual(1)
        expect(p.box.h).toBeGreaterThan(0.1)
      }

      // The picture: a JPEG through its signed URL; tampered, refused.
      const frame = await app.server.inject({ method: 'GET', url: ready.frame_url! })
      expect(frame.statusCode).toBe(200)
      expect(frame.headers['content-type']).toBe('image/jpeg')
      expect(frame.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
      const forged = ready.frame_url!.replace(`/videos/${video_id}/`, `/videos/${video_id + 1}/`)
      expect((await app.server.inject({ method: 'GET', url: forged })).statusCode).toBe(403)

      // Another player's video does not exist for them.
      const other = await payingPlayer(app, 'ident-outro@example.com')
      expect((await view(other.tokens, video_id)).statusCode).toBe(404)
      const picked = ready.players[1]!
      const stolen = { player_identifier: picked.number, picked_box: picked.box }
      expect((await identify(app, other.tokens, video_id, stolen)).statusCode).toBe(404)

      // While the question waits, the player talks to the coaches: they answer, it stays.
      await app.services.coaching.userMessage(userId, 'Como melhorar meu saque?')
      const talk = await until(async () => {
        const chat = await chatHistory(app, tokens)
        const i = chat.findIndex((m) => m.content === 'Como melhorar meu saque?')
        return i >= 0 && chat.slice(i + 1).some((m) => m.sender_type === 'AI') ? chat : undefined
      })
      expect(talk.length).toBeGreaterThan(0)
      const awaiting = await app.server.inject({
        method: 'GET',
        url: '/api/v1/videos/awaiting-identification',
        headers: bearer(tokens.access_token),
      })
      expect(awaiting.json<Array<{ id: number }>>().map((v) => v.id)).toEqual([video_id])

      // A box that is not in the picture changes nothing.
      const wrong = { ...picked.box, x: Math.min(0.9, picked.box.x + 0.2) }
      const refused = await identify(app, tokens, video_id, {
        player_identifier: picked.number,
        picked_box: wrong,
      })
      expect(refused.statusCode).toBe(422)
      expect(refused.json<{ detail: string }>().detail).toMatch(/foto/)

      const res = await identify(app, tokens, video_id, stolen)
      expect(res.statusCode).toBe(200)
      const { db } = await testDatabase({ reset: false })
      const [row] = await db.select().from(videos).where(eq(videos.id, video_id))
      expect(row?.status).toBe('QUEUED')
      expect(row?.playerIdentifier).toBeNull()
      expect(row?.playerPick).toEqual({ number: 2, box: picked.box, atSec: 6.2 })
      // The tap is the player's data: it leaves with the data export.
      const exported = await app.server.inject({
        method: 'GET',
        url: '/api/v1/users/me/export',
        headers: bearer(tokens.access_token),
      })
      const sent = exported.json<{ videos: Array<{ id: number; player_pick: unknown }> }>()
      expect(sent.videos.find((v) => v.id === video_id)?.player_pick).toEqual(row?.playerPick)
      const chat = await chatHistory(app, tokens)
      expect(chat.map((m) => m.content)).toContain(
        'Obrigado! Registramos que você é a jogadora 2 da foto.',
      )
    },
  )

  it('a woman who answers with a chip is thanked in the feminine; an answer by place still works', async () => {
    const { app } = h
    const { tokens, userId } = await payingPlayer(app, 'ident-chip@example.com')
    await withTeam(userId, 'FEMALE')
    const { db } = await testDatabase({ reset: false })
    const { video_id } = await h.uploadWhole(tokens, matchBytes)
    // The picture is not needed to answer (nor waited for here).
    const res = await identify(app, tokens, video_id, { player_identifier: '2º jogador' })
    expect(res.statusCode).toBe(200)
    const [row] = await db.select().from(videos).where(eq(videos.id, video_id))
    expect(row?.playerIdentifier).toBe(2)
    expect(row?.playerPick).toBeNull()
    const chat = await chatHistory(app, tokens)
    expect(chat.map((m) => m.content)).toContain('Obrigado! Registramos que você é a 2ª jogadora.')
    // Identified before the picture was made: asking for it does not hang on "pending".
    await until(async () => {
      const body = (await view(tokens, video_id)).json<IdentificationFrame>()
      return body.status === 'pending' ? undefined : body
    }, 200_000)
  }, 240_000)
})

describe('the chips once the picture is shown', () => {
  it('follow its numbers: a chip names that person of the picture', async () => {
    const people = [0, 1, 2, 3].map((i) => ({
      x: 200 + i * 200,
      y: 200,
      w: 60,
      h: 180,
      score: 0.9,
    }))
    const finder: PeopleFinder = {
      find: async () => ({
        width: 1280,
        height: 720,
        people,
        court: people.map((_, i) => ({ x: 2 + i, y: i < 2 ? 3 : 13 })),
      }),
    }
    standIn = finder
    try {
      const { tokens, userId } = await payingPlayer(h.app, 'ident-chip-foto@example.com')
      await withCoaches(userId)
      const { video_id } = await h.uploadWhole(tokens, matchBytes)
      const ready = await until(async () => {
        const body = (
          await h.app.server.inject({
            method: 'GET',
            url: `/api/v1/videos/${video_id}/identification`,
            headers: bearer(tokens.access_token),
          })
        ).json<IdentificationFrame>()
        return body.status === 'ready' ? body : undefined
        // The picture is cut from the video by ffmpeg, which a busy machine makes slow.
      }, 60_000)
      const res = await identify(h.app, tokens, video_id, { player_identifier: '3º jogador' })
      expect(res.statusCode).toBe(200)
      const { db } = await testDatabase({ reset: false })
      const [row] = await db.select().from(videos).where(eq(videos.id, video_id))
      expect(row?.playerIdentifier).toBeNull()
      expect(row?.playerPick).toEqual({
        number: 3,
        box: ready.players.find((p) => p.number === 3)!.box,
        atSec: 6.2,
      })
      const chat = await chatHistory(h.app, tokens)
      expect(chat.map((m) => m.content)).toContain(
        'Obrigado! Registramos que você é o jogador 3 da foto.',
      )
    } finally {
      standIn = null
    }
  }, 120_000)
})

describe('the analyst sees the tapped box next to the tracks', () => {
  it('proposes the track whose box overlaps the tapped one most at that moment', () => {
    const box = (x: number, playerId: number | null) => ({
      x,
      y: 200,
      w: 50,
      h: 150,
      score: 0.8,
      court: null,
      playerId,
    })
    const result = {
      video: { width: 1000, height: 500 },
      detections: [
        { t: 5, frame: 60, boxes: [box(100, 1), box(400, 2)] },
        { t: 6.5, frame: 78, boxes: [box(120, 1), box(600, 3), box(800, null)] },
      ],
    } as unknown as AnalysisResult
    const tapped = { x: 0.6, y: 0.4, w: 0.05, h: 0.3 }
    expect(nearestTrack(result, 6.2, tapped)).toBe(3)
    expect(nearestTrack(result, 6.2, { ...tapped, x: 0.8 })).toBeNull()
    expect(nearestTrack(result, 20, tapped)).toBeNull()
  })
})
