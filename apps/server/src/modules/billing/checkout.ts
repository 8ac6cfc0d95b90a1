import {
  type BillingCycle,
  discountedCents,
  type OrderCreateBody,
  type OrderResponse,
  type SubscriptionResponse,
} from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import { type GatewayOrder, GatewayError, type PaymentGateway } from '../../adapters/payments'
import type { Limiter } from '../../adapters/rate-limit'
import { AppError, inTime, notFound, tooManyRequests } from '../../errors'
import type { AuditPort } from '../admin/audit'
import type { UsersService } from '../users/service'
import type { CheckoutStore, OrderRow, SubscriptionRow } from './checkout-store'
import type { BillingNotices } from './notices'
import { orderResponse } from './order-view'
import { cardDeclinedMessage, GATEWAY_DOWN, GRACE_MS, PIX_TTL_MS, itemName } from './policy'
import { Refunds } from './refunds'
import { Subscriptions } from './subscriptions'
import { INVALID_COUPON, NOT_ON_SALE, PIX_LAPSED, Reservations, reviveLapsed } from './reservation'
import type { BillingService } from './service'
import { Upgrades } from './upgrades'

/** One billing period after `from`, by calendar (31 Jan + 1 month = 28/29 Feb). */
export function addPeriod(from: Date, cycle: BillingCycle): Date {
  const d = new Date(from)
  const day = d.getUTCDate()
  d.setUTCDate(1)
  if (cycle === 'MONTHLY') d.setUTCMonth(d.getUTCMonth() + 1)
  else d.setUTCFullYear(d.getUTCFullYear() + 1)
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, lastDay))
  return d
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const CARD_DATA_INVALID =
  'Não foi possível processar os dados do cartão. Confira e tente novamente.'
const CARD_TOKEN_GONE = 'Os dados do cartão expiraram. Preencha o cartão novamente.'
const COUPON_FIRST_CHARGE_ONLY =
  'O cupom vale só para a primeira assinatura; ele não se aplica à mudança de plano.'
/** A second purchase paid while a plan was running: refused, and the payment given back. */
const STRAY_PAID = 'Você já possui uma assinatura ativa. Este pagamento foi devolvido.'
const CARD_TRIES = 'Muitas tentativas de pagamento com cartão.'

/** The answer the first request got, told again from the failure message kept on its order. */
function replayedFailure(message: string): AppError {
  if (message === GATEWAY_DOWN) {
    return new AppError(502, message, { code: 'payment_provider_unavailable' })
  }
  if (message === STRAY_PAID) return new AppError(409, message, { code: 'duplicate_charge' })
  if (message === CARD_TOKEN_GONE) return new AppError(422, message, { code: 'card_token_expired' })
  if (message.startsWith(CARD_TRIES)) return new AppError(429, message, { code: 'rate_limited' })
  return new AppError(422, message, { code: 'card_invalid' })
}

const upgradeNotice = (order: OrderRow) =>
  order.upgradeCreditCents !== null
    ? 'Seu novo plano já está valendo. Bons treinos!'
    : 'Sua assinatura foi ativada. Bons treinos!'

/** What every part of a paid subscription works with: orders, the player, notices, PagBank. */
export interface PaidSubscriptionDeps {
  db: Db
  store: CheckoutStore
  users: UsersService
  notices: BillingNotices
  gateway: PaymentGateway
  clock: Clock
}

export interface CheckoutServiceDeps extends PaidSubscriptionDeps {
  billing: BillingService
  opts: {
    notificationUrl: () => string
    simulatorPayUrl?: (gatewayOrderId: string) => string
  }
  /** Card charges per player: our checkout must not become a way to test stolen cards. */
  cardAttempts: Limiter
  /** The console's audit log: refunds the system makes are written there. */
  audit: AuditPort
}

/**
 * Orders at the gateway and the subscription they pay for. The webhook is only a hint: the
 * order is re-read from the gateway, and activation happens once however often it is told.
 */
