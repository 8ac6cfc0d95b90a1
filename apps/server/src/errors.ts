import type { ErrorCode } from '@areia/contracts'

type Status = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503

export interface AppErrorOptions {
  /** The machine reason clients act on; the `detail` beside it is for people only. */
  code: ErrorCode
  headers?: Record<string, string>
}

/** An error whose pt-BR `detail` is safe to show to the user, with the HTTP status it maps to. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly headers: Record<string, string>

  constructor(
    readonly statusCode: Status,
    readonly detail: string,
    options: AppErrorOptions,
  ) {
    super(detail)
    this.name = 'AppError'
    this.code = options.code
    this.headers = options.headers ?? {}
  }
}

export const notFound = (detail = 'Recurso não encontrado.', code: ErrorCode = 'not_found') =>
  new AppError(404, detail, { code })

export function tooManyRequests(
  detail: string,
  retryAfterSeconds: number,
  code: ErrorCode = 'rate_limited',
): AppError {
  return new AppError(429, detail, { code, headers: { 'retry-after': String(retryAfterSeconds) } })
}

/** "em 3 minutos" / "em 40 segundos", for rate-limit messages. */
export function inTime(seconds: number): string {
  if (seconds >= 120) return `em ${Math.ceil(seconds / 60)} minutos`
  if (seconds >= 60) return 'em 1 minuto'
  return `em ${seconds} segundo${seconds === 1 ? '' : 's'}`
}

/** Postgres unique_violation, from node-postgres or PGlite (both expose `code`). */
export function isUniqueViolation(err: unknown): boolean {
  let current: unknown = err
  // Drizzle wraps driver errors; the code sits on the cause.
  for (let depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
