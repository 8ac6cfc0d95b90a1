import { hash } from './text'
import type { Rng } from './types'

/**
 * mulberry32: a tiny seeded generator, so the server can derive a repeatable random source from,
 * say, a user id and a message id. Not for anything security-related.
 */
export function seededRng(seed: number | string): Rng {
  let a = typeof seed === 'string' ? hash(seed) : seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
