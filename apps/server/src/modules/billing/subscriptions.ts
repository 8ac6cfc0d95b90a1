import type { SubscriptionResponse } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import { AppError, notFound } from '../../errors'
import type { UsersService } from '../users/service'
import type { CheckoutStore } from './checkout-store'
import type { BillingNotices } from './notices'
import { WITHDRAWAL_MS } from './policy'

/**
 * The subscription as the player sees it (plan, status, access, next charge, card), its
 * cancellation, the CDC withdrawal window, and the end of what renews no more.
 */
export class Subscriptions {
  constructor(
    private readonly db: Db,
    private readonly store: CheckoutStore,
    private readonly users: UsersService,
    private readonly notices: BillingNotices,
    private readonly clock: Clock,
  ) {}

  async view(userId: string): Promise<SubscriptionResponse> {
    let row = await this.store.findSubscription(this.db, userId)
    if (!row) return null
    const now = this.clock.now()
    const s = row.subscription
    // Between two hourly sweeps, an access that just ended is already reported (and applied).
    if (
      (s.status === 'CANCELED' && s.expiresAt <= now) ||
      (s.status === 'PAST_DUE' && (!s.graceUntil || s.graceUntil <= now))
    ) {
      await this.expireDue()
      row = (await this.store.findSubscription(this.db, userId)) ?? row
    }
    const { subscription } = row
    const next = subscription.nextPlanId
      ? await this.store.findAnyPlan(this.db, subscription.nextPlanId)
      : undefined
    const nextCycle = subscription.nextBillingCycle ?? subscription.billingCycle
    const renewsOn = next ?? (await this.store.findAnyPlan(this.db, subscription.planId))
    const renews = subscription.status === 'ACTIVE' && renewsOn !== undefined
    const byCard = subscription.paymentMethod === 'CARD'
    return {
      plan: { id: subscription.planId, name: row.planName },
      billing_cycle: subscription.billingCycle,
      status: subscription.status,
      expires_at: subscription.expiresAt.toISOString(),
      withdrawal_until: (await this.withdrawalUntil(subscription))?.toISOString() ?? null,
      payment_method: subscription.paymentMethod,
      grace_until:
        subscription.status === 'PAST_DUE'
          ? (subscription.graceUntil?.toISOString() ?? null)
          : null,
      renewal_order_id: subscription.renewalOrderId,
      next_charge: renews
        ? {
            at: subscription.expiresAt.toISOString(),
            amount:
              (nextCycle === 'MONTHLY' ? renewsOn.priceMonthlyCents : renewsOn.priceYearlyCents) /
              100,
          }
        : null,
      next_plan: next ? { id: next.id, name: next.name, billing_cycle: nextCycle } : null,
      card:
        byCard && subscription.cardId
          ? {
              brand: subscription.cardBrand,
              last4: subscription.cardLast4,
              holder: subscription.cardHolder,
            }
          : null,
    }
  }

  /**
   * CDC art. 49: seven days from the first payment of this contract, while that payment can
   * still be refunded in full. Renewals never open the window again.
   */
  async withdrawalUntil(
    subscription: NonNullable<
      Awaited<ReturnType<CheckoutStore['findSubscription']>>
    >['subscription'],
  ): Promise<Date | null> {
    if (subscription.status === 'EXPIRED' || !subscription.firstOrderId) return null
    const first = await this.store.findOrder(this.db, subscription.firstOrderId)
    if (!first || first.renewal || first.status !== 'PAID' || first.refundedAt) return null
    if (!first.paidAt || !first.gatewayChargeId) return null
    const until = new Date(first.paidAt.getTime() + WITHDRAWAL_MS)
    return until > this.clock.now() ? until : null
  }

  /**
   * Ends what renews no more (cancelled at the end of the period, past due at the end of the
   * grace): back to FREE, and a PIX still open for the next period is dropped.
   */
  async expireDue(): Promise<number> {
    const now = this.clock.now()
    const ended = await this.db.transaction(async (tx) => {
      const rows = await this.store.expireDue(tx, now)
      for (const row of rows) {
        await this.users.setPaymentStatus(row.userId, 'FREE', tx)
        if (row.renewalOrderId) {
          await this.store.dropPendingOrder(tx, row.renewalOrderId)
          await this.store.patchSubscription(tx, row.userId, { renewalOrderId: null })
        }
      }
      return rows
    })
    for (const row of ended) {
      await this.notices.send(
        row.userId,
        {
          title: 'Sua assinatura terminou',
          body: 'Seu acesso aos recursos do plano terminou. Você pode assinar de novo quando quiser.',
          path: '/',
        },
        'fallback',
      )
    }
    return ended.length
  }

  /** Cancelling stops the renewal; access stays until `expires_at`; an open renewal PIX is dropped. */
  async cancel(userId: string): Promise<{ message: string }> {
    const current = await this.view(userId)
    if (!current || current.status === 'EXPIRED')
      throw notFound('Você não possui uma assinatura ativa.', 'no_subscription')
    if (current.status === 'PAST_DUE') {
      throw new AppError(
        409,
        'A renovação da sua assinatura não foi paga: sem o pagamento, ela termina ao fim do prazo de carência.',
        { code: 'subscription_past_due' },
      )
    }
    if (current.status !== 'ACTIVE')
      throw new AppError(409, 'Sua assinatura já está cancelada.', {
        code: 'subscription_canceled',
      })
    const now = this.clock.now()
    await this.db.transaction(async (tx) => {
      if (current.renewal_order_id) await this.store.dropPendingOrder(tx, current.renewal_order_id)
      await this.store.patchSubscription(tx, userId, {
        status: 'CANCELED',
        canceledAt: now,
        renewalOrderId: null,
        updatedAt: now,
      })
    })
    return { message: 'Assinatura cancelada com sucesso.' }
  }
}
