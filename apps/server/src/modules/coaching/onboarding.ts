import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import type { UsersService } from '../users/service'
import type { CoachEngine, EngineMessage, PlayerProfile } from './engine'
import type { CoachingStore } from './store'

/** What the dialogue needs of the conversation around it. */
export interface OnboardingVoice {
  /** The host's messages, typed, stored and published in order. */
  host(userId: string, messages: EngineMessage[]): Promise<void>
  /** Tells the player's sockets the team exists (`onboarding_completed`). */
  completed(userId: string): Promise<void>
  profile(userId: string): Promise<PlayerProfile>
}

/**
 * Onboarding, the host's dialogue before the player has a team. The caller runs it one turn of
 * the player's at a time. A turn saves the next step, then the host speaks: a process that
 * stops in between is recovered by {@link rerun} (its turn run again) or {@link resume}.
 */
export class OnboardingDialogue {
  constructor(
    private readonly db: Db,
    private readonly store: CoachingStore,
    private readonly users: UsersService,
    private readonly engine: CoachEngine,
    private readonly clock: Clock,
    private readonly voice: OnboardingVoice,
  ) {}

  async begin(userId: string): Promise<void> {
    const { state, messages } = this.engine.startOnboarding()
    await this.store.saveOnboardingState(this.db, userId, state, this.clock.now())
    await this.voice.host(userId, messages)
  }

  async answer(userId: string, text: string): Promise<void> {
    let state = (await this.store.getOnboardingState(this.db, userId))?.state
    if (state === undefined) {
      state = this.engine.startOnboarding().state
      await this.users.transitionOnboarding(userId, ['NOT_STARTED'], 'IN_PROGRESS')
    }
    const step = this.engine.answerOnboarding(state, text, this.clock.now())
    // The profile first: cut off between the two, the answer is read again (the same patch).
    if (Object.keys(step.profilePatch).length > 0) {
      await this.users.updateProfile(userId, step.profilePatch)
    }
    await this.store.saveOnboardingState(this.db, userId, step.state, this.clock.now())
    await this.voice.host(userId, step.messages)
    if (step.done) await this.complete(userId)
  }

  /**
   * A dialogue that a stopped process cut off mid-turn, when the player comes back: a saved step
   * newer than the last thing said was never asked (it is asked now). An answer newer than the
   * saved step is left alone: its own turn reads it, or it is too old to read.
   */
  async resume(userId: string): Promise<void> {
    const saved = await this.store.getOnboardingState(this.db, userId)
    const [last] = await this.store.listMessages(this.db, userId, { limit: 1 })
    const unread = last?.senderType === 'USER' && (!saved || last.createdAt > saved.updatedAt)
    if (unread) return
    if (!saved) {
      if (!last) await this.begin(userId)
      return
    }
    const owed = this.engine.resumeOnboarding(saved.state)
    if (!last || last.senderType === 'USER') await this.voice.host(userId, owed.messages)
    // The closing was said, but the team was never made.
    if (owed.done) await this.complete(userId)
  }

  /**
   * The turn of this answer started before and was cut off. Not yet in the saved step, it is
   * read now; in it, what the host owed next is said, unless the host has spoken since.
   */
  async rerun(
    userId: string,
    message: { id: number; content: string; createdAt: Date },
  ): Promise<void> {
    const saved = await this.store.getOnboardingState(this.db, userId)
    if (!saved || message.createdAt > saved.updatedAt) return this.answer(userId, message.content)
    const [next] = await this.store.listMessages(this.db, userId, { after: message.id, limit: 1 })
    const owed = this.engine.resumeOnboarding(saved.state)
    if (!next || next.senderType === 'USER') await this.voice.host(userId, owed.messages)
    if (owed.done) await this.complete(userId)
  }

  private async complete(userId: string): Promise<void> {
    const profile = await this.voice.profile(userId)
    const avoid = await this.store.coachNamesInUse(this.db, 300)
    await this.db.transaction(async (tx) => {
      if ((await this.store.listCoaches(tx, userId)).length === 0) {
        await this.store.insertCoaches(tx, userId, this.engine.createTeam(profile, avoid))
      }
      await this.users.transitionOnboarding(
        userId,
        ['IN_PROGRESS', 'NOT_STARTED'],
        'INTRODUCTION_PENDING',
        tx,
      )
    })
    await this.voice.completed(userId)
  }
}
