import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import type { StorageConfig } from './adapters/storage'

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes')

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()

const int = (def: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(def)

/** Every environment variable the server reads, with embedded defaults for all of them. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: int(3000, 0, 65535),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public origin of the app, used for the WebSocket Origin check and links in e-mails. */
  PUBLIC_ORIGIN: z.url().optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url().startsWith('postgres').optional())
    .optional(),
  REDIS_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url().startsWith('redis').optional())
    .optional(),
  /** Namespace of this deployment's keys and channels in Redis, so that two can share one. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,40}$/, { error: 'use até 40 letras, números, ponto, hífen ou sublinhado' })
    .default('areia'),
  /** 32+ random bytes, base64 or hex. Left unset, a key is generated once and kept in the database. */
  JWT_SECRET: optionalText.pipe(z.string().min(43).optional()),
  ACCESS_TOKEN_TTL_SECONDS: int(900, 15, 86_400),
  REFRESH_TOKEN_TTL_DAYS: int(30, 1, 365),
  SESSION_MAX_DAYS: int(90, 1, 730),
  REFRESH_REUSE_GRACE_SECONDS: int(20, 0, 300),
  /** Argon2id memory cost in KiB; OWASP's minimum is 19 MiB with t=2, p=1. */
  ARGON2_MEMORY_KIB: int(19_456, 19_456, 1_048_576),
  ARGON2_TIME_COST: int(2, 2, 10),
  /**
   * Password hashes computed at once; one core is left to the event loop, so a burst of logins
   * never holds up the other requests.
   */
  ARGON2_CONCURRENCY: int(Math.max(1, os.availableParallelism() - 1), 1, 256),
  /** Longest a login waits for a hashing slot before it is answered 429 with Retry-After. */
  ARGON2_QUEUE_SECONDS: int(5, 0, 60),
  RATE_LIMIT_LOGIN_PER_IP: int(30, 1, 100_000),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: int(10, 1, 10_000),
  RATE_LIMIT_REGISTER_PER_IP: int(10, 1, 100_000),
  RATE_LIMIT_REFRESH_PER_IP: int(120, 1, 100_000),
  RATE_LIMIT_WINDOW_SECONDS: int(900, 1, 86_400),
  /** OpenAI-compatible Chat Completions endpoint; unset, the embedded coach engine answers alone. */
  LLM_BASE_URL: optionalText.pipe(z.url().optional()),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_API_KEY: optionalText,
  LLM_TIMEOUT_MS: int(15_000, 500, 120_000),
  /** How long a coach "types" before a message appears: per character, within [min, max]. */
  COACH_TYPING_MIN_MS: int(700, 0, 10_000),
  COACH_TYPING_PER_CHAR_MS: int(12, 0, 1_000),
  COACH_TYPING_MAX_MS: int(2_500, 0, 30_000),
  /**
   * How long one turn of a player's conversation (a reply with its typing pauses and LLM calls)
   * may run; a worker that died in one is replaced once this has passed.
   */
  CHAT_TURN_TIMEOUT_SECONDS: int(120, 5, 3600),
  /** `waitlist` sends every purchase to the waiting list (e.g. before launch). */
  SALES_MODE: z.enum(['checkout', 'waitlist']).default('checkout'),
  /** Web Push VAPID keys (base64url); unset, a pair is generated once under DATA_DIR. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, { error: 'use mailto: ou https:' })
    .default('mailto:suporte@areia.app.br'),
  /** Run job consumers inside the API process (embedded mode); `npm run worker` runs them apart. */
  RUN_WORKER: bool.default(true),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /**
   * Run the analysis consumers where RUN_WORKER runs the others. They are CPU-heavy (a detector
   * per child process): API nodes may leave them to `npm run worker`.
   */
  RUN_ANALYSIS: bool.default(true),
  /** How often attempts past their expiry (a worker that died mid-job) are failed and retried. */
  JOB_MAINTENANCE_SECONDS: int(30, 1, 3600),
  /** Videos are analysed in chunks of this length, spread over the workers. */
  ANALYSIS_CHUNK_SECONDS: int(60, 2, 3600),
  /** Analysis child processes per worker (each holds a loaded detector and uses one core). */
  ANALYSIS_CONCURRENCY: int(2, 1, 32),
  ANALYSIS_RETRY_LIMIT: int(3, 0, 20),
  /** First retry delay of an analysis step; it doubles with each retry. */
  ANALYSIS_RETRY_DELAY_SECONDS: int(30, 1, 3600),
  /** Expiry of an attempt: this floor, plus the per-second allowance times the chunk's length. */
  ANALYSIS_ATTEMPT_MIN_SECONDS: int(300, 5, 86_400),
  ANALYSIS_ATTEMPT_SECONDS_PER_VIDEO_SECOND: z.coerce.number().min(0.1).max(120).default(15),
  /** Google sign-in (OpenID Connect); both unset, the Google buttons say it is unavailable. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** A local provider can stand in for Google (tests, `OIDC_DEV=1 npm run dev`). */
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  /** Comma-separated callback URLs the browser may use; default: PUBLIC_ORIGIN (or localhost:PORT) + /login. */
  OIDC_REDIRECT_URIS: optionalText,
  /** PagBank account token; unset, payments go to the embedded PagBank simulator. */
  PAGBANK_TOKEN: optionalText,
  PAGBANK_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /** With NODE_ENV=production and no PAGBANK_TOKEN, `1` runs the embedded PagBank simulator anyway. */
  PAYMENTS_SIMULATOR: bool.default(false),
  /** Another endpoint speaking PagBank's API (a standalone sandbox); overrides PAGBANK_ENV. */
  PAGBANK_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRUST_PROXY: bool.default(false),
  /** Serve the OpenAPI document at /api/docs; unset, only in development. */
  API_DOCS: bool.optional(),
  SERVE_WEB: bool.default(true),
  WEB_DIST_DIR: optionalText,
  LEGAL_COMPANY_NAME: optionalText,
  LEGAL_FORUM_CITY: optionalText,
  LEGAL_FORUM_STATE: optionalText,
  LEGAL_CONTACT_EMAIL: optionalText,
  LEGAL_PRIVACY_EMAIL: optionalText,
  /** Largest video accepted, in bytes (uploads and link imports): 4 GiB by default. */
  VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 ** 3),
  /** How long an upload URL accepts bytes (and resumes). */
  VIDEO_UPLOAD_URL_TTL_SECONDS: int(86_400, 60, 7 * 86_400),
  /** Comma-separated hosts a video link may point to even on a private address (tests, intranets). */
  VIDEO_LINK_ALLOWED_HOSTS: optionalText,
  /** smtp(s)://user:pass@host:port of the mail relay; unset, e-mail goes to the local mailbox. */
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().min(3).default('Areia <nao-responda@areia.app.br>'),
  /** Attempts after the first before an e-mail is given up on (FAILED in the console). */
  MAIL_RETRY_LIMIT: int(6, 0, 20),
  /** First wait before a retry; each next one doubles. */
  MAIL_RETRY_DELAY_SECONDS: int(60, 1, 3600),
  /** Comma-separated push-service hosts allowed on a private address or port (tests, intranets). */
  PUSH_ALLOWED_HOSTS: optionalText,
  /** A link import gives up when the other side is silent this long. */
  VIDEO_LINK_TIMEOUT_MS: int(30_000, 100, 600_000),
  VIDEO_LINK_MAX_REDIRECTS: int(5, 0, 20),
  /** S3-compatible bucket for videos; unset, files go to DATA_DIR/videos. */
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /**
   * Tests only: seconds the server's clock runs ahead of the system's, so a journey can restart
   * the server "the next day". Refused outside NODE_ENV=test.
   */
  CLOCK_OFFSET_SECONDS: int(0, 0, 10 * 365 * 86_400),
})

