import { and, asc, count, desc, eq, exists, gt, gte, lt, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ChatAction, SenderType } from '@areia/contracts'
import type { DbOrTx } from '../../adapters/db'
import {
  chatMessages,
  chatTurns,
  coaches,
  onboardingStates,
  partnerAgents,
  trainingPlans,
} from '../../db/schema'

export type CoachRow = typeof coaches.$inferSelect

export interface StoredMessage {
  id: number
  senderType: SenderType
  coachId: string | null
  senderName: string | null
  archetype: CoachRow['archetype'] | null
  /** The coach's pronoun ('ele' or 'ela'), so that the label agrees with the coach. */
  coachPronoun: string | null
  content: string
  actions: ChatAction[] | null
  suggestions: string[] | null
  createdAt: Date
  /** The Agent Store partner who wrote it, if one did. */
  partner: { slug: string; avatar: string; category: string } | null
  /** The id the player's device gave its message, echoed so the device knows it arrived. */
  clientId: string | null
}

const messageColumns = {
  id: chatMessages.id,
  senderType: chatMessages.senderType,
  coachId: chatMessages.coachId,
  senderName: chatMessages.senderName,
  coachName: coaches.name,
  archetype: coaches.archetype,
  coachPronoun: sql<string | null>`${coaches.persona}->'persona'->>'pronoun'`,
  content: chatMessages.content,
  actions: chatMessages.actions,
  suggestions: chatMessages.suggestions,
  createdAt: chatMessages.createdAt,
  clientId: chatMessages.clientId,
  partnerSlug: partnerAgents.slug,
  partnerName: partnerAgents.name,
  partnerAvatar: partnerAgents.avatar,
  partnerCategory: partnerAgents.category,
}

type MessageRow = {
  [K in Exclude<keyof typeof messageColumns, 'coachPronoun'>]:
    (typeof messageColumns)[K]['_']['data'] | null
} & { coachPronoun: string | null }

function toStored(row: MessageRow): StoredMessage {
  return {
    id: row.id ?? 0,
    senderType: row.senderType ?? 'SYSTEM',
    coachId: row.coachId,
    senderName: row.coachName ?? row.partnerName ?? row.senderName,
    archetype: row.archetype,
    coachPronoun: row.coachPronoun,
    content: row.content ?? '',
    actions: row.actions,
    suggestions: row.suggestions,
    createdAt: row.createdAt ?? new Date(0),
    clientId: row.clientId,
    partner:
      row.partnerSlug !== null
        ? {
            slug: row.partnerSlug,
            avatar: row.partnerAvatar ?? '',
            category: row.partnerCategory ?? '',
          }
        : null,
  }
}

export interface NewMessage {
  userId: string
  senderType: SenderType
  coachId?: string | null
  partnerId?: number | null
  senderName?: string | null
  content: string
  actions?: ChatAction[] | null
  suggestions?: string[] | null
  /** The player's device's id of its message (see `insertPlayerMessage`). */
  clientId?: string | null
  now: Date
}

/** A part of the answer to a player's message: its place in that answer makes it unique. */
export interface NewReply extends NewMessage {
  replyTo: number
  replyIndex: number
}

/** The player's message a turn answers, with all the conversation the answer needs. */
export interface TurnContext {
  message: { id: number; content: string; createdAt: Date }
  /** The player's coaches, in team order. */
  team: Array<Pick<CoachRow, 'id' | 'name' | 'archetype' | 'persona'>>
  /** The latest messages before it, oldest first, as the engine reads them. */
  history: Array<{
    senderType: SenderType
    coachId: string | null
    partnerSlug: string | null
    content: string
  }>
  plan: unknown
  /** Places of the answer already written by an earlier run of this turn. */
  written: number[]
}

/** Where a player's turns stand, for the worker that holds them. */
export interface TurnsHeld {
  answeredThrough: number
  /** The message whose turn started last (cut off if not answered yet). */
  turnMessageId: number | null
}

const FOREIGN_KEY_VIOLATION = '23503'

/** The advisory-lock space of "writing a player's chat messages" (the second key is the player). */
const CHAT_WRITER_LOCK = 0x63686174

