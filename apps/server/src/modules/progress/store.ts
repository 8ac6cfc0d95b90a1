import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import { progressGoals, progressNotes, progressPreferences } from './tables'

export type NoteKind = 'report' | 'follow_up' | 'weekly'
export type Outcome = 'done' | 'missed'

export interface Preferences {
  followUps: boolean
  weeklyChat: boolean
  weeklyPush: boolean
  weeklyEmail: boolean
}

/** A player who never touched the switches: the e-mail waits for their yes. */
export const DEFAULT_PREFERENCES: Preferences = {
  followUps: true,
  weeklyChat: true,
  weeklyPush: true,
  weeklyEmail: false,
}

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

  async preferences(db: DbOrTx, userId: string): Promise<Preferences> {
    const [row] = await db
      .select({
        followUps: progressPreferences.followUps,
        weeklyChat: progressPreferences.weeklyChat,
        weeklyPush: progressPreferences.weeklyPush,
        weeklyEmail: progressPreferences.weeklyEmail,
      })
      .from(progressPreferences)
      .where(eq(progressPreferences.userId, userId))
    return row ?? DEFAULT_PREFERENCES
  }

  /** Changes only the switches given; the others keep their stored (or default) value. */
  async savePreferences(
    db: DbOrTx,
    userId: string,
    patch: Partial<Preferences>,
    at: Date,
  ): Promise<void> {
    await db
      .insert(progressPreferences)
      .values({ ...DEFAULT_PREFERENCES, ...patch, userId, updatedAt: at })
      .onConflictDoUpdate({
        target: progressPreferences.userId,
        set: { ...patch, updatedAt: at },
      })
  }

  /** The newest follow-up asked since `since` that has no answer yet, by its planned day. */
  async openFollowUp(db: DbOrTx, userId: string, since: Date): Promise<string | null> {
    const [row] = await db
      .select({ key: progressNotes.key })
      .from(progressNotes)
      .where(
        and(
          eq(progressNotes.userId, userId),
          eq(progressNotes.kind, 'follow_up'),
          isNull(progressNotes.outcome),
          gte(progressNotes.sentAt, since),
        ),
      )
      .orderBy(desc(progressNotes.sentAt))
      .limit(1)
    return row?.key ?? null
  }

  /** The answer to one follow-up; false when it was answered already. */
  async answerFollowUp(db: DbOrTx, userId: string, day: string, outcome: Outcome) {
    const rows = await db
      .update(progressNotes)
      .set({ outcome })
      .where(
        and(
          eq(progressNotes.userId, userId),
          eq(progressNotes.kind, 'follow_up'),
          eq(progressNotes.key, day),
          isNull(progressNotes.outcome),
        ),
      )
      .returning({ key: progressNotes.key })
    return rows.length > 0
  }

  /** The answers to the follow-ups of these planned days (null: asked, not answered). */
  async followUpOutcomes(
    db: DbOrTx,
    userId: string,
    days: string[],
  ): Promise<Map<string, Outcome | null>> {
    if (days.length === 0) return new Map()
    const rows = await db
      .select({ key: progressNotes.key, outcome: progressNotes.outcome })
      .from(progressNotes)
      .where(
        and(
          eq(progressNotes.userId, userId),
          eq(progressNotes.kind, 'follow_up'),
          inArray(progressNotes.key, days),
        ),
      )
    return new Map(rows.map((r) => [r.key, r.outcome]))
  }
}
