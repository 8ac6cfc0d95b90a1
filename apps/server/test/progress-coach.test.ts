import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { readPlan, type TrainingPlan } from '@areia/coach'
import {
  changesAt,
  formatProgressDelta,
  formatProgressValue,
  type DataExport,
  type MatchTags,
  type ProgressResponse,
} from '@areia/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { progressNotes } from '../src/db/schema'
import { CoachingStore } from '../src/modules/coaching/store'
import {
  analystApi,
  fixtureResult,
  seedAnalysed,
  staff,
  statisticianPosts,
  withTeam,
} from './helpers/analysis'
import { bearer, createTestApp, deleteAccount, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { tagged } from './helpers/progress'
import { payingPlayer } from './helpers/videos'
import { waitUntil } from './helpers/wait'

let app: TestApp
let dataDir: string
let api: ReturnType<typeof analystApi>

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-progress-coach-'))
  app = await createTestApp({ DATA_DIR: dataDir })
  api = analystApi(app, await staff(app, 'analista-evolucao-coach@areia.test', 'ANALYST'))
})
afterAll(async () => {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const store = new CoachingStore()
const db = async () => (await testDatabase({ reset: false })).db

/** A week the player asked for earlier: volleys first. */
const PLAN: TrainingPlan = {
  version: 1,
  created_at: '2026-11-01T12:00:00.000Z',
  focus: ['voleio'],
  sessions: [{ day: 'terca', kind: 'treino', minutes: 60, items: ['Voleio na parede: 3 séries'] }],
  tournament: null,
  adjusted: null,
  cautions: [],
}

async function publish(userId: string, date: string, tags: MatchTags) {
  const id = await seedAnalysed(app, dataDir, userId, { gameDate: date, result: fixtureResult() })
  expect((await api.call('PUT', `/videos/${id}/tags`, { revision: 0, tags })).statusCode).toBe(200)
  expect((await api.player(id, 2)).statusCode).toBe(200)
  expect((await api.publish(id)).statusCode).toBe(204)
  return id
}

/** The statistical coach's messages that are not a report (the report carries its page's link). */
async function comparisons(userId: string) {
  const { leo, messages } = await statisticianPosts(userId)
  return messages
    .filter((m) => m.coachId === leo?.id && m.content.startsWith('Comparei este jogo'))
    .map((m) => m.content)
}

describe('the statistical coach after a new report', () => {
  it('names the two largest changes with their figures and moves the plan’s focus, once', async () => {
    const p = await payingPlayer(app, 'evolucao-coach@areia.test')
    await withTeam(p.userId)
    await store.saveTrainingPlan(await db(), p.userId, PLAN, app.clock.now())

    // A first report has nothing before it to compare with.
    await publish(
      p.userId,
      '2026-11-01',
      tagged([
        [2, 'winner', 'voleio', 2],
        [2, 'unforced_error', 'saque', 2],
        [2, 'winner', 'smash', 2],
      ]),
    )
    await publish(
      p.userId,
      '2026-11-08',
      tagged([
        [2, 'winner', 'voleio', 2],
        [2, 'winner', 'smash', 2],
        [2, 'unforced_error', 'voleio', 2],
      ]),
    )
    await publish(
      p.userId,
      '2026-11-15',
      tagged([
        [2, 'winner', 'voleio', 2],
        [2, 'winner', 'smash', 2],
        [2, 'unforced_error', 'forehand_fundo', 3],
      ]),
    )
    await waitUntil(async () => (await comparisons(p.userId)).length === 2)

    // The fourth: two serves out, no error of the rivals.
    const fourth = await publish(
      p.userId,
      '2026-11-22',
      tagged([
        [2, 'unforced_error', 'saque', 2],
        [2, 'unforced_error', 'saque', 2],
        [2, 'winner', 'smash', 2],
      ]),
    )
    await waitUntil(async () => (await comparisons(p.userId)).length === 3)
    const message = (await comparisons(p.userId)).at(-1)!
    expect(message).toBe(
      [
        'Comparei este jogo com o anterior. As duas mudanças que mais pesaram:',
        '',
        '- **Erros não forçados**: 0 no jogo de 15/11 → 2 agora (+2).',
        '- **Pontos ganhos**: 100% (3 de 3) no jogo de 15/11 → 33% (1 de 3) agora (−67 p.p.).',
        '',
        'Ajustei o foco do seu plano de treino: o **saque** vem primeiro agora, porque os erros não forçados subiram de 0 para 2 e o golpe com mais erros neste jogo foi o saque (2).',
      ].join('\n'),
    )

    // No invented figure: every number in the message is one of the two matches' own figures,
    // their counts, their changes, or the previous match's date.
    const { matches } = (
      await app.server.inject({
        method: 'GET',
        url: '/api/v1/progress',
        headers: bearer(p.tokens.access_token),
      })
    ).json<ProgressResponse>()
    const [before, last] = matches.slice(-2)
    const numbers = (text: string) => text.match(/\d+(?:[.,]\d+)?/g) ?? []
    const known = new Set<string>(['15', '11'])
    for (const m of [before!, last!]) {
      for (const [key, v] of Object.entries(m.figures)) {
        if (!v) continue
        for (const n of numbers(formatProgressValue(key as keyof typeof m.figures, v.value)))
          known.add(n)
        if (v.won !== null) known.add(String(v.won))
        if (v.of !== null) known.add(String(v.of))
      }
      for (const count of Object.values(m.by_stroke?.errors ?? {})) known.add(String(count))
    }
    for (const c of changesAt(matches, matches.length - 1)) {
      if (c.delta !== null)
        for (const n of numbers(formatProgressDelta(c.key, c.delta))) known.add(n)
    }
    for (const figure of numbers(message)) {
      expect(known, `"${figure}" in the message`).toContain(figure)
    }

    // The plan's focus moved to the serve, the rest of the plan kept.
    const plan = readPlan(await store.trainingPlan(await db(), p.userId))
    expect(plan).toEqual({ ...PLAN, focus: ['saque', 'voleio'] })

    // Run again (a retried job, two nodes): nothing is sent twice, the plan stays.
    await app.services.progress.afterReport(p.userId, fourth)
    await app.services.progress.afterReport(p.userId, fourth)
    expect(await comparisons(p.userId)).toHaveLength(3)
    expect(readPlan(await store.trainingPlan(await db(), p.userId))?.focus).toEqual([
      'saque',
      'voleio',
    ])
  })

  it('puts the figures and the notes in the data export, and erases the notes with the account', async () => {
    const p = await payingPlayer(app, 'evolucao-coach-dados@areia.test')
    await withTeam(p.userId)
    await publish(p.userId, '2026-11-01', tagged([[2, 'winner', 'smash', 2]]))
    const second = await publish(
      p.userId,
      '2026-11-08',
      tagged([[2, 'unforced_error', 'saque', 2]]),
    )
    await app.services.progress.afterReport(p.userId, second)
    const auth = bearer(p.tokens.access_token)
    const { matches } = (
      await app.server.inject({ method: 'GET', url: '/api/v1/progress', headers: auth })
    ).json<ProgressResponse>()
    const doc = (
      await app.server.inject({ method: 'GET', url: '/api/v1/users/me/export', headers: auth })
    ).json<DataExport>()
    expect(doc.progress).toEqual({
      matches,
      notes: [
        {
          kind: 'report',
          key: String(second),
          sent_at: expect.any(String) as string,
          outcome: null,
        },
      ],
      goal_figures: null,
      preferences: null,
    })
    expect(matches).toHaveLength(2)

    expect((await deleteAccount(app, p.tokens.access_token)).statusCode).toBe(204)
    const left = await (
      await db()
    )
      .select()
      .from(progressNotes)
      .where(eq(progressNotes.userId, p.userId))
    expect(left).toEqual([])
  })

  it('says nothing after a first report, and leaves a player without a plan without one', async () => {
    const p = await payingPlayer(app, 'evolucao-coach-sem-plano@areia.test')
    await withTeam(p.userId)
    const first = await publish(p.userId, '2026-11-01', tagged([[2, 'winner', 'smash', 2]]))
    await app.services.progress.afterReport(p.userId, first)
    expect(await comparisons(p.userId)).toEqual([])
    const second = await publish(
      p.userId,
      '2026-11-08',
      tagged([[2, 'unforced_error', 'saque', 2]]),
    )
    await app.services.progress.afterReport(p.userId, second)
    const [message] = await comparisons(p.userId)
    expect(message).toContain(
      'Se quiser um plano de treino, é só pedir: eu começaria pelo **saque**',
    )
    expect(await store.trainingPlan(await db(), p.userId)).toBeNull()
  })
})
