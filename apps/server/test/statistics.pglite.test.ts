import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../src/adapters/db'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-statistics-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const plan = async (database: Awaited<ReturnType<typeof openDatabase>>, userId: string) => {
  const { rows } = await database.rawQuery(
    `EXPLAIN SELECT m.* FROM chat_messages m LEFT JOIN coaches c ON c.id = m.coach_id
     WHERE m.user_id = '${userId}' ORDER BY m.id DESC LIMIT 20`,
  )
  return (rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n')
}

// PGlite runs no autovacuum: without the adapter's ANALYZE the planner never learns table sizes.
describe('the embedded database', () => {
  it('gathers planner statistics when it opens, so a long conversation is read by its index', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir })
    const { rows } = await first.rawQuery(
      `INSERT INTO users (email) VALUES ('estatisticas@example.com') RETURNING id`,
    )
    const userId = (rows as Array<{ id: string }>)[0]!.id
    await first.rawQuery(
      `INSERT INTO chat_messages (user_id, sender_type, content)
       SELECT '${userId}', 'USER', 'mensagem ' || n FROM generate_series(1, 3000) AS n`,
    )
    await first.close()

    const reopened = await openDatabase({ kind: 'pglite', dataDir })
    try {
      const { rows: stats } = await reopened.rawQuery(
        `SELECT reltuples FROM pg_class WHERE relname = 'chat_messages'`,
      )
      expect(Number((stats as Array<{ reltuples: number }>)[0]!.reltuples)).toBe(3000)
      const chosen = await plan(reopened, userId)
      expect(chosen).toMatch(/Index Scan Backward/)
      expect(chosen).not.toMatch(/Sort|Hash/)
    } finally {
      await reopened.close()
    }
  }, 60_000)
})
