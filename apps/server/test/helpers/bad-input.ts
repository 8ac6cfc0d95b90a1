import fc from 'fast-check'
import { z } from 'zod'
import { paramNames, type RouteEntry } from './routes'

/** One generated request: every part may be wrong, and the suite knows which ones are. */
export interface BadCase {
  params: Record<string, string>
  /** Values as the query parser hands them over: repeated keys become arrays. */
  query: Record<string, string | string[]>
  /** Sent verbatim after `?` when set (malformed escapes), instead of `query`. */
  rawQuery: string | null
  headers: Record<string, string>
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; contentType: string; payload: string }
  authenticated: boolean
}

// Sizes around the limits: the 256 KiB body limit, long text fields, long URLs.
const HUGE = ['x'.repeat(300 * 1024), 'é'.repeat(100_000), '🎾'.repeat(20_000), 'a'.repeat(5_000)]
const NESTED = JSON.parse('['.repeat(500) + ']'.repeat(500)) as unknown

const weird = fc.constantFrom<unknown>(
  null,
  true,
  false,
  0,
  -1,
  -0,
  1e308,
  -1e308,
  2 ** 53 + 1,
  // Just past a PostgreSQL integer column, either way.
  2_147_483_648,
  -2_147_483_649,
  0.1,
  '',
  ' ',
  '0',
  '-1',
  'null',
  'undefined',
  'true',
  '1e999',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '\u0000',
  '\u202eçãô',
  '\ud800',
  '🏖️🎾',
  'Ａｒｅｉａ',
  '%00%zz',
  '${7*7}',
  '__proto__',
  'constructor',
  '2026-13-45T99:99:99Z',
  '00000000-0000-0000-0000-000000000000',
  'mailto:a@b',
  'javascript:alert(1)',
  ...HUGE,
  NESTED,
  { __proto__: { admin: true } },
  { constructor: { prototype: { admin: true } } },
)

/** Any JSON value, leaning on the shapes that break parsers and validators. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: weird },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
)

/** Well-formed text for URLs (encodeURIComponent refuses lone surrogates). */
const urlText = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999999999999',
    '2147483648',
    'NaN',
    'null',
    '..',
    '../admin',
    '%',
    '%zz',
    "'",
    ' ',
    'ção',
    '🎾',
    '00000000-0000-0000-0000-000000000000',
    'a'.repeat(2_000),
  ),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
  // Past the usual length limits (100-character ids, the router's parameter limit).
  fc.constantFrom('a'.repeat(101), 'é'.repeat(150), '9'.repeat(400)),
)

/** Values that would pass a typical id check: the fault then has to come from elsewhere. */
const plausibleId = fc.constantFrom('1', '2', '7', '6b0c8f3e-1f7e-4a55-9a8e-2f4f2e7e9d10', 'coach')

const RAW_JSON = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    'NaN',
    '1e999999',
    '\u0000',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '['.repeat(10_000),
    '"sem fim',
    '',
    ' ',
  ),
  fc.string({ maxLength: 60 }),
)

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  'application/vnd.api+json',
  'image/png',
  'x/y; ; ;',
]

const keysOf = (schema: unknown): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape) : []

/**
 * A record over the schema's own keys plus a stray one, each value junk or left out; one of the
 * schema's keys is always there, so optional fields get wrong values too.
 */
function junkObject(keys: string[], value: fc.Arbitrary<unknown>) {
  const shape: Record<string, fc.Arbitrary<unknown>> = { zz_extra: value }
  for (const key of keys) shape[key] = value
  if (keys.length === 0) return fc.record(shape, { requiredKeys: [] })
  return fc.constantFrom(...keys).chain((key) => fc.record(shape, { requiredKeys: [key] }))
}

/**
 * A body the route accepts with one field spoiled (junk, or left out): the other fields pass, so
 * the refusal has to name the right one, and a junk value the schema lets through reaches the
 * handler. Without a known valid body, plain junk.
 */
function nearlyValid(valid: unknown): fc.Arbitrary<unknown> {
  if (!valid || typeof valid !== 'object' || Array.isArray(valid)) return junk
  const keys = Object.keys(valid)
  if (keys.length === 0) return junk
  return fc
    .record({ key: fc.constantFrom(...keys), value: fc.option(junk, { freq: 5 }) })
    .map(({ key, value }) => {
      const copy: Record<string, unknown> = { ...valid }
      if (value === null) delete copy[key]
      else copy[key] = value
      return copy
    })
}

