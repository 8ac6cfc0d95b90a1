import type { MemoryFactKind } from '@areia/contracts'
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import { memoryFacts } from '../../db/schema'

export type FactRow = typeof memoryFacts.$inferSelect

export interface NewFact {
  userId: string
  kind: MemoryFactKind
  key: string | null
  text: string
  fields: Record<string, unknown>
  sentence: string | null
  source: 'PLAYER' | 'CHAT'
  now: Date
}

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

  async insert(db: DbOrTx, values: NewFact): Promise<FactRow> {
    const [row] = await db
      .insert(memoryFacts)
      .values({
        userId: values.userId,
        kind: values.kind,
        key: values.key,
        text: values.text,
        fields: values.fields,
        sentence: values.sentence,
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
    values: {
      text: string
      fields: Record<string, unknown>
      sentence?: string | null
      source: 'PLAYER' | 'CHAT'
      now: Date
    },
  ): Promise<FactRow | undefined> {
    const [row] = await db
      .update(memoryFacts)
      .set({
        text: values.text,
        fields: values.fields,
        ...(values.sentence !== undefined ? { sentence: values.sentence } : {}),
        source: values.source,
        updatedAt: values.now,
      })
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

  async deleteMany(db: DbOrTx, userId: string, ids: number[]): Promise<void> {
    if (ids.length === 0) return
    await db
      .delete(memoryFacts)
      .where(and(eq(memoryFacts.userId, userId), inArray(memoryFacts.id, ids)))
  }
}
