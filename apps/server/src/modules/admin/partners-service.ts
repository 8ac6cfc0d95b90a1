import type { AdminPartner, AdminPartnerCreateBody, AdminPartnerUpdateBody } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import { AppError, isUniqueViolation, notFound } from '../../errors'
import type { PartnerCatalogPort, PartnerPatch } from '../agents/service'
import type { AdminService } from './service'
import type { AdminPartnersStore } from './partners-store'

const NOT_FOUND = 'Agente parceiro não encontrado.'

/**
 * Operators curate the Agent Store: create partners, edit their texts and knowledge, hide them.
 * Hiding keeps the row (and who had added it): the store and the chat stop showing it.
 */
export class AdminPartnersService {
  constructor(
    private readonly db: Db,
    private readonly store: AdminPartnersStore,
    /** The agents module's: the catalogue is written by the module that owns it. */
    private readonly agents: PartnerCatalogPort,
    private readonly admin: AdminService,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<AdminPartner[]> {
    const rows = await this.store.list(this.db)
    return rows.map(({ partner: p, players }) => ({
      id: p.id,
      slug: p.slug,
      name: p.name,
      avatar: p.avatar,
      category: p.category,
      description: p.description,
      sample_question: p.sampleQuestion,
      sample_answer: p.sampleAnswer,
      knowledge: p.knowledge,
      hidden: p.hidden,
      players,
      updated_at: p.updatedAt.toISOString(),
    }))
  }

  async create(actorId: string, body: AdminPartnerCreateBody): Promise<AdminPartner> {
    const actor = await this.admin.actor(actorId)
    try {
      const id = await this.db.transaction(async (tx) => {
        const row = await this.agents.create(
          {
            slug: body.slug,
            name: body.name,
            avatar: body.avatar,
            category: body.category,
            description: body.description,
            sampleQuestion: body.sample_question,
            sampleAnswer: body.sample_answer,
            knowledge: body.knowledge,
          },
          tx,
        )
        await this.admin.audit(tx, actor, 'partner.create', 'partner', String(row.id), {
          slug: row.slug,
          name: row.name,
        })
        return row.id
      })
      return this.byId(id)
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError(409, 'Já existe um agente com este identificador.', {
          code: 'agent_exists',
        })
      throw err
    }
  }

  async update(actorId: string, id: number, body: AdminPartnerUpdateBody): Promise<AdminPartner> {
    const actor = await this.admin.actor(actorId)
    const patch: PartnerPatch = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.avatar !== undefined && { avatar: body.avatar }),
      ...(body.category !== undefined && { category: body.category }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.sample_question !== undefined && { sampleQuestion: body.sample_question }),
      ...(body.sample_answer !== undefined && { sampleAnswer: body.sample_answer }),
      ...(body.knowledge !== undefined && { knowledge: body.knowledge }),
      ...(body.hidden !== undefined && { hidden: body.hidden }),
      updatedAt: this.clock.now(),
    }
    await this.db.transaction(async (tx) => {
      const before = await this.store.find(tx, id)
      if (!before) throw notFound(NOT_FOUND)
      await this.agents.update(id, patch, tx)
      // Hiding and showing are their own entries: they change what players see at once.
      const action =
        body.hidden === undefined || body.hidden === before.hidden
          ? 'partner.update'
          : body.hidden
            ? 'partner.hide'
            : 'partner.show'
      // The knowledge JSON is long; the log notes that it changed, not all of it.
      const { knowledge, ...changes } = body
      await this.admin.audit(tx, actor, action, 'partner', String(id), {
        slug: before.slug,
        changes: knowledge ? { ...changes, knowledge: 'editado' } : changes,
      })
    })
    return this.byId(id)
  }

  private async byId(id: number): Promise<AdminPartner> {
    const found = (await this.list()).find((p) => p.id === id)
    if (!found) throw notFound(NOT_FOUND)
    return found
  }
}
