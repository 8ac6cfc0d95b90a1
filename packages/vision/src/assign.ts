// The matching at the heart of the tracker: which detection goes to which track.

/**
 * Minimum-cost assignment of tracks to detections (or to nothing), exhaustive with pruning.
 * `missCost` is what leaving a track unmatched costs: one value, or one per track. No cost may be
 * negative: the search prunes on partial sums.
 */
export function assign(cost: number[][], missCost: number | number[]): Array<number | null> {
  const miss = (t: number) => (typeof missCost === 'number' ? missCost : missCost[t]!)
  const nT = cost.length
  const nD = cost[0]?.length ?? 0
  let best = Infinity
  let bestPick: Array<number | null> = new Array<number | null>(nT).fill(null)
  const pick: Array<number | null> = []
  const used = new Array<boolean>(nD).fill(false)
  const rec = (t: number, acc: number) => {
    if (acc >= best) return
    if (t === nT) {
      best = acc
      bestPick = [...pick]
      return
    }
    for (let d = 0; d < nD; d++) {
      const c = cost[t]![d]!
      if (used[d] || !Number.isFinite(c)) continue
      used[d] = true
      pick.push(d)
      rec(t + 1, acc + c)
      pick.pop()
      used[d] = false
    }
    pick.push(null)
    rec(t + 1, acc + miss(t))
    pick.pop()
  }
  rec(0, 0)
  return bestPick
}
