import type { ProgressMatch } from '@areia/contracts'
import type { Mail } from '../../adapters/mail'
import { job, type ModuleBase, type ServerModule } from '../module'
import { CoachMessages, type CoachMessagesDeps } from './coach-messages'
import { progressRoutes } from './routes'
import { ProgressService, type ProgressChat, type ProgressPlans } from './service'
import { ProgressStore } from './store'

export interface ProgressModuleDeps extends ModuleBase {
  /** The analysis module's published matches with their figures, oldest first. */
  history: (userId: string) => Promise<ProgressMatch[]>
  chat: ProgressChat
  plans: ProgressPlans
  goal: (userId: string) => Promise<{ text: string | null; focus: string | null }>
  /** A page of the players past onboarding (the users module). */
  players: CoachMessagesDeps['players']
  /** A push notification to the player's devices (the push module). */
  push: CoachMessagesDeps['push']
  /** The weekly summary as an e-mail to the player, or null without an address. */
  weeklyEmail: CoachMessagesDeps['email']
  sendMail: (mail: Mail) => Promise<void>
}

/** Every quarter of an hour, so a Monday morning is met whatever the node's restarts. */
const WEEKLY_CRON = '*/15 * * * *'

/**
 * The player's progress across matches. It keeps no figures of its own: each one is computed
 * from the stored reports and tags when asked, so an edited tag or an erased video shows at once.
 * What it keeps is which unprompted messages went out, so each goes once, the answers to the
 * follow-ups and which of those messages the player wants.
 */
export function createProgressModule(d: ProgressModuleDeps) {
  const store = new ProgressStore()
  const progress = new ProgressService({
    db: d.db,
    clock: d.clock,
    store,
    history: d.history,
    chat: d.chat,
    plans: d.plans,
    goal: d.goal,
  })
  const messages = new CoachMessages({
    db: d.db,
    clock: d.clock,
    log: d.log,
    store,
    history: d.history,
    chat: d.chat,
    plans: d.plans,
    goal: (id) => progress.goal(id),
    players: d.players,
    push: d.push,
    email: d.weeklyEmail,
    sendMail: d.sendMail,
  })
  return {
    progress,
    messages,
    routes: async (server) => {
      await server.register(progressRoutes, { progress })
    },
    jobs: [
      job('progress.report', (data) => progress.afterReport(data.user_id, data.video_id), {
        concurrency: 2,
      }),
      job(
        'progress.weekly',
        async () => {
          const sent = await messages.weeklySweep()
          if (sent > 0) d.log.info({ sent }, 'progress: weekly summaries sent')
        },
        { schedule: { cron: WEEKLY_CRON, data: {} } },
      ),
    ],
  } satisfies ServerModule & Record<string, unknown>
}
