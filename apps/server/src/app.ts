import { SERVER_GOING_AWAY_CLOSE_CODE } from '@areia/contracts/chat'
import formbody from '@fastify/formbody'
import websocket from '@fastify/websocket'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { type Clock, systemClock } from './adapters/clock'
import type { Database } from './adapters/db'
import { type Bus, createMemoryBus, createRedisBus } from './adapters/bus'
import { createOpenAiCompatibleClient } from './adapters/llm'
import type { CustomFetch } from 'openid-client'
import { createOidcClient } from './adapters/oauth'
import { createPagBankClient } from './adapters/payments'
import {
  createPagBankSimulator,
  type PagBankSimulator,
} from './adapters/payments/pagbank-simulator'
import {
  createMail,
  deleteOutboxMailTo,
  type MailOutbox,
  mailPolicies,
  type MailTemplates,
} from './adapters/mail'
import { createWebPushSender, loadOrCreateVapidKeys, type PushSender } from './adapters/push'
import { createJobQueue, type JobQueue } from './adapters/queue'
import { createRateLimitStore, type RateLimitStore } from './adapters/rate-limit'
import { createVideoStorage } from './adapters/storage'
import type { Config } from './config'
import { PasswordHasher } from './modules/auth/passwords'
import { adminRoutes } from './modules/admin/routes'
import { AnalysisDelivery } from './modules/analysis/delivery'
import { latestAnalysisFacts, recentMatches } from './modules/analysis/facts'
import { loadMediaKey, MediaSigner } from './modules/analysis/files'
import { MatchViews } from './modules/analysis/match-views'
import { ReportsService } from './modules/analysis/reports'
import { analystRoutes, reportRoutes } from './modules/analysis/routes'
import { AnalysisPipeline, analysisPolicies } from './modules/analysis/pipeline'
import { PipelineStore } from './modules/analysis/pipeline-store'
import { AnalysisRunner } from './modules/analysis/runner'
import { AnalysisService } from './modules/analysis/service'
import { AnalysisStore } from './modules/analysis/store'
import { TaggingService } from './modules/analysis/tagging'
import { TagsStore } from './modules/analysis/tags-store'
import { AdminPartnersService } from './modules/admin/partners-service'
import { AdminPartnersStore } from './modules/admin/partners-store'
import { AdminService } from './modules/admin/service'
import { AdminStore } from './modules/admin/store'
import { AccountTokensStore } from './modules/auth/account-tokens-store'
import { AccountRecovery } from './modules/auth/recovery'
import { recoveryRoutes } from './modules/auth/recovery-routes'
import { authRoutes } from './modules/auth/routes'
import { AuthService } from './modules/auth/service'
import { LoginChallenges } from './modules/auth/login-challenge'
import { loadSigningKey } from './modules/auth/signing-key'
import { SessionRevocations } from './modules/auth/revocations'
import { SessionsStore } from './modules/auth/store'
import { AccessTokens } from './modules/auth/tokens'
import { CardService } from './modules/billing/cards'
import { CheckoutService } from './modules/billing/checkout'
import { CheckoutStore } from './modules/billing/checkout-store'
import { SubscriptionLifecycle } from './modules/billing/lifecycle'
import { PlanLimits } from './modules/billing/limits'
import { PlanManagement } from './modules/billing/manage'
import { BillingNotices } from './modules/billing/notices'
import { billingRoutes, checkoutRoutes } from './modules/billing/routes'
import { BillingService } from './modules/billing/service'
import { BillingStore } from './modules/billing/store'
import { agentsRoutes } from './modules/agents/routes'
import { AgentsService } from './modules/agents/service'
import { AgentsStore } from './modules/agents/store'
import {
  createEmbeddedEngine,
  llmClassificationPrompt,
  llmPartnerPrompt,
  llmPrompt,
  llmReplyProblems,
  readLlmClassification,
} from './modules/coaching/embedded-engine'
import type { CoachEngine } from './modules/coaching/engine'
import { withLlm } from './modules/coaching/llm-engine'
import { ChatHub } from './modules/coaching/hub'
import { coachingRoutes } from './modules/coaching/routes'
import { chatPolicies, CoachingService, plainPreview } from './modules/coaching/service'
import { CoachingStore } from './modules/coaching/store'
import { googleAuthRoutes } from './modules/google-auth/routes'
import { GoogleAuthService } from './modules/google-auth/service'
import { GoogleAuthStore } from './modules/google-auth/store'
import { healthRoutes } from './modules/health/routes'
import { legalRoutes } from './modules/legal/routes'
import { pushRoutes } from './modules/push/routes'
import { PushEndpoints } from './modules/push/endpoints'
import { PushService } from './modules/push/service'
import { PushStore } from './modules/push/store'
import { AccountDeletion } from './modules/users/deletion'
import { DiskErasure } from './modules/users/disk-erasure'
import { Erasure } from './modules/users/erasure'
import { DataExportService } from './modules/users/export'
import { ExportStore } from './modules/users/export-store'
import { RetentionStore } from './modules/users/retention-store'
import { usersRoutes } from './modules/users/routes'
import { memoryRoutes } from './modules/memory/routes'
import { MemoryService } from './modules/memory/service'
import { MemoryStore } from './modules/memory/store'
import { reportSharesRoutes } from './modules/report-shares/routes'
import { ReportSharesService } from './modules/report-shares/service'
import { ReportSharesStore } from './modules/report-shares/store'
import { videosRoutes } from './modules/videos/routes'
import {
  IdentificationFrames,
  type PeopleFinder,
  type StillPeople,
} from './modules/videos/identification'
import { VideosService } from './modules/videos/service'
import { loadUploadKey, UploadUrlSigner } from './modules/videos/signing'
import { VideosStore } from './modules/videos/store'
import { UsersService } from './modules/users/service'
import { UsersStore } from './modules/users/store'
import { authGuard } from './plugins/auth-guard'
import { errorHandler } from './plugins/error-handler'
import { frameworkErrors, inputGuard } from './plugins/input-guard'
import { privateLogging } from './plugins/log-privacy'
import { openApi } from './plugins/openapi'
import { requestLog } from './plugins/request-log'
import { responseSerializer } from './plugins/response-serializer'
import { security } from './plugins/security'
import { webApp } from './plugins/web'

