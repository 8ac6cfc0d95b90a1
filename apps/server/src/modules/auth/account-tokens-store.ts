import { and, eq, gt, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import { accountTokens } from '../../db/schema'

export type AccountTokenPurpose = 'PASSWORD_RESET' | 'EMAIL_CONFIRM'
export type AccountTokenRow = typeof accountTokens.$inferSelect

/** Single-use e-mailed links, by the SHA-256 of their token. */
export class AccountTokensStore {
  async create(
    db: DbOrTx,
    values: {
      userId: string
      purpose: AccountTokenPurpose
      tokenHash: Buffer
      email: string
      now: Date
      expiresAt: Date
    },
  ): Promise<void> {
    await db.insert(accountTokens).values({
      userId: values.userId,
      purpose: values.purpose,
      tokenHash: values.tokenHash,
      email: values.email,
      createdAt: values.now,
      expiresAt: values.expiresAt,
    })
  }

  /** Earlier links of this purpose stop working once a new one is sent. */
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
   * Spends a live token: marks it used unless someone else did first (compare-and-set), and
   * returns it; undefined for an unknown, used or expired one.
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
          eq(accountTokens.tokenHash, tokenHash),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .returning()
    return row
  }
}
