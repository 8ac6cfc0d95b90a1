import type { MatchStats, Team } from './match'
import type { GameOutcome } from './videos'

/**
 * A match result as the player confirmed it, kept as one line with the player's team first and
 * the sets in the order they were played: "4/6 6/3 [4/10]" (a super tie-break in brackets),
 * "7/6(7/4)" (a set's tie-break in parentheses). Lines stored before this format ("6x4 3x6")
 * read the same way.
 */
export interface ResultSet {
  us: number
  them: number
  /** The tie-break of a set that went to 7/6, player's team first. */
  tiebreak: [number, number] | null
  /** Played as a super tie-break (to 10) instead of a deciding set. */
  superTiebreak: boolean
}

const SET = /^(\[)?(\d{1,2})[/x](\d{1,2})(?:\((\d{1,2})[/x](\d{1,2})\))?(\])?$/

/** The sets of a result line; null when the line is not one. */
export function parseResultLine(line: string): ResultSet[] | null {
  const sets: ResultSet[] = []
  for (const part of line.trim().split(/\s+/)) {
    const m = SET.exec(part)
    if (!m || Boolean(m[1]) !== Boolean(m[6])) return null
    sets.push({
      us: Number(m[2]),
      them: Number(m[3]),
      tiebreak: m[4] && m[5] ? [Number(m[4]), Number(m[5])] : null,
      superTiebreak: Boolean(m[1]),
    })
  }
  return sets.length > 0 ? sets : null
}

export function formatResultLine(sets: readonly ResultSet[]): string {
  return sets
    .map((s) => {
      const games = `${s.us}/${s.them}${s.tiebreak ? `(${s.tiebreak[0]}/${s.tiebreak[1]})` : ''}`
      return s.superTiebreak ? `[${games}]` : games
    })
    .join(' ')
}

/** The same sets seen from the other side of the net. */
export function flipSets(sets: readonly ResultSet[]): ResultSet[] {
  return sets.map((s) => ({
    us: s.them,
    them: s.us,
    tiebreak: s.tiebreak ? [s.tiebreak[1], s.tiebreak[0]] : null,
    superTiebreak: s.superTiebreak,
  }))
}

/** Who the sets say won: more sets won than lost; null when they are level (or none). */
export function winnerOfSets(sets: readonly ResultSet[]): GameOutcome | null {
  let balance = 0
  for (const s of sets) balance += Math.sign(s.us - s.them)
  return balance > 0 ? 'WON' : balance < 0 ? 'LOST' : null
}

/** "4/6 6/3 e 4/10 no super tie-break", "7/6 (7/4) 6/3": the sets as a sentence says them. */
export function setsInWords(sets: readonly ResultSet[]): string {
  const games = (s: ResultSet) =>
    `${s.us}/${s.them}${s.tiebreak ? ` (${s.tiebreak[0]}/${s.tiebreak[1]})` : ''}`
  const regular = sets.filter((s) => !s.superTiebreak).map(games)
  const decider = sets.find((s) => s.superTiebreak)
  if (!decider) return regular.join(' ')
  const tiebreak = `${games(decider)} no super tie-break`
  return regular.length > 0 ? `${regular.join(' ')} e ${tiebreak}` : tiebreak
}

const OUTCOME_WORD: Record<GameOutcome, string> = { WON: 'vitória', LOST: 'derrota' }

/**
 * "derrota por 4/6 6/3 e 4/10 no super tie-break", "vitória", "placar 6/4": the result with only
 * what the player told; null when they told nothing of it. Lower case, to sit inside a sentence.
 */
export function resultInWords(outcome: GameOutcome | null, line: string | null): string | null {
  const sets = line ? parseResultLine(line) : null
  const score = sets ? setsInWords(sets) : line
  if (outcome && score) return `${OUTCOME_WORD[outcome]} por ${score}`
  if (outcome) return OUTCOME_WORD[outcome]
  if (score) return `placar ${score}`
  return null
}

/** "Derrota por 6/4" from "derrota por 6/4": a sentence's words as a title. */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Points it takes at least to finish a set: six games of four points. */
const FEWEST_POINTS_IN_A_SET = 24

/**
 * Whether the analyst's tags tell the whole match, so that their score is the match's: every
 * tagged set finished, no game under way, and the same sets as the result the player confirmed
 * (a super tie-break is no set the tags can count). Without a confirmed result, the tags must at
 * least hold enough points for their sets.
 */
export function tagsCoverMatch(
  stats: Pick<MatchStats, 'final_score' | 'points_tagged'>,
  team: Team,
  confirmedScore: string | null,
): boolean {
  const f = stats.final_score
  const underWay = f.tiebreak || f.games[0] + f.games[1] + f.points[0] + f.points[1] > 0
  if (f.sets.length === 0 || underWay) return false
  const tagged = f.sets.map(([a, b]) => (team === 0 ? [a, b] : [b, a]))
  const confirmed = confirmedScore ? parseResultLine(confirmedScore) : null
  if (confirmed) {
    return (
      confirmed.length === tagged.length &&
      confirmed.every(
        (s, i) => !s.superTiebreak && s.us === tagged[i]![0] && s.them === tagged[i]![1],
      )
    )
  }
  return stats.points_tagged >= FEWEST_POINTS_IN_A_SET * f.sets.length
}

/** "1 ponto marcado pelo analista", "12 pontos marcados pelo analista". */
export const taggedPointsText = (n: number) =>
  `${n.toLocaleString('pt-BR')} ${n === 1 ? 'ponto marcado' : 'pontos marcados'} pelo analista`
