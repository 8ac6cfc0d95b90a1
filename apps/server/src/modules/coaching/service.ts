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
import type { RememberedFact } from '@areia/coach'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
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
import type { CoachingStore, CoachRow } from './store'
import { OnboardingDialogue } from './onboarding'
import { PlayerQueues, settled } from './player-queues'
import { type TypingDelay, TypingPauses } from './typing'

/** The voice of onboarding, before the player has a team. */
export const HOST_NAME = 'Areia'
const HOST_SENDER = 'areia'
/** How much of the conversation the engine sees when it replies. */
const HISTORY_FOR_ENGINE = 50

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

const toMember = (c: CoachRow): TeamMember => ({
  id: c.id,
  name: c.name,
  archetype: c.archetype,
  persona: c.persona,
})

/** How far back a restarted embedded server looks for messages left without their reply. */
const ABANDONED_REPLY_WINDOW_MS = 15 * 60_000

/**
 * The conversation: onboarding, the team's introductions and the coaches' replies. Every
 * message is stored before it is published; work for one player runs in order, one at a time.
 */
export class CoachingService {
  /** Per-player queues: storing incoming messages, and the work of answering them. */
  private readonly ingest = new PlayerQueues()
  private readonly work = new PlayerQueues()
  /**
   * Per-player lock around "insert, then publish": the two queues above store messages
   * concurrently, and a socket (and a reconnecting client's `after`) relies on a player's
   * messages arriving in id order.
   */
  private readonly outbox = new PlayerQueues()
  private messageHook: MessageHook | undefined
  private group: GroupChat | undefined
  private playerGames: PlayerGamesProvider | undefined
  private readonly typing: TypingPauses
  private readonly onboarding: OnboardingDialogue

