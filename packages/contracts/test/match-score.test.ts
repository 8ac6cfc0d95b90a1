import { describe, expect, it } from 'vitest'
import {
  advanceScore,
  isGoldenPoint,
  pointWinner,
  scoreLine,
  ZERO_SCORE,
  type MatchScore,
  type PointTag,
} from '../src'

const s = (
  games: [number, number],
  points: [number, number],
  sets: [number, number][] = [],
  tiebreak = false,
): MatchScore => ({ sets, games, points, tiebreak })

const tag = (over: Partial<PointTag>): PointTag => ({
  start_sec: 0,
  end_sec: 5,
  rally_index: 0,
  server: 1,
  serve_in: true,
  returner: 3,
  return_in: true,
  ending: 'winner',
  last_stroke: 'smash',
  last_player: 1,
  golden_point: false,
  score_after: ZERO_SCORE,
  ...over,
})

describe('pointWinner', () => {
  it('gives a winner to the hitter’s team and an error to the other team', () => {
    expect(pointWinner(tag({ ending: 'winner', last_player: 3 }))).toBe(1)
    expect(pointWinner(tag({ ending: 'winner', last_player: 2 }))).toBe(0)
    expect(pointWinner(tag({ ending: 'forced_error', last_player: 3 }))).toBe(0)
    expect(pointWinner(tag({ ending: 'unforced_error', last_player: 1 }))).toBe(1)
  })
})

describe('advanceScore', () => {
  it('counts 0, 15, 30, 40 inside a game', () => {
    expect(advanceScore(ZERO_SCORE, 0)).toEqual(s([0, 0], [1, 0]))
    expect(advanceScore(s([0, 0], [1, 2]), 1)).toEqual(s([0, 0], [1, 3]))
  })
  it('gives the game at 40 against less', () => {
    expect(advanceScore(s([2, 1], [3, 2]), 0)).toEqual(s([3, 1], [0, 0]))
  })
  it('has no advantage: 30–40 won by the other side is 40–40, then one point decides', () => {
    expect(advanceScore(s([0, 0], [2, 3]), 0)).toEqual(s([0, 0], [3, 3]))
    expect(advanceScore(s([0, 0], [3, 3]), 1)).toEqual(s([0, 1], [0, 0]))
    expect(advanceScore(s([0, 0], [3, 3]), 0)).toEqual(s([1, 0], [0, 0]))
  })
  it('closes a set at 6 games by 2, and keeps playing at 6–5', () => {
    expect(advanceScore(s([5, 4], [3, 0]), 0)).toEqual(s([0, 0], [0, 0], [[6, 4]]))
    expect(advanceScore(s([5, 5], [3, 0]), 0)).toEqual(s([6, 5], [0, 0]))
    expect(advanceScore(s([6, 5], [3, 0], [[6, 4]]), 0)).toEqual(
      s(
        [0, 0],
        [0, 0],
        [
          [6, 4],
          [7, 5],
        ],
      ),
    )
  })
  it('starts a tie-break at 6–6', () => {
    expect(advanceScore(s([6, 5], [0, 3]), 1)).toEqual(s([6, 6], [0, 0], [], true))
  })
  it('plays the tie-break to 7 by 2 and writes the set as 7/6', () => {
    expect(advanceScore(s([6, 6], [5, 6], [], true), 1)).toEqual(s([0, 0], [0, 0], [[6, 7]]))
    expect(advanceScore(s([6, 6], [6, 6], [], true), 0)).toEqual(s([6, 6], [7, 6], [], true))
    expect(advanceScore(s([6, 6], [7, 6], [], true), 1)).toEqual(s([6, 6], [7, 7], [], true))
    expect(advanceScore(s([6, 6], [8, 7], [[4, 6]], true), 0)).toEqual(
      s(
        [0, 0],
        [0, 0],
        [
          [4, 6],
          [7, 6],
        ],
      ),
    )
  })
  it('leaves the score it was given untouched', () => {
    const before = s([5, 4], [3, 0], [[6, 4]])
    const copy = structuredClone(before)
    advanceScore(before, 0)
    expect(before).toEqual(copy)
    expect(ZERO_SCORE).toEqual(s([0, 0], [0, 0]))
  })
})

describe('isGoldenPoint', () => {
  it('is the point at 40–40, never inside a tie-break', () => {
    expect(isGoldenPoint(s([2, 3], [3, 3]))).toBe(true)
    expect(isGoldenPoint(s([2, 3], [2, 3]))).toBe(false)
    expect(isGoldenPoint(s([6, 6], [3, 3], [], true))).toBe(false)
  })
})

describe('scoreLine', () => {
  it('writes finished sets, then the games of the set being played', () => {
    expect(scoreLine(s([3, 2], [1, 0], [[6, 4]]))).toBe('6/4 3/2')
    expect(
      scoreLine(
        s(
          [0, 0],
          [0, 0],
          [
            [6, 4],
            [6, 7],
          ],
        ),
      ),
    ).toBe('6/4 6/7')
    expect(scoreLine(ZERO_SCORE)).toBe('0/0')
  })
  it('shows the tie-break points in brackets', () => {
    expect(scoreLine(s([6, 6], [5, 3], [], true))).toBe('6/6 (5/3)')
    expect(scoreLine(s([6, 6], [0, 1], [[3, 6]], true))).toBe('3/6 6/6 (0/1)')
  })
})
