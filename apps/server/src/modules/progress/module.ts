import type { ProgressMatch } from '@areia/contracts'
import type { ServerModule } from '../module'
import { progressRoutes } from './routes'
import { ProgressService } from './service'

export interface ProgressModuleDeps {
  /** The analysis module's published matches with their figures, oldest first. */
  history: (userId: string) => Promise<ProgressMatch[]>
}

/**
 * The player's progress across matches. It keeps no figures of its own: each one is computed
 * from the stored reports and tags when asked, so an edited tag or an erased video shows at once.
 */
export function createProgressModule(d: ProgressModuleDeps) {
  const progress = new ProgressService({ history: d.history })
  return {
    progress,
    routes: async (server) => {
      await server.register(progressRoutes, { progress })
    },
  } satisfies ServerModule & Record<string, unknown>
}
