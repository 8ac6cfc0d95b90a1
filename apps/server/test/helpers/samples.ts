import { z } from 'zod'
import type { TestApp } from './app'
import type { RouteEntry } from './routes'

type JsonSchema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minItems?: number
  minLength?: number
  maxLength?: number
  minimum?: number
  format?: string
}

/** The smallest value a JSON schema (as OpenAPI prints it) describes: required fields only. */
function synthesise(s: JsonSchema | undefined): unknown {
  if (!s) return undefined
  if (s.enum) return s.enum[0]
  if (s.const !== undefined) return s.const
  const first = s.anyOf ?? s.oneOf ?? s.allOf
  if (first) return synthesise(first[0])
  switch (Array.isArray(s.type) ? s.type[0] : s.type) {
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, synthesise(s.properties?.[k])]))
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => synthesise(s.items))
    case 'string':
      if (s.format === 'email') return 'alguem@areia.test'
      if (s.format === 'uri') return 'https://example.com/x'
      if (s.format === 'uuid') return '6b0c8f3e-1f7e-4a55-9a8e-2f4f2e7e9d10'
      return 'a'.repeat(Math.max(s.minLength ?? 1, 8)).slice(0, s.maxLength ?? 100)
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1)
    case 'boolean':
      return true
    default:
      return null
  }
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

/**
 * A body and query the route's own zod schemas accept, made from its OpenAPI description; null
 * when that simple synthesis is not enough (refinements, patterns). Lets a test reach the checks
 * that come after validation, such as the session.
 */
export function validInput(
  app: TestApp,
  route: RouteEntry,
): { body: unknown; query: Record<string, string> } | null {
  const schema = route.schema ?? {}
  const accepts = (s: unknown, value: unknown) =>
    !(s instanceof z.ZodType) || s.safeParse(value).success
  if (!accepts(schema.querystring, {}) || !accepts(schema.headers, {})) return null
  if (!schema.body) return { body: undefined, query: {} }
  const doc = app.server.swagger() as { paths: Record<string, Record<string, Operation>> }
  const path = route.url.replace(/:([A-Za-z_]\w*)/g, '{$1}')
  const content = doc.paths[path]?.[route.method.toLowerCase()]?.requestBody?.content ?? {}
  const body = synthesise(Object.values(content)[0]?.schema)
  return accepts(schema.body, body) ? { body, query: {} } : null
}
