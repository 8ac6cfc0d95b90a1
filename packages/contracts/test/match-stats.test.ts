import { describe, expect, it } from 'vitest'
import { computeMatchStats, MatchStats, MatchTags, type MatchScore, type PointTag } from '../src'

/*
 * A small match, tagged and scored by hand. Set 2 starts at 6–5, 30–30 with team 1 (tracks 3
 * and 4) serving; team 1 takes the game on the ponto de ouro (point 2) and the set goes to a
 * tie-break, which team 0 wins 7–3. The detected rally 6 (90–110 s) held two points: the analyst
 * split it into points 6 (90–96 s) and 7 (97–110 s). Point 8 was added by the analyst.
 */
const sc = (
  games: [number, number],
  points: [number, number],
  tiebreak = false,
  sets: [number, number][] = [[6, 4]],
): MatchScore => ({ sets, games, points, tiebreak })

type Row = [
  start: number,
  end: number,
  rally: number | null,
  server: 1 | 2 | 3 | 4,
  serveIn: boolean,
  returner: 1 | 2 | 3 | 4 | null,
  returnIn: boolean | null,
  ending: PointTag['ending'],
  stroke: PointTag['last_stroke'],
  player: 1 | 2 | 3 | 4,
  golden: boolean,
  after: MatchScore,
]
// prettier-ignore
const rows: Row[] = [
  /* 0 */ [5, 13, 0, 3, true, 1, true, 'winner', 'smash', 4, false, sc([6, 5], [2, 3])],
  /* 1 */ [20, 32, 1, 3, true, 2, true, 'unforced_error', 'backhand_fundo', 3, false, sc([6, 5], [3, 3])],
  /* 2 */ [40, 43, 2, 3, true, 1, false, 'unforced_error', 'devolucao', 1, true, sc([6, 6], [0, 0], true)],
  /* 3 */ [50, 52, 3, 1, false, null, null, 'unforced_error', 'saque', 1, false, sc([6, 6], [0, 1], true)],
  /* 4 */ [60, 68, 4, 4, true, 2, true, 'winner', 'voleio', 2, false, sc([6, 6], [1, 1], true)],
  /* 5 */ [70, 78, 5, 4, true, 1, true, 'forced_error', 'lob', 3, false, sc([6, 6], [2, 1], true)],
  /* 6 */ [90, 96, 6, 2, true, 3, true, 'winner', 'smash', 1, false, sc([6, 6], [3, 1], true)],
  /* 7 */ [97, 110, 6, 2, true, 4, true, 'forced_error', 'smash', 2, false, sc([6, 6], [3, 2], true)],
  /* 8 */ [115, 121, null, 3, true, 1, true, 'winner', 'curtinha', 3, false, sc([6, 6], [3, 3], true)],
  /* 9 */ [130, 134, 8, 3, true, 2, true, 'unforced_error', 'forehand_fundo', 4, false, sc([6, 6], [4, 3], true)],
  /* 10 */ [140, 150, 9, 1, true, 4, true, 'winner', 'smash', 2, false, sc([6, 6], [5, 3], true)],
  /* 11 */ [160, 165, 10, 1, true, 3, true, 'winner', 'bandeja', 1, false, sc([6, 6], [6, 3], true)],
  /* 12 */ [170, 190, 11, 4, true, 1, true, 'forced_error', 'voleio', 4, false, sc([0, 0], [0, 0], false, [[6, 4], [7, 6]])],
]

const tags: MatchTags = MatchTags.parse({
  start_score: sc([6, 5], [2, 2]),
  points: rows.map((r) => ({
    start_sec: r[0],
    end_sec: r[1],
    rally_index: r[2],
    server: r[3],
    serve_in: r[4],
    returner: r[5],
    return_in: r[6],
    ending: r[7],
    last_stroke: r[8],
    last_player: r[9],
    golden_point: r[10],
    score_after: r[11],
  })),
})

// Who was within reach of the net when each point ended (end second), from the tracks; track 3
// was never tracked well enough to say.
const netAt: Record<number, number[]> = { 1: [13, 96, 150, 165], 2: [68, 110], 4: [13, 121, 190] }
const atNet = (track: number, sec: number): boolean | null =>
  track === 3 ? null : (netAt[track] ?? []).includes(sec)

