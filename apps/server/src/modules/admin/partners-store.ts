import { asc, count, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import { partnerAgents, userPartnerAgents } from '../../db/schema'

export type PartnerRow = typeof partnerAgents.$inferSelect

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
}
