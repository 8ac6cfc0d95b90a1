import {
  teamOf,
  type ByStroke,
  type MatchStats,
  type MatchTags,
  type PlayerMatchStats,
  type PointTag,
  type StatFigure,
  type Team,
  type TeamMatchStats,
  type TrackId,
} from './match'
import { pointWinner, scoreLine } from './match-score'

export interface MatchStatsOptions {
  /**
   * Whether a tracked player was near the net at a moment of the video; null when the tracks cannot
   * say. Without it there are no net figures.
   */
  atNet?: (track: TrackId, sec: number) => boolean | null
}

/** Rally lengths the report groups points by, in seconds (upper bound inclusive). */
const LENGTH_BUCKETS: { label: string; max: number }[] = [
  { label: 'Até 5 s', max: 5 },
  { label: '5 a 10 s', max: 10 },
  { label: '10 a 20 s', max: 20 },
  { label: 'Mais de 20 s', max: Infinity },
]

const TRACKS: readonly TrackId[] = [1, 2, 3, 4]

interface Tagged {
  index: number
  tag: PointTag
  won: Team
}

/** Counts the points `counted` among `among`; `of` is null for a plain count. */
function figure(among: Tagged[], counted: (p: Tagged) => boolean, plain = false): StatFigure {
  const points = among.filter(counted).map((p) => p.index)
  return { value: points.length, of: plain ? null : among.length, points }
}

function byStroke(points: Tagged[]): ByStroke {
  const out: ByStroke = {}
  for (const p of points) {
    const f = (out[p.tag.last_stroke] ??= { value: 0, of: null, points: [] })
    f.value += 1
    f.points.push(p.index)
  }
  return out
}

/**
 * The figures one side (a player, or a team) earns; `has` says whether a track belongs to the
 * side, `team` is the side's team.
 */
function sideFigures(
  all: Tagged[],
  team: Team,
  has: (track: TrackId) => boolean,
  returnedBySide: (p: Tagged) => boolean,
  atNet: ((p: Tagged) => boolean | null) | null,
) {
  const served = all.filter((p) => has(p.tag.server))
  const hitBySide = all.filter((p) => has(p.tag.last_player))
  const winners = hitBySide.filter((p) => p.tag.ending === 'winner')
  const errors = hitBySide.filter((p) => p.tag.ending !== 'winner')
  const smashes = hitBySide.filter((p) => p.tag.last_stroke === 'smash')
  const wonBySide = (p: Tagged) => p.won === team
  let net: StatFigure | null = null
  if (atNet) {
    const answers = all.map((p) => ({ p, at: atNet(p) }))
    if (answers.some((a) => a.at !== null)) {
      net = figure(
        answers.filter((a) => a.at === true).map((a) => a.p),
        wonBySide,
      )
    }
  }
  return {
    serves_in: figure(served, (p) => p.tag.serve_in),
    points_won_on_serve: figure(served, wonBySide),
    points_won_on_return: figure(all.filter(returnedBySide), wonBySide),
    winners: figure(winners, () => true, true),
    winners_by_stroke: byStroke(winners),
    forced_errors: figure(errors, (p) => p.tag.ending === 'forced_error', true),
    unforced_errors: figure(errors, (p) => p.tag.ending === 'unforced_error', true),
    errors_by_stroke: byStroke(errors),
    smashes_converted: figure(smashes, wonBySide),
    net_points_won: net,
  }
}

/**
 * Every figure of a tagged match, per player and per team, each with the indices of the points
 * behind it. Durations come from the points' own bounds, as the analyst corrected them.
 */
export function computeMatchStats(tags: MatchTags, options: MatchStatsOptions = {}): MatchStats {
  const all: Tagged[] = tags.points.map((tag, index) => ({ index, tag, won: pointWinner(tag) }))
  const at = options.atNet
  const nearNet = (track: TrackId, p: Tagged) => (at ? at(track, p.tag.end_sec) : null)

  const players: PlayerMatchStats[] = TRACKS.map((track) => {
    const team = teamOf(track)
    return {
      track_id: track,
      team,
      ...sideFigures(
        all,
        team,
        (t) => t === track,
        (p) => p.tag.returner === track,
        at ? (p) => nearNet(track, p) : null,
      ),
    }
  })

  const teams = ([0, 1] as const).map((team): TeamMatchStats => {
    const ids = TRACKS.filter((t) => teamOf(t) === team) as [TrackId, TrackId]
    const teamAtNet = (p: Tagged): boolean | null => {
      const answers = ids.map((t) => nearNet(t, p))
      if (answers.includes(true)) return true
      return answers.every((a) => a === null) ? null : false
    }
    return {
      team,
      track_ids: ids,
      points_won: figure(all, (p) => p.won === team),
      golden_points: figure(
        all.filter((p) => p.tag.golden_point),
        (p) => p.won === team,
      ),
      ...sideFigures(
        all,
        team,
        (t) => teamOf(t) === team,
        (p) => teamOf(p.tag.server) !== team,
        at ? teamAtNet : null,
      ),
    }
  }) as [TeamMatchStats, TeamMatchStats]

  const length = (p: Tagged) => p.tag.end_sec - p.tag.start_sec
  let longest: MatchStats['longest_rally'] = null
  for (const p of all) {
    if (!longest || length(p) > longest.sec) longest = { sec: length(p), point: p.index }
  }

  let lower = -Infinity
  const by_length = LENGTH_BUCKETS.map(({ label, max }) => {
    const from = lower
    lower = max
    const inBucket = all.filter((p) => length(p) > from && length(p) <= max)
    return {
      label,
      won: [figure(inBucket, (p) => p.won === 0), figure(inBucket, (p) => p.won === 1)] as [
        StatFigure,
        StatFigure,
      ],
    }
  })

  let diff = 0
  const momentum = all.map((p) => {
    diff += p.won === 0 ? 1 : -1
    return { point: p.index, diff, score: p.tag.score_after }
  })

  const final_score = tags.points.at(-1)?.score_after ?? tags.start_score
  return {
    points_tagged: all.length,
    final_score,
    score_line: scoreLine(final_score),
    longest_rally: longest,
    by_length,
    momentum,
    players,
    teams,
  }
}