export class CheckoutService {
  private readonly db: Db
  private readonly store: CheckoutStore
  private readonly billing: BillingService
  private readonly users: UsersService
  private readonly notices: BillingNotices
  private readonly gateway: PaymentGateway
  private readonly clock: Clock
  private readonly opts: {
    notificationUrl: () => string
    simulatorPayUrl?: (gatewayOrderId: string) => string
  }
  private readonly cardAttempts: Limiter

  constructor(deps: CheckoutServiceDeps) {
    ;({
      db: this.db,
      store: this.store,
      billing: this.billing,
      users: this.users,
      notices: this.notices,
      gateway: this.gateway,
      clock: this.clock,
      opts: this.opts,
      cardAttempts: this.cardAttempts,
    } = deps)
    const { db, store, gateway, users, notices, clock } = deps
    this.reservations = new Reservations(db, store, clock)
    this.upgrades = new Upgrades(store, clock)
    this.refunds = new Refunds(db, store, gateway, users, notices, clock, deps.audit)
    this.subscriptions = new Subscriptions(db, store, users, notices, clock)
  }

  private readonly subscriptions: Subscriptions

  private readonly reservations: Reservations
  readonly upgrades: Upgrades
  readonly notificationUrl = () => this.opts.notificationUrl()
  readonly refunds: Refunds

