import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../src/adapters/db'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-maintenance-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const plan = async (database: Awaited<ReturnType<typeof openDatabase>>, userId: string) => {
  const { rows } = await database.rawQuery(
    `EXPLAIN SELECT m.* FROM chat_messages m LEFT JOIN coaches c ON c.id = m.coach_id
     WHERE m.user_id = '${userId}' ORDER BY m.id DESC LIMIT 20`,
  )
  return (rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n')
}

const size = async (database: Awaited<ReturnType<typeof openDatabase>>) => {
  const { rows } = await database.rawQuery(`SELECT pg_relation_size('chat_messages') AS bytes`)
  return Number((rows as Array<{ bytes: string }>)[0]!.bytes)
}

const write = (database: Awaited<ReturnType<typeof openDatabase>>, userId: string, n: number) =>
  database.rawQuery(
    `INSERT INTO chat_messages (user_id, sender_type, content)
     SELECT '${userId}', 'USER', 'mensagem ' || n FROM generate_series(1, ${n}) AS n`,
  )

// PGlite runs no autovacuum: without the adapter's VACUUM (ANALYZE) the planner never learns
// table sizes and deleted rows never free their space.
describe('the embedded database', () => {
  it('vacuums and gathers statistics when it opens: deleted rows make room, long chats use their index', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir })
    const { rows } = await first.rawQuery(
      `INSERT INTO users (email) VALUES ('manutencao@example.com') RETURNING id`,
    )
    const userId = (rows as Array<{ id: string }>)[0]!.id
    await write(first, userId, 4000)
    const full = await size(first)
    await first.rawQuery(
      `DELETE FROM chat_messages WHERE id IN
         (SELECT id FROM chat_messages WHERE user_id = '${userId}' ORDER BY id LIMIT 2000)`,
    )
    await first.close()

    const reopened = await openDatabase({ kind: 'pglite', dataDir })
    try {
      const { rows: stats } = await reopened.rawQuery(
        `SELECT reltuples FROM pg_class WHERE relname = 'chat_messages'`,
      )
      expect(Number((stats as Array<{ reltuples: number }>)[0]!.reltuples)).toBe(2000)
      const chosen = await plan(reopened, userId)
      expect(chosen).toMatch(/Index Scan Backward/)
      expect(chosen).not.toMatch(/Sort|Hash/)
      // The new messages take the deleted ones' place instead of growing the table.
      await write(reopened, userId, 2000)
      expect(await size(reopened)).toBeLessThanOrEqual(full)
    } finally {
      await reopened.close()
    }
  }, 60_000)
})