/** Bad requests for one route, shaped by its schemas (field names, params) when it has them. */
export function badCases(route: RouteEntry, validBody?: unknown): fc.Arbitrary<BadCase> {
  const schema = route.schema ?? {}
  const params = paramNames(route.url)
  const paramsArb = fc.record(
    Object.fromEntries(params.map((p) => [p, fc.oneof(urlText, plausibleId)])),
  ) as fc.Arbitrary<Record<string, string>>
  const queryValue = fc.oneof(urlText, fc.array(urlText, { minLength: 2, maxLength: 3 }))
  const queryArb = junkObject(keysOf(schema.querystring), queryValue) as fc.Arbitrary<
    Record<string, string | string[]>
  >
  const rawQuery = fc.option(fc.constantFrom('a=%zz', '&&==&', '%', 'x=' + 'é'.repeat(3000)), {
    freq: 8,
  })
  const headerKeys = keysOf(schema.headers)
  const headersArb = junkObject(headerKeys, urlText).map((h) =>
    Object.fromEntries(
      Object.entries(h)
        .filter(([k]) => k !== 'zz_extra')
        .map(([k, v]) => [k, encodeURIComponent(String(v))]),
    ),
  )
  const takesBody = route.method !== 'GET'
  const bodyArb: fc.Arbitrary<BadCase['body']> = takesBody
    ? fc
        .oneof(
          { weight: 4, arbitrary: junkObject(keysOf(schema.body), junk) },
          { weight: 2, arbitrary: junk },
          { weight: 3, arbitrary: nearlyValid(validBody) },
          { weight: 1, arbitrary: fc.constant(undefined) },
        )
        .map((value): BadCase['body'] =>
          value === undefined ? { kind: 'none' } : { kind: 'json', value },
        )
    : fc.constant({ kind: 'none' })
  const rawBodies: fc.Arbitrary<BadCase['body']> = fc.oneof(
    RAW_JSON.map((payload) => ({
      kind: 'raw' as const,
      contentType: 'application/json',
      payload,
    })),
    fc.record({
      kind: fc.constant('raw' as const),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      payload: fc.string({ maxLength: 60 }),
    }),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 20 })).map((form) => ({
      kind: 'raw' as const,
      contentType: 'application/x-www-form-urlencoded',
      payload: new URLSearchParams(form).toString(),
    })),
  )
  return fc.record({
    params: paramsArb,
    query: queryArb,
    rawQuery,
    headers: headersArb,
    body: takesBody ? fc.oneof({ weight: 3, arbitrary: bodyArb }, rawBodies) : bodyArb,
    // Mostly signed in, so the input reaches the handler; sometimes not, so it reaches nothing.
    authenticated: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
  })
}

/**
 * Whether the route's zod schemas accept the request as Fastify will hand it over: `true`/`false`,
 * or null when the route parses that part itself (no schema: webhooks, simulator, uploads' body).
 */
export function acceptedBySchemas(
  route: RouteEntry,
  c: BadCase,
  { rawBody = false } = {},
): boolean | null {
  const schema = route.schema ?? {}
  const checks: (boolean | null)[] = []
  const accepts = (s: unknown, value: unknown) =>
    s instanceof z.ZodType ? s.safeParse(value).success : null
  if (paramNames(route.url).length > 0) checks.push(accepts(schema.params, c.params))
  if (c.rawQuery === null) {
    const sent = Object.keys(c.query).filter((k) => k !== 'zz_extra').length > 0
    if (schema.querystring || sent) checks.push(accepts(schema.querystring, c.query))
  } else checks.push(schema.querystring ? null : true)
  if (schema.headers) checks.push(accepts(schema.headers, { ...c.headers }))
  if (c.body.kind === 'json') {
    checks.push(schema.body ? accepts(schema.body, JSON.parse(JSON.stringify(c.body.value))) : null)
  } else if (c.body.kind === 'raw') {
    // Routes that read their body as bytes (uploads, signed webhooks) judge it themselves.
    checks.push(rawBody ? null : rawBodyAccepted(schema.body, c.body, accepts))
  } else if (schema.body) checks.push(accepts(schema.body, undefined))
  if (checks.includes(false)) return false
  if (checks.includes(null)) return null
  return true
}

/** Parsed as Fastify would: JSON (prototype keys refused), forms; other types have no parser. */
function rawBodyAccepted(
  schema: unknown,
  body: { contentType: string; payload: string },
  accepts: (s: unknown, value: unknown) => boolean | null,
): boolean | null {
  if (body.contentType === 'application/x-www-form-urlencoded') {
    return accepts(schema, Object.fromEntries(new URLSearchParams(body.payload)))
  }
  // Fastify's own text/plain parser hands the text over as it came.
  if (body.contentType === 'text/plain') return accepts(schema, body.payload)
  if (body.contentType !== 'application/json') {
    return CONTENT_TYPES.includes(body.contentType) ? false : null
  }
  if (/"(?:__proto__|constructor)"/.test(body.payload)) return false
  try {
    return accepts(schema, JSON.parse(body.payload))
  } catch {
    return false
  }
}