  async createOrder(
    userId: string,
    body: OrderCreateBody,
    idempotencyKey: string | null,
  ): Promise<OrderResponse> {
    if (idempotencyKey) {
      const known = await this.store.findByIdempotencyKey(this.db, userId, idempotencyKey)
      if (known) return this.replay(known)
    }
    const plan = await this.store.findPlan(this.db, body.plan_id)
    if (!plan || plan.priceMonthlyCents === 0)
      throw new AppError(422, 'Plano não encontrado.', { code: 'plan_not_found' })
    const card = body.payment_method === 'CARD'
    if (card && (!body.card_token || !body.card_cvv)) {
      throw new AppError(422, 'Informe os dados do cartão.', { code: 'card_required' })
    }
    const coupon = body.coupon_code
      ? await this.billing.usableCoupon(userId, body.coupon_code)
      : null
    if (body.coupon_code && !coupon)
      throw new AppError(422, INVALID_COUPON, { code: 'coupon_invalid' })
    const right = await this.billing.purchaseRight(userId, plan)
    const user = await this.users.getStatus(userId)

    const reservation = await this.reservations.reserve(
      {
        userId,
        plan,
        billingCycle: body.billing_cycle,
        paymentMethod: body.payment_method,
        coupon,
        invited: right === 'invited',
        idempotencyKey,
      },
      async (tx) => {
        const current = (await this.store.findSubscription(tx, userId))?.subscription
        if (current?.status === 'ACTIVE' && current.expiresAt > this.clock.now()) {
          if (coupon)
            throw new AppError(422, COUPON_FIRST_CHARGE_ONLY, { code: 'coupon_first_charge_only' })
          const quote = await this.upgrades.quote(tx, current, plan, body.billing_cycle)
          return { amountCents: quote.amountCents, upgradeCreditCents: quote.creditCents }
        }
        if (!right) throw new AppError(409, NOT_ON_SALE, { code: 'plan_not_on_sale' })
        const price =
          body.billing_cycle === 'MONTHLY' ? plan.priceMonthlyCents : plan.priceYearlyCents
        return {
          amountCents: discountedCents(price, coupon?.discountPercentage),
          upgradeCreditCents: null,
        }
      },
    )
    if (reservation.kind === 'existing') return this.replay(reservation.order)
    let order = reservation.order
    await this.releaseAtGateway(reservation.replaced)

    const now = this.clock.now()
    const base = {
      referenceId: order.id,
      customer: {
        name: user.profile.billing_name ?? user.name ?? user.email,
        email: user.email,
        taxId: user.profile.tax_id,
      },
      itemName: itemName(plan.name, body.billing_cycle),
      amountCents: order.amountCents,
      notificationUrl: this.opts.notificationUrl(),
      // The gateway deduplicates too, so a retry after a lost answer cannot charge twice.
      idempotencyKey: order.id,
    }
    if (!card) {
      try {
        const gatewayOrder = await this.gateway.createPixOrder({
          ...base,
          expiresAt: new Date(now.getTime() + PIX_TTL_MS),
        })
        order = await this.store.updateOrder(this.db, order.id, {
          gatewayOrderId: gatewayOrder.id,
          pixText: gatewayOrder.pixText,
          pixExpiresAt: gatewayOrder.pixExpiresAt ?? new Date(now.getTime() + PIX_TTL_MS),
        })
      } catch {
        await this.fail(order, GATEWAY_DOWN)
        throw new AppError(502, GATEWAY_DOWN, { code: 'payment_provider_unavailable' })
      }
      return this.toResponse(order)
    }

    const limit = await this.cardAttempts.hit(userId)
    if (!limit.allowed) {
      const message = `${CARD_TRIES} Tente novamente ${inTime(limit.retryAfterSeconds)}.`
      await this.fail(order, message)
      throw tooManyRequests(message, limit.retryAfterSeconds)
    }
    const token = UUID.test(body.card_token!)
      ? await this.store.takeCardToken(this.db, userId, body.card_token!, now)
      : undefined
    if (!token) {
      await this.fail(order, CARD_TOKEN_GONE)
      throw new AppError(422, CARD_TOKEN_GONE, { code: 'card_token_expired' })
    }
    let truth: GatewayOrder
    try {
      // The one charge of this reservation: the order's id is the gateway's idempotency key.
      truth = await this.gateway.createCardOrder({
        ...base,
        card: {
          encrypted: token.encrypted,
          securityCode: body.card_cvv!,
          holderName: token.holder,
        },
      })
    } catch (err) {
      const refused = err instanceof GatewayError && err.status >= 400 && err.status < 500
      await this.fail(order, refused ? CARD_DATA_INVALID : GATEWAY_DOWN)
      throw refused
        ? new AppError(422, CARD_DATA_INVALID, { code: 'card_invalid' })
        : new AppError(502, GATEWAY_DOWN, { code: 'payment_provider_unavailable' })
    }
    // The gateway's id is written with the outcome in one step: a repeated request waiting on
    // this order sees it settled, never half-way.
    if (truth.status === 'DECLINED' || truth.status === 'CANCELED') {
      const message = cardDeclinedMessage(truth.declineMessage)
      await this.db.transaction(async (tx) => {
        await this.store.updateOrder(tx, order.id, {
          gatewayOrderId: truth.id,
          gatewayChargeId: truth.chargeId,
          status: 'DECLINED',
          failureMessage: message,
        })
        await this.store.releaseHolds(tx, order.id)
      })
      throw new AppError(402, message, { code: 'card_declined' })
    }
    if (truth.status === 'PAID') {
      try {
        await this.activate(order, truth)
      } finally {
        // Normally written by the activation itself; if it failed, the webhook retries it.
        await this.store.setGatewayOrderId(this.db, order.id, truth.id)
      }
    } else {
      await this.store.updateOrder(this.db, order.id, {
        gatewayOrderId: truth.id,
        gatewayChargeId: truth.chargeId,
      })
    }
    return this.replay((await this.store.findOrder(this.db, order.id)) ?? order)
  }

  /** Checkout PIX codes that lapsed unpaid give back their coupon use and spot. */
  async expireStalePurchases(): Promise<number> {
    return this.db.transaction((tx) => this.reservations.expireStale(tx, this.clock.now()))
  }

  async order(userId: string, id: string): Promise<OrderResponse> {
    const row = UUID.test(id) ? await this.store.findOrderOfUser(this.db, userId, id) : undefined
    if (!row) throw notFound('Pedido não encontrado.')
    return this.toResponse(row)
  }

