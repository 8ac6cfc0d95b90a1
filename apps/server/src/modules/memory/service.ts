import type {
  MemoryFact,
  MemoryFactKind,
  MemoryProfileBody,
  MemoryResponse,
  UserStatusResponse,
} from '@areia/contracts'
import { fieldsFromText, isPast, rememberFacts, type RememberedFact } from '@areia/coach'
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
  kind: row.kind,
  text: row.text,
  sentence: row.sentence,
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

export interface MemoryServiceDeps {
  db: Db
  store: MemoryStore
  users: UsersService
  clock: Clock
  clearConversation: (userId: string) => Promise<void>
}

/**
 * What the team knows about the player: the onboarding profile and remembered facts. The player
 * edits or deletes them here, and the coaches read them back on the next reply.
 */
export class MemoryService {
  private readonly db: Db
  private readonly store: MemoryStore
  private readonly users: UsersService
  private readonly clock: Clock
  private readonly clearConversation: (userId: string) => Promise<void>

  constructor(deps: MemoryServiceDeps) {
    ;({
      db: this.db,
      store: this.store,
      users: this.users,
      clock: this.clock,
      clearConversation: this.clearConversation,
    } = deps)
  }

  async get(userId: string): Promise<MemoryResponse> {
    const [status, facts] = await Promise.all([this.users.getStatus(userId), this.current(userId)])
    return { profile: profileOf(status), facts: facts.map(toFact) }
  }

  async updateProfile(userId: string, body: MemoryProfileBody): Promise<MemoryResponse> {
    // A changed goal no longer matches the focus read from the old one.
    const patch = body.goal !== undefined ? { ...body, goal_focus: null } : body
    await this.users.updateProfile(userId, patch)
    return this.get(userId)
  }

  async addFact(userId: string, text: string, kind: MemoryFactKind = 'OUTRO'): Promise<MemoryFact> {
    if ((await this.store.count(this.db, userId)) >= MAX_FACTS)
      throw new AppError(
        409,
        `A memória guarda até ${MAX_FACTS} lembranças. Apague alguma para adicionar outra.`,
        { code: 'memory_full' },
      )
    const now = this.clock.now()
    return toFact(
      await this.store.insert(this.db, {
        userId,
        kind,
        key: null,
        text,
        fields: { ...fieldsFromText(kind, text, now) },
        sentence: null,
        source: 'PLAYER',
        now,
      }),
    )
  }

  /** The new text is what the coaches follow: its details are read again from it. */
  async editFact(userId: string, id: number, text: string): Promise<MemoryFact> {
    const now = this.clock.now()
    const row = (await this.store.list(this.db, userId)).find((r) => r.id === id)
    if (!row) throw notFound(FACT_NOT_FOUND)
    const updated = await this.store.update(this.db, userId, id, {
      text,
      fields: { ...fieldsFromText(row.kind, text, now) },
      source: 'PLAYER',
      now,
    })
    if (!updated) throw notFound(FACT_NOT_FOUND)
    return toFact(updated)
  }

  async deleteFact(userId: string, id: number): Promise<void> {
    if (!(await this.store.delete(this.db, userId, id))) throw notFound(FACT_NOT_FOUND)
  }

  /** The conversation goes; the profile and the facts stay (they have their own buttons). */
  async clear(userId: string): Promise<void> {
    await this.clearConversation(userId)
  }

  /** The facts as the engine reads them: what the player left on the memory screen. */
  async factsFor(userId: string): Promise<RememberedFact[]> {
    return (await this.current(userId)).map((r) => ({
      kind: r.kind,
      text: r.text,
      fields: r.fields,
    }))
  }

  /**
   * Keeps what the player's message says worth remembering: a newer fact of the same kind and
   * key replaces the older one, a pain the player says is gone is forgotten.
   */
  async noteFacts(userId: string, text: string): Promise<void> {
    const now = this.clock.now()
    const existing = await this.current(userId)
    const changes = rememberFacts(
      existing.map((r) => ({ ...r, fields: r.fields })),
      text,
      now,
      MAX_FACTS - existing.length,
    )
    await this.store.deleteMany(this.db, userId, changes.remove)
    for (const u of changes.update)
      await this.store.update(this.db, userId, u.id, {
        text: u.text,
        fields: { ...u.fields },
        sentence: u.sentence,
        source: 'CHAT',
        now,
      })
    for (const f of changes.insert)
      await this.store.insert(this.db, {
        userId,
        kind: f.kind,
        key: f.key,
        text: f.text,
        fields: { ...f.fields },
        sentence: f.sentence,
        source: 'CHAT',
        now,
      })
  }

  /** The player's facts without tournaments already played: those are dropped for good. */
  private async current(userId: string): Promise<FactRow[]> {
    const now = this.clock.now()
    const rows = await this.store.list(this.db, userId)
    const past = rows.filter(
      (r) => r.kind === 'TORNEIO' && isPast(r.fields as { date?: string; month?: string }, now),
    )
    await this.store.deleteMany(
      this.db,
      userId,
      past.map((r) => r.id),
    )
    return rows.filter((r) => !past.includes(r))
  }
}
