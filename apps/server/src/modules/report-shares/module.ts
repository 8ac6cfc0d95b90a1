import type { RateLimitStore } from '../../adapters/rate-limit'
import type { ModuleBase, ServerModule } from '../module'
import { loadSharedMediaKey, SharedMediaSigner } from './media'
import { reportSharesRoutes } from './routes'
import { ReportSharesService, type ShareSources } from './service'
import { ReportSharesStore } from './store'

export interface ReportSharesModuleDeps extends ModuleBase {
  sources: ShareSources
  rateLimits: RateLimitStore
}

/** A player's report shared by a public link. */
export async function createReportSharesModule(d: ReportSharesModuleDeps) {
  const { publicOrigin, rateLimits: limits } = d.config
  const shares = new ReportSharesService({
    db: d.db,
    store: new ReportSharesStore(),
    sources: d.sources,
    clock: d.clock,
    limiter: d.rateLimits.limiter('shared-report-ip', 120, limits.windowSeconds),
    media: new SharedMediaSigner(await loadSharedMediaKey(d.db), () => d.clock.now()),
    link: (p) => (publicOrigin ? new URL(p, publicOrigin).href : p),
  })
  return {
    shares,
    routes: async (server) => {
      await server.register(reportSharesRoutes, { shares })
    },
  } satisfies ServerModule & Record<string, unknown>
}
