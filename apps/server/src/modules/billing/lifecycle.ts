import type { SubscriptionResponse } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import { GatewayError, type PaymentGateway } from '../../adapters/payments'
import { AppError, isUniqueViolation, notFound } from '../../errors'
import type { UsersService } from '../users/service'
import type { CheckoutService, PaidSubscriptionDeps } from './checkout'
import type { CheckoutStore, OrderRow, SubscriptionRow } from './checkout-store'
import { brl, type BillingNotices, dataBr } from './notices'
import {
  CARD_RENEWAL_LEAD_MS,
  cardDeclinedMessage,
  GRACE_MS,
  itemName,
  PIX_RENEWAL_NOTICE_MS,
} from './policy'

export interface SweepResult {
  lapsed: number
  pixSent: number
  cardsCharged: number
  pastDue: number
  expired: number
}

export interface SubscriptionLifecycleDeps extends PaidSubscriptionDeps {
  checkout: CheckoutService
  opts: {
    notificationUrl: () => string
    log: { error(obj: object, msg: string): void }
  }
}

/**
 * What happens to a subscription over time: the hourly sweep (PIX codes ahead of the end,
 * card charges at the end, past due with a grace, expiry) and the CDC withdrawal. Every step
 * is keyed so that two sweeps at once, or one retried, do each thing once.
 */
export class SubscriptionLifecycle {
  private readonly db: Db
  private readonly store: CheckoutStore
  private readonly checkout: CheckoutService
  private readonly users: UsersService
  private readonly notices: BillingNotices
  private readonly gateway: PaymentGateway
  private readonly clock: Clock
  private readonly opts: {
    notificationUrl: () => string
    log: { error(obj: object, msg: string): void }
  }

  constructor(deps: SubscriptionLifecycleDeps) {
    ;({
      db: this.db,
      store: this.store,
      checkout: this.checkout,
      users: this.users,
      notices: this.notices,
      gateway: this.gateway,
      clock: this.clock,
      opts: this.opts,
    } = deps)
  }

  async sweep(): Promise<SweepResult> {
    const now = this.clock.now()
    const result: SweepResult = { lapsed: 0, pixSent: 0, cardsCharged: 0, pastDue: 0, expired: 0 }
    await this.store.purgeCardTokens(this.db, now)
    result.lapsed = await this.checkout.expireStalePurchases()
    const soon = new Date(now.getTime() + PIX_RENEWAL_NOTICE_MS)
    for (const sub of await this.store.listEndingBy(this.db, 'ACTIVE', 'PIX', soon)) {
      await this.guard(sub, async () => {
        if (sub.expiresAt <= now) {
          // The period ended and its PIX was not paid: past due, the code stays payable.
          if (!sub.renewalOrderId) await this.sendPix(sub)
          await this.markPastDue(sub, null)
          result.pastDue++
        } else if (!sub.renewalOrderId && (await this.sendPix(sub))) {
          result.pixSent++
        }
      })
    }
    const cardsDue = new Date(now.getTime() + CARD_RENEWAL_LEAD_MS)
    for (const sub of await this.store.listEndingBy(this.db, 'ACTIVE', 'CARD', cardsDue)) {
      await this.guard(sub, async () => {
        const outcome = await this.chargeCard(sub)
        if (outcome === 'paid') result.cardsCharged++
        if (outcome === 'declined') result.pastDue++
      })
    }
    result.expired = await this.checkout.expireDue()
    return result
  }

