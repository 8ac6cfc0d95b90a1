import type {
  MemoryFact,
  MemoryProfileBody,
  MemoryResponse,
  UserStatusResponse,
} from '@areia/contracts'
import { factsFromMessage } from '@areia/coach'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import { AppError, notFound } from '../../errors'
import type { UsersService } from '../users/service'
import type { FactRow, MemoryStore } from './store'

/** Enough for what matters about a player; past it the oldest chat notes are not added. */
export const MAX_FACTS = 50
const FACT_NOT_FOUND = 'Lembrança não encontrada.'

const toFact = (row: FactRow): MemoryFact => ({
  id: row.id,
  text: row.text,
  source: row.source,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
})

function profileOf(status: UserStatusResponse): MemoryResponse['profile'] {
  const p = status.profile
  return {
    name: status.name,
    category: p.category,
    height_cm: p.height_cm,
    dominant_hand: p.dominant_hand,
    gender: p.gender,
    goal: p.goal,
    training_per_week: p.training_per_week,
    age_group: p.age_group,
  }
}

/**
 * What the team knows about the player: the onboarding profile and remembered facts. The player
 * edits or deletes them here, and the coaches read them back on the next reply.
 */
export class MemoryService {
  constructor(
    private readonly db: Db,
    private readonly store: MemoryStore,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly clearConversation: (userId: string) => Promise<void>,
  ) {}

  async get(userId: string): Promise<MemoryResponse> {
    const [status, facts] = await Promise.all([
      this.users.getStatus(userId),
      this.store.list(this.db, userId),
    ])
    return { profile: profileOf(status), facts: facts.map(toFact) }
  }

  async updateProfile(userId: string, body: MemoryProfileBody): Promise<MemoryResponse> {
    // A changed goal no longer matches the focus read from the old one.
    const patch = body.goal !== undefined ? { ...body, goal_focus: null } : body
    await this.users.updateProfile(userId, patch)
    return this.get(userId)
  }

  async addFact(userId: string, text: string): Promise<MemoryFact> {
    if ((await this.store.count(this.db, userId)) >= MAX_FACTS)
      throw new AppError(
        409,
        `A memória guarda até ${MAX_FACTS} lembranças. Apague alguma para adicionar outra.`,
      )
    return toFact(
      await this.store.insert(this.db, { userId, text, source: 'PLAYER', now: this.clock.now() }),
    )
  }

  async editFact(userId: string, id: number, text: string): Promise<MemoryFact> {
    const row = await this.store.update(this.db, userId, id, text, this.clock.now())
    if (!row) throw notFound(FACT_NOT_FOUND)
    return toFact(row)
  }

  async deleteFact(userId: string, id: number): Promise<void> {
    if (!(await this.store.delete(this.db, userId, id))) throw notFound(FACT_NOT_FOUND)
  }

  /** The conversation goes; the profile and the facts stay (they have their own buttons). */
  async clear(userId: string): Promise<void> {
    await this.clearConversation(userId)
  }

  /** The facts as the engine reads them. */
  async factsFor(userId: string): Promise<string[]> {
    return (await this.store.list(this.db, userId)).map((r) => r.text)
  }

  /** Keeps what the player's message says worth remembering, once. */
  async noteFacts(userId: string, text: string): Promise<void> {
    const found = factsFromMessage(text)
    if (found.length === 0) return
    const existing = await this.store.list(this.db, userId)
    const known = new Set(existing.map((r) => r.text.toLowerCase()))
    let room = MAX_FACTS - existing.length
    for (const fact of found) {
      if (room <= 0 || known.has(fact.toLowerCase())) continue
      await this.store.insert(this.db, {
        userId,
        text: fact,
        source: 'CHAT',
        now: this.clock.now(),
      })
      room--
    }
  }
}
