import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { type Clock, systemClock } from './adapters/clock'
import { type Bus, createMemoryBus, createRedisBus } from './adapters/bus'
import { createOpenAiCompatibleClient } from './adapters/llm'
import { createMail, mailPolicies } from './adapters/mail'
import { createPagBankClient, type PaymentGateway } from './adapters/payments'
import {
  createPagBankSimulator,
  type PagBankSimulator,
} from './adapters/payments/pagbank-simulator'
import { createWebPushSender, loadOrCreateVapidKeys, type PushSender } from './adapters/push'
import { createJobQueue, type JobQueue } from './adapters/queue'
import { createRateLimitStore, type RateLimitStore } from './adapters/rate-limit'
import { createVideoStorage, type VideoStorage } from './adapters/storage'
import type { AppDeps } from './app'
import type { Config } from './config'
import { analysisPolicies } from './modules/analysis/pipeline'
import { createEmbeddedEngine } from './modules/coaching/embedded-engine'
import type { CoachEngine } from './modules/coaching/engine'
import { createLlmTeam } from './modules/coaching/llm-team'
import { chatPolicies } from './modules/coaching/service'
import { PushEndpoints } from './modules/push/endpoints'
import { DiskErasure } from './modules/users/disk-erasure'

/** PagBank's browser SDK: production loads it from PagBank's CDN. */
const PAGBANK_SDK_URL =
  'https://assets.pagseguro.com.br/checkout-sdk-js/rc/dist/browser/pagseguro.min.js'

export type Mail = Awaited<ReturnType<typeof createMail>>

export interface Payments {
  mode: Config['payments']['mode']
  gateway: PaymentGateway
  /** The embedded PagBank simulator, when payments are simulated. */
  simulator: PagBankSimulator | undefined
  /** Where the browser loads PagBank's SDK from. */
  sdkUrl: string
  /** Where PagBank posts its webhooks. */
  notificationUrl: () => string
  /** The simulator's page that pays a PIX code, when payments are simulated. */
  simulatorPayUrl?: (gatewayOrderId: string) => string
}

/** The adapters the modules are built on, from configuration (tests may hand some in). */
export interface Platform {
  clock: Clock
  rateLimits: RateLimitStore
  bus: Bus
  coachEngine: CoachEngine
  queue: JobQueue
  mail: Mail
  diskErasure: DiskErasure
  /** One storage for every module: uploads, frames and the analysis artifacts. */
  storage: VideoStorage
  /** What sends web push, and the push services it may reach. */
  pushing: { sender: PushSender; endpoints: PushEndpoints }
  payments: Payments
  links: {
    /** Absolute address in the web app for a path (e-mails, push, invitations). */
    app: (path: string) => string
    /** Origin of the web app. */
    appOrigin: () => string
  }
  /** Shutdown, first: no further job starts here, and e-mail stops. */
  stopWork(): Promise<void>
  /** Shutdown, last: what carries messages between nodes. */
  close(): Promise<void>
}

export async function createPlatform(
  config: Config,
  deps: AppDeps,
  server: FastifyInstance,
): Promise<Platform> {
  const log: FastifyBaseLogger = server.log
  const { database } = deps
  const clock = deps.clock ?? systemClock
  const rateLimits =
    deps.rateLimits ??
    createRateLimitStore({ redisUrl: config.redisUrl, keyPrefix: config.rateLimits.keyPrefix })
  const bus =
    deps.bus ??
    (config.redisUrl
      ? await createRedisBus(config.redisUrl, config.redisPrefix, {
          onStateChange: (state, err) =>
            state === 'down'
              ? log.error(
                  { err },
                  'Redis indisponível: eventos em tempo real entregues só neste nó até a conexão voltar',
                )
              : log.warn('Redis de volta: eventos em tempo real entre os nós restabelecidos'),
        })
      : createMemoryBus())
  const coachEngine =
    deps.coachEngine ??
    (config.llm
      ? createLlmTeam({
          llm: createOpenAiCompatibleClient(config.llm),
          onFallback: (reason, detail) =>
            log.warn({ reason, detail }, 'LLM: the embedded engine stood in'),
        })
      : createEmbeddedEngine())
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
    log,
    onErased: () => diskErasure.schedule(),
  })
  // Loopback address of this very process: the embedded simulator and its webhooks use it. Only
  // called once the server is listening.
  const selfLocal = () => {
    const address = server.server.address()
    const port = address && typeof address === 'object' ? address.port : config.port
    return `http://127.0.0.1:${port}`
  }
  const publicBase = () => (config.publicOrigin ? new URL(config.publicOrigin).origin : selfLocal())
  const pushEndpoints = new PushEndpoints(config.push.allowedHosts)
  return {
    clock,
    rateLimits,
    bus,
    coachEngine,
    queue,
    mail,
    diskErasure,
    storage: createVideoStorage(config.videos.storage),
    pushing: {
      sender:
        deps.pushSender ??
        createWebPushSender({
          keys: loadOrCreateVapidKeys(config.dataDir, config.push.vapid),
          subject: config.push.subject,
          lookup: pushEndpoints.lookup,
        }),
      endpoints: pushEndpoints,
    },
    payments: payments(config, clock, selfLocal, publicBase),
    links: {
      app: (p) => `${publicBase()}${p}`,
      appOrigin: () => config.publicOrigin ?? selfLocal(),
    },
    stopWork: async () => {
      if (!deps.queue) await queue.stop()
      await mail.close()
    },
    close: async () => {
      if (!deps.rateLimits) await rateLimits.close()
      if (!deps.bus) await bus.close()
    },
  }
}

function payments(
  config: Config,
  clock: Clock,
  selfLocal: () => string,
  publicBase: () => string,
): Payments {
  const settings = config.payments
  const simulator =
    settings.mode === 'simulated'
      ? createPagBankSimulator({ dataDir: config.dataDir, clock })
      : undefined
  const gateway = createPagBankClient({
    token: settings.mode === 'pagbank' ? settings.token : simulator!.token,
    baseUrl: () =>
      settings.mode === 'pagbank' ? settings.baseUrl : `${selfLocal()}/sandbox/pagbank`,
  })
  return {
    mode: settings.mode,
    gateway,
    simulator,
    sdkUrl: settings.mode === 'pagbank' ? PAGBANK_SDK_URL : '/sandbox/pagbank/sdk.js',
    notificationUrl: () =>
      `${settings.mode === 'pagbank' ? publicBase() : selfLocal()}/api/v1/payments/webhooks/pagbank`,
    ...(settings.mode === 'simulated'
      ? { simulatorPayUrl: (id: string) => `/sandbox/pagbank/pix/pay/${id}` }
      : {}),
  }
}

/** The origins scripts may come from: PagBank's CDN in production, our own otherwise. */
export function scriptOrigins(payments: Payments): string[] {
  return payments.mode === 'pagbank' ? [new URL(PAGBANK_SDK_URL).origin] : []
}
