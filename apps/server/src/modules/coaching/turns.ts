import type { AnalysisFacts, JobPayload, MatchStatus, Plan } from '@areia/contracts'
import { HISTORY_FOR_ENGINE, type RememberedFact } from '@areia/coach'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import type { JobMeta, JobQueue, QueuePolicy } from '../../adapters/queue'
import type { UsersService } from '../users/service'
import type { CoachEngine, PlayerProfile, TeamMember } from './engine'
import { partnerSender } from './frames'
import type { OnboardingDialogue } from './onboarding'
import type { CoachingStore, CoachRow, TurnContext } from './store'
import { type ChatVoice, type ConversationPartner, HOST_SENDER, type PostedMessage } from './voice'

/**
 * How old a player's message may be and still get its reply: one owed by a worker that died long
 * ago would answer a conversation that has moved on.
 */
const REPLY_WINDOW_MS = 15 * 60_000
/** A turn that finds the player's conversation held by another worker comes back this much later. */
export const BUSY_RETRY_MS = 300

export type Turn = JobPayload<'chat.reply'>

/** The queue of conversation turns: quick retries, and an attempt lasts as long as a turn may. */
export function chatPolicies(turnTimeoutSeconds: number): { 'chat.reply': QueuePolicy } {
  return {
    'chat.reply': {
      retryLimit: 5,
      retryDelaySeconds: 1,
      expireInSeconds: turnTimeoutSeconds,
    },
  }
}

/**
 * What the group chat needs from the Agent Store and the memory (built before the replies on the
 * lower part of the conversation, so neither module owns the other).
 */
export interface GroupChat {
  /** The partners the player added, within the plan's allowance, not hidden. */
  partners(userId: string): Promise<ConversationPartner[]>
  /** The facts the team remembers, as the player left them on the memory screen. */
  memory(userId: string): Promise<RememberedFact[]>
  /** Keeps what a player's message says worth remembering (partner, racket, dates, pains…). */
  noteFacts(userId: string, text: string): Promise<void>
}

/**
 * What the analysis module tells the coaches of a player's games: the newest published figures
 * (null: none) and the recent matches with where each analysis stands.
 */
export type PlayerGamesProvider = (userId: string) => Promise<{
  latest: AnalysisFacts | null
  /** Published analyses, newest first (the first is `latest`). */
  published?: AnalysisFacts[]
  matches: MatchStatus[]
}>

/** What the product sells, as it is on sale now: the coaches answer prices from it. */
export type ProductsProvider = (userId: string) => Promise<Plan[]>

/**
 * Asked before the coaches answer a player's message: a module that was waiting for this
 * message (the date and result of a game) consumes it and says what to answer instead.
 */
export type MessageHook = (userId: string, text: string) => Promise<PostedMessage[] | null>

export const toMember = (
  c: Pick<CoachRow, 'id' | 'name' | 'archetype' | 'persona'>,
): TeamMember => ({
  id: c.id,
  name: c.name,
  archetype: c.archetype,
  persona: c.persona,
})

/** Until when a turn starting now may hold the player's conversation. */
export function holdUntil(clock: Clock, turnTimeoutSeconds: number): Date {
  return new Date(clock.now().getTime() + turnTimeoutSeconds * 1000)
}

/** What the replies ask of the modules around the conversation. */
export interface ConversationHooks {
  messageHook?: MessageHook
  group?: GroupChat
  playerGames?: PlayerGamesProvider
  plans?: ProductsProvider
  /** The player opened the chat, past onboarding: a coach may ask something unprompted. */
  chatOpened?: (userId: string) => Promise<void>
}

export interface TurnsDeps {
  db: Db
  store: CoachingStore
  users: UsersService
  engine: CoachEngine
  queue: JobQueue
  clock: Clock
  voice: ChatVoice
  onboarding: OnboardingDialogue
  hooks: ConversationHooks
  turnTimeoutSeconds: number
  onError: (err: unknown, userId: string) => void
}

/**
 * The turns of the players' conversations, as the worker runs them: whichever worker takes a
 * player's job holds that player's conversation (one worker at a time, across nodes) and answers
 * every message still owed, oldest first.
 */
