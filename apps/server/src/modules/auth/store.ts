import { and, eq, isNull, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, preparedPerDatabase } from '../../adapters/db'
import { refreshTokens, sessions, users } from '../../db/schema'

export type SessionRow = typeof sessions.$inferSelect

const activeSession = preparedPerDatabase((db: Db) =>
  db
    .select({
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      role: users.role,
      userStatus: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
      ),
    )
    .limit(1)
    .prepare('find_active_session'),
)

export class SessionsStore {
  async createSession(
    db: DbOrTx,
    values: {
      userId: string
      expiresAt: Date
      now: Date
      userAgent: string | null
      ip: string | null
    },
  ): Promise<SessionRow> {
    const [row] = await db
      .insert(sessions)
      .values({
        userId: values.userId,
        expiresAt: values.expiresAt,
        createdAt: values.now,
        lastUsedAt: values.now,
        userAgent: values.userAgent,
        ip: values.ip,
      })
      .returning()
    if (!row) throw new Error('insert into sessions returned nothing')
    return row
  }

  async addRefreshToken(
    db: DbOrTx,
    values: { sessionId: string; tokenHash: Buffer; now: Date; expiresAt: Date },
  ): Promise<void> {
    await db.insert(refreshTokens).values({
      sessionId: values.sessionId,
      tokenHash: values.tokenHash,
      createdAt: values.now,
      expiresAt: values.expiresAt,
    })
  }

  async findRefreshToken(db: DbOrTx, tokenHash: Buffer) {
    const [row] = await db
      .select({
        token: refreshTokens,
        session: sessions,
        role: users.role,
        userStatus: users.status,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1)
    return row
  }

  /** Marks the token used unless someone else did first; returns whether this call won. */
  async markUsed(db: DbOrTx, tokenHash: Buffer, now: Date): Promise<boolean> {
    const rows = await db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ hash: refreshTokens.tokenHash })
    return rows.length === 1
  }

  async touchSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId))
  }

  /**
   * The session behind an access token, with what the request guard needs of its user. It runs
   * on every authenticated request, so the statement is prepared once per database.
   */
  findActiveSession(db: Db, sessionId: string, userId: string) {
    return activeSession(db)
      .execute({ sessionId, userId })
      .then((rows) => rows[0])
  }

  /** When the session's sign-in happened (refreshes keep the session, and this time). */
  async signedInAt(db: DbOrTx, sessionId: string, userId: string): Promise<Date | undefined> {
    const [row] = await db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    return row?.createdAt
  }

  /** Returns the session's user when this call revoked it. */
  async revokeSession(
    db: DbOrTx,
    sessionId: string,
    reason: string,
    now: Date,
  ): Promise<string | undefined> {
    const [row] = await db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ userId: sessions.userId })
    return row?.userId
  }

  async revokeAllForUser(db: DbOrTx, userId: string, reason: string, now: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  }
}
