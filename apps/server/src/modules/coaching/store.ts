import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm'
import type { ChatAction, SenderType } from '@areia/contracts'
import type { DbOrTx } from '../../adapters/db'
import {
  chatMessages,
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
  now: Date
}

/** The advisory-lock space of "writing a player's chat messages" (the second key is the player). */
const CHAT_WRITER_LOCK = 0x63686174

export class CoachingStore {
  async insertMessage(db: DbOrTx, values: NewMessage): Promise<number> {
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
          createdAt: values.now,
        })
        .returning({ id: chatMessages.id })
      if (!row) throw new Error('insert into chat_messages returned nothing')
      return row.id
    })
  }

  async findMessage(db: DbOrTx, userId: string, id: number): Promise<StoredMessage | undefined> {
    const [row] = await db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(coaches, eq(coaches.id, chatMessages.coachId))
      .leftJoin(partnerAgents, eq(partnerAgents.id, chatMessages.partnerId))
      .where(and(eq(chatMessages.userId, userId), eq(chatMessages.id, id)))
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

  /** Players whose latest message, written after `since`, is their own: each with that message. */
  async unansweredSince(
    db: DbOrTx,
    since: Date,
  ): Promise<Array<{ userId: string; id: number; content: string }>> {
    const latest = await db
      .selectDistinctOn([chatMessages.userId], {
        userId: chatMessages.userId,
        id: chatMessages.id,
        senderType: chatMessages.senderType,
        content: chatMessages.content,
      })
      .from(chatMessages)
      .where(gt(chatMessages.createdAt, since))
      .orderBy(chatMessages.userId, desc(chatMessages.id))
    return latest
      .filter((m) => m.senderType === 'USER')
      .map(({ userId, id, content }) => ({ userId, id, content }))
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
}