export interface AppDeps {
  database: Database
  clock?: Clock
  rateLimits?: RateLimitStore
  bus?: Bus
  queue?: JobQueue
  pushSender?: PushSender
  /** Defaults to the embedded engine, through an LLM when LLM_BASE_URL is set. */
  coachEngine?: CoachEngine
  /** Tests only: the HTTP client the Google sign-in uses to reach the provider. */
  oidcFetch?: CustomFetch
  /** Tests only: where log lines go (to check what is never written). */
  logStream?: { write(line: string): void }
  /**
   * Tests only: who finds the people in an identification picture (the analysis children's
   * detector otherwise); given, its job runs even where RUN_ANALYSIS is off.
   */
  peopleFinder?: PeopleFinder
}

export interface App {
  server: FastifyInstance
  services: {
    auth: AuthService
    users: UsersService
    deletion: AccountDeletion
    coaching: CoachingService
    billing: BillingService
    push: PushService
    checkout: CheckoutService
    lifecycle: SubscriptionLifecycle
    videos: VideosService
    agents: AgentsService
    memory: MemoryService
    analysis: AnalysisPipeline
    mail: { outbox: MailOutbox; templates: MailTemplates }
    diskErasure: DiskErasure
  }
  /** The embedded PagBank simulator, when payments are simulated (tests look at its charges). */
  simulator: PagBankSimulator | undefined
  /** Stops answering /readyz so a load balancer drains this node before it closes. */
  drain(): void
}

