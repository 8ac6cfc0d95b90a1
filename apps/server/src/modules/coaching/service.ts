import type {
  AnalysisFacts,
  Archetype,
  ChatAction,
  ChatHistoryItem,
  ChatHistoryQuery,
  ChatMessageFrame,
  MatchStatus,
  SystemEvent,
} from '@areia/contracts'
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { JobPayload } from '@areia/contracts'
import type { RememberedFact } from '@areia/coach'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import type { JobMeta, JobQueue, QueuePolicy } from '../../adapters/queue'
import type { UsersService } from '../users/service'
import type {
  CoachEngine,
  EngineMessage,
  PartnerDefinition,
  PlayerProfile,
  TeamMember,
} from './engine'
import type { ChatHub } from './hub'
import { partnerSender, toFrame, toHistoryItem } from './frames'
import type { CoachingStore, CoachRow, NewMessage, TurnContext } from './store'
import { OnboardingDialogue } from './onboarding'
import { PlayerQueues, settled } from './player-queues'
import { type TypingDelay, TypingPauses } from './typing'

/** The voice of onboarding, before the player has a team. */
export const HOST_NAME = 'Areia'
const HOST_SENDER = 'areia'
/** How much of the conversation the engine sees when it replies. */
const HISTORY_FOR_ENGINE = 50
/**
 * How old a player's message may be and still get its reply: one owed by a worker that died long
 * ago would answer a conversation that has moved on.
 */
const REPLY_WINDOW_MS = 15 * 60_000
/** Players whose turns one process runs side by side. */
const TURN_WORKERS = 4
/** A turn that finds the player's conversation held by another worker comes back this much later. */
const BUSY_RETRY_MS = 300

type Turn = JobPayload<'chat.reply'>

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

export { partnerSender, plainPreview, toFrame, toHistoryItem } from './frames'

/** A partner in a player's conversation, with its database id to store its messages. */
export type ConversationPartner = PartnerDefinition & { id: number }

/**
 * What the group chat needs from the Agent Store and the memory, given after construction (the
 * store's preview needs this engine too, so neither module owns the other).
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
export type PlayerGamesProvider = (
  userId: string,
) => Promise<{ latest: AnalysisFacts | null; matches: MatchStatus[] }>

/** A message another module puts in the conversation (videos: receipts, requests, confirmations). */
export interface PostedMessage {
  text: string
  actions?: ChatAction[]
  /** The host (default) or the player's coach of this archetype. */
  as?: 'host' | Archetype
}

/**
 * Asked before the coaches answer a player's message: a module that was waiting for this
 * message (the date and result of a game) consumes it and says what to answer instead.
 */
export type MessageHook = (userId: string, text: string) => Promise<PostedMessage[] | null>

const toMember = (c: Pick<CoachRow, 'id' | 'name' | 'archetype' | 'persona'>): TeamMember => ({
  id: c.id,
  name: c.name,
  archetype: c.archetype,
  persona: c.persona,
})

export interface CoachingDeps {
  db: Db
  store: CoachingStore
  users: UsersService
  hub: ChatHub
  engine: CoachEngine
  /** Where the conversation's turns run: the durable queue every node shares. */
  queue: JobQueue
  clock: Clock
  typing: TypingDelay
  /** How long one turn may hold a player's conversation before another worker may take it. */
  turnTimeoutSeconds: number
  onError: (err: unknown, userId: string) => void
  /** Told of each coach message, to reach a player who has no chat open (push). */
  onCoachMessage?: (
    userId: string,
    coach: { id: string; name: string },
    text: string,
  ) => Promise<void>
}

/** Where a message goes in the answer to a player's message (absent: not part of one). */
type ReplyPlace = { replyTo: number; replyIndex: number }

/**
 * The conversation: onboarding, the team's introductions and the coaches' replies. Every
 * message is stored before it is published. The work of answering runs as `chat.reply` jobs on
 * the durable queue: whichever worker takes a player's job holds that player's conversation
 * (one worker at a time, across nodes) and answers every message still owed, oldest first.
 */
