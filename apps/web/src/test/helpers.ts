import { vi } from 'vitest'
import { Profile, type UserStatusResponse } from '@areia/contracts/users'
import type { Video } from '@areia/contracts/videos'

const b64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

/** An unsigned JWT carrying `claims`; the client only ever reads `exp`. */
export function fakeJwt(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`
}

export function jwtExpiringIn(seconds: number, nowMs = Date.now()): string {
  return fakeJwt({ sub: 'u1', exp: Math.floor(nowMs / 1000) + seconds })
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

export function makeUser(overrides: Partial<UserStatusResponse> = {}): UserStatusResponse {
  return {
    id: 'u1',
    email: 'jogadora@areia.test',
    name: null,
    role: 'USER',
    status: 'ACTIVE',
    payment_status: 'FREE',
    onboarding_status: 'COMPLETED',
    // Every profile field empty, whatever fields the contract grows.
    profile: Object.fromEntries(Object.keys(Profile.shape).map((key) => [key, null])) as Profile,
    created_at: '2025-09-03T12:00:00.000Z',
    email_verified: true,
    has_password: true,
    ...overrides,
  }
}

/** A video of the player's list: an uploaded file waiting in the queue, nothing known about it yet. */
export function makeVideo(overrides: Partial<Video> = {}): Video {
  return {
    id: 1,
    upload_timestamp: '2026-11-23T12:00:00.000Z',
    status: 'QUEUED',
    source: 'GCS',
    failure_reason: null,
    warnings: [],
    player_identifier: null,
    game_date: null,
    game_week: null,
    game_outcome: null,
    game_score: null,
    probe: null,
    thumbnail_url: null,
    video_url: null,
    analysis_percent: null,
    due_at: null,
    needs_analyst: false,
    allowance_returned: false,
    ...overrides,
  }
}

type Route = (request: Request) => Response | Promise<Response>

/**
 * Replaces fetch with a tiny router keyed by "METHOD /path"; any call nobody expected fails the
 * test loudly rather than hanging.
 */
export function mockServer(routes: Record<string, Route>) {
  const calls: Request[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString()
    const request = new Request(new URL(url, 'http://localhost'), init)
    calls.push(request)
    const key = `${request.method} ${new URL(request.url).pathname}`
    const route = routes[key]
    if (!route) throw new Error(`unexpected request ${key}`)
    return route(request)
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    calls,
    count: (key: string) =>
      calls.filter((r) => `${r.method} ${new URL(r.url).pathname}` === key).length,
  }
}
