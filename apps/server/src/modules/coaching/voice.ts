import type { Archetype, ChatAction, SystemEvent } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import type { EngineMessage, PartnerDefinition, TeamMember } from './engine'
import { partnerSender, toFrame } from './frames'
import type { ChatHub } from './hub'
import { PlayerQueues } from './player-queues'
import type { CoachingStore, NewMessage } from './store'
import { type TypingDelay, TypingPauses } from './typing'

/** The voice of onboarding, before the player has a team. */
export const HOST_NAME = 'Areia'
export const HOST_SENDER = 'areia'

/** A partner in a player's conversation, with its database id to store its messages. */
export type ConversationPartner = PartnerDefinition & { id: number }

/** A message another module puts in the conversation (videos: receipts, requests, confirmations). */
export interface PostedMessage {
  text: string
  actions?: ChatAction[]
  /** Answers the player may tap instead of typing (they send the chip's text). */
  suggestions?: string[]
  /** The host (default) or the player's coach of this archetype. */
  as?: 'host' | Archetype
}

/** Where a message goes in the answer to a player's message (absent: not part of one). */
export type ReplyPlace = { replyTo: number; replyIndex: number }

/**
 * How the conversation's messages are written and shown: stored first, then published to the
 * player's sockets in id order, each coach message after a "typing" pause.
 */
export class ChatVoice {
  /**
   * Per-player lock around "insert, then publish": a socket (and a reconnecting client's
   * `after`) relies on a player's messages arriving in id order.
   */
  readonly outbox = new PlayerQueues()
  private readonly typing: TypingPauses

  constructor(
    private readonly db: Db,
    private readonly store: CoachingStore,
    private readonly hub: ChatHub,
    private readonly clock: Clock,
    typing: TypingDelay,
    /** Told of each coach message, to reach a player who has no chat open (push). */
    private readonly onCoachMessage:
      | ((userId: string, coach: { id: string; name: string }, text: string) => Promise<void>)
      | undefined,
  ) {
    this.typing = new TypingPauses(typing)
  }

  /** Shutdown: the pauses under way and to come are cut short. */
  skipTyping(): void {
    this.typing.skipAll()
  }

  /** Messages of another module, as the host or the player's coach of an archetype. */
  async posted(
    userId: string,
    team: TeamMember[],
    messages: PostedMessage[],
    place?: (index: number) => ReplyPlace,
  ): Promise<void> {
    for (const [index, m] of messages.entries()) {
      const coach = m.as && m.as !== 'host' ? team.find((c) => c.archetype === m.as) : undefined
      await this.storeAndPublish(userId, () =>
        this.insert({
          userId,
          senderType: 'AI',
          ...(coach ? { coachId: coach.id } : { senderName: HOST_NAME }),
          content: m.text,
          actions: m.actions?.length ? m.actions : null,
          suggestions: m.suggestions?.length ? m.suggestions : null,
          now: this.clock.now(),
          ...place?.(index),
        }),
      )
    }
  }

  async asPartner(
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
    if (stored) await this.onCoachMessage?.(userId, { id: sender, name: partner.name }, text)
  }

  async asHost(userId: string, messages: EngineMessage[]): Promise<void> {
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

  async asCoach(
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
    if (stored) await this.onCoachMessage?.(userId, coach, text)
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
    await this.hub.publish(userId, { type: 'TYPING_START', sender, sender_name: senderName })
    await this.typing.before(text)
    try {
      return await this.storeAndPublish(userId, insert)
    } finally {
      await this.hub.publish(userId, { type: 'TYPING_END', sender, sender_name: senderName })
    }
  }

  /**
   * Stores a message and publishes it before any later message of this player is stored; null
   * (and nothing published) when it was stored already.
   */
  storeAndPublish(userId: string, insert: () => Promise<number | null>): Promise<number | null> {
    return this.outbox.run(userId, async () => {
      const id = await insert()
      if (id === null) return null
      const stored = await this.store.findMessage(this.db, userId, id)
      if (stored) await this.hub.publish(userId, toFrame(stored))
      return id
    })
  }

  system(userId: string, event: SystemEvent): Promise<void> {
    return this.hub.publish(userId, {
      type: 'SYSTEM',
      event,
      timestamp: this.clock.now().toISOString(),
    })
  }
}
