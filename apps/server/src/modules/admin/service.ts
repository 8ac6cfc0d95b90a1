import type {
  AdminAuditEntry,
  AdminCoupon,
  AdminCouponCreateBody,
  AdminOpenSpotsResponse,
  AdminMailbox,
  AdminOutboxMail,
  AdminOverview,
  AdminPlan,
  AdminPlanUpdateBody,
  AdminPlayer,
  AdminPlayersPage,
  AdminPlayersQuery,
  AdminWaitingVideo,
  AdminWaitlistEntry,
  BillingCycle,
  Role,
} from '@areia/contracts'
import { countOf } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db, DbOrTx } from '../../adapters/db'
import type { Mailer } from '../../adapters/mail'
import { AppError, isUniqueViolation, notFound } from '../../errors'
import { accountFields, type UsersService } from '../users/service'
import type { BillingConsolePort, PlanPatch } from '../billing/service'
import type { AdminStore } from './store'

/** Players are promised an analysis "in a few hours"; past this the overview counts it as overdue. */
export const ANALYSIS_DUE_HOURS = 24

const HOUR = 3_600_000
const CYCLE_LABEL: Record<BillingCycle, string> = { MONTHLY: 'Mensal', YEARLY: 'Anual' }
const reais = (cents: number) => cents / 100
const cents = (value: number) => Math.round(value * 100)
const iso = (d: Date | null) => (d ? d.toISOString() : null)

export type Actor = { id: string; email: string }
type PlayerRow = Awaited<ReturnType<AdminStore['findPlayer']>>

function toPlayer(row: NonNullable<PlayerRow>): AdminPlayer {
  const { user, subscription, planName } = row
  return {
    ...accountFields(user),
    created_at: user.createdAt.toISOString(),
    plan_name: planName,
    subscription_status: subscription?.status ?? null,
    subscription_expires_at: iso(subscription?.expiresAt ?? null),
  }
}

function toPlan(p: Awaited<ReturnType<AdminStore['allPlans']>>[number]): AdminPlan {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    price_monthly: reais(p.priceMonthlyCents),
    price_annually: reais(p.priceYearlyCents),
    features: p.features,
    trial_days: p.trialDays,
    daily_message_limit: p.dailyMessageLimit,
    monthly_video_limit: p.monthlyVideoLimit,
    human_review: p.humanReview,
    analysis_turnaround_hours: p.analysisTurnaroundHours,
    partner_agent_limit: p.partnerAgentLimit,
    spots: p.spots,
    active: p.active,
  }
}

export interface AdminServiceDeps {
  db: Db
  store: AdminStore
  users: UsersService
  /** Billing's: plans, coupons and the waiting list are changed by the module that owns them. */
  billing: BillingConsolePort
  mailer: Mailer
  clock: Clock
  /** Absolute link into the web app, for the e-mails sent to invited players. */
  appUrl: (path: string) => string
  /** Told after a role change commits (the account's sockets reopen under the new role). */
  roleChanged: (userId: string) => Promise<void>
}

/**
 * The operations console. Every mutation runs in one transaction with its audit row, so a change
 * without its record (or a record of a change that did not happen) cannot exist.
 */
export class AdminService {
  private readonly db: Db
  private readonly store: AdminStore
  private readonly users: UsersService
  private readonly billing: BillingConsolePort
  private readonly mailer: Mailer
  private readonly clock: Clock
  private readonly appUrl: (path: string) => string
  private readonly roleChanged: (userId: string) => Promise<void>

  constructor(deps: AdminServiceDeps) {
    ;({
      db: this.db,
      store: this.store,
      users: this.users,
      billing: this.billing,
      mailer: this.mailer,
      clock: this.clock,
      appUrl: this.appUrl,
      roleChanged: this.roleChanged,
    } = deps)
  }

  async overview(): Promise<AdminOverview> {
    const due = new Date(this.clock.now().getTime() - ANALYSIS_DUE_HOURS * HOUR)
    const o = await this.store.overview(this.db, due)
    return {
      players: o.players,
      paying_players: o.paying,
      videos_waiting: o.waiting,
      analyses_overdue: o.overdue,
      waitlist_waiting: o.waitlist,
    }
  }

  async waitingVideos(): Promise<AdminWaitingVideo[]> {
    const due = this.clock.now().getTime() - ANALYSIS_DUE_HOURS * HOUR
    const rows = await this.store.waitingVideos(this.db)
    return rows.map((v) => {
      const since = new Date(v.since)
      return {
        id: v.id,
        player_email: v.email,
        status: v.status,
        waiting_since: since.toISOString(),
        overdue: since.getTime() < due,
      }
    })
  }

  async players(query: AdminPlayersQuery): Promise<AdminPlayersPage> {
    const q = query.q?.trim() || undefined
    const { total, rows } = await this.store.players(this.db, q, query.page, query.page_size)
    return { items: rows.map(toPlayer), total, page: query.page, page_size: query.page_size }
  }

