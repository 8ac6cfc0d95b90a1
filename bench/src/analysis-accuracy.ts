// The analysis bench's accuracy check against the synthetic clip's truth, with the same measures
// and limits as the vision accuracy suite, so speed is never bought with wrong
// numbers.
import {
  COURT_CORNERS,
  imageToCourt,
  mapCourt,
  type AnalysisResult,
  type Corners,
} from '@areia/vision'
import type { SynthTruth } from '@areia/vision/synth'

export const LIMITS = {
  cornerM: 0.2,
  positionMedianM: 0.5,
  swapsPerMin: 1,
  distanceShare: 0.1,
  rallyBoundaryS: 1,
}

export interface Accuracy {
  cornerErrorM: number | null
  positionMedianM: number
  samples: number
  swaps: number
  swapsPerMin: number
  /** worst player's |measured − true| / true */
  distanceErrorShare: number
  ralliesFound: number
  ralliesTrue: number
  /** worst boundary gap (s) over matched rallies; Infinity when the counts differ */
  rallyBoundaryMaxS: number
  pass: boolean
  failures: string[]
}

const nearest = (truth: SynthTruth, p: { x: number; y: number; t: number }) => {
  let best = -1
  let bestD = Infinity
  for (let k = 0; k < 4; k++) {
    const q = truth.positionAt(k, p.t)
    const d = Math.hypot(q.x - p.x, q.y - p.y)
    if (d < bestD) {
      bestD = d
      best = k
    }
  }
  return best
}

export function accuracy(
  result: AnalysisResult,
  truth: SynthTruth,
  trueCorners: Corners,
  durationSec: number,
): Accuracy {
  const failures: string[] = []
  let cornerErrorM: number | null = null
  if (result.court) {
    const m = mapCourt(result.court.corners)
    cornerErrorM = m
      ? Math.max(
          ...trueCorners.map((c, i) => {
            const p = imageToCourt(m, c)
            return Math.hypot(p.x - COURT_CORNERS[i]!.x, p.y - COURT_CORNERS[i]!.y)
          }),
        )
      : Infinity
  }
  if (!result.analysable) failures.push(`not analysable: ${result.reason}`)
  // Track id → truth player from each track's first position (as the suite does).
  const ids = new Map(
    result.players.map((p) => [p.id, p.positions[0] ? nearest(truth, p.positions[0]) : -1]),
  )
  const errors: number[] = []
  let swaps = 0
  let distanceErrorShare = 0
  for (const p of result.players) {
    const k = ids.get(p.id)!
    let label: number | null = null
    for (const s of p.positions) {
      const q = truth.positionAt(k, s.t)
      errors.push(Math.hypot(q.x - s.x, q.y - s.y))
      const now = nearest(truth, s)
      if (label !== null && now !== label) swaps++
      label = now
    }
    const want = truth.distance[k] ?? NaN
    distanceErrorShare = Math.max(distanceErrorShare, Math.abs(p.distanceM.value - want) / want)
  }
  if (new Set(ids.values()).size !== 4)
    failures.push('the four tracks are not four different players')
  errors.sort((a, b) => a - b)
  const positionMedianM = errors.length ? errors[errors.length >> 1]! : Infinity
  const items = result.rallies.items
  const rallyBoundaryMaxS =
    items.length === truth.rallies.length
      ? Math.max(
          0,
          ...items.flatMap((r, i) => [
            Math.abs(r.startSec - truth.rallies[i]![0]),
            Math.abs(r.endSec - truth.rallies[i]![1]),
          ]),
        )
      : Infinity
  const swapsPerMin = swaps / (durationSec / 60)
  if (cornerErrorM !== null && cornerErrorM > LIMITS.cornerM)
    failures.push(`corners ${cornerErrorM.toFixed(2)} m > ${LIMITS.cornerM} m`)
  if (!(positionMedianM <= LIMITS.positionMedianM))
    failures.push(`position median ${positionMedianM.toFixed(2)} m > ${LIMITS.positionMedianM} m`)
  if (swapsPerMin > LIMITS.swapsPerMin) failures.push(`${swaps} identity swaps`)
  if (!(distanceErrorShare <= LIMITS.distanceShare))
    failures.push(`distance off by ${(distanceErrorShare * 100).toFixed(1)} %`)
  if (!(rallyBoundaryMaxS <= LIMITS.rallyBoundaryS))
    failures.push(
      `rallies: ${items.length} found of ${truth.rallies.length}, worst boundary ${rallyBoundaryMaxS.toFixed(2)} s`,
    )
  return {
    cornerErrorM,
    positionMedianM,
    samples: errors.length,
    swaps,
    swapsPerMin,
    distanceErrorShare,
    ralliesFound: items.length,
    ralliesTrue: truth.rallies.length,
    rallyBoundaryMaxS,
    pass: failures.length === 0,
    failures,
  }
}
