import {
  type BillingCycle,
  type CouponValidateResponse,
  discountedCents,
  type Plan,
  type WaitlistJoinBody,
} from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db, DbOrTx } from '../../adapters/db'
import type { Mailer } from '../../adapters/mail'
import type { Limiter } from '../../adapters/rate-limit'
import { AppError, inTime, tooManyRequests } from '../../errors'
import type { UsersService } from '../users/service'
import { DEMO_COUPON, SEED_PLANS } from './catalogue'
import type { BillingStore, CouponRow, NewCoupon, PlanPatch, PlanRow } from './store'

export type { NewCoupon, PlanPatch }

const INVALID_COUPON = 'Este cupom é inválido ou não existe.'
const CYCLE_LABEL: Record<BillingCycle, string> = { MONTHLY: 'Mensal', YEARLY: 'Anual' }

const reais = (cents: number) => cents / 100
const priceOf = (plan: PlanRow, cycle: BillingCycle) =>
  cycle === 'MONTHLY' ? plan.priceMonthlyCents : plan.priceYearlyCents

export type SalesMode = 'checkout' | 'waitlist'

/**
 * What the operations console changes in the catalogue and the waiting list. Each call runs in
 * the console's transaction (`db`), which checks the operator and writes the audit entry.
 */
export interface BillingConsolePort {
  updatePlan(id: number, patch: PlanPatch, db: DbOrTx): Promise<PlanRow | undefined>
  createCoupon(values: NewCoupon, db: DbOrTx): Promise<CouponRow>
  expireCoupon(id: number, db: DbOrTx): Promise<void>
  /** The entry is invited at `at`; its player leaves WAITING_LIST, so the plans modal sells again. */
  invite(entry: { id: number; userId: string }, at: Date, db: DbOrTx): Promise<void>
}

export interface BillingServiceDeps {
  db: Db
  store: BillingStore
  users: UsersService
  mailer: Mailer
  clock: Clock
  opts: { salesMode: SalesMode; seedDemoCoupon: boolean }
  /** Coupon checks per player, so codes cannot be guessed by trying them all. */
  couponAttempts: Limiter
}

export class BillingService implements BillingConsolePort {
  private readonly db: Db
  private readonly store: BillingStore
  private readonly users: UsersService
  private readonly mailer: Mailer
  private readonly clock: Clock
  private readonly opts: { salesMode: SalesMode; seedDemoCoupon: boolean }
  private readonly couponAttempts: Limiter

  constructor(deps: BillingServiceDeps) {
    ;({
      db: this.db,
      store: this.store,
      users: this.users,
      mailer: this.mailer,
      clock: this.clock,
      opts: this.opts,
      couponAttempts: this.couponAttempts,
    } = deps)
  }

  updatePlan(id: number, patch: PlanPatch, db: DbOrTx): Promise<PlanRow | undefined> {
    return this.store.updatePlan(db, id, patch)
  }

  createCoupon(values: NewCoupon, db: DbOrTx): Promise<CouponRow> {
    return this.store.insertCoupon(db, values)
  }

  expireCoupon(id: number, db: DbOrTx): Promise<void> {
    return this.store.expireCoupon(db, id, this.clock.now())
  }

  async invite(entry: { id: number; userId: string }, at: Date, db: DbOrTx): Promise<void> {
    await this.store.markInvited(db, entry.id, at)
    await this.users.transitionPaymentStatus(entry.userId, 'WAITING_LIST', 'FREE', db)
  }

  /** First start: the catalogue (and, offline, a demo coupon). Existing rows are left alone. */
  async seed(): Promise<void> {
    await this.store.insertPlansIfMissing(
      this.db,
      SEED_PLANS.map((p) => ({ ...p, features: [...p.features] })),
    )
    if (this.opts.seedDemoCoupon) await this.store.insertCouponIfMissing(this.db, DEMO_COUPON)
  }

  async listPlans(userId: string | null): Promise<Plan[]> {
    const rows = await this.store.listActivePlans(this.db)
    const invited = userId ? await this.store.invitedPlanId(this.db, userId) : null
    return rows.map((p) => ({
      id: p.id,
      slug: p.slug,
      name: p.name,
      price_monthly: reais(p.priceMonthlyCents),
      price_annually: reais(p.priceYearlyCents),
      features: p.features,
      trial_days: p.trialDays,
      available: p.id === invited || this.onSale(p),
    }))
  }

  /** Open to anyone: sales are open and the plan has spots left (or no limit). */
  onSale(plan: PlanRow): boolean {
    return this.opts.salesMode === 'checkout' && (plan.spots === null || plan.spots > 0)
  }

  /**
   * Whether this player may buy the plan now: sales are open, or an operator opened a spot for
   * them from the waiting list. `invited` tells the checkout not to take a spot from the sale.
   */
  async purchaseRight(userId: string, plan: PlanRow): Promise<'open' | 'invited' | null> {
    if ((await this.store.invitedPlanId(this.db, userId)) === plan.id) return 'invited'
    // Whether a spot is left is settled when the order claims one (the player's own open
    // order may be holding it).
    return this.opts.salesMode === 'checkout' ? 'open' : null
  }

