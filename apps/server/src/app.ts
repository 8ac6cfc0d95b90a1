import type { App, AppDeps } from './app-types'
import { startJobs } from './adapters/queue/jobs'
import type { Config } from './config'
import { createHttpServer, registerInfrastructure } from './http-server'
import { createAdminModule, createAuditLog } from './modules/admin/module'
import { createAgentsModule } from './modules/agents/module'
import { createAnalysisModule } from './modules/analysis/module'
import { createAuthModule } from './modules/auth/module'
import { createBillingModule } from './modules/billing/module'
import { createCoachingModule, createConversation } from './modules/coaching/module'
import { createGoogleAuthModule } from './modules/google-auth/module'
import { createHealthModule } from './modules/health/module'
import { createLegalModule } from './modules/legal/module'
import { createMemoryModule } from './modules/memory/module'
import type { ServerModule } from './modules/module'
import { createProgressModule } from './modules/progress/module'
import { createPushModule } from './modules/push/module'
import { createReportSharesModule } from './modules/report-shares/module'
import { createUsers, createUsersModule } from './modules/users/module'
import { createVideoStatus, createVideosModule } from './modules/videos/module'
import { createPlatform, scriptOrigins } from './platform'
import { webApp } from './plugins/web'

export type { App, AppDeps }

/**
 * Composition root: the adapters, then the modules in the order they depend on each other (each
 * given what it needs when built), then Fastify in layers (infrastructure → module routes) and,
 * in a worker process, the modules' job consumers.
 */
