import { teamOf, type MatchScore, type PointTag, type Team } from './match'

/** The team that won a tagged point: the hitter's on a winner, the other team on an error. */
export function pointWinner(tag: Pick<PointTag, 'ending' | 'last_player'>): Team {
  const hitter = teamOf(tag.last_player)
  return tag.ending === 'winner' ? hitter : hitter === 0 ? 1 : 0
}

const GAMES_IN_SET = 6
const TIEBREAK_POINTS = 7
const FORTY = 3

const other = (t: Team): Team => (t === 0 ? 1 : 0)

function bump(pair: readonly [number, number], t: Team): [number, number] {
  const next: [number, number] = [pair[0], pair[1]]
  next[t] += 1
  return next
}

/**
 * The score after `wonBy` wins a point. Games run 0/15/30/40 with no advantage (at 40–40 the next
 * point takes the game); a set goes to 6 games by 2, with a tie-break to 7 by 2 at 6–6.
 */
export function advanceScore(score: MatchScore, wonBy: Team): MatchScore {
  const sets = score.sets.map((s): [number, number] => [s[0], s[1]])
  const points = bump(score.points, wonBy)
  if (score.tiebreak) {
    if (points[wonBy] >= TIEBREAK_POINTS && points[wonBy] - points[other(wonBy)] >= 2) {
      return closeSet(sets, bump(score.games, wonBy))
    }
    return { sets, games: [score.games[0], score.games[1]], points, tiebreak: true }
  }
  if (score.points[wonBy] < FORTY) {
    return { sets, games: [score.games[0], score.games[1]], points, tiebreak: false }
  }
  const games = bump(score.games, wonBy)
  if (games[wonBy] >= GAMES_IN_SET && games[wonBy] - games[other(wonBy)] >= 2) {
    return closeSet(sets, games)
  }
  const tiebreak = games[0] === GAMES_IN_SET && games[1] === GAMES_IN_SET
  return { sets, games, points: [0, 0], tiebreak }
}

function closeSet(sets: [number, number][], games: [number, number]): MatchScore {
  return { sets: [...sets, games], games: [0, 0], points: [0, 0], tiebreak: false }
}

/** The ponto de ouro: 40–40 in a game (a tie-break has none). */
export function isGoldenPoint(score: MatchScore): boolean {
  return !score.tiebreak && score.points[0] === FORTY && score.points[1] === FORTY
}

/** The score as players write it: finished sets, then the set being played, tie-break in brackets. */
export function scoreLine(score: MatchScore): string {
  const parts = score.sets.map(([a, b]) => `${a}/${b}`)
  const playing =
    score.tiebreak ||
    score.games[0] + score.games[1] + score.points[0] + score.points[1] > 0 ||
    parts.length === 0
  if (playing) parts.push(`${score.games[0]}/${score.games[1]}`)
  if (score.tiebreak) parts.push(`(${score.points[0]}/${score.points[1]})`)
  return parts.join(' ')
}

const GAME_POINT = ['0', '15', '30', '40']

/** The points of the game being played, e.g. "30–15", or the tie-break's, e.g. "5–3". */
export function gamePointsLabel(score: MatchScore): string {
  const [a, b] = score.points
  if (score.tiebreak) return `${a}–${b}`
  return `${GAME_POINT[a] ?? a}–${GAME_POINT[b] ?? b}`
}
