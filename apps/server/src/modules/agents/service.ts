import {
  type AgentsQuery,
  type AgentsResponse,
  type AgentTryResponse,
  type ConversationMember,
  Archetype,
  archetypeLabel,
  PARTNER_CATEGORY_LABEL,
  type PartnerAgent,
  PartnerCategory,
  PartnerKnowledge,
} from '@areia/contracts'
import { PARTNERS } from '@areia/coach'
import type { Clock } from '../../adapters/clock'
import type { Db, DbOrTx } from '../../adapters/db'
import type { Limiter } from '../../adapters/rate-limit'
import { AppError, inTime, notFound, tooManyRequests } from '../../errors'
import type { CoachEngine } from '../coaching/engine'
import type { ConversationPartner } from '../coaching/service'
import type { UsersService } from '../users/service'
import type { AgentsStore, NewPartnerRow, PartnerPatch, PartnerRow } from './store'

export type { NewPartnerRow, PartnerPatch, PartnerRow }

/**
 * What the operations console changes in the Agent Store's catalogue, in the console's
 * transaction (`db`), which checks the operator and writes the audit entry.
 */
export interface PartnerCatalogPort {
  /** A new partner goes last in the store. */
  create(values: Omit<NewPartnerRow, 'position'>, db: DbOrTx): Promise<PartnerRow>
  update(id: number, patch: PartnerPatch, db: DbOrTx): Promise<void>
}

/** "Técnico"/"Técnica" for a coach, from the engine's persona kept with the team. */
function roleLabel(archetype: string, persona: unknown): string {
  const parsed = Archetype.safeParse(archetype)
  if (!parsed.success) return archetype
  const traits = (persona as { persona?: { pronoun?: unknown } } | null)?.persona
  return archetypeLabel(parsed.data, typeof traits?.pronoun === 'string' ? traits.pronoun : null)
}

export const AGENT_NOT_FOUND = 'Agente parceiro não encontrado.'

/** The pt-BR refusal that names the plan and its limit (limits are data, so is this text). */
export function limitDetail(planName: string, limit: number): string {
  if (limit <= 0)
    return `O plano ${planName} não inclui agentes parceiros na conversa. Conheça os planos para adicionar um.`
  const agents = limit === 1 ? '1 agente parceiro' : `${limit} agentes parceiros`
  return `O plano ${planName} permite ${agents} na conversa. Remova um para adicionar outro ou mude de plano.`
}

/** A row as the engine needs it; a row whose knowledge an operator broke is left out, not fatal. */
export function toDefinition(row: PartnerRow): ConversationPartner | undefined {
  const knowledge = PartnerKnowledge.safeParse(row.knowledge)
  const category = PartnerCategory.safeParse(row.category)
  if (!knowledge.success || !category.success) return undefined
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    avatar: row.avatar,
    category: category.data,
    description: row.description,
    sample: { question: row.sampleQuestion, answer: row.sampleAnswer },
    knowledge: knowledge.data,
  }
}

function toCard(row: PartnerRow, added: boolean): PartnerAgent {
  const category = PartnerCategory.safeParse(row.category)
  return {
    slug: row.slug,
    name: row.name,
    avatar: row.avatar,
    category: category.success ? category.data : 'EQUIPAMENTOS',
    category_label: category.success ? PARTNER_CATEGORY_LABEL[category.data] : row.category,
    description: row.description,
    sample: { question: row.sampleQuestion, answer: row.sampleAnswer },
    added,
  }
}

/** The mention key of a name: what follows `@`, without spaces or accents. */
function mentionOf(name: string): string {
  return (name.trim().split(/\s+/)[0] ?? name).normalize('NFC')
}

export interface AgentsServiceDeps {
  db: Db
  store: AgentsStore
  users: UsersService
  engine: CoachEngine
  clock: Clock
  tries: Limiter
  team: (userId: string) => Promise<Array<{ name: string; archetype: string; persona?: unknown }>>
}

/**
 * The Agent Store: the catalogue (seeded from the coach engine, then data), a player's partners
 * within their plan's allowance, and the `Experimentar` preview.
 */
export class AgentsService implements PartnerCatalogPort {
  private readonly db: Db
  private readonly store: AgentsStore
  private readonly users: UsersService
  private readonly engine: CoachEngine
  private readonly clock: Clock
  private readonly tries: Limiter
  private readonly team: (
    userId: string,
  ) => Promise<Array<{ name: string; archetype: string; persona?: unknown }>>

  constructor(deps: AgentsServiceDeps) {
    ;({
      db: this.db,
      store: this.store,
      users: this.users,
      engine: this.engine,
      clock: this.clock,
      tries: this.tries,
      team: this.team,
    } = deps)
  }