  async player(id: string): Promise<AdminPlayer> {
    const row = await this.store.findPlayer(this.db, id)
    if (!row) throw notFound('Jogador não encontrado.')
    return toPlayer(row)
  }

  async changeRole(actorId: string, id: string, role: Role): Promise<AdminPlayer> {
    // Demoting oneself could leave the product with no admin; another admin has to do it.
    if (actorId === id)
      throw new AppError(409, 'Você não pode alterar o seu próprio papel.', { code: 'own_role' })
    const actor = await this.actor(actorId)
    const changed = await this.db.transaction(async (tx) => {
      const row = await this.store.findPlayer(tx, id)
      if (!row) throw notFound('Jogador não encontrado.')
      if (row.user.role === role) return false
      await this.users.setRole(id, role, tx)
      await this.audit(tx, actor, 'player.role', 'user', id, {
        email: row.user.email,
        from: row.user.role,
        to: role,
      })
      return true
    })
    // Sockets opened under the old role (the analysts' feed) must not outlive it.
    if (changed) await this.roleChanged(id)
    return this.player(id)
  }

  async plans(): Promise<AdminPlan[]> {
    return (await this.store.allPlans(this.db)).map(toPlan)
  }

  async updatePlan(actorId: string, id: number, body: AdminPlanUpdateBody): Promise<AdminPlan> {
    const actor = await this.actor(actorId)
    const patch: PlanPatch = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.price_monthly !== undefined && { priceMonthlyCents: cents(body.price_monthly) }),
      ...(body.price_annually !== undefined && { priceYearlyCents: cents(body.price_annually) }),
      ...(body.features !== undefined && { features: body.features }),
      ...(body.daily_message_limit !== undefined && {
        dailyMessageLimit: body.daily_message_limit,
      }),
      ...(body.monthly_video_limit !== undefined && {
        monthlyVideoLimit: body.monthly_video_limit,
      }),
      ...(body.human_review !== undefined && { humanReview: body.human_review }),
      ...(body.analysis_turnaround_hours !== undefined && {
        analysisTurnaroundHours: body.analysis_turnaround_hours,
      }),
      ...(body.partner_agent_limit !== undefined && {
        partnerAgentLimit: body.partner_agent_limit,
      }),
      ...(body.spots !== undefined && { spots: body.spots }),
      ...(body.active !== undefined && { active: body.active }),
    }
    const updated = await this.db.transaction(async (tx) => {
      const before = await this.store.findPlan(tx, id)
      if (!before) throw notFound('Plano não encontrado.')
      // A free plan with a price (or a paid one at zero) would break checkout's assumptions.
      const free = before.priceMonthlyCents === 0
      const newMonthly = patch.priceMonthlyCents ?? before.priceMonthlyCents
      const newYearly = patch.priceYearlyCents ?? before.priceYearlyCents
      if (free !== (newMonthly === 0) || free !== (newYearly === 0)) {
        throw new AppError(
          422,
          free
            ? 'O plano gratuito não pode ter preço.'
            : 'Um plano pago precisa de preço maior que zero.',
          { code: 'plan_price_invalid' },
        )
      }
      const row = await this.billing.updatePlan(id, patch, tx)
      if (!row) throw notFound('Plano não encontrado.')
      await this.audit(tx, actor, 'plan.update', 'plan', String(id), {
        slug: before.slug,
        changes: body,
      })
      return row
    })
    return toPlan(updated)
  }

  async coupons(): Promise<AdminCoupon[]> {
    const rows = await this.store.coupons(this.db)
    return rows.map(({ coupon: c, redemptions }) => ({
      id: c.id,
      code: c.code,
      discount_percentage: c.discountPercentage,
      valid_from: iso(c.validFrom),
      valid_until: iso(c.validUntil),
      max_redemptions: c.maxRedemptions,
      active: c.active,
      redemptions,
      created_at: c.createdAt.toISOString(),
    }))
  }

  async createCoupon(actorId: string, body: AdminCouponCreateBody): Promise<AdminCoupon> {
    const actor = await this.actor(actorId)
    try {
      const row = await this.db.transaction(async (tx) => {
        const created = await this.billing.createCoupon(
          {
            code: body.code,
            discountPercentage: body.discount_percentage,
            validFrom: body.valid_from ? new Date(body.valid_from) : null,
            validUntil: body.valid_until ? new Date(body.valid_until) : null,
            maxRedemptions: body.max_redemptions ?? null,
          },
          tx,
        )
        await this.audit(tx, actor, 'coupon.create', 'coupon', String(created.id), {
          code: created.code,
          discount_percentage: created.discountPercentage,
          valid_from: body.valid_from ?? null,
          valid_until: body.valid_until ?? null,
          max_redemptions: created.maxRedemptions,
        })
        return created
      })
      return { ...(await this.couponById(row.id)) }
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError(409, 'Já existe um cupom com este código.', { code: 'coupon_exists' })
      throw err
    }
  }

  async expireCoupon(actorId: string, id: number): Promise<AdminCoupon> {
    const actor = await this.actor(actorId)
    await this.db.transaction(async (tx) => {
      const coupon = await this.store.findCoupon(tx, id)
      if (!coupon) throw notFound('Cupom não encontrado.')
      await this.billing.expireCoupon(id, tx)
      await this.audit(tx, actor, 'coupon.expire', 'coupon', String(id), { code: coupon.code })
    })
    return this.couponById(id)
  }

  async redemptions(id: number) {
    if (!(await this.store.findCoupon(this.db, id))) throw notFound('Cupom não encontrado.')
    const rows = await this.store.redemptionsOf(this.db, id)
    return rows.map((r) => ({ id: r.id, user_email: r.email, redeemed_at: r.at.toISOString() }))
  }

  async waitlist(): Promise<AdminWaitlistEntry[]> {
    const rows = await this.store.waitlist(this.db)
    return rows.map((r, i) => ({
      id: r.entry.id,
      position: i + 1,
      user_email: r.email,
      plan_name: r.planName,
      billing_cycle: r.entry.billingCycle,
      final_price: reais(r.entry.finalPriceCents),
      coupon_code: r.entry.couponCode,
      joined_at: r.entry.createdAt.toISOString(),
      invited_at: iso(r.entry.notifiedAt),
    }))
  }

  /**
   * Invites the next `count` players still waiting, oldest first: they are marked invited in one
   * transaction (rows locked, so two operators cannot invite the same person), then the e-mails
   * go out through the mail port in the same order.
   */
  async openSpots(actorId: string, count: number): Promise<AdminOpenSpotsResponse> {
    const actor = await this.actor(actorId)
    const now = this.clock.now()
    const next = await this.db.transaction(async (tx) => {
      const rows = await this.store.nextWaiting(tx, count)
      for (const row of rows) await this.billing.invite(row.entry, now, tx)
      await this.audit(tx, actor, 'waitlist.open_spots', 'waitlist', 'waitlist', {
        requested: count,
        invited: rows.map((r) => r.email),
      })
      return rows
    })
    for (const row of next) {
      await this.mailer.send({
        to: row.email,
        subject: `Abriu uma vaga no plano ${row.planName}!`,
        text: [
          `Olá${row.name ? `, ${row.name}` : ''}!`,
          '',
          `Abriu uma vaga no plano ${row.planName} ${CYCLE_LABEL[row.entry.billingCycle]}, e ela é sua.`,
          `Para concluir a sua assinatura, acesse ${this.appUrl('/chat')}.`,
          '',
          'Equipe Areia',
        ].join('\n'),
      })
    }
    const invited = next.map((r) => r.email)
    const message =
      invited.length === 0
        ? 'Ninguém está aguardando na lista de espera.'
        : `${countOf(invited.length, 'jogador foi convidado', 'jogadores foram convidados')} por e-mail.`
    return { invited, message }
  }

  async outbox(): Promise<AdminOutboxMail[]> {
    const rows = await this.store.outbox(this.db)
    return rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      body: m.body,
      created_at: m.createdAt.toISOString(),
      sent_at: iso(m.sentAt),
      status: m.status,
      attempts: m.attempts,
      last_error: m.lastError,
    }))
  }

  /** What the local mailbox received (embedded mode), newest first. */
  async mailbox(local: boolean): Promise<AdminMailbox> {
    if (!local) return { local, messages: [] }
    const rows = await this.store.mailbox(this.db)
    return {
      local,
      messages: rows.map((m) => ({
        id: m.id,
        to: m.to,
        from: m.from,
        subject: m.subject,
        text: m.text,
        received_at: m.receivedAt.toISOString(),
      })),
    }
  }

  async auditLog(): Promise<AdminAuditEntry[]> {
    const rows = await this.store.auditLog(this.db)
    return rows.map((r) => ({
      id: r.id,
      actor_email: r.actorEmail,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      details: r.details,
      created_at: r.createdAt.toISOString(),
    }))
  }

  private async couponById(id: number): Promise<AdminCoupon> {
    const found = (await this.coupons()).find((c) => c.id === id)
    if (!found) throw notFound('Cupom não encontrado.')
    return found
  }

  /** The signed-in operator, as the audit log records them. */
  async actor(id: string): Promise<Actor> {
    const user = await this.users.findById(id)
    if (!user)
      throw new AppError(401, 'Sua sessão expirou. Faça login novamente.', {
        code: 'session_expired',
      })
    return { id: user.id, email: user.email }
  }

  /** Writes the audit row of a change, inside the change's own transaction. */
  audit(
    tx: DbOrTx,
    actor: Actor,
    action: string,
    targetType: string,
    targetId: string,
    details: Record<string, unknown>,
  ) {
    return this.store.audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action,
      targetType,
      targetId,
      details,
    })
  }
}