export class CoachingService {
  /** Storing a player's incoming messages in arrival order, before their turns are queued. */
  private readonly ingest = new PlayerQueues()
  /**
   * Per-player lock around "insert, then publish": a socket (and a reconnecting client's
   * `after`) relies on a player's messages arriving in id order.
   */
  private readonly outbox = new PlayerQueues()
  private messageHook: MessageHook | undefined
  private group: GroupChat | undefined
  private playerGames: PlayerGamesProvider | undefined
  private readonly typing: TypingPauses
  private readonly onboarding: OnboardingDialogue
  private stopping = false
  private readonly db: Db
  private readonly store: CoachingStore
  private readonly users: UsersService
  private readonly engine: CoachEngine
  private readonly clock: Clock

  constructor(private readonly deps: CoachingDeps) {
    ;({ db: this.db, store: this.store, users: this.users, engine: this.engine } = deps)
    this.clock = deps.clock
    this.typing = new TypingPauses(deps.typing)
    this.onboarding = new OnboardingDialogue(
      this.db,
      this.store,
      this.users,
      this.engine,
      this.clock,
      {
        host: (userId, messages) => this.speakAsHost(userId, messages),
        completed: (userId) => this.system(userId, 'onboarding_completed'),
        profile: (userId) => this.profile(userId),
      },
    )
  }

  async history(userId: string, query: ChatHistoryQuery): Promise<ChatHistoryItem[]> {
    const rows = await this.store.listMessages(this.db, userId, query)
    return rows.map(toHistoryItem)
  }

  /** Frames a reconnecting socket missed, oldest first. */
  async missedSince(userId: string, after: number): Promise<ChatMessageFrame[]> {
    const rows = await this.store.listMessages(this.db, userId, { after, limit: 500 })
    return rows.map((m) => toFrame(m))
  }

  /**
   * A socket opened: what is still owed to the player is answered (a message whose worker died,
   * or whose turn was never queued), a player who never started onboarding gets its first
   * question, and one whose onboarding a stopped process cut off gets what the host still owed.
   */
  connected(userId: string): Promise<void> {
    return this.queueTurn({ turn: 'connected', user_id: userId })
  }

  /**
   * Stores and echoes the player's message at once (in arrival order, never behind a coach who
   * is typing), then queues its turn.
   */
  async userMessage(userId: string, text: string, clientId?: string): Promise<void> {
    let storedId: number | null = null
    await this.enqueue(this.ingest, userId, async () => {
      storedId = await this.storeAndPublish(
        userId,
        () =>
          this.store.insertMessage(this.db, {
            userId,
            senderType: 'USER',
            content: text,
            now: this.clock.now(),
          }),
        clientId,
      )
    })
    const messageId: number | null = storedId
    if (messageId !== null) {
      await this.queueTurn({ turn: 'message', user_id: userId, message_id: messageId })
    }
  }

  /** SPEC §4: `@start_introductions`, sent once by the client; a repeat is a no-op. */
  startIntroductions(userId: string): Promise<void> {
    return this.queueTurn({ turn: 'introductions', user_id: userId })
  }

  /** Stores and publishes messages of another module, after the replies still owed. */
  post(userId: string, messages: PostedMessage[]): Promise<void> {
    return this.queueTurn({ turn: 'post', user_id: userId, messages })
  }

  /** The worker role: this process runs conversation turns. */
  async work(): Promise<void> {
    await this.deps.queue.work('chat.reply', (turn, meta) => this.runTurns(turn, meta), {
      concurrency: TURN_WORKERS,
    })
  }

  /**
   * Resolves once nothing is owed to the player (or to any player when none is named): every
   * turn queued has run and every message stored has been published.
   */
  async settled(userId?: string): Promise<void> {
    for (;;) {
      await settled([this.ingest, this.outbox], userId)
      const queued = await this.deps.queue.pending(
        'chat.reply',
        userId === undefined ? {} : { user_id: userId },
      )
      if (queued === 0 && this.ingest.pending(userId).length === 0) return
      await sleep(20)
    }
  }

  /**
   * Shutdown, first step: the turn under way finishes at once (the sockets are closing, nobody
   * watches the typing indicator) and no further turn starts here; they stay queued.
   */
  stop(): void {
    this.stopping = true
    this.typing.skipAll()
  }