  /** A webhook named this gateway order: ask the gateway what happened and act on that. */
  async gatewayNotified(gatewayOrderId: string): Promise<void> {
    const order = await this.store.findByGatewayId(this.db, gatewayOrderId)
    if (!order || order.refundedAt) return
    if (order.status === 'DECLINED') return
    const truth = await this.gateway.getOrder(gatewayOrderId)
    if (truth.referenceId !== order.id) return
    if (order.status === 'PENDING') {
      if (truth.status === 'PAID') {
        await this.activate(order, truth)
      } else if (truth.status === 'DECLINED' || truth.status === 'CANCELED') {
        const status = truth.status
        await this.db.transaction(async (tx) => {
          await this.store.updateOrder(tx, order.id, { status })
          await this.store.releaseHolds(tx, order.id)
        })
      }
      return
    }
    // Dropped yet paid. A checkout PIX that only lapsed goes on if nothing took its place;
    // anything else (replaced, its subscription cancelled) gives the money back.
    if (order.status === 'CANCELED' && !order.paidAt) {
      if (truth.status !== 'PAID' || !truth.chargeId) return
      const chargeId = truth.chargeId
      if (!order.renewal && order.failureMessage === PIX_LAPSED) {
        const outcome = await this.db.transaction((tx) =>
          reviveLapsed(tx, this.store, order, this.clock.now()),
        )
        if (outcome === 'revived') {
          const revived = await this.store.findOrder(this.db, order.id)
          if (revived) await this.activate(revived, truth)
          return
        }
        if (outcome === 'taken') {
          await this.refunds.giveBack(order, chargeId, 'SOLD_OUT')
          await this.billing.joinWaitlistAfterSoldOut(order)
          return
        }
      }
      await this.refunds.giveBack(order, chargeId, 'LATE_PAYMENT')
      return
    }
    // Charged back (the cardholder's dispute won) or refunded at PagBank after we counted it:
    // the period it paid ends.
    if (order.status === 'PAID' && truth.status === 'CHARGED_BACK') {
      await this.refunds.refundedAtGateway(order, 'CHARGEBACK')
    } else if (
      order.status === 'PAID' &&
      (truth.refundedCents > 0 || truth.status === 'CANCELED')
    ) {
      await this.refunds.refundedAtGateway(order, 'GATEWAY_REFUND')
    }
  }

  /**
   * A paid order becomes a period of access, once (compare-and-set on the order), under the
   * same per-player lock as purchases. A new contract starts when there is no live
   * subscription; a renewal extends from the old end, never from the payment date, so paying
   * early or in the grace loses nothing; an upgrade starts its plan's period now (the unused
   * part of the old one was taken off its price). A second purchase paid while a plan is
   * running is not applied but given back, and the player's other open orders are dropped.
   */
  async activate(order: OrderRow, truth: GatewayOrder): Promise<boolean> {
    const now = this.clock.now()
    const outcome = await this.db.transaction(async (tx) => {
      await this.store.lockPlayer(tx, order.userId)
      const current = (await this.store.findSubscription(tx, order.userId))?.subscription
      const upgrade = order.upgradeCreditCents !== null
      const running = current?.status === 'ACTIVE' && current.expiresAt > now
      if (!order.renewal && !upgrade && running) {
        if (!(await this.store.cancelPending(tx, order.id, { failureMessage: STRAY_PAID }))) {
          return null
        }
        await this.store.releaseHolds(tx, order.id)
        return 'stray' as const
      }
      const previous = upgrade ? await this.store.latestPaidOrder(tx, order.userId) : undefined
      if (!(await this.store.markPaid(tx, order.id, now, truth))) return null
      const live =
        current !== undefined &&
        (current.status === 'ACTIVE' ||
          current.status === 'PAST_DUE' ||
          (current.status === 'CANCELED' && current.expiresAt > now)) &&
        current.expiresAt.getTime() > now.getTime() - GRACE_MS
      const from = live && !upgrade ? current.expiresAt : now
      const expiresAt = addPeriod(from, order.billingCycle)
      const byCard = order.paymentMethod === 'CARD'
      await this.store.upsertSubscription(tx, {
        userId: order.userId,
        planId: order.planId,
        billingCycle: order.billingCycle,
        expiresAt,
        paymentMethod: order.paymentMethod,
        cardId: byCard ? (truth.cardId ?? current?.cardId ?? null) : null,
        cardHolder: byCard ? (truth.cardHolder ?? current?.cardHolder ?? null) : null,
        cardBrand: byCard ? (truth.cardBrand ?? current?.cardBrand ?? null) : null,
        cardLast4: byCard ? (truth.cardLast4 ?? current?.cardLast4 ?? null) : null,
        orderId: order.id,
        newContract: !live,
        now,
      })
      await this.store.updateOrder(tx, order.id, { periodFrom: from, periodUntil: expiresAt })
      // The plan left behind by an upgrade frees its place.
      if (previous && previous.planId !== order.planId) {
        await this.store.releaseSpot(tx, previous.id)
      }
      const dropped: OrderRow[] = []
      for (const other of await this.store.otherOpenOrders(tx, order.userId, order.id)) {
        if (await this.store.cancelPending(tx, other.id)) {
          await this.store.releaseHolds(tx, other.id)
          dropped.push(other)
        }
      }
      if (!live && !order.renewal) await this.billing.settleSpot(tx, order.userId)
      // Orders made before coupon uses were claimed with the order record theirs now.
      if (order.couponId) await this.store.redeemCoupon(tx, order.couponId, order.userId, now)
      await this.users.setPaymentStatus(order.userId, 'PAYMENT_OK', tx)
      return { dropped }
    })
    if (outcome === 'stray') {
      if (truth.chargeId) {
        const stray = (await this.store.findOrder(this.db, order.id)) ?? order
        await this.refunds.giveBack(stray, truth.chargeId, 'STRAY_PAYMENT')
      }
      return false
    }
    if (!outcome) return false
    await this.releaseAtGateway(outcome.dropped)
    await this.notices.send(
      order.userId,
      {
        title: 'Pagamento confirmado ✅',
        body: order.renewal ? 'Sua assinatura foi renovada. Bons treinos!' : upgradeNotice(order),
        path: '/meu-plano',
      },
      'fallback',
    )
    return true
  }

