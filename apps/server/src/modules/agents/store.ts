import { and, asc, eq, ilike, or } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import { partnerAgents, plans, subscriptions, userPartnerAgents, users } from '../../db/schema'

export type PartnerRow = typeof partnerAgents.$inferSelect
export type NewPartnerRow = typeof partnerAgents.$inferInsert
/** What an operator may change of a partner: not its id, slug or creation. */
export type PartnerPatch = Partial<Omit<NewPartnerRow, 'id' | 'slug' | 'createdAt'>>

/** `%` and `_` typed by a player are searched for, not used as wildcards. */
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export class AgentsStore {
  /** Seeding: inserts the partners whose slug is missing; edited rows are never overwritten. */
  async insertMissing(db: DbOrTx, rows: NewPartnerRow[]): Promise<void> {
    if (rows.length === 0) return
    await db.insert(partnerAgents).values(rows).onConflictDoNothing({ target: partnerAgents.slug })
  }

  async nextPosition(db: DbOrTx): Promise<number> {
    const rows = await db.select({ position: partnerAgents.position }).from(partnerAgents)
    return rows.reduce((max, r) => Math.max(max, r.position + 1), 0)
  }

  async insertPartner(db: DbOrTx, values: NewPartnerRow): Promise<PartnerRow> {
    const [row] = await db.insert(partnerAgents).values(values).returning()
    if (!row) throw new Error('insert into partner_agents returned nothing')
    return row
  }

  async updatePartner(db: DbOrTx, id: number, patch: PartnerPatch): Promise<void> {
    await db.update(partnerAgents).set(patch).where(eq(partnerAgents.id, id))
  }

  /** The visible catalogue, filtered by a search over name, area and description. */
  listVisible(
    db: DbOrTx,
    filter: { q?: string | undefined; category?: string | undefined },
  ): Promise<PartnerRow[]> {
    const q = filter.q
    return db
      .select()
      .from(partnerAgents)
      .where(
        and(
          eq(partnerAgents.hidden, false),
          filter.category ? eq(partnerAgents.category, filter.category) : undefined,
          q
            ? or(
                ilike(partnerAgents.name, like(q)),
                ilike(partnerAgents.description, like(q)),
                ilike(partnerAgents.sampleQuestion, like(q)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(partnerAgents.position), asc(partnerAgents.id))
  }

  async findVisible(db: DbOrTx, slug: string): Promise<PartnerRow | undefined> {
    const [row] = await db
      .select()
      .from(partnerAgents)
      .where(and(eq(partnerAgents.slug, slug), eq(partnerAgents.hidden, false)))
    return row
  }

  /** The player's partners, oldest first, visible ones only. */
  async listAdded(db: DbOrTx, userId: string): Promise<PartnerRow[]> {
    const rows = await db
      .select({ partner: partnerAgents })
      .from(userPartnerAgents)
      .innerJoin(partnerAgents, eq(partnerAgents.id, userPartnerAgents.partnerId))
      .where(and(eq(userPartnerAgents.userId, userId), eq(partnerAgents.hidden, false)))
      .orderBy(asc(userPartnerAgents.addedAt), asc(partnerAgents.id))
    return rows.map((r) => r.partner)
  }

  /** Adds unless present; false when it already was. */
  async add(db: DbOrTx, userId: string, partnerId: number, now: Date): Promise<boolean> {
    const rows = await db
      .insert(userPartnerAgents)
      .values({ userId, partnerId, addedAt: now })
      .onConflictDoNothing()
      .returning({ partnerId: userPartnerAgents.partnerId })
    return rows.length > 0
  }

  async remove(db: DbOrTx, userId: string, partnerId: number): Promise<boolean> {
    const rows = await db
      .delete(userPartnerAgents)
      .where(and(eq(userPartnerAgents.userId, userId), eq(userPartnerAgents.partnerId, partnerId)))
      .returning({ partnerId: userPartnerAgents.partnerId })
    return rows.length > 0
  }

  /** Serialises adds of one player, so two taps cannot both pass the plan's limit. */
  async lockUser(db: DbOrTx, userId: string): Promise<void> {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
  }

  /**
   * The plan that sets the player's allowance: their subscription's plan while they pay,
   * otherwise the free plan. Limits are data on the plan rows.
   */
  async allowancePlan(
    db: DbOrTx,
    userId: string,
  ): Promise<{ name: string; limit: number } | undefined> {
    const [paying] = await db
      .select({ name: plans.name, limit: plans.partnerAgentLimit })
      .from(users)
      .innerJoin(subscriptions, eq(subscriptions.userId, users.id))
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(users.id, userId), eq(users.paymentStatus, 'PAYMENT_OK')))
    if (paying) return paying
    const [free] = await db
      .select({ name: plans.name, limit: plans.partnerAgentLimit })
      .from(plans)
      .where(eq(plans.slug, 'free'))
    return free
  }
}