  /** Shutdown, last step: the player messages being stored are stored before the database closes. */
  async finish(): Promise<void> {
    this.stop()
    await settled([this.ingest, this.outbox])
  }

  setMessageHook(hook: MessageHook): void {
    this.messageHook = hook
  }

  setGroupChat(group: GroupChat): void {
    this.group = group
  }

  setPlayerGames(provider: PlayerGamesProvider): void {
    this.playerGames = provider
  }

  /**
   * The memory screen's "limpar conversa": holds the player's conversation, so that no reply
   * lands after it; what was owed goes with the messages.
   */
  async clearConversation(userId: string): Promise<void> {
    const holder = randomUUID()
    const giveUp = Date.now() + this.deps.turnTimeoutSeconds * 1000
    while (
      !(await this.store.holdTurns(this.db, userId, holder, this.holdUntil(), this.clock.now()))
    ) {
      if (Date.now() > giveUp) throw new Error('the conversation stayed busy')
      await sleep(BUSY_RETRY_MS)
    }
    try {
      await this.ingest.run(userId, () => this.store.deleteMessages(this.db, userId))
    } finally {
      await this.store.releaseTurns(this.db, userId, holder)
    }
  }

  private async queueTurn(turn: Turn): Promise<void> {
    try {
      await this.deps.queue.send('chat.reply', turn, { wake: true })
    } catch (err) {
      this.deps.onError(err, turn.user_id)
    }
  }

  private holdUntil(): Date {
    return new Date(this.clock.now().getTime() + this.deps.turnTimeoutSeconds * 1000)
  }

  /**
   * One job of the player's: holds the conversation (another worker holding it answers this
   * job's message too; the job comes back later to make sure), answers every message owed,
   * oldest first, then does the job's own part. A turn found started was cut off: it goes on
   * from what it had written.
   */
  private async runTurns(turn: Turn, meta: JobMeta): Promise<void> {
    const userId = turn.user_id
    // The job's id holds the conversation: its retry, after a worker died, takes it back at once.
    const held = await this.store.holdTurns(
      this.db,
      userId,
      meta.id,
      this.holdUntil(),
      this.clock.now(),
    )
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
      if (turn.turn === 'post') await this.speakPosted(userId, turn.messages)
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
    if (status !== 'NOT_STARTED') return
    if (await this.users.transitionOnboarding(userId, ['NOT_STARTED'], 'IN_PROGRESS')) {
      await this.onboarding.begin(userId)
    }
  }

