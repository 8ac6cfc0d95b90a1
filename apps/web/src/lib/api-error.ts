import { ErrorBody } from '@areia/contracts/errors'

/** An HTTP failure carrying the server's pt-BR `detail` when it sent one. */
export class ApiError extends Error {
  readonly status: number
  readonly detail: string | null
  /** The whole JSON body, for answers that carry more than `detail` (a login challenge). */
  readonly body: unknown

  constructor(status: number, detail: string | null, fallback?: string, body?: unknown) {
    super(detail ?? fallback ?? `Erro ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.detail = detail
    this.body = body
  }
}

/** Raised when no valid session can be obtained; the user is then logged out. */
export class SessionExpiredError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SessionExpiredError'
  }
}

export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let detail: string | null = null
  let body: unknown
  try {
    body = await response.json()
    const parsed = ErrorBody.safeParse(body)
    if (parsed.success) detail = parsed.data.detail
  } catch {
    // A body that is not JSON (a proxy's HTML page) carries no detail worth showing.
  }
  return new ApiError(response.status, detail, undefined, body)
}

/** The message to show: the server's detail, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail
  return fallback
}