export class ConversationTurns {
  private stopping = false
  private readonly db: Db
  private readonly store: CoachingStore
  private readonly users: UsersService
  private readonly engine: CoachEngine
  private readonly clock: Clock
  private readonly voice: ChatVoice
  private readonly onboarding: OnboardingDialogue
  private readonly hooks: ConversationHooks

  constructor(private readonly deps: TurnsDeps) {
    ;({
      db: this.db,
      store: this.store,
      users: this.users,
      engine: this.engine,
      clock: this.clock,
      voice: this.voice,
      onboarding: this.onboarding,
      hooks: this.hooks,
    } = deps)
  }

  /** No further turn starts in this process (shutdown); the ones owed stay queued. */
  stop(): void {
    this.stopping = true
  }

  /** Until when a turn starting now may hold the player's conversation. */
  holdUntil(): Date {
    return holdUntil(this.clock, this.deps.turnTimeoutSeconds)
  }

  /**
   * One job of the player's: holds the conversation (another worker holding it answers this
   * job's message too; the job comes back later to make sure), answers every message owed,
   * oldest first, then does the job's own part. A turn found started was cut off: it goes on
   * from what it had written.
   */
  async run(turn: Turn, meta: JobMeta): Promise<void> {
    const userId = turn.user_id
    // The job's id holds the conversation: its retry, after a worker died, takes it back at once.
    const held = await this.store.holdTurns(
      this.db,
      userId,
      meta.id,
      this.holdUntil(),
      this.clock.now(),
    )
    if (held === 'no-player') return
    if (!held) {
      await this.deps.queue.send('chat.reply', turn, {
        startAfter: new Date(Date.now() + BUSY_RETRY_MS),
      })
      return
    }
    try {
      let { answeredThrough, turnMessageId } = held
      for (;;) {
        const since = new Date(this.clock.now().getTime() - REPLY_WINDOW_MS)
        const next = await this.store.nextTurn(
          this.db,
          userId,
          answeredThrough,
          since,
          HISTORY_FOR_ENGINE,
        )
        if (!next) break
        // Left queued: another process (or this one, restarted) answers it.
        if (this.stopping) throw new Error('server stopping; the reply stays queued')
        const id = next.message.id
        if (!(await this.store.startTurn(this.db, userId, meta.id, id, this.holdUntil()))) {
          throw new Error('the conversation was taken over by another worker')
        }
        try {
          await this.answer(userId, next, { again: turnMessageId === id })
        } catch (err) {
          // Retried while attempts remain; past the last, the message is let go so that the
          // player's next ones are answered.
          if (meta.attempt <= meta.retryLimit) throw err
          this.deps.onError(err, userId)
        }
        await this.store.finishTurn(this.db, userId, id)
        answeredThrough = id
        turnMessageId = id
      }
      if (turn.turn === 'connected') await this.welcome(userId)
      if (turn.turn === 'introductions') await this.introduce(userId)
      if (turn.turn === 'post')
        await this.voice.posted(userId, await this.team(userId), turn.messages)
    } catch (err) {
      this.deps.onError(err, userId)
      throw err
    } finally {
      await this.store.releaseTurns(this.db, userId, meta.id)
    }
  }

  private async welcome(userId: string): Promise<void> {
    const { onboarding_status: status } = await this.users.getStatus(userId)
    if (status === 'IN_PROGRESS') return this.onboarding.resume(userId)
    if (status === 'COMPLETED') return this.hooks.chatOpened?.(userId)
    if (status !== 'NOT_STARTED') return
    if (await this.users.transitionOnboarding(userId, ['NOT_STARTED'], 'IN_PROGRESS')) {
      await this.onboarding.begin(userId)
    }
  }

  private async introduce(userId: string): Promise<void> {
    if (!(await this.users.transitionOnboarding(userId, ['INTRODUCTION_PENDING'], 'COMPLETED'))) {
      return
    }
    const team = await this.team(userId)
    const profile = await this.profile(userId)
    for (const intro of this.engine.introductions(team, profile)) {
      const coach = team.find((c) => c.id === intro.coachId)
      if (coach) await this.voice.asCoach(userId, coach, intro.text)
    }
    await this.voice.system(userId, 'introductions_completed')
  }

