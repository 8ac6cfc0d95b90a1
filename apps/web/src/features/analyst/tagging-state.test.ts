import { describe, expect, it } from 'vitest'
import { MatchTags, type MatchScore } from '@areia/contracts/match'
import { keyResult, TYPICAL_PRESSES } from './tagging-keys'
import {
  initialState,
  predict,
  pressesPerPoint,
  reduce,
  scores,
  toMatchTags,
  type Action,
  type TaggingState,
} from './tagging-state'

const rallies = Array.from({ length: 12 }, (_, i) => ({
  index: i + 1,
  start_sec: i * 10,
  end_sec: i * 10 + 6,
}))

/** Presses keys as the analyst would (letters, digits, Enter), counting each. */
function press(state: TaggingState, keys: string[], at = 0): TaggingState {
  let s = state
  for (const key of keys) {
    const r = keyResult({ key }, s)
    if (!r) throw new Error(`not a key: ${key}`)
    s = reduce(s, { type: 'press' })
    if (r.kind === 'action') s = reduce(s, r.action)
    else if (r.kind === 'atTime') s = reduce(s, r.make(at))
  }
  return s
}

const score = (
  games: [number, number],
  points: [number, number],
  tiebreak = false,
): MatchScore => ({
  sets: [],
  games,
  points,
  tiebreak,
})

