import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ServerFrame } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db, DbOrTx } from '../../adapters/db'
import type { JobQueue } from '../../adapters/queue'
import type { TeamMember } from './engine'
import { toFrame } from './frames'
import type { ChatHub } from './hub'
import { PlayerQueues } from './player-queues'
import type { CoachingStore } from './store'
import { BUSY_RETRY_MS, holdUntil, toMember, type Turn } from './turns'
import { HOST_NAME, type PostedMessage } from './voice'

export interface ConversationDeps {
  db: Db
  store: CoachingStore
  hub: ChatHub
  /** Where the conversation's turns run: the durable queue every node shares. */
  queue: JobQueue
  clock: Clock
  /** How long one turn may hold a player's conversation before another worker may take it. */
  turnTimeoutSeconds: number
  onError: (err: unknown, userId: string) => void
}

/**
 * The part of the chat other modules write into: messages posted into a player's conversation
 * (after the replies still owed), the player's team, clearing the conversation, and the
 * statistical coach's message stored in another module's transaction. The coaches' replies
 * (CoachingService) build on it, so the modules they consult can be given this part first.
 */
export class ChatConversation {
  /** Storing a player's incoming messages in arrival order, before their turns are queued. */
  readonly ingest = new PlayerQueues()
  /** Turns being queued. */
  readonly sending = new PlayerQueues()
  private readonly db: Db
  private readonly store: CoachingStore

  constructor(private readonly deps: ConversationDeps) {
    ;({ db: this.db, store: this.store } = deps)
  }

  /** Stores and publishes messages of another module, after the replies still owed. */
  post(userId: string, messages: PostedMessage[]): Promise<void> {
    return this.queueTurn({ turn: 'post', user_id: userId, messages })
  }

  /**
   * How many of the player's messages since `since` the team took up (answered, or answered with
   * a notice): the plan's daily allowance counts these, never the onboarding answers.
   */
  answeredSince(userId: string, since: Date): Promise<number> {
    return this.store.countAnsweredSince(this.db, userId, since)
  }

  /** The player's coaches, in team order (the chat input offers them as mentions). */
  async teamOf(userId: string): Promise<TeamMember[]> {
    return (await this.store.listCoaches(this.db, userId)).map(toMember)
  }

  /**
   * The memory screen's "limpar conversa": holds the player's conversation, so that no reply
   * lands after it; what was owed goes with the messages.
   */
  async clearConversation(userId: string): Promise<void> {
    const holder = randomUUID()
    const giveUp = Date.now() + this.deps.turnTimeoutSeconds * 1000
    for (;;) {
      const held = await this.store.holdTurns(
        this.db,
        userId,
        holder,
        holdUntil(this.deps.clock, this.deps.turnTimeoutSeconds),
        this.deps.clock.now(),
      )
      if (held === 'no-player') return
      if (held) break
      if (Date.now() > giveUp) throw new Error('the conversation stayed busy')
      await sleep(BUSY_RETRY_MS)
    }
    try {
      await this.ingest.run(userId, () => this.store.deleteMessages(this.db, userId))
    } finally {
      await this.store.releaseTurns(this.db, userId, holder)
    }
  }

  /**
   * Stores, in the caller's transaction, a message of the player's statistical coach (the host
   * when they have no team), with chips to answer it; it is published after commit with
   * `publishMessage`.
   */
  async storeCoachMessage(
    tx: DbOrTx,
    userId: string,
    text: string,
    suggestions?: string[],
  ): Promise<number> {
    const team = await this.store.listCoaches(tx, userId)
    const coach = team.find((c) => c.archetype === 'ESTATISTICO')
    return this.store.insertMessage(tx, {
      userId,
      senderType: 'AI',
      ...(coach ? { coachId: coach.id } : { senderName: HOST_NAME }),
      content: text,
      ...(suggestions ? { suggestions } : {}),
      now: this.deps.clock.now(),
    })
  }

  /** The player's saved training plan (the engine's JSON), or null. */
  trainingPlan(userId: string): Promise<unknown> {
    return this.store.trainingPlan(this.db, userId)
  }

  /** Saves the player's training plan in the caller's transaction (a coach adjusted it). */
  saveTrainingPlan(tx: DbOrTx, userId: string, plan: object): Promise<void> {
    return this.store.saveTrainingPlan(tx, userId, plan, this.deps.clock.now())
  }

  /** After commit: a stored message to the player's sockets. */
  async publishMessage(db: DbOrTx, userId: string, messageId: number): Promise<void> {
    const stored = await this.store.findMessage(db, userId, messageId)
    if (stored) await this.deps.hub.publish(userId, toFrame(stored))
  }

  /** A frame to the player's sockets on every node. */
  publish(userId: string, frame: ServerFrame): Promise<void> {
    return this.deps.hub.publish(userId, frame)
  }

  /** Sends a player's turns in the order they came (and lets `settled` see one being sent). */
  queueTurn(turn: Turn): Promise<void> {
    return this.enqueue(this.sending, turn.user_id, async () => {
      await this.deps.queue.send('chat.reply', turn, { wake: true })
    })
  }

  /** Runs work for one player after what is already queued for them; errors are reported, not thrown. */
  enqueue(queue: PlayerQueues, userId: string, task: () => Promise<void>): Promise<void> {
    return queue.run(userId, task).catch((err: unknown) => this.deps.onError(err, userId))
  }
}
