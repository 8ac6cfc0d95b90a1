import { isResponseSerializationError } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { responseSerializer } from '../src/plugins/response-serializer'

const compile = (schema: z.ZodType) =>
  responseSerializer({ schema, method: 'GET', url: '/x', httpStatus: '200' })

describe('response serializer', () => {
  it('writes only the fields the schema names', () => {
    const serialize = compile(z.object({ id: z.number(), name: z.string() }))
    expect(serialize({ id: 1, name: 'Ana', password_hash: 'x' })).toBe('{"id":1,"name":"Ana"}')
  })

  it('refuses an answer of the wrong shape instead of writing it', () => {
    const serialize = compile(z.object({ id: z.number() }))
    let thrown: unknown
    try {
      serialize({ id: 'um' })
    } catch (err) {
      thrown = err
    }
    expect(isResponseSerializationError(thrown)).toBe(true)
  })

  it('encodes through codecs, however deep, as the type provider does', () => {
    const cents = z.codec(z.string(), z.number(), {
      decode: (text) => Number(text) * 100,
      encode: (value) => (value / 100).toFixed(2),
    })
    const serialize = compile(
      z.object({ items: z.array(z.object({ price: cents.optional() })).nullable() }),
    )
    expect(serialize({ items: [{ price: 1990 }] })).toBe('{"items":[{"price":"19.90"}]}')
  })

  it('keeps dates and nullables as JSON.stringify writes them', () => {
    const serialize = compile(z.object({ at: z.date(), note: z.string().nullable() }))
    const at = new Date('2026-11-23T12:00:00Z')
    expect(serialize({ at, note: null })).toBe(JSON.stringify({ at, note: null }))
  })
})