  /** CDC art. 49: within 7 days of the first payment, a full refund at once and access ends. */
  async withdraw(userId: string): Promise<SubscriptionResponse> {
    const row = await this.store.findSubscription(this.db, userId)
    if (!row || row.subscription.status === 'EXPIRED') {
      throw notFound('Você não possui uma assinatura ativa.', 'no_subscription')
    }
    const sub = row.subscription
    const until = await this.checkout.withdrawalUntil(sub)
    const first = sub.firstOrderId ? await this.store.findOrder(this.db, sub.firstOrderId) : null
    if (!until || !first?.gatewayChargeId) {
      throw new AppError(
        409,
        'O prazo de 7 dias para desistir da assinatura com reembolso integral já terminou.',
        { code: 'refund_window_over' },
      )
    }
    // Everything paid for this contract since its first payment (an upgrade too) goes back.
    const paid = (await this.store.paidOrders(this.db, userId))
      .map((r) => r.order)
      .filter(
        (o) =>
          !o.refundedAt &&
          o.gatewayChargeId &&
          o.paidAt &&
          first.paidAt &&
          o.paidAt >= first.paidAt,
      )
    try {
      for (const order of paid) {
        await this.gateway.refundCharge(
          order.gatewayChargeId!,
          order.amountCents,
          `refund-${order.id}`,
        )
      }
    } catch {
      throw new AppError(
        502,
        'Não foi possível processar o reembolso agora. Tente novamente em instantes.',
        { code: 'refund_unavailable' },
      )
    }
    const now = this.clock.now()
    await this.db.transaction(async (tx) => {
      for (const order of paid) {
        await this.store.updateOrder(tx, order.id, {
          status: 'CANCELED',
          refundedAt: now,
          refundReason: 'WITHDRAWAL',
        })
        await this.store.releaseHolds(tx, order.id)
      }
      if (sub.renewalOrderId) await this.store.dropPendingOrder(tx, sub.renewalOrderId)
      await this.store.endSubscriptionNow(tx, userId, now)
      await this.users.setPaymentStatus(userId, 'FREE', tx)
    })
    const returned = paid.reduce((sum, o) => sum + o.amountCents, 0)
    await this.notices.send(
      userId,
      {
        title: 'Reembolso confirmado',
        body: `Você desistiu da assinatura e devolvemos ${brl(returned)} pelo mesmo meio de pagamento. O acesso aos recursos do plano terminou.`,
        path: '/meu-plano',
        mailLines: [
          'No cartão, o estorno aparece na fatura conforme o prazo do emissor; no PIX, volta para a conta que pagou.',
        ],
      },
      'always',
    )
    return this.checkout.subscription(userId)
  }

  /** One subscription's trouble never stops the sweep for the others; the next sweep retries. */
  private async guard(sub: SubscriptionRow, step: () => Promise<void>) {
    try {
      await step()
    } catch (err) {
      this.opts.log.error({ err, userId: sub.userId }, 'billing sweep: subscription step failed')
    }
  }

  /** A renewal order, once per period (its key names the period's end); null if one exists. */
  private async renewalOrder(sub: SubscriptionRow, method: 'PIX' | 'CARD') {
    // A downgrade the player chose takes effect here, at the renewal.
    const plan = await this.store.findPlan(this.db, sub.nextPlanId ?? sub.planId)
    const cycle = sub.nextBillingCycle ?? sub.billingCycle
    if (!plan) return null
    // Renewals cost the full price: a coupon is for the first charge only.
    const amountCents = cycle === 'MONTHLY' ? plan.priceMonthlyCents : plan.priceYearlyCents
    try {
      const order = await this.store.insertOrder(this.db, {
        userId: sub.userId,
        planId: plan.id,
        billingCycle: cycle,
        amountCents,
        couponId: null,
        paymentMethod: method,
        idempotencyKey: `renewal-${method}-${sub.expiresAt.toISOString()}`,
        renewal: true,
        now: this.clock.now(),
      })
      return { order, planName: plan.name, cycle }
    } catch (err) {
      if (isUniqueViolation(err)) return null
      throw err
    }
  }

  /** Gives the period's key back so the next sweep can try again (the gateway did not answer). */
  private async release(order: OrderRow) {
    await this.store.updateOrder(this.db, order.id, { status: 'CANCELED', idempotencyKey: null })
  }

  private async customer(userId: string) {
    const user = await this.users.getStatus(userId)
    return {
      name: user.profile.billing_name ?? user.name ?? user.email,
      email: user.email,
      taxId: user.profile.tax_id,
    }
  }

