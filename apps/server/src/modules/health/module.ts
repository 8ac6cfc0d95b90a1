import type { ServerModule } from '../module'
import { healthRoutes } from './routes'

/** /healthz and /readyz. */
export function createHealthModule(d: { ping: () => Promise<void>; isDraining: () => boolean }) {
  return {
    routes: async (server) => {
      await server.register(healthRoutes, d)
    },
  } satisfies ServerModule
}
