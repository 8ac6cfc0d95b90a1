import type { Clock } from '../../adapters/clock'
import type { Db, DbOrTx } from '../../adapters/db'
import type { PaymentGateway } from '../../adapters/payments'
import type { AuditPort } from '../admin/audit'
import type { UsersService } from '../users/service'
import type { CheckoutStore, OrderRow } from './checkout-store'
import { brl, type BillingNotices, dataBr } from './notices'

/**
 * Why money went back. LATE: the order had been replaced, had expired or its subscription was
 * cancelled before the payment arrived. STRAY: a second purchase paid while a plan was already
 * running. SOLD_OUT: a lapsed PIX paid after the plan's last spot was sold (the player joins the
 * waiting list). GATEWAY_REFUND: a refund made at PagBank. CHARGEBACK: the cardholder disputed
 * the charge with the card's issuer and the dispute went against the sale.
 */
export type RefundReason =
  'LATE_PAYMENT' | 'STRAY_PAYMENT' | 'SOLD_OUT' | 'GATEWAY_REFUND' | 'CHARGEBACK'

/** Money taken back at the gateway, not given back by us. */
export type GatewayReversal = Extract<RefundReason, 'GATEWAY_REFUND' | 'CHARGEBACK'>

const GIVEN_BACK: Record<Exclude<RefundReason, GatewayReversal>, string> = {
  LATE_PAYMENT:
    'Um pagamento chegou para um pedido que já tinha sido substituído, expirado ou cancelado.',
  STRAY_PAYMENT: 'Um pagamento chegou para uma segunda compra quando você já tinha um plano ativo.',
  SOLD_OUT:
    'Seu PIX chegou depois que o código expirou, e nesse meio-tempo as vagas do plano acabaram. Você entrou na lista de espera e será avisado por e-mail quando abrir uma vaga.',
}

/**
 * Payments we must not keep, and refunds made at the gateway. Each is recorded on its order
 * once (compare-and-set), gives back the order's coupon use and spot, is told to the player
 * (push and e-mail) and written to the console's audit log.
 */
export class Refunds {
  constructor(
    private readonly db: Db,
    private readonly store: CheckoutStore,
    private readonly gateway: PaymentGateway,
    private readonly users: UsersService,
    private readonly notices: BillingNotices,
    private readonly clock: Clock,
    private readonly audit: AuditPort,
  ) {}

  /** Gives a payment back at the gateway; the subscription is left as it was. */
  async giveBack(
    order: OrderRow,
    chargeId: string,
    reason: Exclude<RefundReason, GatewayReversal>,
  ): Promise<void> {
    if (order.refundedAt) return
    // Keyed by the order: a retried webhook asks PagBank for the same refund, not a second one.
    await this.gateway.refundCharge(chargeId, order.amountCents, `refund-${order.id}`)
    const now = this.clock.now()
    const recorded = await this.db.transaction(async (tx) => {
      await this.store.updateOrder(tx, order.id, {
        gatewayChargeId: chargeId,
        paidAt: order.paidAt ?? now,
      })
      if (!(await this.store.markRefunded(tx, order.id, now, reason))) return false
      await this.store.releaseHolds(tx, order.id)
      await this.recordForConsole(tx, order.id, {
        reason,
        user_id: order.userId,
        amount_cents: order.amountCents,
      })
      return true
    })
    if (!recorded) return
    await this.notices.send(
      order.userId,
      {
        title: 'Pagamento devolvido',
        body: `${GIVEN_BACK[reason]} Devolvemos ${brl(order.amountCents)} pelo mesmo meio de pagamento${reason === 'SOLD_OUT' ? '.' : '; a sua assinatura continua como estava.'}`,
        path: '/meu-plano',
        mailLines: [
          'No cartão, o estorno aparece na fatura conforme o prazo do emissor; no PIX, volta para a conta que pagou.',
        ],
      },
      'always',
    )
  }

  /**
   * PagBank refunded a charge we had counted as paid, or its cardholder charged it back: the
   * period it paid for ends. A renewal paid ahead gives back only its own period; otherwise
   * access ends now.
   */
  async refundedAtGateway(order: OrderRow, reason: GatewayReversal): Promise<void> {
    const now = this.clock.now()
    const ended = await this.db.transaction(async (tx) => {
      if (!(await this.store.markRefunded(tx, order.id, now, reason))) return null
      await this.store.releaseHolds(tx, order.id)
      const row = await this.store.findSubscription(tx, order.userId)
      const sub = row?.subscription
      const latest = await this.store.latestPaidOrder(tx, order.userId)
      const paysCurrentPeriod =
        sub !== undefined &&
        sub.status !== 'EXPIRED' &&
        (order.periodUntil
          ? order.periodUntil.getTime() === sub.expiresAt.getTime()
          : // Paid before periods were written: the last payment is the one running now.
            !latest ||
            (latest.paidAt !== null && order.paidAt !== null && latest.paidAt < order.paidAt))
      let until: Date | null = null
      if (sub && paysCurrentPeriod) {
        if (order.periodFrom && order.periodFrom > now) {
          // Paid ahead for the next period: the current one stays, nothing renews after it.
          until = order.periodFrom
          await this.store.patchSubscription(tx, order.userId, {
            status: 'CANCELED',
            expiresAt: order.periodFrom,
            canceledAt: now,
            renewalOrderId: null,
            updatedAt: now,
          })
        } else {
          await this.store.endSubscriptionNow(tx, order.userId, now)
          await this.users.setPaymentStatus(order.userId, 'FREE', tx)
        }
      }
      await this.recordForConsole(tx, order.id, {
        reason,
        user_id: order.userId,
        amount_cents: order.amountCents,
        access: paysCurrentPeriod ? (until ? `until ${until.toISOString()}` : 'ended') : 'kept',
      })
      return { paysCurrentPeriod, until }
    })
    if (!ended) return
    const access = !ended.paysCurrentPeriod
      ? 'O período que ele pagou já tinha terminado.'
      : ended.until
        ? `Seu plano continua até ${dataBr(ended.until)} e não será renovado.`
        : 'O acesso aos recursos do plano terminou.'
    await this.notices.send(
      order.userId,
      reason === 'CHARGEBACK'
        ? {
            title: 'Pagamento contestado',
            body: `O pagamento de ${brl(order.amountCents)} foi contestado junto ao emissor do cartão e devolvido (chargeback). ${access}`,
            path: '/meu-plano',
          }
        : {
            title: 'Pagamento estornado',
            body: `O pagamento de ${brl(order.amountCents)} foi estornado no PagBank. ${access}`,
            path: '/meu-plano',
          },
      'always',
    )
  }

  /** What the console's audit log shows of money the system moved by itself. */
  private recordForConsole(tx: DbOrTx, orderId: string, details: Record<string, unknown>) {
    return this.audit.record(
      {
        actorId: null,
        actorEmail: 'sistema (pagamentos)',
        action: 'payment.refunded',
        targetType: 'order',
        targetId: orderId,
        details,
      },
      tx,
    )
  }
}
