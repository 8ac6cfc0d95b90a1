import type { z } from 'zod'
import { apiErrorFrom } from './api-error'
import { ensureAccessToken, refreshSession } from './session'

type Body = { json: unknown } | { form: Record<string, string> } | Record<string, never>

export type RequestOptions<S extends z.ZodType | undefined> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: Body
  /** Public endpoints (login, register, legal) go without a bearer token. */
  auth?: boolean
  /** Parses the success body; without it the response body is ignored. */
  schema?: S
  signal?: AbortSignal
  /** Extra headers, e.g. the idempotency key of an order attempt. */
  headers?: Record<string, string>
}

type Result<S> = S extends z.ZodType ? z.infer<S> : undefined

function encode(body: Body | undefined): { headers: Record<string, string>; payload?: string } {
  if (!body || Object.keys(body).length === 0) return { headers: {} }
  if ('json' in body) {
    return { headers: { 'Content-Type': 'application/json' }, payload: JSON.stringify(body.json) }
  }
  if ('form' in body) {
    return {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body.form).toString(),
    }
  }
  return { headers: {} }
}

/**
 * The one HTTP client of the app: adds the bearer token (refreshing it first when it is about to
 * expire), retries once with a renewed token after a 401, and turns failures into ApiError.
 */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const { method = 'GET', body, auth = true, schema, signal, headers: extra } = options
  const { headers, payload } = encode(body)

  const send = (token: string | null) =>
    fetch(path, {
      method,
      signal,
      body: payload,
      headers: {
        Accept: 'application/json',
        ...extra,
        ...headers,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    })

  let response = await send(auth ? await ensureAccessToken() : null)
  if (auth && response.status === 401) {
    // The token may have been revoked or expired in flight: renew it and try exactly once more.
    response = await send(await refreshSession())
  }
  if (!response.ok) throw await apiErrorFrom(response)
  if (!schema || response.status === 204) return undefined as Result<S>
  return schema.parse(await response.json()) as Result<S>
}

/**
 * The bytes of an authenticated GET, for media the page shows through a blob URL (`<img>` cannot
 * send the bearer token). Same token handling as apiRequest.
 */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const send = (token: string) =>
    fetch(path, { signal, headers: { Authorization: `Bearer ${token}` } })
  let response = await send(await ensureAccessToken())
  if (response.status === 401) response = await send(await refreshSession())
  if (!response.ok) throw await apiErrorFrom(response)
  return response.blob()
}

/** Sends with the stored token as is, no refresh, no retry: for best-effort calls like logout. */
export async function apiSendOnce(
  path: string,
  init: { method: 'POST'; token: string | null; json: unknown },
): Promise<Response> {
  return fetch(path, {
    method: init.method,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: JSON.stringify(init.json),
  })
}
