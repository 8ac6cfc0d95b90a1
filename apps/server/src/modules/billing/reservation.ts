import type { BillingCycle, PaymentMethod } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db, Tx } from '../../adapters/db'
import { AppError, isUniqueViolation } from '../../errors'
import type { CheckoutStore, OrderRow } from './checkout-store'
import type { CouponRow, PlanRow } from './store'

export const INVALID_COUPON = 'Este cupom é inválido ou não existe.'
export const COUPON_USED_UP = 'Este cupom já foi usado o número máximo de vezes.'
export const PURCHASE_IN_PROGRESS =
  'Já existe um pagamento com cartão em andamento. Aguarde a confirmação antes de tentar de novo.'
/** Why a checkout PIX was dropped unpaid: its code lapsed (a payment that still comes is welcome). */
export const PIX_LAPSED = 'O código PIX expirou. Gere um novo para pagar.'

export const NOT_ON_SALE =
  'Este plano não está disponível no momento. Entre na lista de espera para ser avisado quando abrir uma vaga.'

/**
 * A card order in flight blocks another purchase this long; after that it is taken as lost
 * and may be replaced (if it is paid after all, the payment is given back).
 */
const CARD_HOLD_MS = 10 * 60_000

export interface PurchaseChoice {
  userId: string
  plan: PlanRow
  billingCycle: BillingCycle
  paymentMethod: PaymentMethod
  coupon: CouponRow | null
  /** Invited from the waiting list: the operator already set a place aside. */
  invited: boolean
  idempotencyKey: string | null
}

/** The price of the choice, decided under the player's lock (an upgrade depends on the plan). */
export interface Price {
  amountCents: number
  upgradeCreditCents: number | null
}

export type Reservation =
  /** The answer of an earlier request: same idempotency key, or the same PIX still payable. */
  | { kind: 'existing'; order: OrderRow }
  /** A new order holding its coupon use and spot; `replaced` were the player's open ones. */
  | { kind: 'new'; order: OrderRow; replaced: OrderRow[] }

/**
 * One purchase at a time per player. Under a lock on the player's row, an order is made with
 * its coupon use and its spot claimed in the same transaction, or the request gets the order
 * already open (same key, same PIX) or a 409. The partial unique index on open orders backs
 * this where the lock cannot (two nodes, one database: the loser's insert fails).
 */
export class Reservations {
  constructor(
    private readonly db: Db,
    private readonly store: CheckoutStore,
    private readonly clock: Clock,
  ) {}

  async reserve(choice: PurchaseChoice, price: (tx: Tx) => Promise<Price>): Promise<Reservation> {
    try {
      return await this.db.transaction(async (tx) => {
        await this.store.lockPlayer(tx, choice.userId)
        return this.reserveLocked(tx, choice, price)
      })
    } catch (err) {
      if (!isUniqueViolation(err)) throw err
      // Another request of this player committed first.
      if (choice.idempotencyKey) {
        const known = await this.store.findByIdempotencyKey(
          this.db,
          choice.userId,
          choice.idempotencyKey,
        )
        if (known) return { kind: 'existing', order: known }
      }
      const open = await this.store.findOpenPurchase(this.db, choice.userId)
      if (open && open.paymentMethod === 'PIX' && choice.paymentMethod === 'PIX') {
        if (open.planId === choice.plan.id && open.billingCycle === choice.billingCycle) {
          return { kind: 'existing', order: open }
        }
      }
      throw new AppError(409, PURCHASE_IN_PROGRESS, { code: 'charge_in_progress' })
    }
  }