  /**
   * Dropped orders at the gateway: a card charge still in analysis is cancelled there. An
   * unpaid PIX code cannot be withdrawn (it lapses at its expiry); if it is paid anyway, the
   * webhook gives the money back.
   */
  private async releaseAtGateway(dropped: OrderRow[]): Promise<void> {
    for (const order of dropped) {
      if (order.paymentMethod !== 'CARD' || !order.gatewayChargeId) continue
      await this.gateway
        .refundCharge(order.gatewayChargeId, order.amountCents, `cancel-${order.id}`)
        .catch(() => undefined)
    }
  }

  /** The player's subscription as "Meu Plano" shows it (null when they never subscribed). */
  subscription(userId: string): Promise<SubscriptionResponse> {
    return this.subscriptions.view(userId)
  }

  withdrawalUntil(subscription: SubscriptionRow): Promise<Date | null> {
    return this.subscriptions.withdrawalUntil(subscription)
  }

  expireDue(): Promise<number> {
    return this.subscriptions.expireDue()
  }

  cancel(userId: string): Promise<{ message: string }> {
    return this.subscriptions.cancel(userId)
  }

  /** The answer a repeated request gets: the first one's, once it is known. */
  private async replay(known: OrderRow): Promise<OrderResponse> {
    let order = known
    const giveUp = Date.now() + 20_000
    while (order.status === 'PENDING' && !order.gatewayOrderId && Date.now() < giveUp) {
      await new Promise((r) => setTimeout(r, 100))
      order = (await this.store.findOrder(this.db, order.id)) ?? order
    }
    if (order.failureMessage && (order.status === 'DECLINED' || !order.paidAt)) {
      if (order.status === 'DECLINED') {
        throw new AppError(402, order.failureMessage, { code: 'card_declined' })
      }
      if (order.status === 'CANCELED') throw replayedFailure(order.failureMessage)
    }
    return this.toResponse(order)
  }

  /** The order will not be paid: it says why, and gives back its coupon use and spot. */
  private async fail(order: OrderRow, message: string) {
    await this.db.transaction(async (tx) => {
      await this.store.updateOrder(tx, order.id, { status: 'CANCELED', failureMessage: message })
      await this.store.releaseHolds(tx, order.id)
    })
  }

  private toResponse(order: OrderRow): Promise<OrderResponse> {
    return orderResponse(order, this.opts.simulatorPayUrl)
  }
}
