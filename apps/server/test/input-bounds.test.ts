import { ClientFrame, INT4_MAX, INT4_MIN } from '@areia/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, type TestApp } from './helpers/app'
import { routeKey, routesOf } from './helpers/routes'

/** PostgreSQL `integer`: every integer column of the schema. */

interface IntegerField {
  path: string
  min: number
  max: number
}

/** Child schemas of a zod v4 schema, whatever wraps them (optional, pipes, unions…). */
function children(schema: z.ZodType): Array<[string, z.ZodType]> {
  const def = schema._zod.def as unknown as Record<string, unknown>
  const out: Array<[string, z.ZodType]> = []
  const add = (key: string, value: unknown) => {
    if (value instanceof z.ZodType) out.push([key, value])
  }
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>))
        add(key, value)
      add('*', def.catchall)
      break
    case 'array':
      add('[]', def.element)
      break
    case 'tuple':
      ;(def.items as unknown[]).forEach((item, i) => add(`[${i}]`, item))
      add('[…]', def.rest)
      break
    case 'union':
      ;(def.options as unknown[]).forEach((option, i) => add(`|${i}`, option))
      break
    case 'intersection':
      add('&l', def.left)
      add('&r', def.right)
      break
    case 'record':
      add('{key}', def.keyType)
      add('{}', def.valueType)
      break
    case 'pipe':
      add('', def.in)
      add('', def.out)
      break
    case 'lazy':
      add('', (def.getter as () => unknown)())
      break
    default:
      add('', def.innerType)
  }
  return out
}

/** Every integer a client can send through `schema`, with the bounds its schema sets. */
function integersOf(schema: unknown, path = '', seen = new Set<unknown>()): IntegerField[] {
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return []
  seen.add(schema)
  if (schema instanceof z.ZodNumber && schema.isInt) {
    return [
      {
        path: path || '(raiz)',
        min: schema.minValue ?? -Infinity,
        max: schema.maxValue ?? Infinity,
      },
    ]
  }
  return children(schema).flatMap(([key, child]) =>
    integersOf(child, key ? (path ? `${path}.${key}` : key) : path, seen),
  )
}

const unbounded = (fields: IntegerField[]) =>
  fields
    .filter((f) => f.min < INT4_MIN || f.max > INT4_MAX)
    .map((f) => `${f.path} [${f.min}, ${f.max}]`)

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

describe('every integer a client sends is bounded by its column', () => {
  it('in the params, query, headers and body of every route', () => {
    const found: string[] = []
    let integers = 0
    for (const route of routesOf(app)) {
      for (const part of ['params', 'querystring', 'headers', 'body'] as const) {
        const fields = integersOf(route.schema?.[part])
        integers += fields.length
        for (const f of unbounded(fields)) found.push(`${routeKey(route)} ${part}.${f}`)
      }
    }
    // The walk reaches the schemas (ids in paths, revisions, track ids, page sizes…).
    expect(integers).toBeGreaterThan(30)
    expect(found).toEqual([])
  })

  it('in the frames of the chat socket', () => {
    expect(unbounded(integersOf(ClientFrame))).toEqual([])
  })

  it('the walk itself finds an unbounded integer, however deep', () => {
    const schema = z.object({
      a: z.array(z.object({ n: z.number().int().min(0).optional() })),
      b: z.coerce.number().int().min(1).max(INT4_MAX),
    })
    expect(unbounded(integersOf(schema))).toEqual([`a.[].n [0, ${Number.MAX_SAFE_INTEGER}]`])
  })
})