  constructor(
    private readonly db: Db,
    private readonly store: CoachingStore,
    private readonly users: UsersService,
    private readonly hub: ChatHub,
    private readonly engine: CoachEngine,
    private readonly clock: Clock,
    typing: TypingDelay,
    private readonly onError: (err: unknown, userId: string) => void,
    /** Told of each coach message, to reach a player who has no chat open (push). */
    private readonly onCoachMessage: (
      userId: string,
      coach: { id: string; name: string },
      text: string,
    ) => Promise<void> = async () => undefined,
  ) {
    this.typing = new TypingPauses(typing)
    this.onboarding = new OnboardingDialogue(db, store, users, engine, clock, {
      host: (userId, messages) => this.speakAsHost(userId, messages),
      completed: (userId) => this.system(userId, 'onboarding_completed'),
      profile: (userId) => this.profile(userId),
    })
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
   * A socket opened: a player who never started onboarding gets its first question, and one
   * whose onboarding a stopped process cut off gets what the host still owed.
   */
  connected(userId: string): Promise<void> {
    return this.enqueue(this.work, userId, async () => {
      const { onboarding_status: status } = await this.users.getStatus(userId)
      if (status === 'IN_PROGRESS') return this.onboarding.resume(userId, { replay: false })
      if (status !== 'NOT_STARTED') return
      if (await this.users.transitionOnboarding(userId, ['NOT_STARTED'], 'IN_PROGRESS')) {
        await this.onboarding.begin(userId)
      }
    })
  }

  /**
   * Stores and echoes the player's message at once (in arrival order, on its own queue so it
   * never waits behind a coach who is typing), then queues the reply.
   */
  async userMessage(userId: string, text: string, clientId?: string): Promise<void> {
    let storedId: number | undefined
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
    const messageId = storedId
    if (messageId !== undefined) {
      await this.enqueue(this.work, userId, () => this.respond(userId, text, messageId))
    }
  }

  /** Resolves once nothing is queued for the player, or for any player when none is named. */
  settled(userId?: string): Promise<void> {
    return settled([this.ingest, this.work, this.outbox], userId)
  }

  /**
   * Shutdown: every reply already owed to a player is stored before the database closes,
   * at once (the sockets are closed, nobody watches the typing indicator).
   */
  async finish(): Promise<void> {
    this.typing.skipAll()
    await this.settled()
  }

  /**
   * Start-up of the only process serving these players (embedded mode): a player's message
   * stored in the last minutes, whose reply a process that died still owed, is answered now (in
   * onboarding, read or its next question asked). Older ones are left: a reply hours late would
   * answer a conversation that has moved on. Returns how many players it answers.
   */
  async answerAbandoned(): Promise<number> {
    const since = new Date(this.clock.now().getTime() - ABANDONED_REPLY_WINDOW_MS)
    const owed = await this.store.unansweredSince(this.db, since)
    for (const m of owed) {
      void this.enqueue(this.work, m.userId, () =>
        this.respond(m.userId, m.content, m.id, { late: true }),
      )
    }
    return owed.length
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

  /** The memory screen's "limpar conversa": after what is queued, so no reply lands after it. */
  async clearConversation(userId: string): Promise<void> {
    let failure: Error | undefined
    await this.enqueue(this.work, userId, async () => {
      await this.enqueue(this.ingest, userId, async () => {
        try {
          await this.store.deleteMessages(this.db, userId)
        } catch (err) {
          failure = err instanceof Error ? err : new Error(String(err))
        }
      })
    })
    if (failure) throw failure
  }

  /** Stores and publishes messages of another module, in order with the coaches' replies. */
  post(userId: string, messages: PostedMessage[]): Promise<void> {
    return this.enqueue(this.work, userId, () => this.speakPosted(userId, messages))
  }

  private async speakPosted(userId: string, messages: PostedMessage[]): Promise<void> {
    const team = await this.team(userId)
    for (const m of messages) {
      const coach = m.as && m.as !== 'host' ? team.find((c) => c.archetype === m.as) : undefined
      await this.storeAndPublish(userId, () =>
        this.store.insertMessage(this.db, {
          userId,
          senderType: 'AI',
          ...(coach ? { coachId: coach.id } : { senderName: HOST_NAME }),
          content: m.text,
          actions: m.actions?.length ? m.actions : null,
          now: this.clock.now(),
        }),
      )
    }
  }

  /** SPEC §4: `@start_introductions`, sent once by the client; a repeat is a no-op. */
  startIntroductions(userId: string): Promise<void> {
    return this.enqueue(this.work, userId, () => this.introduce(userId))
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

  /** `late`: owed by a process that stopped, which may have read an onboarding answer already. */
  private async respond(
    userId: string,
    text: string,
    messageId: number,
    { late }: { late: boolean } = { late: false },
  ): Promise<void> {
    const user = await this.users.getStatus(userId)
    switch (user.onboarding_status) {
      case 'NOT_STARTED':
      case 'IN_PROGRESS':
        return late
          ? this.onboarding.resume(userId, { replay: true })
          : this.onboarding.answer(userId, text)
      case 'INTRODUCTION_PENDING':
        // A message that beats the client's `@start_introductions`: the team still introduces
        // itself first, then answers it.
        await this.introduce(userId)
        return this.coachesReply(userId, text, messageId)
      case 'COMPLETED': {
        const answer = await this.messageHook?.(userId, text)
        if (answer) return this.speakPosted(userId, answer)
        return this.coachesReply(userId, text, messageId)
      }
    }
  }

  private async coachesReply(userId: string, text: string, messageId: number): Promise<void> {
    const team = await this.team(userId)
    if (team.length === 0) return
    const profile = await this.profile(userId)
    // The conversation as it stood when the player wrote this message, without the message itself.
    const recent = await this.store.listMessages(this.db, userId, {
      before: messageId,
      limit: HISTORY_FOR_ENGINE,
    })
    const history = recent.map((m) => ({
      sender:
        m.senderType === 'USER'
          ? 'USER'
          : m.partner
            ? partnerSender(m.partner.slug)
            : (m.coachId ?? HOST_SENDER),
      text: m.content,
    }))
    await this.group?.noteFacts(userId, text)
    const partners = (await this.group?.partners(userId)) ?? []
    const facts = await this.group?.memory(userId)
    const memory = facts?.map((f) => f.text)
    const games = await this.playerGames?.(userId)
    const now = this.clock.now()
    const turn = this.engine.planTurn({
      text,
      history,
      profile,
      ...(memory ? { memory } : {}),
      current: await this.store.trainingPlan(this.db, userId),
      now,
    })
    if (turn.change && turn.plan) await this.store.saveTrainingPlan(this.db, userId, turn.plan, now)
    const first = team[0]
    const replies = await this.engine.reply({
      text,
      team,
      profile,
      history,
      ...(partners.length > 0 ? { partners } : {}),
      ...(facts && memory ? { memory, facts } : {}),
      ...(games ? { analysis: games.latest, matches: games.matches } : {}),
      ...(turn.plan ? { plan: turn.plan, planChange: turn.change } : {}),
      now,
    })
    for (const reply of replies) {
      const partner = reply.partnerSlug
        ? partners.find((p) => p.slug === reply.partnerSlug)
        : undefined
      if (partner) {
        await this.speakAsPartner(userId, partner, reply.text)
        continue
      }
      const coach = team.find((c) => c.id === reply.coachId) ?? first
      if (coach) await this.speakAsCoach(userId, coach, reply.text)
    }
  }

  private async speakAsPartner(
    userId: string,
    partner: ConversationPartner,
    text: string,
  ): Promise<void> {
    const sender = partnerSender(partner.slug)
    await this.typed(userId, sender, partner.name, text, () =>
      this.store.insertMessage(this.db, {
        userId,
        senderType: 'AI',
        partnerId: partner.id,
        senderName: partner.name,
        content: text,
        now: this.clock.now(),
      }),
    )
    await this.onCoachMessage(userId, { id: sender, name: partner.name }, text)
  }

  private async speakAsHost(userId: string, messages: EngineMessage[]): Promise<void> {
    for (const m of messages) {
      await this.typed(userId, HOST_SENDER, HOST_NAME, m.text, () =>
        this.store.insertMessage(this.db, {
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

  private async speakAsCoach(userId: string, coach: TeamMember, text: string): Promise<void> {
    await this.typed(userId, coach.id, coach.name, text, () =>
      this.store.insertMessage(this.db, {
        userId,
        senderType: 'AI',
        coachId: coach.id,
        content: text,
        now: this.clock.now(),
      }),
    )
    await this.onCoachMessage(userId, coach, text)
  }

  /** TYPING_START, a pause in proportion to the text, the stored message, TYPING_END. */
  private async typed(
    userId: string,
    sender: string,
    senderName: string,
    text: string,
    insert: () => Promise<number>,
  ): Promise<void> {
    await this.hub.publish(userId, { type: 'TYPING_START', sender, sender_name: senderName })
    await this.typing.before(text)
    try {
      await this.storeAndPublish(userId, insert)
    } finally {
      await this.hub.publish(userId, { type: 'TYPING_END', sender, sender_name: senderName })
    }
  }

  /** Stores a message and publishes it before any later message of this player is stored. */
  private storeAndPublish(
    userId: string,
    insert: () => Promise<number>,
    clientId?: string,
  ): Promise<number> {
    return this.outbox.run(userId, async () => {
      const id = await insert()
      const stored = await this.store.findMessage(this.db, userId, id)
      if (stored) await this.hub.publish(userId, toFrame(stored, clientId))
      return id
    })
  }

  private system(userId: string, event: SystemEvent): Promise<void> {
    return this.hub.publish(userId, {
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
    return queue.run(userId, task).catch((err: unknown) => this.onError(err, userId))
  }
}