  private async speakPosted(
    userId: string,
    messages: PostedMessage[],
    place?: (index: number) => ReplyPlace,
  ): Promise<void> {
    const team = await this.team(userId)
    for (const [index, m] of messages.entries()) {
      const coach = m.as && m.as !== 'host' ? team.find((c) => c.archetype === m.as) : undefined
      await this.storeAndPublish(userId, () =>
        this.insert({
          userId,
          senderType: 'AI',
          ...(coach ? { coachId: coach.id } : { senderName: HOST_NAME }),
          content: m.text,
          actions: m.actions?.length ? m.actions : null,
          now: this.clock.now(),
          ...place?.(index),
        }),
      )
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
      if (coach) await this.speakAsCoach(userId, coach, intro.text)
    }
    await this.system(userId, 'introductions_completed')
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
          turn.written.length > 0 ? null : await this.messageHook?.(userId, message.content)
        if (hooked) {
          return this.speakPosted(userId, hooked, (replyIndex) => ({
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
    await this.group?.noteFacts(userId, text)
    const [partners, facts, games] = await Promise.all([
      this.group?.partners(userId) ?? [],
      this.group?.memory(userId),
      this.playerGames?.(userId),
    ])
    const memory = facts?.map((f) => f.text)
    const now = this.clock.now()
    const plan = this.engine.planTurn({
      text,
      history,
      profile,
      ...(memory ? { memory } : {}),
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
      ...(games ? { analysis: games.latest, matches: games.matches } : {}),
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
        await this.speakAsPartner(userId, partner, reply.text, place)
        continue
      }
      const coach = team.find((c) => c.id === reply.coachId) ?? first
      if (coach) await this.speakAsCoach(userId, coach, reply.text, place)
    }
  }

  private async speakAsPartner(
    userId: string,
    partner: ConversationPartner,
    text: string,
    place: ReplyPlace,
  ): Promise<void> {
    const sender = partnerSender(partner.slug)
    const stored = await this.typed(userId, sender, partner.name, text, () =>
      this.insert({
        userId,
        senderType: 'AI',
        partnerId: partner.id,
        senderName: partner.name,
        content: text,
        now: this.clock.now(),
        ...place,
      }),
    )
    if (stored) await this.deps.onCoachMessage?.(userId, { id: sender, name: partner.name }, text)
  }

  private async speakAsHost(userId: string, messages: EngineMessage[]): Promise<void> {
    for (const m of messages) {
      await this.typed(userId, HOST_SENDER, HOST_NAME, m.text, () =>
        this.insert({
          userId,
          senderType: 'AI',
          senderName: HOST_NAME,
          content: m.text,
          suggestions: m.suggestions?.length ? m.suggestions : null,
          now: this.clock.now(),
        }),
      )
    }
  }

  private async speakAsCoach(
    userId: string,
    coach: TeamMember,
    text: string,
    place?: ReplyPlace,
  ): Promise<void> {
    const stored = await this.typed(userId, coach.id, coach.name, text, () =>
      this.insert({
        userId,
        senderType: 'AI',
        coachId: coach.id,
        content: text,
        now: this.clock.now(),
        ...place,
      }),
    )
    if (stored) await this.deps.onCoachMessage?.(userId, coach, text)
  }

  /** A part of an answer is stored at most once; any other message always. */
  private insert(values: NewMessage & Partial<ReplyPlace>): Promise<number | null> {
    const { replyTo, replyIndex } = values
    return replyTo !== undefined && replyIndex !== undefined
      ? this.store.insertReply(this.db, { ...values, replyTo, replyIndex })
      : this.store.insertMessage(this.db, values)
  }

  /** TYPING_START, a pause in proportion to the text, the stored message, TYPING_END. */
  private async typed(
    userId: string,
    sender: string,
    senderName: string,
    text: string,
    insert: () => Promise<number | null>,
  ): Promise<number | null> {
    await this.deps.hub.publish(userId, { type: 'TYPING_START', sender, sender_name: senderName })
    await this.typing.before(text)
    try {
      return await this.storeAndPublish(userId, insert)
    } finally {
      await this.deps.hub.publish(userId, { type: 'TYPING_END', sender, sender_name: senderName })
    }
  }

  /**
   * Stores a message and publishes it before any later message of this player is stored; null
   * (and nothing published) when it was stored already.
   */
  private storeAndPublish(
    userId: string,
    insert: () => Promise<number | null>,
    clientId?: string,
  ): Promise<number | null> {
    return this.outbox.run(userId, async () => {
      const id = await insert()
      if (id === null) return null
      const stored = await this.store.findMessage(this.db, userId, id)
      if (stored) await this.deps.hub.publish(userId, toFrame(stored, clientId))
      return id
    })
  }

  private system(userId: string, event: SystemEvent): Promise<void> {
    return this.deps.hub.publish(userId, {
      type: 'SYSTEM',
      event,
      timestamp: this.clock.now().toISOString(),
    })
  }

  /** The player's coaches, in team order (the chat input offers them as mentions). */
  teamOf(userId: string): Promise<TeamMember[]> {
    return this.team(userId)
  }

  private async team(userId: string): Promise<TeamMember[]> {
    return (await this.store.listCoaches(this.db, userId)).map(toMember)
  }

  private async profile(userId: string): Promise<PlayerProfile> {
    const status = await this.users.getStatus(userId)
    return { ...status.profile, name: status.name }
  }

  /** Runs work for one player after what is already queued for them; errors are reported, not thrown. */
  private enqueue(queue: PlayerQueues, userId: string, task: () => Promise<void>): Promise<void> {
    return queue.run(userId, task).catch((err: unknown) => this.deps.onError(err, userId))
  }
}
