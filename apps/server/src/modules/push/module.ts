import type { PushSender } from '../../adapters/push'
import type { JobQueue } from '../../adapters/queue'
import { job, type ModuleBase, type ServerModule } from '../module'
import type { UsersService } from '../users/service'
import type { PushEndpoints } from './endpoints'
import { pushRoutes } from './routes'
import { PushService } from './service'
import { PushStore } from './store'

export interface PushModuleDeps extends ModuleBase {
  users: UsersService
  pushing: { sender: PushSender; endpoints: PushEndpoints }
  queue: JobQueue
  /** Origin of the web app, for the link in the e-mail fallback. */
  links: { appOrigin: () => string }
}

/** Web push subscriptions and notifications, with the e-mail fallback. */
export function createPushModule(d: PushModuleDeps) {
  const push = new PushService({
    db: d.db,
    store: new PushStore(),
    sender: d.pushing.sender,
    queue: d.queue,
    clock: d.clock,
    log: d.log,
    mail: { findUser: (userId) => d.users.findById(userId), appOrigin: d.links.appOrigin },
    endpoints: d.pushing.endpoints,
  })
  return {
    push,
    routes: async (server) => {
      await server.register(pushRoutes, { push })
    },
    jobs: [job('push.send', (data) => push.deliver(data))],
  } satisfies ServerModule & Record<string, unknown>
}
