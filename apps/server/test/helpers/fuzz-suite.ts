import type { TokenPair } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema'
import { bearer, createTestApp, signUpAndLogIn, type TestApp } from './app'
import { acceptedBySchemas, type BadCase, badCases } from './bad-input'
import { testDatabase } from './database'
import { validInput } from './samples'
import {
  concreteUrl,
  expectPtBrError,
  isStaffRoute,
  routeKey,
  routesOf,
  type RouteEntry,
} from './routes'

/** The floor the issue sets: every route gets at least this many generated bad requests. */
export const RUNS_PER_ROUTE = 1_000

/** Read their body as bytes and judge it themselves (signature, content range). */
const RAW_BODY_ROUTES = ['PUT /api/v1/videos/uploads/:id', 'POST /api/v1/payments/webhooks/pagbank']

/**
 * The embedded PagBank simulator answers in PagBank's own API format (English `error_messages`),
 * as the real gateway does to our client; it must still never fail with a 5xx.
 */
const isGatewayImitation = (url: string) =>
  /^\/sandbox\/pagbank\/(orders|charges|public-keys)/.test(url)

function request(route: RouteEntry, c: BadCase, token: string): InjectOptions {
  const url = concreteUrl(route.url, c.params)
  const pairs = Object.entries(c.query).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, x]),
  )
  const query = c.rawQuery ?? new URLSearchParams(pairs).toString()
  const headers: Record<string, string> = { ...c.headers }
  if (c.authenticated) Object.assign(headers, bearer(token))
  const options: InjectOptions = {
    method: route.method,
    url: query ? `${url}?${query}` : url,
    headers,
  }
  if (c.body.kind === 'json') {
    headers['content-type'] = 'application/json'
    options.payload = JSON.stringify(c.body.value) ?? 'null'
  } else if (c.body.kind === 'raw') {
    headers['content-type'] = c.body.contentType
    options.payload = c.body.payload
  }
  return options
}

const describeCase = (c: BadCase) =>
  JSON.stringify(c, (_k, v: unknown) =>
    typeof v === 'string' && v.length > 200 ? `${v.slice(0, 40)}…(${v.length})` : v,
  ).slice(0, 1_500)

/**
 * 502/503 are answers some routes declare (gateway down, a feature this server does not run);
 * a 500 never is, nor a 5xx the route does not document.
 */
export function declaresStatus(route: RouteEntry, status: number): boolean {
  const response = route.schema?.response as Record<string, unknown> | undefined
  return (status === 502 || status === 503) && Boolean(response?.[status])
}

/**
 * Every route of the table, `part` of `parts` (the files run in parallel, one server each):
 * 1,000 generated bad requests apiece through the real app → never an undocumented 5xx, a 4xx
 * whenever the route's schemas refuse the input, and every error a JSON `{detail, code}`: a
 * pt-BR sentence and a code of the contract's list.
 */
export async function defineFuzzSuite(part: number, parts: number) {
  const errorLines: string[] = []
  // Built while the file loads: the route table names the tests, so a new route is fuzzed too.
  const app: TestApp = await createTestApp(
    { LOG_LEVEL: 'error' },
    { logStream: { write: (line: string) => void errorLines.push(line) } },
  )
  const table = routesOf(app)
  const mine = table.filter((_, i) => i % parts === part)
  let admin: TokenPair

  beforeAll(async () => {
    // Listening, so the PagBank simulator the app calls over loopback answers as in production.
    await app.server.listen({ port: 0, host: '127.0.0.1' })
    admin = await signUpAndLogIn(app, `admin-fuzz-${part}@areia.test`)
    const { db } = await testDatabase({ reset: false })
    await db
      .update(users)
      .set({ role: 'ADMIN' })
      .where(eq(users.email, `admin-fuzz-${part}@areia.test`))
  })
  afterAll(() => app.close())

  describe(`bad input, routes ${part + 1}/${parts} of the table`, () => {
    it('the table holds the whole API', () => {
      const keys = table.map(routeKey)
      expect(keys).toContain('POST /api/v1/auth/register/')
      expect(keys).toContain('PATCH /api/v1/memory/facts/:id')
      expect(keys).toContain('PUT /api/v1/admin/players/:id/role')
      expect(keys.length).toBeGreaterThanOrEqual(60)
    })

    it.each(mine.map(routeKey))('%s', { timeout: 120_000 }, async (key) => {
      const route = mine.find((r) => routeKey(r) === key)!
      // A fresh player per route: an input that happens to be valid may end their session.
      const token = isStaffRoute(route.url)
        ? admin.access_token
        : (await signUpAndLogIn(app, `fuzz-${part}-${mine.indexOf(route)}@areia.test`)).access_token
      const rawBody = RAW_BODY_ROUTES.includes(key)
      let refused = 0
      const check = (res: LightMyRequestResponse, c: BadCase, log: string) => {
        const label = `${key} ${res.statusCode} ${describeCase(c)} ${log.slice(0, 800)}`
        if (res.statusCode >= 500) expect(declaresStatus(route, res.statusCode), label).toBe(true)
        expect(log, label).not.toContain('unhandled error')
        const verdict = acceptedBySchemas(route, c, { rawBody })
        if (verdict === false) {
          refused++
          expect(res.statusCode, label).toBeGreaterThanOrEqual(400)
        }
        if (res.statusCode >= 400 && !isGatewayImitation(route.url)) expectPtBrError(res, label)
      }
      await fc.assert(
        fc.asyncProperty(badCases(route, validInput(app, route)?.body), async (c) => {
          const before = errorLines.length
          const res = await app.server.inject(request(route, c, token))
          check(res, c, errorLines.slice(before).join(''))
        }),
        { numRuns: RUNS_PER_ROUTE },
      )
      // The generators must reach the validator, or the run proved little about it.
      const schema = route.schema ?? {}
      if (schema.body) expect(refused, `${key}: recusados`).toBeGreaterThan(RUNS_PER_ROUTE / 4)
      else if (schema.params || schema.querystring) {
        expect(refused, `${key}: recusados`).toBeGreaterThan(RUNS_PER_ROUTE / 50)
      }
    })
  })
}
