import type { Mailer } from '../../adapters/mail'
import type { ModuleBase, ServerModule } from '../module'
import type { PartnerCatalogPort } from '../agents/service'
import type { BillingConsolePort } from '../billing/service'
import type { UsersService } from '../users/service'
import { AuditLog } from './audit'
import { AdminPartnersService } from './partners-service'
import { AdminPartnersStore } from './partners-store'
import { adminRoutes } from './routes'
import { AdminService } from './service'
import { AdminStore } from './store'

export interface AdminModuleDeps extends ModuleBase {
  users: UsersService
  /** Billing's: the console's changes to plans, coupons and the waiting list. */
  billing: BillingConsolePort
  /** The agents module's: the console's changes to the Agent Store's partners. */
  agents: PartnerCatalogPort
  mail: { outbox: Mailer; local: boolean }
  /** Absolute link into the web app, for the e-mails sent to invited players. */
  links: { app: (path: string) => string }
  /** Told after a role change commits (the account's sockets reopen under the new role). */
  roleChanged: (userId: string) => Promise<void>
}

/** The console's audit log as the other modules write it: built before them. */
export function createAuditLog(): AuditLog {
  return new AuditLog(new AdminStore())
}

/** The console: players, roles, invitations and the Agent Store's partners. */
export function createAdminModule(d: AdminModuleDeps) {
  const admin = new AdminService({
    db: d.db,
    store: new AdminStore(),
    users: d.users,
    billing: d.billing,
    mailer: d.mail.outbox,
    clock: d.clock,
    appUrl: d.links.app,
    roleChanged: d.roleChanged,
  })
  const partners = new AdminPartnersService(
    d.db,
    new AdminPartnersStore(),
    d.agents,
    admin,
    d.clock,
  )
  return {
    admin,
    routes: async (server) => {
      await server.register(adminRoutes, { admin, partners, localMail: d.mail.local })
    },
  } satisfies ServerModule & Record<string, unknown>
}