export class CoachingStore {
  async insertMessage(db: DbOrTx, values: NewMessage): Promise<number> {
    const id = await this.insert(db, values)
    if (id === null) throw new Error('insert into chat_messages returned nothing')
    return id
  }

  /** Stores a part of an answer unless an earlier run of the turn stored it (then null). */
  insertReply(db: DbOrTx, values: NewReply): Promise<number | null> {
    return this.insert(db, values)
  }

  /**
   * Stores a player's message unless one with the same device id is stored already (then null):
   * a device that sends it again after a lost connection does not make it twice.
   */
  insertPlayerMessage(
    db: DbOrTx,
    values: { userId: string; content: string; clientId: string | null; now: Date },
  ): Promise<number | null> {
    return this.insert(db, { ...values, senderType: 'USER' })
  }

  /** The player's message stored with this device id, if any. */
  findByClientId(db: DbOrTx, userId: string, clientId: string): Promise<StoredMessage | undefined> {
    return this.findOne(
      db,
      and(eq(chatMessages.userId, userId), eq(chatMessages.clientId, clientId)),
    )
  }

  /**
   * The player's messages since `since` that the team has taken up: those a turn answered in the
   * conversation (each part of such an answer points back at the message). Onboarding answers,
   * which the host answers without pointing back, are not among them.
   */
  async countAnsweredSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
    const replies = alias(chatMessages, 'replies')
    const [row] = await db
      .select({ n: count() })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.userId, userId),
          eq(chatMessages.senderType, 'USER'),
          gte(chatMessages.createdAt, since),
          exists(
            db
              .select({ one: sql`1` })
              .from(replies)
              .where(eq(replies.replyTo, chatMessages.id)),
          ),
        ),
      )
    return row?.n ?? 0
  }

  private async insert(
    db: DbOrTx,
    values: NewMessage & Partial<Pick<NewReply, 'replyTo' | 'replyIndex'>>,
  ): Promise<number | null> {
    // One writer of a player's messages at a time, from taking an id to commit (a nested call
    // holds it until its outer transaction ends): a player's messages commit in id order, on
    // every node, so a reconnecting client's `after` (the highest id it saw) skips none.
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(${CHAT_WRITER_LOCK}, hashtext(${values.userId}))`,
      )
      const [row] = await tx
        .insert(chatMessages)
        .values({
          userId: values.userId,
          senderType: values.senderType,
          coachId: values.coachId ?? null,
          partnerId: values.partnerId ?? null,
          senderName: values.senderName ?? null,
          content: values.content,
          actions: values.actions ?? null,
          suggestions: values.suggestions ?? null,
          replyTo: values.replyTo ?? null,
          replyIndex: values.replyIndex ?? null,
          clientId: values.clientId ?? null,
          createdAt: values.now,
        })
        .onConflictDoNothing({
          target: values.clientId
            ? [chatMessages.userId, chatMessages.clientId]
            : [chatMessages.replyTo, chatMessages.replyIndex],
        })
        .returning({ id: chatMessages.id })
      return row?.id ?? null
    })
  }

  findMessage(db: DbOrTx, userId: string, id: number): Promise<StoredMessage | undefined> {
    return this.findOne(db, and(eq(chatMessages.userId, userId), eq(chatMessages.id, id)))
  }

  private async findOne(db: DbOrTx, where: SQL | undefined): Promise<StoredMessage | undefined> {
    const [row] = await db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(coaches, eq(coaches.id, chatMessages.coachId))
      .leftJoin(partnerAgents, eq(partnerAgents.id, chatMessages.partnerId))
      .where(where)
    return row ? toStored(row) : undefined
  }

  /** Messages after a cursor, oldest first (catch-up), or the latest `limit` when no cursor. */
  async listMessages(
    db: DbOrTx,
    userId: string,
    opts: { after?: number | undefined; before?: number | undefined; limit: number },
  ): Promise<StoredMessage[]> {
    const base = db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(coaches, eq(coaches.id, chatMessages.coachId))
      .leftJoin(partnerAgents, eq(partnerAgents.id, chatMessages.partnerId))
    if (opts.after !== undefined) {
      const rows = await base
        .where(and(eq(chatMessages.userId, userId), gt(chatMessages.id, opts.after)))
        .orderBy(asc(chatMessages.id))
        .limit(opts.limit)
      return rows.map(toStored)
    }
    const rows = await base
      .where(
        and(
          eq(chatMessages.userId, userId),
          opts.before !== undefined ? lt(chatMessages.id, opts.before) : undefined,
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(opts.limit)
    return rows.map(toStored).reverse()
  }

  /** Clears the conversation (the memory screen); the team and the profile stay. */
  async deleteMessages(db: DbOrTx, userId: string): Promise<number> {
    const rows = await db
      .delete(chatMessages)
      .where(eq(chatMessages.userId, userId))
      .returning({ id: chatMessages.id })
    return rows.length
  }

  async insertCoaches(
    db: DbOrTx,
    userId: string,
    team: Array<{ name: string; archetype: CoachRow['archetype']; persona: unknown }>,
  ): Promise<CoachRow[]> {
    return db
      .insert(coaches)
      .values(team.map((c, position) => ({ userId, position, ...c })))
      .returning()
  }

  listCoaches(db: DbOrTx, userId: string): Promise<CoachRow[]> {
    return db
      .select()
      .from(coaches)
      .where(eq(coaches.userId, userId))
      .orderBy(asc(coaches.position))
  }

  async coachNamesInUse(db: DbOrTx, limit: number): Promise<string[]> {
    const rows = await db
      .select({ name: coaches.name })
      .from(coaches)
      .orderBy(desc(coaches.createdAt))
      .limit(limit)
    return rows.map((r) => r.name)
  }

  async getOnboardingState(
    db: DbOrTx,
    userId: string,
  ): Promise<{ state: unknown; updatedAt: Date } | undefined> {
    const [row] = await db
      .select({ state: onboardingStates.state, updatedAt: onboardingStates.updatedAt })
      .from(onboardingStates)
      .where(eq(onboardingStates.userId, userId))
    return row
  }

  async saveOnboardingState(db: DbOrTx, userId: string, state: unknown, now: Date): Promise<void> {
    await db
      .insert(onboardingStates)
      .values({ userId, state, updatedAt: now })
      .onConflictDoUpdate({ target: onboardingStates.userId, set: { state, updatedAt: now } })
  }

  /** The player's saved training plan (the engine's JSON), or null. */
  async trainingPlan(db: DbOrTx, userId: string): Promise<unknown> {
    const [row] = await db
      .select({ plan: trainingPlans.plan })
      .from(trainingPlans)
      .where(eq(trainingPlans.userId, userId))
    return row?.plan ?? null
  }

  async saveTrainingPlan(db: DbOrTx, userId: string, plan: object, at: Date): Promise<void> {
    await db
      .insert(trainingPlans)
      .values({ userId, plan: plan as Record<string, unknown>, updatedAt: at })
      .onConflictDoUpdate({
        target: trainingPlans.userId,
        set: { plan: plan as Record<string, unknown>, updatedAt: at },
      })
  }

  /**
   * Takes the player's turns for `holder` until `until`: free, already its own, or left by a
   * holder whose time ran out. Undefined when another holder has them; 'no-player' when the
   * player's account is gone.
   */
  async holdTurns(
    db: DbOrTx,
    userId: string,
    holder: string,
    until: Date,
    now: Date,
  ): Promise<TurnsHeld | 'no-player' | undefined> {
    const held = db
      .insert(chatTurns)
      .values({
        userId,
        holder,
        heldUntil: until,
        // A conversation from before turns were kept: what came before its latest message from
        // the team (or the host) counts as answered.
        answeredThrough: sql`(SELECT COALESCE(MAX(${chatMessages.id}), 0) FROM ${chatMessages}
          WHERE ${chatMessages.userId} = ${userId} AND ${chatMessages.senderType} <> 'USER')`,
      })
      .onConflictDoUpdate({
        target: chatTurns.userId,
        set: { holder, heldUntil: until },
        setWhere: sql`${chatTurns.holder} IS NULL OR ${chatTurns.holder} = ${holder} OR ${chatTurns.heldUntil} < ${now}`,
      })
      .returning({
        answeredThrough: chatTurns.answeredThrough,
        turnMessageId: chatTurns.turnMessageId,
      })
    try {
      const [row] = await held
      return row
    } catch (err) {
      // The account was deleted after the turn was queued.
      const code = (e: unknown) => (e as { code?: string } | undefined)?.code
      if (
        code(err) === FOREIGN_KEY_VIOLATION ||
        code((err as Error).cause) === FOREIGN_KEY_VIOLATION
      ) {
        return 'no-player'
      }
      throw err
    }
  }

  /** A turn starts: its message is noted and the hold renewed. False when the hold was lost. */
  async startTurn(
    db: DbOrTx,
    userId: string,
    holder: string,
    messageId: number,
    until: Date,
  ): Promise<boolean> {
    const rows = await db
      .update(chatTurns)
      .set({ turnMessageId: messageId, heldUntil: until })
      .where(and(eq(chatTurns.userId, userId), eq(chatTurns.holder, holder)))
      .returning({ userId: chatTurns.userId })
    return rows.length > 0
  }

  async finishTurn(db: DbOrTx, userId: string, messageId: number): Promise<void> {
    await db
      .update(chatTurns)
      .set({ answeredThrough: sql`GREATEST(${chatTurns.answeredThrough}, ${messageId})` })
      .where(eq(chatTurns.userId, userId))
  }

  async releaseTurns(db: DbOrTx, userId: string, holder: string): Promise<void> {
    await db
      .update(chatTurns)
      .set({ holder: null, heldUntil: null })
      .where(and(eq(chatTurns.userId, userId), eq(chatTurns.holder, holder)))
  }

  /**
   * The oldest of the player's messages after `after`, written after `since`, with everything
   * its answer reads: the team, the conversation before it, the training plan and what an
   * earlier run of its turn already wrote. One statement. Undefined when none is owed.
   */
  async nextTurn(
    db: DbOrTx,
    userId: string,
    after: number,
    since: Date,
    historyLimit: number,
  ): Promise<TurnContext | undefined> {
    type Row = {
      message: { id: number; content: string; created_at: string } | null
      team: Array<Pick<CoachRow, 'id' | 'name' | 'archetype' | 'persona'>>
      history: Array<{
        sender_type: SenderType
        coach_id: string | null
        partner_slug: string | null
        content: string
      }>
      plan: unknown
      written: number[]
    }
    const result = await db.execute<Row>(sql`
      WITH owed AS (
        SELECT id, content, created_at FROM ${chatMessages}
        WHERE user_id = ${userId} AND sender_type = 'USER' AND id > ${after}
          AND created_at > ${since.toISOString()}
        ORDER BY id LIMIT 1
      )
      SELECT
        (SELECT row_to_json(owed) FROM owed) AS message,
        (SELECT COALESCE(json_agg(json_build_object('id', c.id, 'name', c.name,
             'archetype', c.archetype, 'persona', c.persona) ORDER BY c.position), '[]'::json)
           FROM ${coaches} c WHERE c.user_id = ${userId}) AS team,
        (SELECT COALESCE(json_agg(h ORDER BY h.id), '[]'::json) FROM (
           SELECT m.id, m.sender_type, m.coach_id, p.slug AS partner_slug, m.content
           FROM ${chatMessages} m LEFT JOIN ${partnerAgents} p ON p.id = m.partner_id
           WHERE m.user_id = ${userId} AND m.id < (SELECT id FROM owed)
           ORDER BY m.id DESC LIMIT ${historyLimit}) h) AS history,
        (SELECT plan FROM ${trainingPlans} WHERE user_id = ${userId}) AS plan,
        (SELECT COALESCE(json_agg(reply_index), '[]'::json) FROM ${chatMessages}
           WHERE reply_to = (SELECT id FROM owed)) AS written
    `)
    // Both drivers (PGlite, node-postgres) answer `execute` with `rows`.
    const [row] = (result as { rows: Row[] }).rows
    if (!row?.message) return undefined
    return {
      message: {
        id: Number(row.message.id),
        content: row.message.content,
        createdAt: new Date(row.message.created_at),
      },
      team: row.team.map((c) => ({
        id: c.id,
        name: c.name,
        archetype: c.archetype,
        persona: c.persona,
      })),
      history: row.history.map((h) => ({
        senderType: h.sender_type,
        coachId: h.coach_id,
        partnerSlug: h.partner_slug,
        content: h.content,
      })),
      plan: row.plan ?? null,
      written: row.written,
    }
  }
}
