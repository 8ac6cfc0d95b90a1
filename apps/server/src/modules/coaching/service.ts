import { setTimeout as sleep } from 'node:timers/promises'
import type { ChatHistoryQuery, ChatMessageFrame } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import type { JobQueue } from '../../adapters/queue'
import type { UsersService } from '../users/service'
import type { CoachEngine, TeamMember } from './engine'
import { toFrame } from './frames'
import { historyPageJson } from './history-store'
import type { ChatHub } from './hub'
import { OnboardingDialogue } from './onboarding'
import { settled } from './player-queues'
import type { CoachingStore } from './store'
import { job, type ModuleJob } from '../module'
import type { ChatConversation } from './conversation'
import {
  type ConversationHooks,
  ConversationTurns,
  type GroupChat,
  type MessageHook,
  type PlayerGamesProvider,
  type ProductsProvider,
} from './turns'
import type { TypingDelay } from './typing'
import { ChatVoice, type PostedMessage } from './voice'

export { partnerSender, plainPreview, toFrame, toHistoryItem } from './frames'
export {
  chatPolicies,
  type GroupChat,
  type MessageHook,
  type PlayerGamesProvider,
  type ProductsProvider,
} from './turns'
export { type ConversationPartner, HOST_NAME, type PostedMessage } from './voice'

/** Players whose turns one process runs side by side. */
const TURN_WORKERS = 4

export interface CoachingDeps {
  /** The lower part of the chat, which the other modules were given first. */
  conversation: ChatConversation
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
  /** Asked before the coaches answer a player's message (videos' game info, the plan's limit). */
  messageHook?: MessageHook
  /** The Agent Store's partners and the memory's facts. */
  group?: GroupChat
  /** The analysis of the player's games. */
  playerGames?: PlayerGamesProvider
  /** The plans on sale, for the coaches' answers about prices. */
  plans?: ProductsProvider
  /** The player opened the chat (the progress module's follow-up question). */
  chatOpened?: (userId: string) => Promise<void>
}

/**
 * The conversation: onboarding, the team's introductions and the coaches' replies. Every
 * message is stored before it is published. The work of answering runs as `chat.reply` jobs on
 * the durable queue: whichever worker takes a player's job holds that player's conversation
 * (one worker at a time, across nodes) and answers every message still owed, oldest first.
 */
export class CoachingService {
  private readonly voice: ChatVoice
  private readonly turns: ConversationTurns
  private readonly conversation: ChatConversation
  private readonly db: Db
  private readonly store: CoachingStore

  constructor(private readonly deps: CoachingDeps) {
    ;({ db: this.db, store: this.store, conversation: this.conversation } = deps)
    this.voice = new ChatVoice(
      this.db,
      this.store,
      deps.hub,
      deps.clock,
      deps.typing,
      deps.onCoachMessage,
    )
    const onboarding = new OnboardingDialogue(
      this.db,
      this.store,
      deps.users,
      deps.engine,
      deps.clock,
      {
        host: (userId, messages) => this.voice.asHost(userId, messages),
        completed: (userId) => this.voice.system(userId, 'onboarding_completed'),
        profile: (userId) => this.turns.profile(userId),
      },
    )
    const hooks: ConversationHooks = {
      ...(deps.messageHook ? { messageHook: deps.messageHook } : {}),
      ...(deps.group ? { group: deps.group } : {}),
      ...(deps.playerGames ? { playerGames: deps.playerGames } : {}),
      ...(deps.plans ? { plans: deps.plans } : {}),
      ...(deps.chatOpened ? { chatOpened: deps.chatOpened } : {}),
    }
    this.turns = new ConversationTurns({ ...deps, voice: this.voice, onboarding, hooks })
  }

  /** The player's history page as the JSON text of `ChatHistoryResponse`, oldest first. */
  history(userId: string, query: ChatHistoryQuery): Promise<string> {
    return historyPageJson(this.db, userId, query)
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
    return this.conversation.queueTurn({ turn: 'connected', user_id: userId })
  }

  /**
   * Stores and echoes the player's message at once (in arrival order, never behind a coach who
   * is typing), then queues its turn. A message its device sends again (same `clientId`, after a
   * lost connection) is not stored twice: its stored copy is echoed again, and no second turn is
   * queued. False when it could not be stored: the device is told, and keeps it.
   */
  async userMessage(userId: string, text: string, clientId?: string): Promise<boolean> {
    let storedId: number | null = null
    let kept = false
    await this.conversation.enqueue(this.conversation.ingest, userId, async () => {
      storedId = await this.voice.storeAndPublish(userId, () =>
        this.store.insertPlayerMessage(this.db, {
          userId,
          content: text,
          clientId: clientId ?? null,
          now: this.deps.clock.now(),
        }),
      )
      if (storedId === null && clientId) {
        const earlier = await this.store.findByClientId(this.db, userId, clientId)
        if (earlier) await this.conversation.publish(userId, toFrame(earlier))
      }
      kept = true
    })
    const messageId: number | null = storedId
    if (messageId !== null) {
      await this.conversation.queueTurn({ turn: 'message', user_id: userId, message_id: messageId })
    }
    return kept
  }

  /** The client's `@start_introductions`, sent once; a repeat is a no-op. */
  startIntroductions(userId: string): Promise<void> {
    return this.conversation.queueTurn({ turn: 'introductions', user_id: userId })
  }

  /** Stores and publishes messages of another module, after the replies still owed. */
  post(userId: string, messages: PostedMessage[]): Promise<void> {
    return this.conversation.post(userId, messages)
  }

  /** The worker role: this process runs conversation turns. */
  jobs(): ModuleJob[] {
    return [
      job('chat.reply', (turn, meta) => this.turns.run(turn, meta), {
        concurrency: TURN_WORKERS,
      }),
    ]
  }

  /**
   * Resolves once nothing is owed to the player (or to any player when none is named): every
   * turn queued has run and every message stored has been published.
   */
  async settled(userId?: string): Promise<void> {
    for (;;) {
      await settled(
        [this.conversation.ingest, this.conversation.sending, this.voice.outbox],
        userId,
      )
      const queued = await this.deps.queue.pending(
        'chat.reply',
        userId === undefined ? {} : { user_id: userId },
      )
      const busy = [this.conversation.ingest, this.conversation.sending].some(
        (q) => q.pending(userId).length > 0,
      )
      if (queued === 0 && !busy) return
      await sleep(20)
    }
  }

  /**
   * Shutdown, first step: the turn under way finishes at once (the sockets are closing, nobody
   * watches the typing indicator) and no further turn starts here; they stay queued.
   */
  stop(): void {
    this.turns.stop()
    this.voice.skipTyping()
  }

  /** Shutdown, last step: the player messages being stored are stored before the database closes. */
  async finish(): Promise<void> {
    this.stop()
    await settled([this.conversation.ingest, this.conversation.sending, this.voice.outbox])
  }

  /**
   * The memory screen's "limpar conversa": holds the player's conversation, so that no reply
   * lands after it; what was owed goes with the messages.
   */
  clearConversation(userId: string): Promise<void> {
    return this.conversation.clearConversation(userId)
  }

  /** The player's coaches, in team order (the chat input offers them as mentions). */
  teamOf(userId: string): Promise<TeamMember[]> {
    return this.conversation.teamOf(userId)
  }
}