  /** `again`: this turn ran before and was cut off. */
  private async answer(
    userId: string,
    turn: TurnContext,
    { again }: { again: boolean },
  ): Promise<void> {
    const { message } = turn
    const status = await this.users.getStatus(userId)
    const profile: PlayerProfile = { ...status.profile, name: status.name }
    switch (status.onboarding_status) {
      case 'NOT_STARTED':
      case 'IN_PROGRESS':
        return again
          ? this.onboarding.rerun(userId, message)
          : this.onboarding.answer(userId, message.content)
      case 'INTRODUCTION_PENDING':
        // A message that beats the client's `@start_introductions`: the team still introduces
        // itself first, then answers it.
        await this.introduce(userId)
        return this.coachesReply(userId, turn, profile)
      case 'COMPLETED': {
        // Not asked again once part of the answer is written: the hook may have consumed its wait.
        const hooked =
          turn.written.length > 0 ? null : await this.hooks.messageHook?.(userId, message.content)
        if (hooked) {
          return this.voice.posted(userId, turn.team.map(toMember), hooked, (replyIndex) => ({
            replyTo: message.id,
            replyIndex,
          }))
        }
        return this.coachesReply(userId, turn, profile)
      }
    }
  }

  private async coachesReply(
    userId: string,
    turn: TurnContext,
    profile: PlayerProfile,
  ): Promise<void> {
    const team = turn.team.map(toMember)
    if (team.length === 0) return
    const text = turn.message.content
    // The conversation as it stood when the player wrote this message, without the message itself.
    const history = turn.history.map((m) => ({
      sender:
        m.senderType === 'USER'
          ? 'USER'
          : m.partnerSlug
            ? partnerSender(m.partnerSlug)
            : (m.coachId ?? HOST_SENDER),
      text: m.content,
    }))
    await this.hooks.group?.noteFacts(userId, text)
    const [partners, facts, games, plans] = await Promise.all([
      this.hooks.group?.partners(userId) ?? [],
      this.hooks.group?.memory(userId),
      this.hooks.playerGames?.(userId),
      this.hooks.plans?.(userId),
    ])
    const memory = facts?.map((f) => f.text)
    const now = this.clock.now()
    const plan = this.engine.planTurn({
      text,
      history,
      profile,
      ...(memory ? { memory } : {}),
      ...(facts ? { facts } : {}),
      current: turn.plan,
      now,
    })
    if (plan.change && plan.plan) await this.store.saveTrainingPlan(this.db, userId, plan.plan, now)
    const first = team[0]
    const replies = await this.engine.reply({
      text,
      team,
      profile,
      history,
      ...(partners.length > 0 ? { partners } : {}),
      ...(facts && memory ? { memory, facts } : {}),
      ...(games
        ? {
            analysis: games.latest,
            reports: games.published ?? (games.latest ? [games.latest] : []),
            matches: games.matches,
          }
        : {}),
      ...(plans ? { plans } : {}),
      ...(plan.plan ? { plan: plan.plan, planChange: plan.change } : {}),
      now,
    })
    for (const [replyIndex, reply] of replies.entries()) {
      // Written by the run of this turn that was cut off.
      if (turn.written.includes(replyIndex)) continue
      const place = { replyTo: turn.message.id, replyIndex }
      const partner = reply.partnerSlug
        ? partners.find((p) => p.slug === reply.partnerSlug)
        : undefined
      if (partner) {
        await this.voice.asPartner(userId, partner, reply.text, place)
        continue
      }
      const coach = team.find((c) => c.id === reply.coachId) ?? first
      if (coach) await this.voice.asCoach(userId, coach, reply.text, place)
    }
  }

  /** The player's coaches, in team order. */
  async team(userId: string): Promise<TeamMember[]> {
    return (await this.store.listCoaches(this.db, userId)).map(toMember)
  }

  async profile(userId: string): Promise<PlayerProfile> {
    const status = await this.users.getStatus(userId)
    return { ...status.profile, name: status.name }
  }
}
