import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { MatchTags, ProgressResponse } from '@areia/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analystApi, fixtureResult, seedAnalysed, staff, withTeam } from './helpers/analysis'
import { bearer, createTestApp, type TestApp } from './helpers/app'
import { tagged } from './helpers/progress'
import { payingPlayer } from './helpers/videos'

let app: TestApp
let dataDir: string
let api: ReturnType<typeof analystApi>

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-progress-'))
  app = await createTestApp({ DATA_DIR: dataDir })
  api = analystApi(app, await staff(app, 'analista-evolucao@areia.test', 'ANALYST'))
})
afterAll(async () => {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A match of the player's (track 2) published, its distance and speed as given. */
async function published(
  userId: string,
  game: { date: string; distance: number; speed: number },
  tags: MatchTags | null,
) {
  const result = fixtureResult()
  const me = result.players.find((p) => p.id === 2)!
  me.distanceM.value = game.distance
  me.avgSpeedMps.value = game.speed
  const id = await seedAnalysed(app, dataDir, userId, { gameDate: game.date, result })
  if (tags) {
    const saved = await api.call('PUT', `/videos/${id}/tags`, { revision: 0, tags })
    expect(saved.statusCode).toBe(200)
  }
  expect((await api.player(id, 2)).statusCode).toBe(200)
  expect((await api.publish(id)).statusCode).toBe(204)
  return id
}

const progressOf = (token: string) =>
  app.server.inject({ method: 'GET', url: '/api/v1/progress', headers: bearer(token) })

describe('Minha evolução', () => {
  it('reads every published match from its report and tags, in the order played, gaps as null', async () => {
    const p = await payingPlayer(app, 'evolucao@areia.test')
    await withTeam(p.userId)
    // Published out of order: the newest game first.
    const third = await published(
      p.userId,
      { date: '2026-11-20', distance: 1000, speed: 1.25 },
      tagged([
        [2, 'winner', 'voleio', 2],
        [2, 'winner', 'smash', 2],
        [2, 'unforced_error', 'forehand_fundo', 3],
      ]),
    )
    const first = await published(
      p.userId,
      { date: '2026-11-01', distance: 900, speed: 1.1 },
      tagged([
        [2, 'winner', 'smash', 2],
        [2, 'unforced_error', 'saque', 2],
      ]),
    )
    const second = await published(
      p.userId,
      { date: '2026-11-10', distance: 1100, speed: 1.2 },
      null,
    )

    const res = await progressOf(p.tokens.access_token)
    expect(res.statusCode).toBe(200)
    const { matches } = res.json<ProgressResponse>()
    expect(matches.map((m) => [m.video_id, m.date])).toEqual([
      [first, '2026-11-01'],
      [second, '2026-11-10'],
      [third, '2026-11-20'],
    ])
    const values = (key: keyof (typeof matches)[number]['figures']) =>
      matches.map((m) => m.figures[key]?.value ?? null)
    // Points won: 1 of 2, not measured, 3 of 3.
    expect(matches.map((m) => m.figures.points_won)).toEqual([
      { value: 50, won: 1, of: 2 },
      null,
      { value: 100, won: 3, of: 3 },
    ])
    expect(values('serves_in')).toEqual([50, null, 100])
    expect(values('points_won_on_serve')).toEqual([50, null, 100])
    expect(values('winners')).toEqual([1, null, 2])
    expect(values('unforced_errors')).toEqual([1, null, 0])
    expect(values('smashes_converted')).toEqual([100, null, 100])
    // No ponto de ouro was played: not a zero.
    expect(values('golden_points')).toEqual([null, null, null])
    expect(values('distance_m')).toEqual([900, 1100, 1000])
    expect(values('avg_speed_kmh')).toEqual([4, 4.3, 4.5])
    // The fixture's track 2: 6 s near the net of 11 s tracked.
    expect(values('net_share')).toEqual([55, 55, 55])
    expect(matches[0]!.by_stroke).toEqual({ winners: { smash: 1 }, errors: { saque: 1 } })
    expect(matches[1]!.by_stroke).toBeNull()

    // Another player sees none of it; without a session, nothing.
    const other = await payingPlayer(app, 'evolucao-outro@areia.test')
    expect((await progressOf(other.tokens.access_token)).json()).toEqual({
      matches: [],
      goal: null,
    })
    const anonymous = await app.server.inject({ method: 'GET', url: '/api/v1/progress' })
    expect(anonymous.statusCode).toBe(401)
  })

  it('follows the player’s goal with its figures, which the player can change', async () => {
    const p = await payingPlayer(app, 'evolucao-meta@areia.test')
    const auth = bearer(p.tokens.access_token)
    const profile = await app.server.inject({
      method: 'PUT',
      url: '/api/v1/profile/me',
      headers: auth,
      payload: { goal: 'Subir pra B até o fim do ano', goal_focus: 'SUBIR_CATEGORIA' },
    })
    expect(profile.statusCode).toBe(200)
    const goalOf = async () =>
      (await progressOf(p.tokens.access_token)).json<ProgressResponse>().goal
    expect(await goalOf()).toEqual({
      text: 'Subir pra B até o fim do ano',
      figures: ['unforced_errors', 'points_won_on_serve'],
      chosen: false,
    })

    const choose = (figures: unknown) =>
      app.server.inject({
        method: 'PUT',
        url: '/api/v1/progress/goal',
        headers: auth,
        payload: { figures },
      })
    for (const [bad, detail] of [
      [['winners', 'serves_in', 'distance_m'], 'Escolha no máximo dois números.'],
      [[], 'Escolha pelo menos um número para acompanhar.'],
      [['winners', 'winners'], 'Escolha números diferentes.'],
      [['saques'], 'Opção inválida'],
    ] as const) {
      const res = await choose(bad)
      expect(res.statusCode, JSON.stringify(bad)).toBe(422)
      expect(res.json<{ detail: string }>().detail).toContain(detail)
    }
    expect((await goalOf())?.chosen).toBe(false)

    const chosen = await choose(['serves_in', 'golden_points'])
    expect(chosen.statusCode).toBe(200)
    expect(chosen.json<ProgressResponse>().goal).toEqual({
      text: 'Subir pra B até o fim do ano',
      figures: ['serves_in', 'golden_points'],
      chosen: true,
    })
    expect((await goalOf())?.figures).toEqual(['serves_in', 'golden_points'])
  })

  it('leaves out a match not published yet', async () => {
    const p = await payingPlayer(app, 'evolucao-revisao@areia.test')
    await seedAnalysed(app, dataDir, p.userId, { gameDate: '2026-11-05' })
    expect((await progressOf(p.tokens.access_token)).json()).toEqual({ matches: [], goal: null })
  })
})
