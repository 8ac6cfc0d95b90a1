import { describe, expect, it } from 'vitest'
import {
  changesAt,
  largestChanges,
  sinceLastMatch,
  type ProgressFigureKey,
  type ProgressMatch,
  type ProgressValue,
} from '../src/progress'

const plain = (value: number): ProgressValue => ({ value, won: null, of: null })
const share = (won: number, of: number): ProgressValue => ({
  value: Math.round((won / of) * 100),
  won,
  of,
})

function match(
  video_id: number,
  figures: Partial<Record<ProgressFigureKey, ProgressValue>>,
): ProgressMatch {
  const all: Record<ProgressFigureKey, ProgressValue | null> = {
    points_won: null,
    serves_in: null,
    points_won_on_serve: null,
    winners: null,
    unforced_errors: null,
    smashes_converted: null,
    golden_points: null,
    net_share: null,
    distance_m: null,
    avg_speed_kmh: null,
    ...figures,
  }
  return {
    video_id,
    date: `2026-11-0${video_id}`,
    outcome: null,
    score: null,
    figures: all,
    by_stroke: null,
  }
}

const HISTORY = [
  match(1, { points_won: share(40, 100), unforced_errors: plain(12), distance_m: plain(900) }),
  // Not tagged: only the movement was measured.
  match(2, { distance_m: plain(1200) }),
  match(3, { points_won: share(55, 100), unforced_errors: plain(6), distance_m: plain(1000) }),
]

describe('the change of each figure across matches', () => {
  it('compares with the nearest earlier match that measured the figure, and keeps the best', () => {
    const changes = changesAt(HISTORY, 2)
    expect(changes.map((c) => [c.key, c.delta, c.previous_video_id, c.best, c.is_best])).toEqual([
      ['points_won', 15, 1, 55, true],
      // Fewer errors is better: the best is the lowest.
      ['unforced_errors', -6, 1, 6, true],
      // Neither way is better: the best is the largest.
      ['distance_m', -200, 2, 1200, false],
    ])
  })

  it('says nothing of a first match, and only the figures it measured', () => {
    expect(sinceLastMatch(HISTORY, 1)).toEqual({ previous: null, changes: [] })
    expect(changesAt(HISTORY, 1).map((c) => [c.key, c.delta])).toEqual([['distance_m', 300]])
    expect(sinceLastMatch(HISTORY, 99)).toEqual({ previous: null, changes: [] })
  })

  it('ranks the changes of the newest match on one scale', () => {
    // 15 points of 100 (0.15), 6 of 12 errors (0.5), 200 of 1200 m (0.17).
    expect(largestChanges(HISTORY, 2).map((c) => c.key)).toEqual(['unforced_errors', 'distance_m'])
  })
})
