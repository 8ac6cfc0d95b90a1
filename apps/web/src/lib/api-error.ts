import { ErrorBody, ErrorCode } from '@areia/contracts/errors'

export type { ErrorCode } from '@areia/contracts/errors'

export interface ApiErrorOptions {
  /** The server's machine reason: screens decide on it, never on the wording of `detail`. */
  code?: ErrorCode | null
  /** The message when the server sent no detail. */
  fallback?: string
  /** The whole JSON body, for answers that carry more than `detail` (a login challenge). */
  body?: unknown
}

/** An HTTP failure carrying the server's pt-BR `detail` and its `code` when it sent them. */
export class ApiError extends Error {
  readonly status: number
  readonly detail: string | null
  readonly code: ErrorCode | null
  readonly body: unknown

  constructor(status: number, detail: string | null, options: ApiErrorOptions = {}) {
    super(detail ?? options.fallback ?? `Erro ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.detail = detail
    this.code = options.code ?? null
    this.body = options.body
  }
}

/** Raised when no valid session can be obtained; the user is then logged out. */
export class SessionExpiredError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SessionExpiredError'
  }
}

/**
 * The `detail` and `code` of an error body. Each is read on its own, so a code this build does
 * not know yet (a newer server) still leaves the detail to show.
 */
export function parseErrorBody(body: unknown): { detail: string | null; code: ErrorCode | null } {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  const detail = ErrorBody.shape.detail.safeParse(fields.detail)
  const code = ErrorCode.safeParse(fields.code)
  return {
    detail: detail.success ? detail.data : null,
    code: code.success ? code.data : null,
  }
}

export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let body: unknown
  try {
    body = await response.json()
  } catch {
    // A body that is not JSON (a proxy's HTML page) carries no detail worth showing.
  }
  const { detail, code } = parseErrorBody(body)
  return new ApiError(response.status, detail, { code, body })
}

/** The server's code for this failure, or null (no answer, or not an API error). */
export function errorCode(error: unknown): ErrorCode | null {
  return error instanceof ApiError ? error.code : null
}

/** The message to show: the server's detail, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail
  return fallback
}
