import type { ModuleBase, ServerModule } from '../module'
import { legalRoutes } from './routes'

/** The company details the Terms and the Privacy Policy print. */
export function createLegalModule(d: ModuleBase) {
  return {
    routes: async (server) => {
      await server.register(legalRoutes, { legal: d.config.legal })
    },
  } satisfies ServerModule
}