describe('tagging with the keyboard', () => {
  it('needs the server once, then four keys a point, carrying the score', () => {
    let s = initialState(null, rallies)
    expect(s.cursor).toBe(0)
    expect(s.spans[0]?.draft?.server).toBeNull()
    // The first point: who served (Q 1), then ending, stroke, player, Enter.
    s = press(s, ['q', '1', 'w', 'm', '1', 'Enter'])
    expect(s.cursor).toBe(1)
    // Same game: J1 still serves, and the other returner of team 1 receives.
    expect(s.spans[1]?.draft).toMatchObject({ server: 1, returner: 4 })
    s = press(s, ['n', 'h', '2', 'Enter'])
    expect(s.spans[1]?.presses).toBe(TYPICAL_PRESSES)
    s = press(s, ['w', 'v', '2', 'Enter'])
    s = press(s, ['f', 'l', '3', 'Enter'])
    const tags = toMatchTags(s)
    expect(MatchTags.safeParse(tags).success).toBe(true)
    expect(tags.points.map((p) => p.score_after.points)).toEqual([
      [1, 0],
      [1, 1],
      [2, 1],
      [3, 1],
    ])
    expect(tags.points.map((p) => p.returner)).toEqual([3, 4, 3, 4])
    expect(pressesPerPoint(s)).toBe((6 + 4 + 4 + 4) / 4)
  })

  it('passes the serve to the other pair after a game, and the serve order A1 B1 A2 B2', () => {
    let s = initialState({ start_score: score([0, 0], [3, 0]), points: [] }, rallies)
    s = press(s, ['q', '1', 'w', 'm', '1', 'Enter'])
    expect(scores(s)[0]?.after).toEqual(score([1, 0], [0, 0]))
    expect(predict(s, 1)).toEqual({ server: 3, returner: 1 })
    s = press(s, ['x', 'Enter'])
    expect(s.spans[1]?.draft).toMatchObject({
      server: 3,
      serve_in: false,
      last_stroke: 'saque',
      last_player: 3,
    })
    // J3 serves the game out; next, J2 serves for team 0.
    s = press(s, ['w', 'm', '3', 'Enter', 'w', 'm', '3', 'Enter', 'w', 'm', '3', 'Enter'])
    s = press(s, ['w', 'm', '4', 'Enter'])
    expect(scores(s)[5]?.after).toEqual(score([1, 1], [0, 0]))
    expect(predict(s, 6).server).toBe(2)
  })

  it('pre-fills the ponto de ouro at 40–40 and lets it be unmarked', () => {
    let s = initialState({ start_score: score([2, 2], [3, 3]), points: [] }, rallies)
    s = press(s, ['q', '3', 'n', 'd', '1', 'Enter'])
    const tags = toMatchTags(s)
    expect(tags.points[0]?.golden_point).toBe(true)
    expect(tags.points[0]?.score_after).toEqual(score([2, 3], [0, 0]))
    const unmarked = press(
      initialState({ start_score: score([2, 2], [3, 3]), points: [] }, rallies),
      ['q', '3', 'o', 'n', 'd', '1', 'Enter'],
    )
    expect(toMatchTags(unmarked).points[0]?.golden_point).toBe(false)
  })

  it('changes the serve after the first tie-break point, then every two', () => {
    let s = initialState({ start_score: score([6, 6], [0, 0], true), points: [] }, rallies)
    s = press(s, ['q', '1', 'w', 'm', '1', 'Enter'])
    expect(predict(s, 1).server).toBe(3)
    s = press(s, ['w', 'm', '1', 'Enter'])
    expect(predict(s, 2).server).toBe(3)
    s = press(s, ['w', 'm', '1', 'Enter'])
    expect(predict(s, 3).server).toBe(2)
  })

  it('fixes boundaries, splits a rally in two points and adds a missed one', () => {
    let s = initialState(null, rallies)
    s = reduce(s, { type: 'boundary', edge: 'start', at: 1 })
    s = reduce(s, { type: 'boundary', edge: 'end', at: 5 })
    expect(s.spans[0]).toMatchObject({ start_sec: 1, end_sec: 5 })
    // An end past the next rally's start stops at it.
    s = reduce(s, { type: 'boundary', edge: 'end', at: 11 })
    expect(s.spans[0]?.end_sec).toBe(10)
    s = reduce(s, { type: 'split', at: 4 })
    expect(s.spans.slice(0, 2).map((x) => [x.start_sec, x.end_sec, x.rally_index])).toEqual([
      [1, 4, 1],
      [4, 10, 1],
    ])
    s = press(s, ['q', '1', 'w', 'v', '1', 'Enter', 'n', 'l', '4', 'Enter'])
    s = reduce(s, { type: 'add', at: 127 })
    expect(s.spans.at(-1)).toMatchObject({ start_sec: 127, end_sec: 133, rally_index: null })
    const tags = toMatchTags(s)
    expect(tags.points.map((p) => [p.start_sec, p.end_sec])).toEqual([
      [1, 4],
      [4, 10],
    ])
    expect(MatchTags.safeParse(tags).success).toBe(true)
  })

  it('reopens saved tags where they stopped, keeping a corrected score', () => {
    let s = initialState(null, rallies)
    s = press(s, ['q', '1', 'w', 'm', '1', 'Enter'])
    s = reduce(s, { type: 'select', index: 0 })
    s = reduce(s, { type: 'scoreOverride', score: score([3, 0], [1, 0]) })
    s = reduce(s, { type: 'select', index: 1 })
    s = press(s, ['w', 'm', '1', 'Enter'])
    const saved = toMatchTags(s)
    expect(saved.points[1]?.score_after).toEqual(score([3, 0], [2, 0]))
    const reopened = initialState(saved, rallies)
    expect(reopened.cursor).toBe(2)
    expect(reopened.spans[0]?.score_override).toEqual(score([3, 0], [1, 0]))
    expect(toMatchTags(reopened)).toEqual(saved)
  })

  it('refuses to confirm an incomplete point and says what is missing', () => {
    let s = initialState(null, rallies)
    s = press(s, ['q', '1', 'w', 'Enter'])
    expect(s.cursor).toBe(0)
    expect(s.notice).toBe('Falta marcar como o ponto terminou, o último golpe e quem bateu.')
    const refused = reduce(s, { type: 'returner', track: 2 } satisfies Action)
    expect(refused.notice).toBe('Quem devolve é da dupla que recebe o saque.')
  })

  it('pre-fills the server the video showed serving, over the order of the game', () => {
    const seen = rallies.map((r, i) => ({
      ...r,
      serve: { at_sec: r.start_sec, track_id: i === 0 ? 4 : i === 1 ? 3 : null, side: null },
    }))
    let s = initialState(null, seen)
    // The first point: nobody could predict it; the video showed J4 serving, J1 returns.
    expect(s.spans[0]?.draft).toMatchObject({ server: 4, returner: 1 })
    s = press(s, ['w', 'm', '4', 'Enter'])
    // The game's order says J4 again; the video showed J3, who is kept.
    expect(predict(s, 1).server).toBe(4)
    expect(s.spans[1]?.draft).toMatchObject({ server: 3 })
    s = press(s, ['w', 'm', '3', 'Enter'])
    // No server seen: the order of the game.
    expect(s.spans[2]?.draft?.server).toBe(3)
  })

  it('leaves keys with a modifier to the browser', () => {
    expect(keyResult({ key: 'w', ctrlKey: true }, { pending: null })).toBeNull()
    expect(keyResult({ key: 'Tab' }, { pending: null })).toBeNull()
  })
})
