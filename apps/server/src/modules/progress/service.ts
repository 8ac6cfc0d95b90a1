import { readPlan, reportFollowUp, type TrainingPlan } from '@areia/coach'
import type { ProgressMatch, ProgressResponse } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db, DbOrTx } from '../../adapters/db'
import type { ProgressStore } from './store'

/** The chat's lower part: a message of the player's statistical coach, stored then published. */
export interface ProgressChat {
  storeCoachMessage(tx: DbOrTx, userId: string, text: string): Promise<number>
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
}

/** The player's figures over their analysed matches, read from the reports each time. */
export class ProgressService {
  constructor(private readonly deps: ProgressServiceDeps) {}

  /** The player's own matches only: the history is found through the session's user. */
  async progress(userId: string): Promise<ProgressResponse> {
    return { matches: await this.deps.history(userId) }
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
