import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import { progressGoals, progressNotes } from '../../db/schema'

export type NoteKind = 'report' | 'follow_up' | 'weekly'

/** What the coaches sent unprompted about the player's progress, one row per message. */
export class ProgressStore {
  /**
   * Claims the note `kind`/`key` for the player: true the first time, false when it was already
   * sent (a job run again after a crash, or on another node at once).
   */
  async claimNote(
    db: DbOrTx,
    userId: string,
    kind: NoteKind,
    key: string,
    at: Date,
  ): Promise<boolean> {
    const rows = await db
      .insert(progressNotes)
      .values({ userId, kind, key, sentAt: at })
      .onConflictDoNothing()
      .returning({ key: progressNotes.key })
    return rows.length > 0
  }

  /** How many notes went out to the player since `since` (the day's allowance). */
  async notesSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(progressNotes)
      .where(sql`${progressNotes.userId} = ${userId} AND ${progressNotes.sentAt} >= ${since}`)
    return row?.n ?? 0
  }

  /** The figures the player chose for their goal, or null (the goal's default). */
  async goalFigures(db: DbOrTx, userId: string): Promise<unknown> {
    const [row] = await db
      .select({ figures: progressGoals.figures })
      .from(progressGoals)
      .where(eq(progressGoals.userId, userId))
    return row?.figures ?? null
  }

  async saveGoalFigures(db: DbOrTx, userId: string, figures: string[], at: Date): Promise<void> {
    await db
      .insert(progressGoals)
      .values({ userId, figures, updatedAt: at })
      .onConflictDoUpdate({ target: progressGoals.userId, set: { figures, updatedAt: at } })
  }
}
