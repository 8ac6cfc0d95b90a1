import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { OnboardingStatus, PaymentStatus, Role } from '@areia/contracts'
import { type Db, type DbOrTx, preparedPerDatabase } from '../../adapters/db'
import { profiles, users } from '../../db/schema'

export type UserRow = typeof users.$inferSelect
export type ProfileRow = typeof profiles.$inferSelect
export type ProfilePatch = Partial<Omit<typeof profiles.$inferInsert, 'userId' | 'updatedAt'>>

const withProfile = preparedPerDatabase((db: Db) =>
  db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_user_with_profile'),
)

export class UsersStore {
  async insert(
    db: DbOrTx,
    email: string,
    passwordHash: string | null,
    emailVerifiedAt: Date | null = null,
  ): Promise<UserRow> {
    const [row] = await db
      .insert(users)
      .values({ email, passwordHash, emailVerifiedAt })
      .returning()
    if (!row) throw new Error('insert into users returned nothing')
    await db.insert(profiles).values({ userId: row.id })
    return row
  }

  async findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1)
    return row
  }

  async findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
    return row
  }

  /** Read on every status request: a prepared statement (not usable inside a transaction). */
  async findWithProfile(
    db: Db,
    id: string,
  ): Promise<{ user: UserRow; profile: ProfileRow | null } | undefined> {
    const [row] = await withProfile(db).execute({ id })
    return row
  }

  async setPasswordHash(db: DbOrTx, id: string, passwordHash: string, now: Date): Promise<void> {
    await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id))
  }

  async setEmail(db: DbOrTx, id: string, email: string, now: Date): Promise<void> {
    await db
      .update(users)
      .set({ email, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, id))
  }

  async setName(db: DbOrTx, id: string, name: string | null, now: Date): Promise<void> {
    await db.update(users).set({ name, updatedAt: now }).where(eq(users.id, id))
  }

  async upsertProfile(db: DbOrTx, userId: string, patch: ProfilePatch, now: Date): Promise<void> {
    await db
      .insert(profiles)
      .values({ userId, ...patch, updatedAt: now })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...patch, updatedAt: now } })
  }

  /** Moves the onboarding status only from one of `from`; returns whether this call moved it. */
  async transitionOnboarding(
    db: DbOrTx,
    id: string,
    from: OnboardingStatus[],
    to: OnboardingStatus,
    now: Date,
  ): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ onboardingStatus: to, updatedAt: now })
      .where(and(eq(users.id, id), inArray(users.onboardingStatus, from)))
      .returning({ id: users.id })
    return rows.length === 1
  }

  /** A page of the players past onboarding, by id after `afterId` (null: from the start). */
  async completedIds(db: DbOrTx, afterId: string | null, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.onboardingStatus, 'COMPLETED'),
          afterId === null ? undefined : gt(users.id, afterId),
        ),
      )
      .orderBy(asc(users.id))
      .limit(limit)
    return rows.map((r) => r.id)
  }

  async setPaymentStatus(db: DbOrTx, id: string, status: PaymentStatus, now: Date): Promise<void> {
    await db.update(users).set({ paymentStatus: status, updatedAt: now }).where(eq(users.id, id))
  }

  /** Moves the payment status only from `from`; `updated_at` is left as it was. */
  async transitionPaymentStatus(
    db: DbOrTx,
    id: string,
    from: PaymentStatus,
    to: PaymentStatus,
  ): Promise<void> {
    await db
      .update(users)
      .set({ paymentStatus: to })
      .where(and(eq(users.id, id), eq(users.paymentStatus, from)))
  }

  async setRole(db: DbOrTx, id: string, role: Role, now: Date): Promise<void> {
    await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, id))
  }

  async delete(db: DbOrTx, id: string): Promise<boolean> {
    const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id })
    return deleted.length > 0
  }
}