  private async reserveLocked(
    tx: Tx,
    choice: PurchaseChoice,
    price: (tx: Tx) => Promise<Price>,
  ): Promise<Reservation> {
    const now = this.clock.now()
    if (choice.idempotencyKey) {
      const known = await this.store.findByIdempotencyKey(tx, choice.userId, choice.idempotencyKey)
      if (known) return { kind: 'existing', order: known }
    }
    const { amountCents, upgradeCreditCents } = await price(tx)
    const replaced: OrderRow[] = []
    const open = await this.store.findOpenPurchase(tx, choice.userId)
    if (open) {
      const payable =
        open.paymentMethod === 'PIX'
          ? !open.pixExpiresAt || open.pixExpiresAt > now
          : open.createdAt.getTime() > now.getTime() - CARD_HOLD_MS
      const sameChoice =
        open.planId === choice.plan.id &&
        open.billingCycle === choice.billingCycle &&
        open.amountCents === amountCents &&
        open.couponId === (choice.coupon?.id ?? null)
      if (payable && open.paymentMethod === 'PIX' && choice.paymentMethod === 'PIX' && sameChoice) {
        return { kind: 'existing', order: open }
      }
      if (payable && open.paymentMethod === 'CARD')
        throw new AppError(409, PURCHASE_IN_PROGRESS, { code: 'charge_in_progress' })
      const lapsed = open.paymentMethod === 'PIX' && !payable
      // A PIX left open (the checkout makes one as it opens), or a card order lost in flight:
      // replaced. Paid after all, it is given back when the gateway tells us.
      if (
        await this.store.cancelPending(tx, open.id, lapsed ? { failureMessage: PIX_LAPSED } : {})
      ) {
        await this.store.releaseHolds(tx, open.id)
        replaced.push(open)
      }
    }

    let spotHeld = false
    if (!choice.invited || upgradeCreditCents !== null) {
      let spot = await this.store.claimSpot(tx, choice.plan.id)
      if (spot === false && (await this.expireStale(tx, now)) > 0) {
        spot = await this.store.claimSpot(tx, choice.plan.id)
      }
      if (spot === false) throw new AppError(409, NOT_ON_SALE, { code: 'plan_not_on_sale' })
      spotHeld = spot === 'claimed'
    }

    const order = await this.store.insertOrder(tx, {
      userId: choice.userId,
      planId: choice.plan.id,
      billingCycle: choice.billingCycle,
      amountCents,
      couponId: choice.coupon?.id ?? null,
      paymentMethod: choice.paymentMethod,
      idempotencyKey: choice.idempotencyKey,
      spotHeld,
      upgradeCreditCents,
      now,
    })

    if (choice.coupon) {
      const coupon = await this.store.lockCoupon(tx, choice.coupon.id)
      if (!coupon?.active) throw new AppError(422, INVALID_COUPON, { code: 'coupon_invalid' })
      let uses = await this.store.couponUses(tx, coupon.id, choice.userId)
      if (uses.byUser > 0) throw new AppError(422, INVALID_COUPON, { code: 'coupon_invalid' })
      if (coupon.maxRedemptions !== null && uses.total >= coupon.maxRedemptions) {
        if ((await this.expireStale(tx, now)) > 0) {
          uses = await this.store.couponUses(tx, coupon.id, choice.userId)
        }
        if (uses.total >= coupon.maxRedemptions)
          throw new AppError(422, COUPON_USED_UP, { code: 'coupon_used_up' })
      }
      await this.store.claimCoupon(tx, {
        couponId: coupon.id,
        userId: choice.userId,
        orderId: order.id,
        now,
      })
    }
    return { kind: 'new', order, replaced }
  }

  /** Checkout PIX codes nobody paid in time give their coupon use and spot back. */
  async expireStale(tx: Tx | Db, now: Date): Promise<number> {
    let n = 0
    for (const order of await this.store.listExpiredPix(tx, now)) {
      if (await this.store.cancelPending(tx, order.id, { failureMessage: PIX_LAPSED })) {
        await this.store.releaseHolds(tx, order.id)
        n++
      }
    }
    return n
  }
}

/**
 * A lapsed checkout PIX paid after all (the bank took it just past the code's expiry): the
 * purchase goes on if nothing else took its place, with a spot claimed again. Otherwise the
 * caller gives the money back: 'taken' when the plan sold out meanwhile (the player joins the
 * waiting list), 'superseded' when the player bought or is buying something else.
 */
export async function reviveLapsed(
  tx: Tx,
  store: CheckoutStore,
  order: OrderRow,
  now: Date,
): Promise<'revived' | 'superseded' | 'taken'> {
  await store.lockPlayer(tx, order.userId)
  const current = (await store.findSubscription(tx, order.userId))?.subscription
  if (current?.status === 'ACTIVE' && current.expiresAt > now) return 'superseded'
  if (await store.findOpenPurchase(tx, order.userId)) return 'superseded'
  const spot = await store.claimSpot(tx, order.planId)
  if (spot === false) return 'taken'
  await store.updateOrder(tx, order.id, {
    status: 'PENDING',
    failureMessage: null,
    spotHeld: spot === 'claimed',
  })
  return 'revived'
}