export type Env = z.infer<typeof EnvSchema>

export interface Config {
  env: Env['NODE_ENV']
  /** Tests only: how far ahead of the system clock the app's clock runs, in seconds. */
  clockOffsetSeconds: number
  host: string
  port: number
  dataDir: string
  logLevel: Env['LOG_LEVEL']
  publicOrigin: string | undefined
  databaseUrl: string | undefined
  redisUrl: string | undefined
  redisPrefix: string
  trustProxy: boolean
  apiDocs: boolean
  web: { serve: boolean; distDir: string }
  auth: {
    jwtSecret: string | undefined
    accessTokenTtlSeconds: number
    refreshTokenTtlDays: number
    sessionMaxDays: number
    refreshReuseGraceSeconds: number
    argon2: { memoryKib: number; timeCost: number; concurrency: number; queueSeconds: number }
  }
  salesMode: Env['SALES_MODE']
  payments: { mode: 'simulated' } | { mode: 'pagbank'; token: string; baseUrl: string }
  google:
    { issuer: string; clientId: string; clientSecret: string; redirectUris: string[] } | undefined
  mail: {
    smtpUrl: string | undefined
    from: string
    retryLimit: number
    retryDelaySeconds: number
  }
  push: {
    vapid: { publicKey: string; privateKey: string } | undefined
    subject: string
    allowedHosts: string[]
  }
  jobs: { runWorker: boolean; pollSeconds: number; maintenanceSeconds: number }
  analysis: {
    run: boolean
    chunkSeconds: number
    concurrency: number
    retryLimit: number
    retryDelaySeconds: number
    attemptMinSeconds: number
    attemptSecondsPerVideoSecond: number
  }
  llm: { baseUrl: string; model: string; apiKey: string | undefined; timeoutMs: number } | undefined
  chat: { typing: { minMs: number; perCharMs: number; maxMs: number }; turnTimeoutSeconds: number }
  rateLimits: {
    windowSeconds: number
    loginPerIp: number
    loginFailuresPerAccount: number
    registerPerIp: number
    refreshPerIp: number
    /** Namespaces the counters in a shared Redis; tests use a fresh one per app. */
    keyPrefix: string
  }
  legal: {
    companyName: string | null
    forumCity: string | null
    forumState: string | null
    contactEmail: string | null
    privacyEmail: string | null
  }
  videos: {
    maxBytes: number
    uploadUrlTtlSeconds: number
    link: { allowedHosts: string[]; timeoutMs: number; maxRedirects: number }
    storage: StorageConfig
  }
}