  async create(values: Omit<NewPartnerRow, 'position'>, db: DbOrTx): Promise<PartnerRow> {
    return this.store.insertPartner(db, { ...values, position: await this.store.nextPosition(db) })
  }

  update(id: number, patch: PartnerPatch, db: DbOrTx): Promise<void> {
    return this.store.updatePartner(db, id, patch)
  }

  /** Inserts the catalogue's partners that are missing; operators' edits are kept. */
  async seed(): Promise<void> {
    await this.store.insertMissing(
      this.db,
      PARTNERS.map((p, position) => ({
        slug: p.slug,
        name: p.name,
        avatar: p.avatar,
        category: p.category,
        description: p.description,
        sampleQuestion: p.sample.question,
        sampleAnswer: p.sample.answer,
        knowledge: p.knowledge,
        position,
      })),
    )
  }

  async list(userId: string, query: Partial<AgentsQuery>): Promise<AgentsResponse> {
    const [rows, added, allowance] = await Promise.all([
      this.store.listVisible(this.db, query),
      this.store.listAdded(this.db, userId),
      this.allowance(userId),
    ])
    const addedIds = new Set(added.map((r) => r.id))
    return {
      agents: rows.map((r) => toCard(r, addedIds.has(r.id))),
      allowance: { ...allowance, used: added.length },
    }
  }

  async add(userId: string, slug: string): Promise<AgentsResponse> {
    await this.db.transaction(async (tx) => {
      await this.store.lockUser(tx, userId)
      const partner = await this.store.findVisible(tx, slug)
      if (!partner) throw notFound(AGENT_NOT_FOUND)
      const added = await this.store.listAdded(tx, userId)
      if (added.some((r) => r.id === partner.id)) return
      const { plan_name, limit } = await this.allowance(userId, tx)
      if (added.length >= limit)
        throw new AppError(403, limitDetail(plan_name, limit), { code: 'agent_limit' })
      await this.store.add(tx, userId, partner.id, this.clock.now())
    })
    return this.list(userId, {})
  }

  async remove(userId: string, slug: string): Promise<AgentsResponse> {
    const partner = await this.store.findVisible(this.db, slug)
    if (!partner || !(await this.store.remove(this.db, userId, partner.id)))
      throw notFound('Este agente parceiro não está na sua conversa.')
    return this.list(userId, {})
  }

  /** `Experimentar`: one answer from the engine, never stored in the conversation. */
  async tryAgent(userId: string, slug: string, text: string): Promise<AgentTryResponse> {
    const row = await this.store.findVisible(this.db, slug)
    const partner = row ? toDefinition(row) : undefined
    if (!partner) throw notFound(AGENT_NOT_FOUND)
    const decision = await this.tries.hit(userId)
    if (!decision.allowed)
      throw tooManyRequests(
        `Muitas perguntas de teste. Tente de novo ${inTime(decision.retryAfterSeconds)}.`,
        decision.retryAfterSeconds,
      )
    const status = await this.users.getStatus(userId)
    const answer = await this.engine.partnerPreview({
      partner,
      text,
      profile: { ...status.profile, name: status.name },
    })
    return { name: partner.name, avatar: partner.avatar, text: answer }
  }

  /** The partners that answer in the player's conversation: the oldest `limit` added. */
  async conversationPartners(userId: string): Promise<ConversationPartner[]> {
    const [added, { limit }] = await Promise.all([
      this.store.listAdded(this.db, userId),
      this.allowance(userId),
    ])
    return added
      .slice(0, limit)
      .map(toDefinition)
      .filter((p): p is ConversationPartner => p !== undefined)
  }

  /** Who the chat input offers after `@`: the coaches, the partners in the chat and `equipe`. */
  async members(userId: string): Promise<ConversationMember[]> {
    const [coaches, partners] = await Promise.all([
      this.team(userId),
      this.conversationPartners(userId),
    ])
    return [
      ...coaches.map((c) => ({
        kind: 'COACH' as const,
        mention: mentionOf(c.name),
        name: c.name,
        role: `Coach ${roleLabel(c.archetype, c.persona)}`,
        avatar: null,
      })),
      ...partners.map((p) => ({
        kind: 'PARTNER' as const,
        mention: mentionOf(p.name),
        name: p.name,
        role: PARTNER_CATEGORY_LABEL[p.category],
        avatar: p.avatar,
      })),
      {
        kind: 'TEAM' as const,
        mention: 'equipe',
        name: 'equipe',
        role: 'Todos os coaches e parceiros',
        avatar: null,
      },
    ]
  }

  private async allowance(
    userId: string,
    db: DbOrTx = this.db,
  ): Promise<{ plan_name: string; limit: number }> {
    const plan = await this.store.allowancePlan(db, userId)
    return { plan_name: plan?.name ?? 'Free Trial', limit: Math.max(0, plan?.limit ?? 0) }
  }
}
