import { ErrorBody } from '@areia/contracts/errors'

/** An HTTP failure carrying the server's pt-BR `detail` when it sent one. */
export class ApiError extends Error {
  readonly status: number
  readonly detail: string | null

  constructor(status: number, detail: string | null, fallback?: string) {
    super(detail ?? fallback ?? `Erro ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.detail = detail
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
  try {
    const parsed = ErrorBody.safeParse(await response.json())
    if (parsed.success) detail = parsed.data.detail
  } catch {
    // A body that is not JSON (a proxy's HTML page) carries no detail worth showing.
  }
  return new ApiError(response.status, detail)
}

/** The message to show: the server's detail, else the screen's own fallback (SPEC §8). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail
  return fallback
}
