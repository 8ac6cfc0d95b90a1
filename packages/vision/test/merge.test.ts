import { describe, expect, it } from 'vitest'
import type { Onset } from '../src/audio.js'
import { buildPlayers, ralliesFrom, summarizeRallies, type AnalysisResult } from '../src/analyze.js'
import { mergeAnalyses } from '../src/merge.js'
import { playCues, type Rally } from '../src/rallies.js'
import type { TrackSample } from '../src/tracker.js'

/** Players walking straight lines: id → x grows 0.5 m/s from a base, y fixed per player. */
const BASE = [
  { x: 1, y: 3 },
  { x: 5, y: 3 },
  { x: 1, y: 13 },
  { x: 5, y: 13 },
]
const at = (p: number, t: number) => ({ x: BASE[p]!.x + 0.1 * t, y: BASE[p]!.y })

function chunk(from: number, to: number, localOrder: number[], rallies: Rally[]): AnalysisResult {
  // localOrder[k] = which true player the chunk calls id k+1 (chunks number by where people stand).
  const byId = new Map<number, TrackSample[]>()
  localOrder.forEach((truth, k) => {
    const s: TrackSample[] = []
    for (let t = from; t < to; t += 0.5)
      s.push({ t, frame: Math.round(t * 30), ...at(truth, t), ref: null })
    byId.set(k + 1, s)
  })
  const rounds = (to - from) * 2
  return {
    version: 1,
    analysable: true,
    reason: null,
    video: {
      durationSec: 60,
      fps: 30,
      width: 1280,
      height: 720,
      rotation: 0,
      codec: 'h264',
      frameCount: 1800,
      fromSec: from,
      toSec: to,
    },
    court: {
      corners: [
        { x: 0, y: 700 },
        { x: 1200, y: 700 },
        { x: 900, y: 200 },
        { x: 300, y: 200 },
      ],
      source: 'given',
    },
    settings: { analysisFps: 10, detectHz: 2, frameWidth: 1280, frameHeight: 720, tiles: [] },
    coverage: { rounds, roundsWithFourPlayers: rounds, share: 1, frames: [] },
    players: buildPlayers(byId),
    rallies: summarizeRallies(rallies),
    ball: { estimated: true, trajectories: [] },
    detections: [
      {
        t: from,
        frame: from * 30,
        boxes: [
          { x: 0, y: 0, w: 10, h: 30, score: 0.5, court: at(localOrder[0]!, from), playerId: 1 },
        ],
      },
    ],
  }
}

const rally = (index: number, s: number, e: number): Rally => ({
  index,
  startSec: s,
  endSec: e,
  durationSec: e - s,
  startFrame: s * 30,
  endFrame: e * 30,
})

