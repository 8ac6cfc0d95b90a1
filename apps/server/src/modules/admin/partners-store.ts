import { asc, count, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import { partnerAgents, userPartnerAgents } from '../../db/schema'

export type PartnerRow = typeof partnerAgents.$inferSelect
export type PartnerInsert = typeof partnerAgents.$inferInsert
export type PartnerPatch = Partial<Omit<PartnerInsert, 'id' | 'slug' | 'createdAt'>>

/** The Agent Store catalogue as operators see it: hidden partners included. */
export class AdminPartnersStore {
  list(db: DbOrTx) {
    return db
      .select({ partner: partnerAgents, players: count(userPartnerAgents.userId) })
      .from(partnerAgents)
      .leftJoin(userPartnerAgents, eq(userPartnerAgents.partnerId, partnerAgents.id))
      .groupBy(partnerAgents.id)
      .orderBy(asc(partnerAgents.position), asc(partnerAgents.id))
  }

  async find(db: DbOrTx, id: number): Promise<PartnerRow | undefined> {
    const [row] = await db.select().from(partnerAgents).where(eq(partnerAgents.id, id))
    return row
  }

  async nextPosition(db: DbOrTx): Promise<number> {
    const rows = await db.select({ position: partnerAgents.position }).from(partnerAgents)
    return rows.reduce((max, r) => Math.max(max, r.position + 1), 0)
  }

  async insert(db: DbOrTx, values: PartnerInsert): Promise<PartnerRow> {
    const [row] = await db.insert(partnerAgents).values(values).returning()
    if (!row) throw new Error('insert into partner_agents returned nothing')
    return row
  }

  async update(db: DbOrTx, id: number, patch: PartnerPatch): Promise<void> {
    await db.update(partnerAgents).set(patch).where(eq(partnerAgents.id, id))
  }
}