  /** The next period's PIX, payable until the grace ends, sent by push and e-mail. */
  private async sendPix(sub: SubscriptionRow): Promise<boolean> {
    const made = await this.renewalOrder(sub, 'PIX')
    if (!made) return false
    const { order } = made
    const payableUntil = new Date(sub.expiresAt.getTime() + GRACE_MS)
    let pixText: string | null
    try {
      const gatewayOrder = await this.gateway.createPixOrder({
        referenceId: order.id,
        customer: await this.customer(sub.userId),
        itemName: itemName(made.planName, made.cycle),
        amountCents: order.amountCents,
        notificationUrl: this.opts.notificationUrl(),
        expiresAt: payableUntil,
        idempotencyKey: order.id,
      })
      pixText = gatewayOrder.pixText
      await this.store.updateOrder(this.db, order.id, {
        gatewayOrderId: gatewayOrder.id,
        pixText,
        pixExpiresAt: gatewayOrder.pixExpiresAt ?? payableUntil,
      })
    } catch (err) {
      await this.release(order)
      throw err
    }
    await this.store.patchSubscription(this.db, sub.userId, { renewalOrderId: order.id })
    await this.notices.send(
      sub.userId,
      {
        title: 'Renove sua assinatura com PIX',
        body: `Seu plano ${made.planName} ${sub.expiresAt > this.clock.now() ? 'vence' : 'venceu'} em ${dataBr(sub.expiresAt)}. Pague o PIX de ${brl(order.amountCents)} para continuar treinando sem interrupção.`,
        path: '/meu-plano',
        mailLines: ['PIX copia e cola:', pixText ?? '', `Válido até ${dataBr(payableUntil)}.`],
      },
      'always',
    )
    return true
  }

  private async markPastDue(sub: SubscriptionRow, reason: string | null) {
    const graceUntil = new Date(sub.expiresAt.getTime() + GRACE_MS)
    await this.store.patchSubscription(this.db, sub.userId, {
      status: 'PAST_DUE',
      graceUntil,
      updatedAt: this.clock.now(),
    })
    await this.notices.send(
      sub.userId,
      {
        title: 'Não conseguimos renovar sua assinatura',
        body: `${reason ? `${reason} ` : 'O pagamento da renovação não chegou. '}Seu acesso continua até ${dataBr(graceUntil)}: pague o PIX da renovação para não perder o plano.`,
        path: '/meu-plano',
      },
      'always',
    )
  }

  /** Charges the stored card (`recurring: SUBSEQUENT`); a decline means past due plus a PIX. */
  private async chargeCard(sub: SubscriptionRow): Promise<'paid' | 'declined' | 'pending' | null> {
    const made = await this.renewalOrder(sub, 'CARD')
    if (!made) return null
    let { order } = made
    const decline = async (gatewayMessage: string | null) => {
      const message = cardDeclinedMessage(gatewayMessage)
      await this.store.updateOrder(this.db, order.id, {
        status: 'DECLINED',
        failureMessage: message,
      })
      // The PIX is the way to pay in the grace; a failure to make it leaves the notice standing.
      await this.sendPix(sub).catch((err: unknown) =>
        this.opts.log.error({ err, userId: sub.userId }, 'billing sweep: fallback PIX failed'),
      )
      await this.markPastDue(sub, 'Seu cartão foi recusado na renovação.')
      return 'declined' as const
    }
    if (!sub.cardId) return decline(null)
    let truth
    try {
      truth = await this.gateway.chargeStoredCard({
        referenceId: order.id,
        customer: await this.customer(sub.userId),
        itemName: itemName(made.planName, made.cycle),
        amountCents: order.amountCents,
        notificationUrl: this.opts.notificationUrl(),
        idempotencyKey: order.id,
        card: {
          id: sub.cardId,
          holderName: sub.cardHolder ?? (await this.customer(sub.userId)).name,
        },
      })
    } catch (err) {
      if (err instanceof GatewayError && err.status >= 400 && err.status < 500) return decline(null)
      await this.release(order)
      throw err
    }
    order = await this.store.updateOrder(this.db, order.id, {
      gatewayOrderId: truth.id,
      gatewayChargeId: truth.chargeId,
    })
    if (truth.status === 'PAID') {
      await this.checkout.activate(order, truth)
      return 'paid'
    }
    if (truth.status === 'DECLINED' || truth.status === 'CANCELED') {
      return decline(truth.declineMessage)
    }
    // In analysis: the webhook finishes it.
    return 'pending'
  }
}
