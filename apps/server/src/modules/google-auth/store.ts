import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import { oauthStates, userIdentities } from '../../db/schema'

export class GoogleAuthStore {
  async saveState(
    db: DbOrTx,
    values: {
      state: string
      nonce: string
      codeVerifier: string
      redirectUri: string
      now: Date
      expiresAt: Date
    },
  ): Promise<void> {
    const { now, ...rest } = values
    await db.insert(oauthStates).values({ ...rest, createdAt: now })
  }

  /** Marks the state used and returns it, only if it is fresh, unused and for this redirect URI. */
  async consumeState(db: DbOrTx, state: string, redirectUri: string, now: Date) {
    const [row] = await db
      .update(oauthStates)
      .set({ usedAt: now })
      .where(
        and(
          eq(oauthStates.state, state),
          eq(oauthStates.redirectUri, redirectUri),
          isNull(oauthStates.usedAt),
          gt(oauthStates.expiresAt, now),
        ),
      )
      .returning({ nonce: oauthStates.nonce, codeVerifier: oauthStates.codeVerifier })
    return row
  }

  async pruneStates(db: DbOrTx, before: Date): Promise<void> {
    await db.delete(oauthStates).where(lt(oauthStates.expiresAt, before))
  }

  async findUserId(db: DbOrTx, provider: string, subject: string): Promise<string | undefined> {
    const [row] = await db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    return row?.userId
  }

  async link(
    db: DbOrTx,
    values: { provider: string; subject: string; userId: string; email: string },
  ): Promise<void> {
    await db.insert(userIdentities).values(values).onConflictDoNothing()
  }
}
