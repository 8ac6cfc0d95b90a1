import { and, asc, count, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import { memoryFacts } from '../../db/schema'

export type FactRow = typeof memoryFacts.$inferSelect

export class MemoryStore {
  list(db: DbOrTx, userId: string): Promise<FactRow[]> {
    return db
      .select()
      .from(memoryFacts)
      .where(eq(memoryFacts.userId, userId))
      .orderBy(asc(memoryFacts.createdAt), asc(memoryFacts.id))
  }

  async count(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(memoryFacts)
      .where(eq(memoryFacts.userId, userId))
    return row?.n ?? 0
  }

  async insert(
    db: DbOrTx,
    values: { userId: string; text: string; source: 'PLAYER' | 'CHAT'; now: Date },
  ): Promise<FactRow> {
    const [row] = await db
      .insert(memoryFacts)
      .values({
        userId: values.userId,
        text: values.text,
        source: values.source,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .returning()
    if (!row) throw new Error('insert into memory_facts returned nothing')
    return row
  }

  /** Only the owner's row changes; another player's id finds nothing. */
  async update(
    db: DbOrTx,
    userId: string,
    id: number,
    text: string,
    now: Date,
  ): Promise<FactRow | undefined> {
    const [row] = await db
      .update(memoryFacts)
      .set({ text, source: 'PLAYER', updatedAt: now })
      .where(and(eq(memoryFacts.id, id), eq(memoryFacts.userId, userId)))
      .returning()
    return row
  }

  async delete(db: DbOrTx, userId: string, id: number): Promise<boolean> {
    const rows = await db
      .delete(memoryFacts)
      .where(and(eq(memoryFacts.id, id), eq(memoryFacts.userId, userId)))
      .returning({ id: memoryFacts.id })
    return rows.length > 0
  }
}
