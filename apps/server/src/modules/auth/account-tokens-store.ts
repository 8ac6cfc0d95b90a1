import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import { accountTokens } from '../../db/schema'

export type AccountTokenPurpose = 'PASSWORD_RESET' | 'EMAIL_CONFIRM'
export type AccountTokenRow = typeof accountTokens.$inferSelect

/**
 * Single-use e-mailed links, by the SHA-256 of their token. An e-mail is queued with a grant (a
 * row without a hash: who, for what, until when); each delivery of it mints a token into a
 * sibling row with the grant's expiry. Spending any of them retires the rest.
 */
export class AccountTokensStore {
  /** A grant for one e-mailed link; its id goes with the e-mail. */
  async grant(
    db: DbOrTx,
    values: {
      userId: string
      purpose: AccountTokenPurpose
      email: string
      now: Date
      expiresAt: Date
    },
  ): Promise<number> {
    const [row] = await db
      .insert(accountTokens)
      .values({
        userId: values.userId,
        purpose: values.purpose,
        tokenHash: null,
        email: values.email,
        createdAt: values.now,
        expiresAt: values.expiresAt,
      })
      .returning({ id: accountTokens.id })
    if (!row) throw new Error('insert into account_tokens returned nothing')
    return row.id
  }

  /**
   * A token of a live grant: a sibling row with the token's hash and the grant's expiry. False
   * when the grant was spent, replaced by a newer one, or expired.
   */
  async mint(db: DbOrTx, grantId: number, tokenHash: Buffer, now: Date): Promise<boolean> {
    const [grant] = await db
      .select()
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.id, grantId),
          isNull(accountTokens.tokenHash),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .for('update')
    if (!grant) return false
    await db.insert(accountTokens).values({
      userId: grant.userId,
      purpose: grant.purpose,
      tokenHash,
      email: grant.email,
      createdAt: now,
      expiresAt: grant.expiresAt,
    })
    return true
  }

  /** Earlier links of this purpose stop working once a new one is sent or one is used. */
  async retire(db: DbOrTx, userId: string, purpose: AccountTokenPurpose, now: Date) {
    await db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
        ),
      )
  }

  /**
   * Spends a live token: marks it used unless someone else did first (compare-and-set), retires
   * every other link of its kind (the other deliveries of the same e-mail included), and returns
   * it; undefined for an unknown, used or expired one.
   */
  async spend(
    db: DbOrTx,
    tokenHash: Buffer,
    purpose: AccountTokenPurpose,
    now: Date,
  ): Promise<AccountTokenRow | undefined> {
    const [row] = await db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          isNotNull(accountTokens.tokenHash),
          eq(accountTokens.tokenHash, tokenHash),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .returning()
    if (row) await this.retire(db, row.userId, purpose, now)
    return row
  }
}
