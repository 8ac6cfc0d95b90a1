import type { RateLimitStore } from '../../adapters/rate-limit'
import type { CoachEngine } from '../coaching/engine'
import type { ModuleBase, ServerModule } from '../module'
import type { UsersService } from '../users/service'
import { agentsRoutes } from './routes'
import { AgentsService, type AgentsServiceDeps } from './service'
import { AgentsStore } from './store'

export interface AgentsModuleDeps extends ModuleBase {
  users: UsersService
  engine: CoachEngine
  rateLimits: RateLimitStore
  /** The player's coaches, from the lower part of the chat. */
  team: AgentsServiceDeps['team']
}

/** The Agent Store: partners who join the player's group chat. */
export async function createAgentsModule(d: AgentsModuleDeps) {
  const agents = new AgentsService({
    db: d.db,
    store: new AgentsStore(),
    users: d.users,
    engine: d.engine,
    clock: d.clock,
    tries: d.rateLimits.limiter('agent-try', 30, d.config.rateLimits.windowSeconds),
    team: d.team,
  })
  await agents.seed()
  return {
    agents,
    routes: async (server) => {
      await server.register(agentsRoutes, { agents })
    },
  } satisfies ServerModule & Record<string, unknown>
}
