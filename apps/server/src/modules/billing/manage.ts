import { randomUUID } from 'node:crypto'
import type {
  ChangeCardBody,
  PlanChangeBody,
  Receipt,
  SubscriptionResponse,
  UpgradeQuote,
  UpgradeQuoteQuery,
} from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import { GatewayError, type PaymentGateway } from '../../adapters/payments'
import { AppError, notFound } from '../../errors'
import type { UsersService } from '../users/service'
import type { CheckoutService } from './checkout'
import type { CheckoutStore } from './checkout-store'
import { brl, dataBr } from './notices'
import { cardDeclinedMessage, GATEWAY_DOWN, itemName } from './policy'
import { receiptDocument } from './receipt'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const NO_SUBSCRIPTION = 'Você não possui uma assinatura ativa.'
/** What a new card is checked with (authorised, then released: never charged). */
const CARD_CHECK_CENTS = 100

export interface PlanManagementDeps {
  db: Db
  store: CheckoutStore
  checkout: CheckoutService
  users: UsersService
  gateway: PaymentGateway
  clock: Clock
}

/**
 * "Meu Plano": what a subscriber does with a running plan besides cancelling it: see what moving
 * up costs, schedule a smaller plan for the next renewal, reactivate a cancelled plan before
 * it ends, change the card renewals are charged to, and keep the receipts.
 */
export class PlanManagement {
  private readonly db: Db
  private readonly store: CheckoutStore
  private readonly checkout: CheckoutService
  private readonly users: UsersService
  private readonly gateway: PaymentGateway
  private readonly clock: Clock

  constructor(deps: PlanManagementDeps) {
    ;({
      db: this.db,
      store: this.store,
      checkout: this.checkout,
      users: this.users,
      gateway: this.gateway,
      clock: this.clock,
    } = deps)
  }

  private async running(userId: string) {
    const row = await this.store.findSubscription(this.db, userId)
    const sub = row?.subscription
    if (!row || !sub || sub.status === 'EXPIRED' || sub.expiresAt <= this.clock.now()) {
      throw notFound(NO_SUBSCRIPTION, 'no_subscription')
    }
    return row
  }

  /** The price of moving up now, shown before the player pays (the order charges the same). */
  async upgradeQuote(userId: string, query: UpgradeQuoteQuery): Promise<UpgradeQuote> {
    const { subscription } = await this.running(userId)
    if (subscription.status !== 'ACTIVE') {
      throw new AppError(409, 'Reative a sua assinatura antes de mudar de plano.', {
        code: 'subscription_canceled',
      })
    }
    const plan = await this.store.findPlan(this.db, query.plan_id)
    if (!plan || plan.priceMonthlyCents === 0)
      throw new AppError(422, 'Plano não encontrado.', { code: 'plan_not_found' })
    const quote = await this.checkout.upgrades.quote(
      this.db,
      subscription,
      plan,
      query.billing_cycle,
    )
    return {
      plan: { id: plan.id, name: plan.name },
      billing_cycle: quote.billingCycle,
      price: quote.priceCents / 100,
      credit: quote.creditCents / 100,
      amount: quote.amountCents / 100,
    }
  }

  /**
   * A smaller plan or a shorter cycle, from the next renewal (the period paid for stays as it
   * is). Choosing the current plan and cycle again drops a change already scheduled.
   */
  async scheduleChange(userId: string, body: PlanChangeBody): Promise<SubscriptionResponse> {
    const { subscription } = await this.running(userId)
    if (subscription.status !== 'ACTIVE') {
      throw new AppError(409, 'Reative a sua assinatura antes de mudar de plano.', {
        code: 'subscription_canceled',
      })
    }
    const target = await this.store.findPlan(this.db, body.plan_id)
    const current = await this.store.findAnyPlan(this.db, subscription.planId)
    if (!target || !current || target.priceMonthlyCents === 0) {
      throw new AppError(422, 'Plano não encontrado.', { code: 'plan_not_found' })
    }
    const same = target.id === current.id && body.billing_cycle === subscription.billingCycle
    const smaller =
      target.position < current.position ||
      (target.id === current.id &&
        subscription.billingCycle === 'YEARLY' &&
        body.billing_cycle === 'MONTHLY')
    if (!same && !smaller) {
      throw new AppError(
        409,
        'Para um plano maior a mudança é imediata: escolha o plano e pague a diferença.',
        { code: 'upgrade_is_immediate' },
      )
    }
    await this.store.patchSubscription(this.db, userId, {
      nextPlanId: same ? null : target.id,
      nextBillingCycle: same ? null : body.billing_cycle,
      updatedAt: this.clock.now(),
    })
    return this.checkout.subscription(userId)
  }

