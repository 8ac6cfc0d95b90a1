import { randomUUID } from 'node:crypto'
import type { Clock } from '../../adapters/clock'
import type { Db, Tx } from '../../adapters/db'
import type { DeletionStep } from './deletion'
import type { Footprint, RetainedInsert, RetentionStore } from './retention-store'

/** Marco Civil da Internet art. 15: sign-in records (date, time, IP) for six months. */
const ACCESS_MONTHS = 6
/**
 * CTN art. 173 I and art. 195: fiscal records until the tax can no longer be assessed, five years
 * from the first day of the year after the payment's.
 */
const FISCAL_YEARS = 5

export interface ErasureDeps {
  /** Deletes queued and finished jobs whose payload holds one of the values. */
  forgetJobs(match: Record<string, ReadonlyArray<string | number>>): Promise<void>
  /** Removes the files the analysis pipeline made of these videos. */
  deleteAnalysisFiles(videoIds: readonly number[]): Promise<void>
}

/**
 * What account deletion does beyond the cascading rows (LGPD art. 16 and 18 VI): copies what the
 * law makes us keep into pseudonymised records, strips the player from the operators' audit
 * trail, and — once the deletion is committed — forgets their jobs and analysis files.
 */
export class Erasure {
  constructor(
    private readonly db: Db,
    private readonly store: RetentionStore,
    private readonly clock: Clock,
    private readonly deps: ErasureDeps,
  ) {}

  steps(): DeletionStep[] {
    return [
      {
        name: 'legal-records',
        inTransaction: async (tx, userId) => {
          const footprint = await this.store.footprint(tx, userId)
          if (!footprint) return
          // One random subject per deleted account: its records stay together, but nothing
          // leads back to the person.
          const subject = randomUUID()
          await this.retain(tx, footprint, subject)
          await this.pseudonymiseAudit(tx, footprint, `conta-excluida:${subject}`)
        },
      },
      {
        name: 'queued-jobs',
        inTransaction: async (tx, userId) => {
          const footprint = await this.store.footprint(tx, userId)
          if (!footprint) return
          return () =>
            this.deps.forgetJobs({
              user_id: [userId],
              to: [footprint.email],
              subscription_id: footprint.pushSubscriptionIds,
              video_id: footprint.videoIds,
            })
        },
      },
      {
        name: 'analysis-files',
        inTransaction: async (tx, userId) => {
          const footprint = await this.store.footprint(tx, userId)
          if (!footprint || footprint.videoIds.length === 0) return
          return () => this.deps.deleteAnalysisFiles(footprint.videoIds)
        },
      },
    ]
  }

  /** Drops retained records past their date (run daily); returns how many went. */
  purgeExpired(): Promise<number> {
    return this.store.deleteExpired(this.db, this.clock.now())
  }

  private async retain(tx: Tx, footprint: Footprint, subject: string): Promise<void> {
    const now = this.clock.now()
    const records: RetainedInsert[] = []
    for (const { order, planSlug, planName } of await this.store.paidOrders(tx, footprint.userId)) {
      const paidAt = order.paidAt ?? now
      records.push({
        subject,
        kind: 'PAYMENT',
        keepUntil: new Date(Date.UTC(paidAt.getUTCFullYear() + 1 + FISCAL_YEARS, 0, 1)),
        data: {
          order_id: order.id,
          gateway_order_id: order.gatewayOrderId,
          gateway_charge_id: order.gatewayChargeId,
          plan: { slug: planSlug, name: planName },
          billing_cycle: order.billingCycle,
          payment_method: order.paymentMethod,
          amount_cents: order.amountCents,
          renewal: order.renewal,
          paid_at: paidAt.toISOString(),
          refunded_at: order.refundedAt?.toISOString() ?? null,
        },
      })
    }
    const since = addMonths(now, -ACCESS_MONTHS)
    for (const session of await this.store.sessionsUsedSince(tx, footprint.userId, since)) {
      records.push({
        subject,
        kind: 'ACCESS',
        keepUntil: addMonths(session.lastUsedAt, ACCESS_MONTHS),
        // The record the law defines (art. 5 VIII): date, time and IP; the browser is left out.
        data: {
          ip: session.ip,
          signed_in_at: session.createdAt.toISOString(),
          last_used_at: session.lastUsedAt.toISOString(),
        },
      })
    }
    await this.store.retain(tx, records)
  }

  private async pseudonymiseAudit(tx: Tx, footprint: Footprint, pseudonym: string) {
    const needles = [footprint.userId, footprint.email, footprint.name, footprint.taxId].filter(
      (n): n is string => !!n && n.length >= 3,
    )
    for (const row of await this.store.auditAbout(tx, footprint)) {
      const targetId = row.targetId === footprint.userId ? pseudonym : row.targetId
      const details = replaceIn(row.details, needles, pseudonym) as Record<string, unknown>
      await this.store.rewriteAudit(tx, row.id, targetId, details)
    }
  }
}

/** Replaces every occurrence of the needles (any case) in the strings of a JSON value. */
export function replaceIn(value: unknown, needles: string[], by: string): unknown {
  if (typeof value === 'string') {
    return needles.reduce(
      (text, needle) => text.replace(new RegExp(escapeRegExp(needle), 'gi'), by),
      value,
    )
  }
  if (Array.isArray(value)) return value.map((v) => replaceIn(v, needles, by))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceIn(v, needles, by)]))
  }
  return value
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function addMonths(date: Date, months: number): Date {
  const d = new Date(date)
  d.setUTCMonth(d.getUTCMonth() + months)
  return d
}