const hostList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One line, whatever the count, so that a process supervisor's log shows all of it.
    super(`Configuração inválida: ${problems.join(' · ')}`)
  }
}

/** Parses the environment once at boot; every bad key is listed together, not the first only. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
    )
  }
  const e = parsed.data
  if (e.NODE_ENV === 'production') {
    const missing = [
      // The simulator pays anything it is asked to: a real deployment must say it wants it.
      ...(e.PAGBANK_TOKEN || e.PAYMENTS_SIMULATOR
        ? []
        : [
            'PAGBANK_TOKEN: obrigatório com NODE_ENV=production (ou PAYMENTS_SIMULATOR=1 para usar o simulador de pagamentos)',
          ]),
      // Otherwise the Host header of a request would build upload URLs and e-mail links.
      ...(e.PUBLIC_ORIGIN
        ? []
        : [
            'PUBLIC_ORIGIN: obrigatório em produção (endereço público do app, ex. https://areia.app.br)',
          ]),
      ...(e.SMTP_URL ? [] : ['SMTP_URL: obrigatório em produção (servidor que envia os e-mails)']),
    ]
    if (missing.length > 0) throw new ConfigError(missing)
  }
  if (e.CLOCK_OFFSET_SECONDS > 0 && e.NODE_ENV !== 'test') {
    throw new ConfigError(['CLOCK_OFFSET_SECONDS: só pode ser usado com NODE_ENV=test'])
  }
  if (e.PAGBANK_TOKEN && !e.PUBLIC_ORIGIN) {
    throw new ConfigError(['PUBLIC_ORIGIN: obrigatório com PAGBANK_TOKEN (endereço dos webhooks)'])
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(['GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET: defina os dois ou nenhum'])
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(['VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: defina as duas ou nenhuma'])
  }
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY: obrigatórias com S3_BUCKET'])
  }
  const repoRoot = path.resolve(import.meta.dirname, '../../..')
  return {
    env: e.NODE_ENV,
    clockOffsetSeconds: e.CLOCK_OFFSET_SECONDS,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    publicOrigin: e.PUBLIC_ORIGIN,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    trustProxy: e.TRUST_PROXY,
    apiDocs: e.API_DOCS ?? e.NODE_ENV === 'development',
    web: {
      serve: e.SERVE_WEB,
      distDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    },
    auth: {
      jwtSecret: e.JWT_SECRET,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
      sessionMaxDays: e.SESSION_MAX_DAYS,
      refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
      argon2: {
        memoryKib: e.ARGON2_MEMORY_KIB,
        timeCost: e.ARGON2_TIME_COST,
        concurrency: e.ARGON2_CONCURRENCY,
        queueSeconds: e.ARGON2_QUEUE_SECONDS,
      },
    },
    salesMode: e.SALES_MODE,
    payments: e.PAGBANK_TOKEN
      ? {
          mode: 'pagbank',
          token: e.PAGBANK_TOKEN,
          baseUrl:
            e.PAGBANK_BASE_URL?.replace(/\/+$/, '') ??
            (e.PAGBANK_ENV === 'production'
              ? 'https://api.pagseguro.com'
              : 'https://sandbox.api.pagseguro.com'),
        }
      : // Its token is random per data directory (see the simulator).
        { mode: 'simulated' },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            redirectUris: e.OIDC_REDIRECT_URIS
              ? e.OIDC_REDIRECT_URIS.split(',')
                  .map((u) => u.trim())
                  .filter(Boolean)
              : e.PUBLIC_ORIGIN
                ? [`${new URL(e.PUBLIC_ORIGIN).origin}/login`]
                : [`http://localhost:${e.PORT}/login`, `http://127.0.0.1:${e.PORT}/login`],
          }
        : undefined,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      retryLimit: e.MAIL_RETRY_LIMIT,
      retryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    },
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT,
      allowedHosts: hostList(e.PUSH_ALLOWED_HOSTS),
    },
    jobs: {
      runWorker: e.RUN_WORKER,
      pollSeconds: e.JOB_POLL_SECONDS,
      maintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
    },
    analysis: {
      run: e.RUN_ANALYSIS,
      chunkSeconds: e.ANALYSIS_CHUNK_SECONDS,
      concurrency: e.ANALYSIS_CONCURRENCY,
      retryLimit: e.ANALYSIS_RETRY_LIMIT,
      retryDelaySeconds: e.ANALYSIS_RETRY_DELAY_SECONDS,
      attemptMinSeconds: e.ANALYSIS_ATTEMPT_MIN_SECONDS,
      attemptSecondsPerVideoSecond: e.ANALYSIS_ATTEMPT_SECONDS_PER_VIDEO_SECOND,
    },
    llm: e.LLM_BASE_URL
      ? {
          baseUrl: e.LLM_BASE_URL,
          model: e.LLM_MODEL,
          apiKey: e.LLM_API_KEY,
          timeoutMs: e.LLM_TIMEOUT_MS,
        }
      : undefined,
    chat: {
      typing: {
        minMs: e.COACH_TYPING_MIN_MS,
        perCharMs: e.COACH_TYPING_PER_CHAR_MS,
        maxMs: e.COACH_TYPING_MAX_MS,
      },
      turnTimeoutSeconds: e.CHAT_TURN_TIMEOUT_SECONDS,
    },
    rateLimits: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
      loginFailuresPerAccount: e.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      registerPerIp: e.RATE_LIMIT_REGISTER_PER_IP,
      refreshPerIp: e.RATE_LIMIT_REFRESH_PER_IP,
      keyPrefix: `${e.REDIS_PREFIX}:rl`,
    },
    legal: {
      companyName: e.LEGAL_COMPANY_NAME ?? null,
      forumCity: e.LEGAL_FORUM_CITY ?? null,
      forumState: e.LEGAL_FORUM_STATE ?? null,
      contactEmail: e.LEGAL_CONTACT_EMAIL ?? null,
      privacyEmail: e.LEGAL_PRIVACY_EMAIL ?? null,
    },
    videos: {
      maxBytes: e.VIDEO_MAX_BYTES,
      uploadUrlTtlSeconds: e.VIDEO_UPLOAD_URL_TTL_SECONDS,
      link: {
        allowedHosts: hostList(e.VIDEO_LINK_ALLOWED_HOSTS),
        timeoutMs: e.VIDEO_LINK_TIMEOUT_MS,
        maxRedirects: e.VIDEO_LINK_MAX_REDIRECTS,
      },
      storage:
        e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              kind: 's3',
              bucket: e.S3_BUCKET,
              endpoint: e.S3_ENDPOINT,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            }
          : { kind: 'local', dir: path.join(path.resolve(e.DATA_DIR), 'videos') },
    },
  }
}