  /** A new contract was paid: the player leaves the waiting list (their spot was held by the order). */
  async settleSpot(tx: DbOrTx, userId: string): Promise<void> {
    await this.store.leaveWaitlist(tx, userId)
  }

  async validateCoupon(userId: string, code: string): Promise<CouponValidateResponse> {
    const limit = await this.couponAttempts.hit(userId)
    if (!limit.allowed) {
      throw tooManyRequests(
        `Muitas tentativas de cupom. Tente novamente ${inTime(limit.retryAfterSeconds)}.`,
        limit.retryAfterSeconds,
      )
    }
    const coupon = await this.usableCoupon(userId, code)
    return coupon
      ? { valid: true, discount_percentage: coupon.discountPercentage }
      : { valid: false, discount_percentage: null }
  }

  /**
   * Joining puts the player on WAITING_LIST. The price the client shows is checked
   * against the catalogue so the line records what the player was actually offered.
   */
  async joinWaitlist(userId: string, body: WaitlistJoinBody): Promise<{ message: string }> {
    const user = await this.users.getStatus(userId)
    if (user.payment_status === 'PAYMENT_OK') {
      throw new AppError(409, 'Você já possui uma assinatura ativa.', {
        code: 'plan_already_active',
      })
    }
    const { plan, cycle } = await this.planFromLabel(body.plan_name)
    const coupon = body.coupon_code ? await this.usableCoupon(userId, body.coupon_code) : null
    if (body.coupon_code && !coupon)
      throw new AppError(422, INVALID_COUPON, { code: 'coupon_invalid' })
    const finalCents = discountedCents(priceOf(plan, cycle), coupon?.discountPercentage)
    if (Math.abs(Math.round(body.final_price * 100) - finalCents) > 1) {
      throw new AppError(
        422,
        'O preço informado não confere com o do plano. Atualize a página e tente de novo.',
        { code: 'price_mismatch' },
      )
    }
    await this.db.transaction(async (tx) => {
      await this.store.upsertWaitlistEntry(tx, {
        userId,
        planId: plan.id,
        billingCycle: cycle,
        finalPriceCents: finalCents,
        couponCode: coupon?.code ?? null,
      })
      await this.users.setPaymentStatus(userId, 'WAITING_LIST', tx)
    })
    await this.mailer.send({
      to: user.email,
      subject: `Você está na lista de espera do plano ${plan.name}`,
      text: [
        `Olá${user.name ? `, ${user.name}` : ''}!`,
        '',
        `Recebemos o seu interesse no plano ${plan.name} ${CYCLE_LABEL[cycle]}.`,
        'Assim que abrirem vagas, avisaremos você por e-mail com o link para concluir a assinatura.',
        '',
        'Equipe Areia',
      ].join('\n'),
    })
    return { message: `Obrigado! Você está na lista de espera do plano ${plan.name}.` }
  }

  /**
   * A lapsed PIX paid after the plan's last spot was sold (its money is given back): the player
   * takes a place in line for that plan, at the price they had accepted.
   */
  async joinWaitlistAfterSoldOut(order: {
    userId: string
    planId: number
    billingCycle: BillingCycle
    amountCents: number
  }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.store.upsertWaitlistEntry(tx, {
        userId: order.userId,
        planId: order.planId,
        billingCycle: order.billingCycle,
        finalPriceCents: order.amountCents,
        couponCode: null,
      })
      await this.users.setPaymentStatus(order.userId, 'WAITING_LIST', tx)
    })
  }

  /** "Pro Mensal" / "Ultra Anual" → the plan and the cycle. */
  private async planFromLabel(label: string): Promise<{ plan: PlanRow; cycle: BillingCycle }> {
    const match = /^(.*)\s+(Mensal|Anual)$/i.exec(label.trim())
    const plans = await this.store.listActivePlans(this.db)
    const plan = match && plans.find((p) => p.name.toLowerCase() === match[1]?.trim().toLowerCase())
    if (!match || !plan || plan.priceMonthlyCents === 0) {
      throw new AppError(422, 'Plano não encontrado.', { code: 'plan_not_found' })
    }
    return { plan, cycle: match[2]?.toLowerCase() === 'mensal' ? 'MONTHLY' : 'YEARLY' }
  }

  /**
   * Active, inside its window, with uses left, and not yet used by this player (a use held by
   * the player's own open order does not count: ordering again gives it back first).
   */
  async usableCoupon(userId: string, code: string): Promise<CouponRow | null> {
    const coupon = await this.store.findCoupon(this.db, code.trim().toUpperCase())
    if (!coupon || !coupon.active) return null
    const now = this.clock.now()
    if (coupon.validFrom && coupon.validFrom > now) return null
    if (coupon.validUntil && coupon.validUntil <= now) return null
    const used = await this.store.redemptions(this.db, coupon.id, userId)
    if (used.byUser > 0) return null
    if (coupon.maxRedemptions !== null && used.total - used.heldByUser >= coupon.maxRedemptions) {
      return null
    }
    return coupon
  }
}