/** PagBank's browser SDK (integrations notes §1.3): production loads it from PagBank's CDN. */
const PAGBANK_SDK_URL =
  'https://assets.pagseguro.com.br/checkout-sdk-js/rc/dist/browser/pagseguro.min.js'

/** JSON bodies of the API are small; uploads get their own streaming routes and limits. */
const BODY_LIMIT_BYTES = 256 * 1024

/**
 * Composition root: builds adapters from configuration, hands them to module services, then
 * registers Fastify in layers (infrastructure plugins → app plugins → module routes).
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<App> {
  const { database } = deps
  const clock = deps.clock ?? systemClock
  const rateLimits =
    deps.rateLimits ??
    createRateLimitStore({ redisUrl: config.redisUrl, keyPrefix: config.rateLimits.keyPrefix })

  const users = new UsersService(database.db, new UsersStore(), clock)
  const server = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      // Defence in depth: nothing logs request bodies, and card fields never would.
      redact: {
        paths: ['req.body.card_cvv', 'req.body.encrypted', 'body.card_cvv', 'body.encrypted'],
        censor: '[removido]',
      },
      ...privateLogging,
    },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    frameworkErrors,
  })
  const bus =
    deps.bus ??
    (config.redisUrl
      ? await createRedisBus(config.redisUrl, 'areia', {
          onStateChange: (state, err) =>
            state === 'down'
              ? server.log.error(
                  { err },
                  'Redis indisponível: eventos em tempo real entregues só neste nó até a conexão voltar',
                )
              : server.log.warn(
                  'Redis de volta: eventos em tempo real entre os nós restabelecidos',
                ),
        })
      : createMemoryBus())
  const coachEngine =
    deps.coachEngine ??
    (config.llm
      ? withLlm({
          base: createEmbeddedEngine(),
          llm: createOpenAiCompatibleClient(config.llm),
          prompts: {
            coach: llmPrompt,
            partner: llmPartnerPrompt,
            classify: llmClassificationPrompt,
          },
          readClassification: readLlmClassification,
          problems: llmReplyProblems,
          onFallback: (reason, detail) =>
            server.log.warn({ reason, detail }, 'LLM: the embedded engine stood in'),
        })
      : createEmbeddedEngine())
  const hub = new ChatHub(bus)
  await hub.start()
  const revocations = new SessionRevocations(bus)
  await revocations.start()
  const passwords = new PasswordHasher(config.auth.argon2)
  const signingKey = await loadSigningKey(database.db, config.auth.jwtSecret)
  const auth = new AuthService(
    database.db,
    new SessionsStore(),
    users,
    passwords,
    new AccessTokens(signingKey, config.auth.accessTokenTtlSeconds),
    clock,
    rateLimits,
    { ...config.auth, limits: config.rateLimits },
    revocations,
    new LoginChallenges(signingKey, rateLimits.limiter('login-challenge', 1, 600), () =>
      clock.now(),
    ),
  )
  const google = new GoogleAuthService(
    database.db,
    new GoogleAuthStore(),
    users,
    auth,
    config.google
      ? createOidcClient({ ...config.google, ...(deps.oidcFetch ? { fetch: deps.oidcFetch } : {}) })
      : undefined,
    clock,
    rateLimits.limiter('google-ip', config.rateLimits.loginPerIp, config.rateLimits.windowSeconds),
    config.google?.redirectUris ?? [],
  )
  const queue =
    deps.queue ??
    (await createJobQueue(database, {
      pollingIntervalSeconds: config.jobs.pollSeconds,
      maintenanceIntervalSeconds: config.jobs.maintenanceSeconds,
      policies: {
        ...analysisPolicies(config.analysis),
        ...mailPolicies(config.mail),
        ...chatPolicies(config.chat.turnTimeoutSeconds),
      },
    }))
  const diskErasure = new DiskErasure(database, queue, clock)
  const mailOrigin = config.publicOrigin
    ? new URL(config.publicOrigin).origin
    : `http://localhost:${config.port}`
  const mail = await createMail({
    db: database.db,
    queue,
    settings: config.mail,
    runWorker: config.jobs.runWorker,
    link: (p) => `${mailOrigin}${p}`,
    log: server.log,
    onErased: () => diskErasure.schedule(),
  })
  const mailer = mail.outbox
  const billing = new BillingService(
    database.db,
    new BillingStore(),
    users,
    mailer,
    clock,
    // The demo coupon exists only where nobody pays for real: the embedded mode.
    { salesMode: config.salesMode, seedDemoCoupon: !config.databaseUrl },
    rateLimits.limiter('coupon-user', 20, config.rateLimits.windowSeconds),
  )
  await billing.seed()
  const pushEndpoints = new PushEndpoints(config.push.allowedHosts)
  const push = new PushService(
    database.db,
    new PushStore(),
    deps.pushSender ??
      createWebPushSender({
        keys: loadOrCreateVapidKeys(config.dataDir, config.push.vapid),
        subject: config.push.subject,
        lookup: pushEndpoints.lookup,
      }),
    queue,
    clock,
    server.log,
    {
      findUser: (userId) => users.findById(userId),
      // selfLocal is declared below; it is only called once the server is listening.
      appOrigin: () => config.publicOrigin ?? selfLocal(),
    },
    pushEndpoints,
  )
  if (config.jobs.runWorker) {
    await queue.work('push.send', (job) => push.deliver(job))
    await mail.work()
  }
  // Loopback address of this very process: the embedded simulator and its webhooks use it.
  const selfLocal = () => {
    const address = server.server.address()
    const port = address && typeof address === 'object' ? address.port : config.port
    return `http://127.0.0.1:${port}`
  }
  const payments = config.payments
  const simulator =
    payments.mode === 'simulated'
      ? createPagBankSimulator({ dataDir: config.dataDir, clock })
      : undefined
  const gateway = createPagBankClient({
    token: payments.mode === 'pagbank' ? payments.token : simulator!.token,
    baseUrl: () =>
      payments.mode === 'pagbank' ? payments.baseUrl : `${selfLocal()}/sandbox/pagbank`,
  })
  const publicBase = () => (config.publicOrigin ? new URL(config.publicOrigin).origin : selfLocal())
  const notificationUrl = () =>
    `${payments.mode === 'pagbank' ? publicBase() : selfLocal()}/api/v1/payments/webhooks/pagbank`
  const notices = new BillingNotices(push, mailer, users, (p) => `${publicBase()}${p}`)
  const checkoutStore = new CheckoutStore()
  const checkout = new CheckoutService(
    database.db,
    checkoutStore,
    billing,
    users,
    notices,
    gateway,
    clock,
    {
      notificationUrl,
      ...(payments.mode === 'simulated'
        ? { simulatorPayUrl: (id: string) => `/sandbox/pagbank/pix/pay/${id}` }
        : {}),
    },
    rateLimits.limiter('card-user', 10, 3600),
  )
  const cards = new CardService(
    database.db,
    checkoutStore,
    gateway,
    clock,
    payments.mode === 'pagbank' ? PAGBANK_SDK_URL : '/sandbox/pagbank/sdk.js',
  )
  const lifecycle = new SubscriptionLifecycle(
    database.db,
    checkoutStore,
    checkout,
    users,
    notices,
    gateway,
    clock,
    { notificationUrl, log: server.log },
  )
  const coaching = new CoachingService({
    db: database.db,
    store: new CoachingStore(),
    users,
    hub,
    engine: coachEngine,
    queue,
    clock,
    typing: config.chat.typing,
    turnTimeoutSeconds: config.chat.turnTimeoutSeconds,
    onError: (err, userId) => server.log.error({ err, userId }, 'chat: processing failed'),
    // A player with no chat open on this node gets the reply as a push notification; one tag
    // for the whole conversation, so a burst of replies shows as one notification.
    onCoachMessage: async (userId, coach, text) => {
      if (hub.localCount(userId) > 0) return
      await push.notify(userId, {
        title: `${coach.name} respondeu`,
        body: plainPreview(text),
        url: '/chat',
        tag: 'chat',
      })
    },
  })
  let draining = false
  const deletion = new AccountDeletion(
    database.db,
    (tx, userId) => new UsersStore().delete(tx, userId),
    (step, err) => server.log.error({ err, step }, 'account deletion: clean-up step failed'),
  )
  const videoSigner = new UploadUrlSigner(await loadUploadKey(database.db))
  const videos = new VideosService(
    database.db,
    new VideosStore(),
    createVideoStorage(config.videos.storage),
    users,
    coaching,
    queue,
    videoSigner,
    clock,
    config.videos,
    server.log,
  )
  // The player's answer to "date and result of the game?" goes to videos, not to the coaches.
  // Past the plan's daily chat allowance, the coaches do not answer (billing says why).
  const planLimits = new PlanLimits(database.db, clock)
  coaching.setMessageHook(
    async (userId, text) =>
      (await videos.gameInfoHook(userId, text)) ?? planLimits.messageHook(userId, text),
  )
  // Issue 8: identified videos are analysed by durable jobs; children start on first use only.
  const analysisRunner = new AnalysisRunner(config.analysis.concurrency, server.log)
  const analysisPipeline = new AnalysisPipeline(
    database.db,
    new PipelineStore(),
    createVideoStorage(config.videos.storage),
    queue,
    analysisRunner,
    (userId, frame) => hub.publish(userId, frame),
    clock,
    config.analysis,
    server.log,
  )
  // The picture for "qual jogador é você?": its person search runs in the analysis children.
  const identification = new IdentificationFrames(
    database.db,
    new VideosStore(),
    createVideoStorage(config.videos.storage),
    deps.peopleFinder ?? {
      find: (file, signal) => analysisRunner.run<StillPeople>({ op: 'still', file }, { signal }),
    },
    videoSigner,
    clock,
    server.log,
  )
  if (config.jobs.runWorker && (config.analysis.run || deps.peopleFinder)) {
    await queue.work('videos.frame', (job, meta) =>
      identification.prepare(job.video_id, meta.signal),
    )
  }
  videos.setAnalysisHooks({
    queued: (videoId) => analysisPipeline.enqueue(videoId),
    removed: (videoId) => analysisPipeline.deleteFiles(videoId),
  })
  if (config.jobs.runWorker && config.analysis.run) {
    await analysisPipeline.work()
    await queue.schedule('analysis.sweep', '*/5 * * * *', {})
  }
  // Agent Store partners and the coach memory join the conversation through the group chat.
  const agents = new AgentsService(
    database.db,
    new AgentsStore(),
    users,
    coachEngine,
    clock,
    rateLimits.limiter('agent-try', 30, config.rateLimits.windowSeconds),
    (userId) => coaching.teamOf(userId),
  )
  await agents.seed()
  const memory = new MemoryService(database.db, new MemoryStore(), users, clock, (userId) =>
    coaching.clearConversation(userId),
  )
  coaching.setGroupChat({
    partners: (userId) => agents.conversationPartners(userId),
    memory: (userId) => memory.factsFor(userId),
    noteFacts: (userId, text) => memory.noteFacts(userId, text),
  })
  // The coaches answer "como foi meu último jogo?" with the newest published analysis.
  coaching.setPlayerGames(async (userId) => ({
    latest: await latestAnalysisFacts(database.db, userId),
    matches: await recentMatches(database.db, userId),
  }))
  // Once every hook of the chat is in place: a queued reply may run at once.
  if (config.jobs.runWorker) await coaching.work()
  if (config.jobs.runWorker) {
    await queue.work('videos.import', (job) => videos.importLink(job.video_id))
  }
  // Rows that reference the user cascade with it; what only names them is removed here.
  // The account's sockets close on every node; a frame sent before they do finds no session.
  deletion.register({ name: 'sessions', afterCommit: (userId) => auth.announceEnded(userId) })
  deletion.register({ name: 'video-files', afterCommit: (userId) => videos.deleteFilesOf(userId) })
  deletion.register({
    name: 'mail-outbox',
    inTransaction: async (tx, userId) => {
      const user = await users.findById(userId, tx)
      if (user) await deleteOutboxMailTo(tx, user.email)
    },
  })
  const erasure = new Erasure(database.db, new RetentionStore(), clock, {
    forgetJobs: (match) => queue.forget(match),
    deleteAnalysisFiles: (videoIds) => videos.deleteAnalysisFilesOf(videoIds),
  })
  for (const step of erasure.steps()) deletion.register(step)
  // Last: what the steps above deleted is then overwritten on disk too (embedded database).
  deletion.register({ name: 'disk-erasure', afterCommit: () => diskErasure.schedule() })
  if (config.jobs.runWorker) {
    await queue.work('erasure.compact', async () => {
      const tables = await diskErasure.compact()
      server.log.info({ tables }, 'deleted data overwritten on disk')
    })
  }
  if (config.jobs.runWorker) {
    await queue.work('retention.purge', async () => {
      const deleted = await erasure.purgeExpired()
      if (deleted > 0) server.log.info({ deleted }, 'retained records past their date deleted')
    })
    await queue.schedule('retention.purge', '23 4 * * *', {})
  }

  server.setValidatorCompiler(validatorCompiler)
  server.setSerializerCompiler(responseSerializer)

  // Infrastructure
  await server.register(errorHandler)
  await server.register(inputGuard)
  await server.register(requestLog)
  await server.register(security, {
    // PagBank's SDK comes from its CDN in production; the simulator's stand-in is our own origin.
    scriptOrigins: payments.mode === 'pagbank' ? [new URL(PAGBANK_SDK_URL).origin] : [],
    trustProxy: config.trustProxy,
  })
  await server.register(formbody, { bodyLimit: BODY_LIMIT_BYTES })
  // Added before the plugin so it runs before the plugin's own, which closes with no code.
  server.addHook('preClose', (done) => {
    for (const client of server.websocketServer.clients) {
      client.close(SERVER_GOING_AWAY_CLOSE_CODE, 'servidor reiniciando')
    }
    done()
  })
  await server.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // An oversized or malformed frame, or a client gone mid-frame, is the client's doing.
    errorHandler: (err, socket, request) => {
      const code = (err as { code?: string }).code ?? ''
      const client = code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE'
      request.log[client ? 'info' : 'error']({ err }, 'chat socket error')
      socket.terminate()
    },
  })
  // While draining, answers close their connection so keep-alive sockets cannot hold up shutdown.
  server.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close')
    done(null, payload)
  })
  server.addHook('onClose', async () => {
    // The reply under way is stored without its typing pause while the queue waits for it.
    coaching.stop()
    if (!deps.queue) await queue.stop()
    await mail.close()
    await analysisRunner.close()
    // Before the bus, which carries the messages.
    await coaching.finish()
    if (!deps.rateLimits) await rateLimits.close()
    if (!deps.bus) await bus.close()
  })

  // App plugins
  // Before every route: it records them (the OpenAPI document and the route table).
  await server.register(openApi, { serve: config.apiDocs })
  await server.register(authGuard, { auth })

  // Module routes
  await server.register(healthRoutes, { ping: () => database.ping(), isDraining: () => draining })
  const recovery = new AccountRecovery({
    db: database.db,
    store: new AccountTokensStore(),
    users,
    passwords,
    auth,
    mailer,
    templates: mail.templates,
    clock,
    limits: {
      resetPerIp: rateLimits.limiter('reset-ip', 10, 3600),
      resetPerAddress: rateLimits.limiter('reset-address', 3, 3600),
      confirmPerUser: rateLimits.limiter('confirm-user', 5, 3600),
    },
    log: server.log,
  })
  await server.register(authRoutes, {
    auth,
    afterRegister: async (userId) => {
      await recovery.sendConfirmation(userId, { limited: false })
    },
  })
  await server.register(recoveryRoutes, { recovery })
  await server.register(googleAuthRoutes, { google })
  const dataExport = new DataExportService(
    database.db,
    new ExportStore(),
    clock,
    rateLimits.limiter('export-user', 5, 3600),
  )
  await server.register(usersRoutes, { users, deletion, dataExport })
  await server.register(coachingRoutes, {
    coaching,
    hub,
    auth,
    publicOrigin: config.publicOrigin,
  })
  if (config.jobs.runWorker) {
    await queue.work('billing.expire', async () => {
      const done = await lifecycle.sweep()
      if (Object.values(done).some((n) => n > 0)) server.log.info(done, 'billing sweep')
    })
    await queue.schedule('billing.expire', '7 * * * *', {})
  }
  await server.register(billingRoutes, { billing })
  const manage = new PlanManagement(database.db, checkoutStore, checkout, users, gateway, clock)
  await server.register(checkoutRoutes, { checkout, cards, lifecycle, gateway, manage })
  if (simulator) await server.register(simulator.plugin)
  await server.register(pushRoutes, { push })
  await server.register(videosRoutes, {
    videos,
    identification,
    publicOrigin: config.publicOrigin,
  })
  await server.register(agentsRoutes, { agents })
  await server.register(memoryRoutes, { memory })
  await server.register(legalRoutes, { legal: config.legal })
  const admin = new AdminService(
    database.db,
    new AdminStore(),
    users,
    mailer,
    clock,
    (p) => `${publicBase()}${p}`,
    (userId) => auth.announceRoleChanged(userId),
  )
  const partners = new AdminPartnersService(database.db, new AdminPartnersStore(), admin, clock)
  await server.register(adminRoutes, { admin, partners, localMail: mail.local })
  // Issue 8: the analyst's console, the player's report and the signed media of both.
  const analysisStore = new AnalysisStore()
  const analysisStorage = createVideoStorage(config.videos.storage)
  const mediaSigner = new MediaSigner(await loadMediaKey(database.db), () => clock.now())
  const analysis = new AnalysisService(
    database.db,
    analysisStore,
    analysisStorage,
    mediaSigner,
    new AnalysisDelivery(new CoachingStore(), hub, push, clock),
    users,
    clock,
    // Corners corrected or a re-run: a new run of the pipeline.
    analysisPipeline,
    server.log,
  )
  const reports = new ReportsService(
    database.db,
    analysisStore,
    analysisStorage,
    mediaSigner,
    clock,
  )
  // Meus Vídeos shows each match's stage, due time and media as the analysis knows them.
  videos.setMatchViews(new MatchViews(database.db, analysisStore, mediaSigner))
  const tagging = new TaggingService(database.db, analysisStore, new TagsStore(), clock)
  await server.register(analystRoutes, { analysis, tagging })
  await server.register(reportRoutes, { reports })
  const shares = new ReportSharesService(
    database.db,
    new ReportSharesStore(),
    {
      report: (userId, videoId) => reports.report(userId, videoId),
      playerName: async (userId) => (await users.findById(userId))?.name ?? null,
    },
    clock,
    rateLimits.limiter('shared-report-ip', 120, config.rateLimits.windowSeconds),
    (p) => (config.publicOrigin ? new URL(p, config.publicOrigin).href : p),
  )
  await server.register(reportSharesRoutes, { shares })
  if (config.web.serve) await server.register(webApp, { distDir: config.web.distDir })
  return {
    server,
    services: {
      auth,
      users,
      deletion,
      coaching,
      billing,
      push,
      checkout,
      lifecycle,
      videos,
      agents,
      memory,
      analysis: analysisPipeline,
      mail: { outbox: mail.outbox, templates: mail.templates },
      diskErasure,
    },
    simulator,
    drain: () => {
      draining = true
    },
  }
}
