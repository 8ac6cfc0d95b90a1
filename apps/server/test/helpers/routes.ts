import { ErrorCode } from '@areia/contracts'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { RouteEntry } from '../../src/plugins/openapi'
import type { TestApp } from './app'

export type { RouteEntry }

/** `GET /api/v1/videos/:id`: how routes are named in the classification tables. */
export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`

/** The app's route table (HEAD twins and the docs route left out). */
export function routesOf(app: TestApp): RouteEntry[] {
  return app.server.routeTable.filter((r) => r.method !== 'HEAD' && r.url !== '/api/docs')
}

export const paramNames = (url: string): string[] =>
  [...url.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]!)

/** The URL with each `:name` replaced by its (percent-encoded) value. */
export function concreteUrl(url: string, values: Record<string, string>): string {
  return url.replace(/:([A-Za-z_]\w*)/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? '1'),
  )
}

/** Console routes: the role check runs before anything else. */
export const isStaffRoute = (url: string) =>
  url.startsWith('/api/v1/admin/') || url.startsWith('/api/v1/analyst/')

/**
 * Words of the messages Fastify, zod's default locale and Node print in English. A pt-BR detail
 * has none of them as whole words (field names such as `text` are not in the list).
 */
const ENGLISH =
  /\b(invalid|expected|required|received|unrecognized|must|should|too (?:big|small)|bad request|not found|unauthorized|forbidden|internal server error|unsupported|unexpected|cannot|failed|error|body|value|string|number|object|array)\b/i

/** True when `detail` reads as the app's pt-BR sentences (no English framework wording). */
export function isPortugueseDetail(detail: unknown): detail is string {
  if (typeof detail !== 'string' || detail.trim().length < 4) return false
  // Field paths and quoted values echo the request, not our wording.
  const prose = detail.replace(/\(campo: [^)]*\)/g, '').replace(/"[^"]*"/g, '')
  return !ENGLISH.test(prose)
}

/** A JSON `{detail, code}`: a pt-BR sentence and a known code, with the request named on failure. */
export function expectPtBrError(res: LightMyRequestResponse, label: string) {
  expect(String(res.headers['content-type']), `${label}: content-type`).toMatch(
    /^application\/json/,
  )
  let body: unknown
  try {
    body = res.json()
  } catch {
    body = res.body
  }
  const detail = (body as { detail?: unknown } | null)?.detail
  expect(
    isPortugueseDetail(detail),
    `${label}: detail em pt-BR, recebido ${res.body.slice(0, 300)}`,
  ).toBe(true)
  const code = (body as { code?: unknown } | null)?.code
  expect(
    ErrorCode.safeParse(code).success,
    `${label}: code conhecido, recebido ${res.body.slice(0, 300)}`,
  ).toBe(true)
}