  /** A cancelled plan renews again, as long as it has not ended. */
  async reactivate(userId: string): Promise<SubscriptionResponse> {
    const { subscription } = await this.running(userId)
    if (subscription.status !== 'CANCELED') {
      throw new AppError(409, 'Sua assinatura não está cancelada.', {
        code: 'subscription_not_canceled',
      })
    }
    await this.store.patchSubscription(this.db, userId, {
      status: 'ACTIVE',
      canceledAt: null,
      updatedAt: this.clock.now(),
    })
    return this.checkout.subscription(userId)
  }

  /**
   * The card renewals are charged to. The new card is authorised for R$ 1,00 and released at
   * once (PagBank stores a card only with a charge); a declined card changes nothing. A PIX
   * subscription moves to the card.
   */
  async changeCard(userId: string, body: ChangeCardBody): Promise<SubscriptionResponse> {
    const row = await this.running(userId)
    const now = this.clock.now()
    const token = UUID.test(body.card_token)
      ? await this.store.takeCardToken(this.db, userId, body.card_token, now)
      : undefined
    if (!token) {
      throw new AppError(422, 'Os dados do cartão expiraram. Preencha o cartão novamente.', {
        code: 'card_token_expired',
      })
    }
    const user = await this.users.getStatus(userId)
    let outcome: Awaited<ReturnType<PaymentGateway['verifyCard']>>
    try {
      outcome = await this.gateway.verifyCard({
        referenceId: `card-${randomUUID()}`,
        customer: {
          name: user.profile.billing_name ?? user.name ?? user.email,
          email: user.email,
          taxId: user.profile.tax_id,
        },
        itemName: `${itemName(row.planName, row.subscription.billingCycle)} (verificação do cartão)`,
        amountCents: CARD_CHECK_CENTS,
        notificationUrl: this.checkout.notificationUrl(),
        idempotencyKey: `card-${token.id}`,
        card: { encrypted: token.encrypted, securityCode: body.card_cvv, holderName: token.holder },
      })
    } catch (err) {
      if (err instanceof GatewayError && err.status >= 400 && err.status < 500) {
        throw new AppError(
          422,
          'Não foi possível processar os dados do cartão. Confira e tente novamente.',
          { code: 'card_invalid' },
        )
      }
      throw new AppError(502, GATEWAY_DOWN, { code: 'payment_provider_unavailable' })
    }
    if ('declined' in outcome)
      throw new AppError(402, cardDeclinedMessage(outcome.declined), { code: 'card_declined' })
    await this.store.patchSubscription(this.db, userId, {
      paymentMethod: 'CARD',
      cardId: outcome.cardId,
      cardHolder: outcome.holder ?? token.holder,
      cardBrand: outcome.brand,
      cardLast4: outcome.last4,
      updatedAt: now,
    })
    return this.checkout.subscription(userId)
  }

  async receipts(userId: string): Promise<Receipt[]> {
    const rows = await this.store.paidOrders(this.db, userId)
    return rows.map(({ order, planName }) => ({
      id: order.id,
      paid_at: order.paidAt!.toISOString(),
      plan_name: planName,
      billing_cycle: order.billingCycle,
      payment_method: order.paymentMethod,
      amount: order.amountCents / 100,
      period_from: order.periodFrom?.toISOString() ?? null,
      period_until: order.periodUntil?.toISOString() ?? null,
      refunded_at: order.refundedAt?.toISOString() ?? null,
      download_url: `/api/v1/payments/receipts/${order.id}`,
    }))
  }

  /** One receipt as a document the player keeps (HTML, printable to PDF by any browser). */
  async receipt(userId: string, id: string): Promise<{ filename: string; html: string }> {
    const row = UUID.test(id) ? await this.store.findPaidOrderOfUser(this.db, userId, id) : null
    if (!row) throw notFound('Recibo não encontrado.')
    const user = await this.users.getStatus(userId)
    const paidAt = row.order.paidAt!
    return {
      filename: `recibo-areia-${paidAt.toISOString().slice(0, 10)}-${row.order.id.slice(0, 8)}.html`,
      html: receiptDocument({
        number: row.order.id,
        customer: user.name ?? user.email,
        email: user.email,
        taxId: user.profile.tax_id,
        item: itemName(row.planName, row.order.billingCycle),
        amount: brl(row.order.amountCents),
        credit: row.order.upgradeCreditCents ? brl(row.order.upgradeCreditCents) : null,
        method: row.order.paymentMethod === 'CARD' ? 'Cartão de crédito' : 'PIX',
        paidAt: dataBr(paidAt),
        period:
          row.order.periodFrom && row.order.periodUntil
            ? `${dataBr(row.order.periodFrom)} a ${dataBr(row.order.periodUntil)}`
            : null,
        refundedAt: row.order.refundedAt ? dataBr(row.order.refundedAt) : null,
      }),
    }
  }
}
