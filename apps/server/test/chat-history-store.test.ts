import { ChatHistoryResponse } from '@areia/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/adapters/db'
import { partnerAgents, users } from '../src/db/schema'
import { toHistoryItem } from '../src/modules/coaching/frames'
import { historyPageJson } from '../src/modules/coaching/history-store'
import { CoachingStore } from '../src/modules/coaching/store'
import { testDatabase } from './helpers/database'

let database: Database
const store = new CoachingStore()

// The worker's shared database: the files after this one use it too, so it is not closed here.
beforeAll(async () => {
  database = await testDatabase()
})

async function player(email: string): Promise<string> {
  const [row] = await database.db.insert(users).values({ email }).returning({ id: users.id })
  return row!.id
}

/** A conversation with every kind of line the history shows. */
async function conversation(userId: string): Promise<void> {
  const db = database.db
  const [tecnica, mental] = await store.insertCoaches(db, userId, [
    { name: 'Rita', archetype: 'TECNICO', persona: { persona: { pronoun: 'ela' } } },
    { name: 'Caio', archetype: 'MENTAL', persona: { persona: { pronoun: 'ele' } } },
  ])
  const slug = `fisio-${userId.slice(0, 8)}`
  const [partner] = await db
    .insert(partnerAgents)
    .values({
      slug,
      name: 'Dra. Lia',
      avatar: '🩺',
      category: 'FISIOTERAPIA',
      description: 'd',
      sampleQuestion: 'q',
      sampleAnswer: 'a',
      knowledge: {},
    })
    .returning({ id: partnerAgents.id })
  const at = (second: number) => new Date(Date.UTC(2026, 11, 7, 10, 0, second, 123))
  await store.insertMessage(db, {
    userId,
    senderType: 'AI',
    senderName: 'Areia',
    content: 'Oi! Qual é o seu nome?',
    suggestions: ['Sou iniciante', 'D\'Ávila "aspas"'],
    now: at(1),
  })
  await store.insertMessage(db, {
    userId,
    senderType: 'USER',
    content: 'Meu saque não entra 😅\nlinha 2',
    clientId: 'device-1',
    now: at(2),
  })
  await store.insertMessage(db, { userId, senderType: 'USER', content: 'sem id', now: at(3) })
  await store.insertMessage(db, {
    userId,
    senderType: 'AI',
    coachId: tecnica!.id,
    content: '**Joelhos** flexionados.',
    actions: [{ type: 'identify_player', label: 'Quem é você no vídeo?', videoId: 12 }],
    now: at(4),
  })
  await store.insertMessage(db, {
    userId,
    senderType: 'AI',
    coachId: mental!.id,
    content: 'Respira.',
    now: at(5),
  })
  await store.insertMessage(db, {
    userId,
    senderType: 'AI',
    partnerId: partner!.id,
    content: 'Alongue o ombro.',
    now: at(6),
  })
  await store.insertMessage(db, { userId, senderType: 'SYSTEM', content: 'Relatório', now: at(7) })
}

describe('the chat history page written by the database', () => {
  it('is, item for item, what the stored messages make on the wire', async () => {
    const userId = await player('pagina@example.com')
    await conversation(userId)
    const stored = await store.listMessages(database.db, userId, { limit: 200 })
    expect(stored).toHaveLength(7)
    const expected = stored.map(toHistoryItem)

    const page = JSON.parse(await historyPageJson(database.db, userId, { limit: 200 })) as unknown
    expect(ChatHistoryResponse.parse(page)).toStrictEqual(expected)
    expect(page).toStrictEqual(expected)
    // The labels agree with each coach, the partner's line carries its card.
    expect(expected.map((m) => m.coach_archetype_name)).toEqual([
      null,
      null,
      null,
      'Técnica',
      'Mental',
      null,
      null,
    ])
    expect(expected[5]!.partner).toEqual({
      slug: `fisio-${userId.slice(0, 8)}`,
      avatar: '🩺',
      category_label: 'Fisioterapia',
    })
    expect(expected[5]!.coach_id).toBe(`partner:fisio-${userId.slice(0, 8)}`)
    expect(expected[1]!.client_id).toBe('device-1')
    expect(expected[2]).not.toHaveProperty('client_id')
  })

  it('pages by keyset: the latest `limit`, or the first `limit` after a cursor, oldest first', async () => {
    const userId = await player('cursor@example.com')
    const other = await player('outro-cursor@example.com')
    await conversation(userId)
    await conversation(other)
    const all = (await store.listMessages(database.db, userId, { limit: 200 })).map((m) => m.id)
    const ids = async (opts: { after?: number; limit: number }) =>
      (JSON.parse(await historyPageJson(database.db, userId, opts)) as Array<{ id: number }>).map(
        (m) => m.id,
      )
    expect(await ids({ limit: 3 })).toEqual(all.slice(-3))
    expect(await ids({ after: all[1]!, limit: 2 })).toEqual(all.slice(2, 4))
    expect(await ids({ after: all.at(-1)!, limit: 5 })).toEqual([])
    expect(
      await historyPageJson(database.db, await player('vazio@example.com'), { limit: 5 }),
    ).toBe('[]')
  })
})