export async function buildApp(
  config: Config,
  deps: AppDeps,
  /** `routes: false`: a worker process, which answers no HTTP. */
  { routes = true }: { routes?: boolean } = {},
): Promise<App> {
  const { database } = deps
  const http = createHttpServer(config, deps.logStream)
  const p = await createPlatform(config, deps, http.server)
  const { clock, queue, mail, coachEngine: engine } = p
  const users = createUsers({ db: database.db, clock })
  // The console's audit log, which billing and the analysis write too.
  const audit = createAuditLog()
  const base = { ...p, db: database.db, log: http.server.log, config, users, engine }

  const auth = await createAuthModule(base)
  const google = createGoogleAuthModule({ ...base, auth: auth.auth, oidcFetch: deps.oidcFetch })
  const { push, ...pushModule } = createPushModule(base)
  // The lower part of the chat first: the modules below write into it.
  const chat = await createConversation(base)
  const { conversation } = chat
  const billing = await createBillingModule({
    ...base,
    push,
    chat: { answeredSince: (id, since) => conversation.answeredSince(id, since) },
    audit,
  })
  const analysis = await createAnalysisModule({
    ...base,
    chat: conversation,
    push,
    videos: createVideoStatus(base),
    audit,
    reported: async (userId, videoId) => {
      await queue.send('progress.report', { user_id: userId, video_id: videoId }, { wake: true })
    },
  })
  const { pipeline } = analysis
  const videos = await createVideosModule({
    ...base,
    chat: conversation,
    analysis: { queued: (id) => pipeline.enqueue(id), removed: (id) => pipeline.deleteFiles(id) },
    matches: analysis.matchViews,
    peopleFinder: deps.peopleFinder ?? analysis.peopleFinder,
    frames: config.analysis.run || !!deps.peopleFinder,
  })
  const agents = await createAgentsModule({ ...base, team: (id) => conversation.teamOf(id) })
  const memory = createMemoryModule({ ...base, chat: conversation })
  const progress = createProgressModule({
    ...base,
    history: (id) => analysis.matchHistory(id),
    chat: conversation,
    plans: {
      get: (id) => conversation.trainingPlan(id),
      save: (tx, id, plan) => conversation.saveTrainingPlan(tx, id, plan),
    },
    goal: async (id) => {
      const { profile } = await users.getStatus(id)
      return { text: profile.goal, focus: profile.goal_focus }
    },
    players: (after, limit) => users.completedPlayers(after, limit),
    push: (id, payload) => push.notify(id, payload),
    weeklyEmail: async (id, summary) => {
      const user = await users.findById(id)
      return user
        ? mail.templates.weeklySummary({ email: user.email, name: user.name }, summary)
        : null
    },
    sendMail: (m) => mail.outbox.send(m),
  })
  const { messages: coachMessages } = progress
  // A chip answering the plan's coach's question is noted, and that coach answers it.
  const followUpAnswer = async (id: string, text: string) => {
    const ack = await coachMessages.answer(id, text)
    return ack === null ? null : [{ text: ack, as: 'ESTATISTICO' as const }]
  }
  // The coaches' replies last: they consult the modules above.
  const coaching = createCoachingModule({
    ...base,
    conversation: chat,
    auth: auth.auth,
    push,
    // The player's answer to "date and result of the game?" goes to videos, not to the coaches.
    messageHook: async (id, text) =>
      (await videos.videos.gameInfoHook(id, text)) ??
      (await billing.limits.messageHook(id, text)) ??
      followUpAnswer(id, text),
    // Agent Store partners and the coach memory join the conversation through the group chat.
    group: {
      partners: (id) => agents.agents.conversationPartners(id),
      memory: (id) => memory.memory.factsFor(id),
      noteFacts: (id, text) => memory.memory.noteFacts(id, text),
    },
    playerGames: analysis.playerGames,
    plans: (id) => billing.billing.listPlans(id),
    chatOpened: (id) => coachMessages.chatOpened(id),
  })
  const roleChanged = (id: string) => auth.auth.announceRoleChanged(id)
  const admin = createAdminModule({
    ...base,
    roleChanged,
    billing: billing.billing,
    agents: agents.agents,
  })
  const shares = await createReportSharesModule({
    ...base,
    sources: {
      report: (userId, videoId, urls) => analysis.reports.report(userId, videoId, urls),
      media: (videoId, kind, name, range, reply, cacheControl) =>
        analysis.reports.serve(videoId, kind, name, range, reply, cacheControl),
      playerName: async (userId) => (await users.findById(userId))?.name ?? null,
      heatmap: (userId, videoId) => analysis.reports.heatmap(userId, videoId),
    },
  })
  const account = createUsersModule({
    ...base,
    diskErasure: p.diskErasure,
    deleteAnalysisFiles: (ids) => videos.videos.deleteAnalysisFilesOf(ids),
    erasure: [...auth.erasure, ...videos.erasure],
    owner: auth.auth,
    progress: (id) => progress.progress.progress(id).then((r) => r.matches),
    exportFiles: async (userId, expiresAt) => {
      const files = [
        ...(await analysis.reports.exportFiles(userId, expiresAt)),
        ...(await videos.exportFiles(userId, expiresAt)),
      ]
      return files.map((f) => ({ ...f, url: p.links.app(f.url) }))
    },
  })
  const health = createHealthModule({ ping: () => database.ping(), isDraining: http.isDraining })

  // In the order their routes are registered.
  const modules: ServerModule[] = [
    health,
    auth,
    google,
    account,
    coaching,
    billing,
    pushModule,
    videos,
    agents,
    memory,
    createLegalModule(base),
    admin,
    analysis,
    shares,
    progress,
  ]
  await registerInfrastructure(http, {
    config,
    scriptOrigins: scriptOrigins(p.payments),
    auth: auth.auth,
    onClose: async () => {
      // The reply under way is stored without its typing pause while the queue waits for it.
      coaching.coaching.stop()
      await p.stopWork()
      await analysis.close()
      // Before the bus, which carries the messages.
      await coaching.coaching.finish()
      await p.close()
    },
  })
  if (routes) for (const m of modules) await m.routes?.(http.server)
  if (routes && config.web.serve)
    await http.server.register(webApp, { distDir: config.web.distDir })
  if (config.jobs.runWorker)
    await startJobs(queue, [...mail.jobs(auth.linkTokens), ...modules.flatMap((m) => m.jobs ?? [])])
  return {
    server: http.server,
    services: {
      users,
      deletion: account.deletion,
      coaching: coaching.coaching,
      push,
      checkout: billing.checkout,
      lifecycle: billing.lifecycle,
      memory: memory.memory,
      analysis: pipeline,
      mail: { outbox: mail.outbox, templates: mail.templates },
      diskErasure: p.diskErasure,
      progress: progress.progress,
      progressMessages: coachMessages,
    },
    simulator: p.payments.simulator,
    drain: http.drain,
  }
}