const f = (value: number, of: number | null, points: number[]) => ({ value, of, points })

describe('computeMatchStats on a hand-tagged match', () => {
  const stats = computeMatchStats(tags, { atNet })
  const team = (t: 0 | 1) => stats.teams[t]
  const player = (id: number) => stats.players.find((p) => p.track_id === id)!

  it('fits the contract', () => {
    expect(MatchStats.safeParse(stats).success).toBe(true)
  })

  it('keeps the final score and writes it as players do', () => {
    expect(stats.points_tagged).toBe(13)
    expect(stats.final_score).toEqual(
      sc([0, 0], [0, 0], false, [
        [6, 4],
        [7, 6],
      ]),
    )
    expect(stats.score_line).toBe('6/4 7/6')
  })

  it('counts points won by each team', () => {
    expect(team(0).points_won).toEqual(f(8, 13, [1, 4, 5, 6, 9, 10, 11, 12]))
    expect(team(1).points_won).toEqual(f(5, 13, [0, 2, 3, 7, 8]))
    expect(team(0).track_ids).toEqual([1, 2])
    expect(team(1).track_ids).toEqual([3, 4])
  })

  it('counts the ponto de ouro played and who won it', () => {
    expect(team(0).golden_points).toEqual(f(0, 1, []))
    expect(team(1).golden_points).toEqual(f(1, 1, [2]))
  })

  it('counts serves in and points won on serve, per team and per player', () => {
    expect(team(0).serves_in).toEqual(f(4, 5, [6, 7, 10, 11]))
    expect(team(1).serves_in).toEqual(f(8, 8, [0, 1, 2, 4, 5, 8, 9, 12]))
    expect(player(1).serves_in).toEqual(f(2, 3, [10, 11]))
    expect(player(2).serves_in).toEqual(f(2, 2, [6, 7]))
    expect(player(3).serves_in).toEqual(f(5, 5, [0, 1, 2, 8, 9]))
    expect(player(4).serves_in).toEqual(f(3, 3, [4, 5, 12]))

    expect(team(0).points_won_on_serve).toEqual(f(3, 5, [6, 10, 11]))
    expect(team(1).points_won_on_serve).toEqual(f(3, 8, [0, 2, 8]))
    expect(player(1).points_won_on_serve).toEqual(f(2, 3, [10, 11]))
    expect(player(2).points_won_on_serve).toEqual(f(1, 2, [6]))
    expect(player(3).points_won_on_serve).toEqual(f(3, 5, [0, 2, 8]))
    expect(player(4).points_won_on_serve).toEqual(f(0, 3, []))
  })

  it('counts points won on return: the team on every point it received, a player on those they returned', () => {
    expect(team(0).points_won_on_return).toEqual(f(5, 8, [1, 4, 5, 9, 12]))
    // Point 3 was a serve out: the team won it on return, no player returned it.
    expect(team(1).points_won_on_return).toEqual(f(2, 5, [3, 7]))
    expect(player(1).points_won_on_return).toEqual(f(2, 5, [5, 12]))
    expect(player(2).points_won_on_return).toEqual(f(3, 3, [1, 4, 9]))
    expect(player(3).points_won_on_return).toEqual(f(0, 2, []))
    expect(player(4).points_won_on_return).toEqual(f(1, 2, [7]))
  })

  it('counts winners and errors by stroke', () => {
    expect(team(0).winners).toEqual(f(4, null, [4, 6, 10, 11]))
    expect(team(0).winners_by_stroke).toEqual({
      smash: f(2, null, [6, 10]),
      bandeja: f(1, null, [11]),
      voleio: f(1, null, [4]),
    })
    expect(team(1).winners).toEqual(f(2, null, [0, 8]))
    expect(team(1).winners_by_stroke).toEqual({
      smash: f(1, null, [0]),
      curtinha: f(1, null, [8]),
    })
    expect(player(1).winners_by_stroke).toEqual({
      smash: f(1, null, [6]),
      bandeja: f(1, null, [11]),
    })

    expect(team(0).forced_errors).toEqual(f(1, null, [7]))
    expect(team(1).forced_errors).toEqual(f(2, null, [5, 12]))
    expect(team(0).unforced_errors).toEqual(f(2, null, [2, 3]))
    expect(team(1).unforced_errors).toEqual(f(2, null, [1, 9]))
    expect(player(1).forced_errors).toEqual(f(0, null, []))
    expect(player(1).unforced_errors).toEqual(f(2, null, [2, 3]))
    expect(player(4).forced_errors).toEqual(f(1, null, [12]))

    expect(team(0).errors_by_stroke).toEqual({
      devolucao: f(1, null, [2]),
      saque: f(1, null, [3]),
      smash: f(1, null, [7]),
    })
    expect(team(1).errors_by_stroke).toEqual({
      backhand_fundo: f(1, null, [1]),
      lob: f(1, null, [5]),
      forehand_fundo: f(1, null, [9]),
      voleio: f(1, null, [12]),
    })
  })

  it('counts smashes converted among the points that ended on a smash', () => {
    expect(team(0).smashes_converted).toEqual(f(2, 3, [6, 10]))
    expect(team(1).smashes_converted).toEqual(f(1, 1, [0]))
    expect(player(1).smashes_converted).toEqual(f(1, 1, [6]))
    expect(player(2).smashes_converted).toEqual(f(1, 2, [10]))
    expect(player(3).smashes_converted).toEqual(f(0, 0, []))
  })

  it('counts net points won from where the tracks put the players when the point ended', () => {
    expect(player(1).net_points_won).toEqual(f(3, 4, [6, 10, 11]))
    expect(player(2).net_points_won).toEqual(f(1, 2, [4]))
    expect(player(3).net_points_won).toBeNull()
    expect(player(4).net_points_won).toEqual(f(2, 3, [0, 8]))
    expect(team(0).net_points_won).toEqual(f(4, 6, [4, 6, 10, 11]))
    expect(team(1).net_points_won).toEqual(f(2, 3, [0, 8]))
  })

  it('leaves net points out without tracks', () => {
    const bare = computeMatchStats(tags)
    expect(bare.teams[0].net_points_won).toBeNull()
    expect(bare.players.every((p) => p.net_points_won === null)).toBe(true)
  })

  it('measures rallies as the analyst bounded them, the split rally as two points', () => {
    expect(stats.longest_rally).toEqual({ sec: 20, point: 12 })
    expect(stats.by_length).toEqual([
      { label: 'Até 5 s', won: [f(2, 4, [9, 11]), f(2, 4, [2, 3])] },
      { label: '5 a 10 s', won: [f(4, 6, [4, 5, 6, 10]), f(2, 6, [0, 8])] },
      { label: '10 a 20 s', won: [f(2, 3, [1, 12]), f(1, 3, [7])] },
      { label: 'Mais de 20 s', won: [f(0, 0, []), f(0, 0, [])] },
    ])
  })

  it('follows the momentum point by point', () => {
    expect(stats.momentum.map((m) => m.diff)).toEqual([-1, 0, -1, -2, -1, 0, 1, 0, -1, 0, 1, 2, 3])
    expect(stats.momentum.map((m) => m.point)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(stats.momentum[2]!.score).toEqual(sc([6, 6], [0, 0], true))
  })

  it('lists every player, team 0 first', () => {
    expect(stats.players.map((p) => [p.track_id, p.team])).toEqual([
      [1, 0],
      [2, 0],
      [3, 1],
      [4, 1],
    ])
  })

  it('has nothing to say about an empty match but its score', () => {
    const empty = computeMatchStats({ start_score: sc([2, 1], [0, 0]), points: [] })
    expect(empty.points_tagged).toBe(0)
    expect(empty.score_line).toBe('6/4 2/1')
    expect(empty.longest_rally).toBeNull()
    expect(empty.momentum).toEqual([])
    expect(empty.teams[0].points_won).toEqual(f(0, 0, []))
  })
})