describe('merging chunk results', () => {
  it('re-links identities across chunks, recomputes metrics and joins a rally cut at the boundary', () => {
    const a = chunk(0, 30, [0, 1, 2, 3], [rally(1, 5, 12), rally(2, 26, 29.95)])
    // The second chunk numbered the players differently (they had moved): 1↔2 and 3↔4 swapped.
    const b = chunk(30, 60, [1, 0, 3, 2], [rally(1, 30.05, 34), rally(2, 40, 50)])
    const m = mergeAnalyses([b, a])
    expect(m.analysable).toBe(true)
    expect(m.video).toMatchObject({ fromSec: 0, toSec: 60 })
    // Each merged player follows one true path across the boundary: x always grows 0.05 m a step.
    for (const p of m.players) {
      const truth = BASE.findIndex((b0) => b0.y === p.positions[0]!.y && b0.x === p.positions[0]!.x)
      for (const s of p.positions) {
        expect(s.x).toBeCloseTo(at(truth, s.t).x, 5)
        expect(s.y).toBeCloseTo(at(truth, s.t).y, 5)
      }
      expect(p.positions).toHaveLength(120)
      expect(p.distanceM.value).toBeCloseTo(5.75, 0)
    }
    expect(m.rallies.items.map((r) => [r.index, r.startSec, r.endSec])).toEqual([
      [1, 5, 12],
      [2, 26, 34],
      [3, 40, 50],
    ])
    expect(m.rallies.longestIndex).toBe(3)
    // Boxes in the second chunk now carry the match-wide id.
    expect(m.detections[1]!.boxes[0]!.playerId).toBe(2)
    expect(m.coverage.rounds).toBe(120)
  })

  it('joins a rally whose first piece was short, and drops edge pieces that stay short', () => {
    // 2 s of a rally before the boundary (kept by the chunk because its edge is open), the rest
    // after; a 1 s burst at the end of the match joins nothing.
    const a = chunk(0, 30, [0, 1, 2, 3], [rally(1, 5, 12), rally(2, 28, 30)])
    const b = chunk(30, 60, [0, 1, 2, 3], [rally(1, 30, 41), rally(2, 58.5, 59.5)])
    const m = mergeAnalyses([a, b])
    expect(m.rallies.items.map((r) => [r.index, r.startSec, r.endSec])).toEqual([
      [1, 5, 12],
      [2, 28, 41],
    ])
  })

  it('tells rallies from the whole video, not from each chunk, wherever the chunks fall', () => {
    // 90 s: rallies at 5–15 s and 65–75 s (busy motion, a strike a second); from 20 to 50 s
    // players walk (half the rallies' motion) while the next court's strikes are heard.
    const fps = 10
    const energy = Array.from({ length: 90 * fps }, (_, k) => {
      const t = (k + 0.5) / fps
      const play = (t >= 5 && t < 15) || (t >= 65 && t < 75)
      return {
        t,
        frame: Math.round((t + 0.5 / fps) * 30),
        e: play ? 0.03 : t >= 20 && t < 50 ? 0.012 : 0.004,
      }
    })
    const onsets: Onset[] = []
    for (const [from, to] of [
      [5, 15],
      [25, 45],
      [65, 75],
    ] as const)
      for (let t = from; t < to; t += 1) onsets.push({ t, rise: 30 })
    const whole = ralliesFrom(energy, fps, onsets)
    expect(whole.items.map((r) => [Math.round(r.startSec), Math.round(r.endSec)])).toEqual([
      [5, 15],
      [65, 75],
    ])
    const part = (from: number, to: number): AnalysisResult => {
      const e = energy.filter((s) => s.t >= from && s.t < to)
      const o = onsets.filter((s) => s.t >= from && s.t < to)
      const base = chunk(from, to, [0, 1, 2, 3], [])
      base.video = { ...base.video, durationSec: 90 }
      const edges = { openStart: from > 0, openEnd: to < 90 }
      return {
        ...base,
        rallies: { ...ralliesFrom(e, fps, o, edges), playCues: playCues(e, fps, o) },
      }
    }
    for (const cuts of [
      [0, 30, 60, 90],
      [0, 45, 90],
      [0, 25, 50, 70, 90],
    ]) {
      const parts = cuts.slice(1).map((to, i) => part(cuts[i]!, to))
      const merged = mergeAnalyses(parts)
      expect(merged.rallies.items, `chunks at ${cuts.join(', ')}`).toEqual(whole.items)
      expect(merged.rallies.cues).toEqual(['motion', 'sound'])
      expect(merged.rallies).not.toHaveProperty('playCues')
    }
    // On its own, the chunk of walking and the next court's strikes would have made a rally.
    expect(part(25, 50).rallies.count).toBeGreaterThan(0)
  })

  it('stays unanalysable when most chunks lack four players', () => {
    const a = chunk(0, 10, [0, 1, 2, 3], [])
    const b = { ...chunk(10, 60, [0, 1, 2, 3], []), analysable: false, players: [] }
    b.coverage = { rounds: 100, roundsWithFourPlayers: 0, share: 0, frames: [] }
    const m = mergeAnalyses([a, b])
    expect(m.analysable).toBe(false)
    expect(m.reason).toMatch(/Menos de quatro jogadores/)
    expect(m.players).toEqual([])
  })
})
