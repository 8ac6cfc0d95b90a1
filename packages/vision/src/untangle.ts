// Partners who come close (one box for both, one hidden behind the other, paths that cross and
// turn back) can leave the encounter with each other's identity: while they are together, motion
// is all the tracker has, and a prediction made from one box for two people is a guess. Once both
// are seen again in boxes of their own, their clothes are better evidence than that guess: when
// the clothes clearly say the two boxes belong the other way round, the identities are swapped,
// back to the moment within the encounter that the clothes seen during it point to.
import { appearanceDistance, type Appearance } from './appearance.js'

/** partners closer than this (m), or one of them unseen beside the other, may be confused */
export const ENCOUNTER_M = 1.5
/**
 * How much better (sum of both players' appearance distances) the swapped reading must be: twice
 * what lighting and pose alone change (see APPEARANCE_FLOOR in the tracker).
 */
const SWAP_MARGIN = 0.3
/** an encounter is looked back on for this long (s) after the partners were last close */
export const UNTANGLE_S = 4

/**
 * Whether the clothes in two boxes, seen clearly, say the boxes belong to the two players the
 * other way round: each box looks more like the other player, by a clear margin in all.
 */
export function clothesSaySwapped(
  models: [Appearance, Appearance],
  seen: [Appearance, Appearance],
): boolean {
  const stay = appearanceDistance(models[0], seen[0]) + appearanceDistance(models[1], seen[1])
  const first = appearanceDistance(models[0], seen[1])
  const second = appearanceDistance(models[1], seen[0])
  return (
    first < appearanceDistance(models[0], seen[0]) &&
    second < appearanceDistance(models[1], seen[1]) &&
    stay - first - second >= SWAP_MARGIN
  )
}

/** What a track saw at one round during an encounter: a clear view of the box it was given. */
export interface Sighting {
  t: number
  look: Appearance
}

/**
 * When, within an encounter, two tracks most likely took each other's player: of the moments
 * `candidates` (round times; the swap happens after the chosen one), the one after which the
 * clear views each track was given look most like the other player, and before which they look
 * most like their own.
 */
export function swapMoment(
  candidates: number[],
  models: [Appearance, Appearance],
  seen: [Sighting[], Sighting[]],
): number {
  let best = candidates[0]!
  let bestCost = Infinity
  for (const at of candidates) {
    let cost = 0
    seen.forEach((list, k) => {
      for (const s of list) cost += appearanceDistance(models[s.t > at ? 1 - k : k]!, s.look)
    })
    // Ties go to the latest moment: the less history is rewritten, the better.
    if (cost <= bestCost) {
      best = at
      bestCost = cost
    }
  }
  return best
}

/** Identities exchanged by the tracker: the two players' samples after `afterT`, up to `atT`. */
export interface IdentitySwap {
  ids: [number, number]
  afterT: number
  atT: number
}

/** The same exchange in rounds already reported (each box names its player). */
export function relabelRounds(
  rounds: Array<{ t: number; boxes: Array<{ playerId: number | null }> }>,
  swap: IdentitySwap,
): void {
  const [p, q] = swap.ids
  for (const r of rounds) {
    if (r.t <= swap.afterT || r.t >= swap.atT) continue
    for (const b of r.boxes) b.playerId = b.playerId === p ? q : b.playerId === q ? p : b.playerId
  }
}
