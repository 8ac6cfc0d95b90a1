import { byGender } from './agreement'
import type { Gender } from './enums'
import {
  STROKE_LABEL,
  teamOf,
  type MatchStats,
  type PlayerMatchStats,
  type StatFigure,
  type Stroke,
  type TeamMatchStats,
} from './match'

/**
 * Who the report speaks to: the player themself ("Você ganhou…"), or a friend reading a shared
 * link or a visitor reading the example ("Ana ganhou…"). A shared report carries no gender, so
 * the third person never uses a word that would need one.
 */
export type Voice = { kind: 'own'; gender: Gender | null } | { kind: 'third'; name: string }

/** What each section of the match report reads: the figures, the player's track, the voice. */
export type MatchView = { stats: MatchStats; trackId: number; voice: Voice }

export type Insight = { text: string; figure: StatFigure; weight: number }

/** The player's side of the stats, the team's, and the rivals'. */
export function sidesOf(stats: MatchStats, trackId: number) {
  const team = teamOf(trackId)
  const me = stats.players.find((p) => p.track_id === trackId) ?? null
  return { team, me, mine: stats.teams[team], theirs: stats.teams[team === 0 ? 1 : 0] }
}

const n = (v: number) => v.toLocaleString('pt-BR')

/** "1 ponto", "2 pontos". */
export function count(value: number, singular: string, plural: string) {
  return `${n(value)} ${value === 1 ? singular : plural}`
}

/** "7 de 9 pontos", "1 de 1 ponto": the noun agrees with the total. */
function outOf(f: StatFigure, singular: string, plural: string) {
  return `${n(f.value)} de ${count(f.of ?? 0, singular, plural)}`
}

/** A figure with at least a few points behind it says something; one or two say little. */
const MIN_SAMPLE = 3

/**
 * How telling a rate is: far from half and measured on many points. The square root keeps a large
 * sample from drowning a striking small one.
 */
function rateWeight(f: StatFigure | null | undefined) {
  if (!f || f.of === null || f.of < MIN_SAMPLE) return -1
  return Math.abs(f.value / f.of - 0.5) * Math.sqrt(f.of)
}

function bestStroke(byStroke: Partial<Record<Stroke, StatFigure>>) {
  let best: [Stroke, StatFigure] | null = null
  for (const [stroke, figure] of Object.entries(byStroke) as Array<[Stroke, StatFigure]>) {
    if (!best || figure.value > best[1].value) best = [stroke, figure]
  }
  return best
}

/** The longest run of points won in a row by the player's team, and the points of that run. */
export function longestRun(stats: MatchStats, team: 0 | 1): StatFigure {
  let best: number[] = []
  let run: number[] = []
  let previous = 0
  for (const step of stats.momentum) {
    const wonByTeam0 = step.diff > previous
    previous = step.diff
    if (wonByTeam0 === (team === 0)) run = [...run, step.point]
    else run = []
    if (run.length > best.length) best = run
  }
  return { value: best.length, of: null, points: best }
}

const strokeName = (s: Stroke) => STROKE_LABEL[s].toLowerCase()

function candidates(
  stats: MatchStats,
  me: PlayerMatchStats | null,
  mine: TeamMatchStats,
  voice: Voice,
  team: 0 | 1,
): Array<Insight | null> {
  const own = voice.kind === 'own'
  const who = own ? 'Você' : voice.name
  const pair = own ? 'Vocês' : `A dupla de ${voice.name}`
  const pairVerb = (plural: string, singular: string) => (own ? plural : singular)
  const rate = (f: StatFigure | null | undefined, text: string): Insight | null => {
    const weight = rateWeight(f)
    return f && weight >= 0 ? { text, figure: f, weight } : null
  }

  const list: Array<Insight | null> = []
  if (me?.net_points_won) {
    const f = me.net_points_won
    list.push(rate(f, `${who} ganhou ${outOf(f, 'ponto', 'pontos')} quando subiu à rede`))
  }
  list.push(
    rate(
      mine.points_won_on_serve,
      `${pair} ${pairVerb('ganharam', 'ganhou')} ${outOf(mine.points_won_on_serve, 'ponto', 'pontos')} no próprio saque`,
    ),
    rate(
      mine.points_won_on_return,
      `${pair} ${pairVerb('ganharam', 'ganhou')} ${outOf(mine.points_won_on_return, 'ponto', 'pontos')} na devolução`,
    ),
  )
  if ((mine.golden_points.of ?? 0) > 0) {
    const f = mine.golden_points
    // Few games reach 40–40, and each one decides a game: even one or two are worth telling.
    list.push({
      text: `${pair} ${pairVerb('venceram', 'venceu')} ${outOf(f, 'ponto de ouro', 'pontos de ouro')}`,
      figure: f,
      weight: Math.max(rateWeight({ ...f, of: Math.max(f.of ?? 0, MIN_SAMPLE) }), 0.6),
    })
  }
  if (me) {
    const f = me.smashes_converted
    const text =
      own && voice.gender
        ? `${who} foi ${byGender(voice.gender, 'certeiro', 'certeira')} no smash: ${outOf(f, 'convertido', 'convertidos')}`
        : `${who} converteu ${outOf(f, 'smash', 'smashes')}`
    // A smash that ends the point is the shot players talk about: told as a conversion rate, and
    // weighed at least as much as the same count of winners of another stroke.
    const converted = rate(f, text)
    if (converted) list.push({ ...converted, weight: Math.max(converted.weight, f.value / 3) })
    const serves = me.serves_in
    if ((serves.of ?? 0) >= MIN_SAMPLE) {
      list.push({
        text: `${who} colocou ${outOf(serves, 'saque', 'saques')} em jogo`,
        figure: serves,
        // A serve in is the norm; only a shaky serve is news.
        weight: serves.value / (serves.of ?? 1) < 0.8 ? 1.5 : 0.2,
      })
    }
    const top = bestStroke(me.winners_by_stroke)
    if (top && top[0] !== 'smash' && top[1].value >= MIN_SAMPLE) {
      const [stroke, figure] = top
      list.push({
        text: own
          ? `Seu golpe mais decisivo foi o ${strokeName(stroke)}: ${count(figure.value, 'winner', 'winners')}`
          : `O golpe mais decisivo de ${voice.name} foi o ${strokeName(stroke)}: ${count(figure.value, 'winner', 'winners')}`,
        figure,
        weight: figure.value / 3,
      })
    }
    const worst = bestStroke(me.errors_by_stroke)
    if (worst && worst[1].value >= MIN_SAMPLE) {
      const [stroke, figure] = worst
      list.push({
        text: `${count(figure.value, 'erro', 'erros')} de ${strokeName(stroke)}: o golpe para treinar`,
        figure,
        weight: figure.value / 3.5,
      })
    }
  }
  const run = longestRun(stats, team)
  if (run.value >= 4) {
    list.push({
      text: `${pair} ${pairVerb('fizeram', 'fez')} ${n(run.value)} pontos seguidos na melhor sequência do jogo`,
      figure: run,
      weight: run.value / 4,
    })
  }
  return list
}

/** The three most telling sentences the figures support, most telling first. */
export function headlineInsights(stats: MatchStats, trackId: number, voice: Voice): Insight[] {
  const { me, mine, team } = sidesOf(stats, trackId)
  return candidates(stats, me, mine, voice, team)
    .filter((i): i is Insight => i !== null && i.figure.points.length > 0)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 3)
}
