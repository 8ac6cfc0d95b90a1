import { readPlan, reportFollowUp, type TrainingPlan } from '@areia/coach'
import {
  goalFigures,
  ProgressGoalBody,
  type ProgressGoal,
  type ProgressMatch,
  type ProgressPreferences,
  type ProgressPreferencesBody,
  type ProgressResponse,
} from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db, DbOrTx } from '../../adapters/db'
import type { Preferences, ProgressStore } from './store'

/** The chat's lower part: a message of the player's statistical coach, stored then published. */
export interface ProgressChat {
  storeCoachMessage(
    tx: DbOrTx,
    userId: string,
    text: string,
    suggestions?: string[],
  ): Promise<number>
  publishMessage(db: DbOrTx, userId: string, messageId: number): Promise<void>
}

/** The training plan the statistical coach keeps (the coaching module's). */
export interface ProgressPlans {
  get(userId: string): Promise<unknown>
  save(tx: DbOrTx, userId: string, plan: TrainingPlan): Promise<void>
}

export interface ProgressServiceDeps {
  db: Db
  clock: Clock
  store: ProgressStore
  /** Every published match of the player with its figures, oldest first (the analysis port). */
  history: (userId: string) => Promise<ProgressMatch[]>
  chat: ProgressChat
  plans: ProgressPlans
  /** The goal the player told the team (onboarding or Memória) and what it is mostly about. */
  goal: (userId: string) => Promise<{ text: string | null; focus: string | null }>
}

/** The player's figures over their analysed matches, read from the reports each time. */
export class ProgressService {
  constructor(private readonly deps: ProgressServiceDeps) {}

  /** The player's own matches only: the history is found through the session's user. */
  async progress(userId: string): Promise<ProgressResponse> {
    return { matches: await this.deps.history(userId), goal: await this.goal(userId) }
  }

  /** The player's goal with the figures that follow it: theirs, else the goal's default. */
  async goal(userId: string): Promise<ProgressGoal | null> {
    const { text, focus } = await this.deps.goal(userId)
    if (!text?.trim()) return null
    // A stored choice that no longer parses (a figure renamed) falls back to the default.
    const chosen = ProgressGoalBody.shape.figures.safeParse(
      await this.deps.store.goalFigures(this.deps.db, userId),
    )
    return chosen.success
      ? { text: text.trim(), figures: chosen.data, chosen: true }
      : { text: text.trim(), figures: goalFigures(focus), chosen: false }
  }

  /** The player picks which one or two figures follow their goal. */
  async chooseGoalFigures(userId: string, body: ProgressGoalBody): Promise<ProgressResponse> {
    await this.deps.store.saveGoalFigures(this.deps.db, userId, body.figures, this.deps.clock.now())
    return this.progress(userId)
  }

  /** Which unprompted messages the player wants. */
  async preferences(userId: string): Promise<ProgressPreferences> {
    return toWire(await this.deps.store.preferences(this.deps.db, userId))
  }

  /** One tap in Conta: the switches given change, the others stay. */
  async setPreferences(
    userId: string,
    body: ProgressPreferencesBody,
  ): Promise<ProgressPreferences> {
    const patch: Partial<Preferences> = {
      ...(body.follow_ups === undefined ? {} : { followUps: body.follow_ups }),
      ...(body.weekly_chat === undefined ? {} : { weeklyChat: body.weekly_chat }),
      ...(body.weekly_push === undefined ? {} : { weeklyPush: body.weekly_push }),
      ...(body.weekly_email === undefined ? {} : { weeklyEmail: body.weekly_email }),
    }
    await this.deps.store.savePreferences(this.deps.db, userId, patch, this.deps.clock.now())
    return this.preferences(userId)
  }

  /**
   * A report was just published: the statistical coach names the two changes since the match
   * before that matter most and moves the plan's focus where a figure fell. Sent once per report:
   * the note, the plan and the message commit together.
   */
  async afterReport(userId: string, videoId: number): Promise<void> {
    const { db, store, chat, plans, clock } = this.deps
    const matches = await this.deps.history(userId)
    const index = matches.findIndex((m) => m.video_id === videoId)
    // Gone (erased, or the account closed) since the job was queued: nothing to say.
    if (index < 0) return
    const plan = readPlan(await plans.get(userId))
    // Compared with the games played before it, even when it reached the analyst late.
    const followUp = reportFollowUp(matches.slice(0, index + 1), plan?.focus ?? null)
    if (!followUp) return
    const messageId = await db.transaction(async (tx) => {
      if (!(await store.claimNote(tx, userId, 'report', String(videoId), clock.now()))) return null
      if (plan && followUp.focus) await plans.save(tx, userId, { ...plan, focus: followUp.focus })
      return chat.storeCoachMessage(tx, userId, followUp.text)
    })
    if (messageId !== null) await chat.publishMessage(db, userId, messageId)
  }
}

const toWire = (p: Preferences): ProgressPreferences => ({
  follow_ups: p.followUps,
  weekly_chat: p.weeklyChat,
  weekly_push: p.weeklyPush,
  weekly_email: p.weeklyEmail,
})
