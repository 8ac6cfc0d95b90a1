import type { Mailer } from '../../adapters/mail'
import type { RateLimitStore } from '../../adapters/rate-limit'
import type { Payments } from '../../platform'
import { job, type ModuleBase, type ServerModule } from '../module'
import type { AuditPort } from '../admin/audit'
import type { PushService } from '../push/service'
import type { UsersService } from '../users/service'
import { CardService } from './cards'
import { CheckoutService } from './checkout'
import { CheckoutStore } from './checkout-store'
import { SubscriptionLifecycle } from './lifecycle'
import { PlanLimits } from './limits'
import { PlanManagement } from './manage'
import { BillingNotices } from './notices'
import { billingRoutes, checkoutRoutes } from './routes'
import { BillingService } from './service'
import { BillingStore } from './store'

export interface BillingModuleDeps extends ModuleBase {
  users: UsersService
  push: PushService
  mail: { outbox: Mailer }
  rateLimits: RateLimitStore
  payments: Payments
  /** Absolute address in the web app for a path. */
  links: { app: (path: string) => string }
  /** The chat: how many of a player's messages since a moment the team has taken up. */
  chat: { answeredSince: (userId: string, since: Date) => Promise<number> }
  /** The console's audit log: refunds are written there. */
  audit: AuditPort
}

/** Plans, coupons, the checkout, the subscription's life and the chat allowance. */
export async function createBillingModule(d: BillingModuleDeps) {
  const { db, clock, users, payments, config } = d
  const { gateway, notificationUrl } = payments
  const billing = new BillingService({
    db,
    store: new BillingStore(),
    users,
    mailer: d.mail.outbox,
    clock,
    // The demo coupon exists only where nobody pays for real: the embedded mode.
    opts: { salesMode: config.salesMode, seedDemoCoupon: !config.databaseUrl },
    couponAttempts: d.rateLimits.limiter('coupon-user', 20, config.rateLimits.windowSeconds),
  })
  await billing.seed()
  const notices = new BillingNotices(d.push, d.mail.outbox, users, d.links.app)
  const store = new CheckoutStore()
  const checkout = new CheckoutService({
    db,
    store,
    billing,
    users,
    notices,
    gateway,
    clock,
    opts: {
      notificationUrl,
      ...(payments.simulatorPayUrl ? { simulatorPayUrl: payments.simulatorPayUrl } : {}),
    },
    cardAttempts: d.rateLimits.limiter('card-user', 10, 3600),
    audit: d.audit,
  })
  const cards = new CardService({ db, store, gateway, clock, sdkUrl: payments.sdkUrl })
  const lifecycle = new SubscriptionLifecycle({
    db,
    store,
    checkout,
    users,
    notices,
    gateway,
    clock,
    opts: { notificationUrl, log: d.log },
  })
  const manage = new PlanManagement({ db, store, checkout, users, gateway, clock })
  return {
    billing,
    checkout,
    lifecycle,
    /** Past the plan's daily chat allowance, the coaches do not answer (billing says why). */
    limits: new PlanLimits(db, clock, d.chat),
    routes: async (server) => {
      await server.register(billingRoutes, { billing })
      await server.register(checkoutRoutes, { checkout, cards, lifecycle, gateway, manage })
      if (payments.simulator) await server.register(payments.simulator.plugin)
    },
    jobs: [
      job(
        'billing.expire',
        async () => {
          const done = await lifecycle.sweep()
          if (Object.values(done).some((n) => n > 0)) d.log.info(done, 'billing sweep')
        },
        { schedule: { cron: '7 * * * *', data: {} } },
      ),
    ],
  } satisfies ServerModule & Record<string, unknown>
}
