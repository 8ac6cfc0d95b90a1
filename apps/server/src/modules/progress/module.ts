import type { ProgressMatch } from '@areia/contracts'
import { job, type ModuleBase, type ServerModule } from '../module'
import { progressRoutes } from './routes'
import { ProgressService, type ProgressChat, type ProgressPlans } from './service'
import { ProgressStore } from './store'

export interface ProgressModuleDeps extends ModuleBase {
  /** The analysis module's published matches with their figures, oldest first. */
  history: (userId: string) => Promise<ProgressMatch[]>
  chat: ProgressChat
  plans: ProgressPlans
  goal: (userId: string) => Promise<{ text: string | null; focus: string | null }>
}

/**
 * The player's progress across matches. It keeps no figures of its own: each one is computed
 * from the stored reports and tags when asked, so an edited tag or an erased video shows at once.
 * What it keeps is which unprompted messages went out, so each goes once.
 */
export function createProgressModule(d: ProgressModuleDeps) {
  const progress = new ProgressService({
    db: d.db,
    clock: d.clock,
    store: new ProgressStore(),
    history: d.history,
    chat: d.chat,
    plans: d.plans,
    goal: d.goal,
  })
  return {
    progress,
    routes: async (server) => {
      await server.register(progressRoutes, { progress })
    },
    jobs: [
      job('progress.report', (data) => progress.afterReport(data.user_id, data.video_id), {
        concurrency: 2,
      }),
    ],
  } satisfies ServerModule & Record<string, unknown>
}
