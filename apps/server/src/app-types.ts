import type { CoachMessages } from './modules/progress/coach-messages'
import type { ProgressService } from './modules/progress/service'
import type { FastifyInstance } from 'fastify'
import type { CustomFetch } from 'openid-client'
import type { Bus } from './adapters/bus'
import type { Clock } from './adapters/clock'
import type { Database } from './adapters/db'
import type { MailOutbox, MailTemplates } from './adapters/mail'
import type { PagBankSimulator } from './adapters/payments/pagbank-simulator'
import type { PushSender } from './adapters/push'
import type { JobQueue } from './adapters/queue'
import type { RateLimitStore } from './adapters/rate-limit'
import type { AnalysisPipeline } from './modules/analysis/pipeline'
import type { CheckoutService } from './modules/billing/checkout'
import type { SubscriptionLifecycle } from './modules/billing/lifecycle'
import type { CoachEngine } from './modules/coaching/engine'
import type { CoachingService } from './modules/coaching/service'
import type { MemoryService } from './modules/memory/service'
import type { PushService } from './modules/push/service'
import type { AccountDeletion } from './modules/users/deletion'
import type { DiskErasure } from './modules/users/disk-erasure'
import type { UsersService } from './modules/users/service'
import type { PeopleFinder } from './modules/videos/identification'

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
  /** The services tests reach beside HTTP. */
  services: {
    users: UsersService
    deletion: AccountDeletion
    coaching: CoachingService
    push: PushService
    checkout: CheckoutService
    lifecycle: SubscriptionLifecycle
    memory: MemoryService
    analysis: AnalysisPipeline
    mail: { outbox: MailOutbox; templates: MailTemplates }
    diskErasure: DiskErasure
    progress: ProgressService
    progressMessages: CoachMessages
  }
  /** The embedded PagBank simulator, when payments are simulated (tests look at its charges). */
  simulator: PagBankSimulator | undefined
  /** Stops answering /readyz so a load balancer drains this node before it closes. */
  drain(): void
}
