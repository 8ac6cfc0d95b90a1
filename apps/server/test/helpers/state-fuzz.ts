import fc from 'fast-check'
import { junk } from './bad-input'

/** Where a value sits in a JSON document: keys and indices from the root. */
type JsonPath = Array<string | number>

/** Every place in a JSON document a mutation can land: each value, nested ones included. */
export function jsonPaths(value: unknown, at: JsonPath = []): JsonPath[] {
  const here = at.length > 0 ? [at] : []
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => jsonPaths(v, [...at, i]))]
  if (value && typeof value === 'object') {
    return [...here, ...Object.entries(value).flatMap(([k, v]) => jsonPaths(v, [...at, k]))]
  }
  return here
}

const REMOVE = Symbol('remove')

function setAt(value: unknown, path: JsonPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const [head, ...rest] = path
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])]
    const next = setAt(copy[head as number], rest, replacement)
    if (next === REMOVE) copy.splice(head as number, 1)
    else copy[head as number] = next
    return copy
  }
  const copy = { ...(value as Record<string, unknown>) }
  const next = setAt(copy[head as string], rest, replacement)
  if (next === REMOVE) delete copy[head as string]
  else copy[head as string] = next
  return copy
}

/** Integers at and past the bounds of a PostgreSQL integer, and the usual suspects. */
const edgeNumber = fc.constantFrom(
  2_147_483_647,
  2_147_483_648,
  -2_147_483_648,
  -2_147_483_649,
  2 ** 53 + 1,
  -1,
  0,
  0.5,
  1e308,
)

/**
 * One mutation of a document the route accepts: where (an index into its paths, taken modulo
 * their count, so it fits whatever document is valid at run time) and what goes there (junk, an
 * edge number, or nothing: the field is left out).
 */
export interface Mutation {
  where: number
  value: unknown
}

export const mutations: fc.Arbitrary<Mutation[]> = fc.array(
  fc.record({
    where: fc.nat(),
    value: fc.oneof(
      { weight: 3, arbitrary: junk },
      { weight: 3, arbitrary: edgeNumber },
      { weight: 1, arbitrary: fc.constant(REMOVE) },
    ),
  }),
  { minLength: 1, maxLength: 2 },
)

/** The valid document with the mutations applied, one after the other. */
export function mutate(valid: unknown, changes: Mutation[]): unknown {
  let doc = valid
  for (const change of changes) {
    const paths = jsonPaths(doc)
    if (paths.length === 0) return change.value === REMOVE ? undefined : change.value
    doc = setAt(doc, paths[change.where % paths.length]!, change.value)
  }
  return doc
}
