import { z } from 'zod'
import { Stroke, teamOf, type MatchStats, type StatFigure } from './match'

/**
 * The player's figures across their analysed matches ("Minha evolução"). Every value is computed
 * on each request from the stored reports and tags: nothing here is stored a second time.
 */

export const ProgressFigureKey = z.enum([
  'points_won',
  'serves_in',
  'points_won_on_serve',
  'winners',
  'unforced_errors',
  'smashes_converted',
  'golden_points',
  'net_share',
  'distance_m',
  'avg_speed_kmh',
])
export type ProgressFigureKey = z.infer<typeof ProgressFigureKey>

/** How a value reads: a share of points (0–100), a count, metres, km/h. */
export type ProgressUnit = 'percent' | 'count' | 'meters' | 'kmh'

export interface ProgressFigureInfo {
  key: ProgressFigureKey
  label: string
  unit: ProgressUnit
  /** Which way is better; null when neither is (running more is not better in itself). */
  better: 'up' | 'down' | null
  /** Measured only when the analyst tagged the match point by point. */
  tagged: boolean
}

/** In the order the screen shows them: the result first, then serve, strokes, movement. */
export const PROGRESS_FIGURES: readonly ProgressFigureInfo[] = [
  { key: 'points_won', label: 'Pontos ganhos', unit: 'percent', better: 'up', tagged: true },
  { key: 'serves_in', label: 'Saques dentro', unit: 'percent', better: 'up', tagged: true },
  {
    key: 'points_won_on_serve',
    label: 'Pontos ganhos no saque',
    unit: 'percent',
    better: 'up',
    tagged: true,
  },
  { key: 'winners', label: 'Winners', unit: 'count', better: 'up', tagged: true },
  {
    key: 'unforced_errors',
    label: 'Erros não forçados',
    unit: 'count',
    better: 'down',
    tagged: true,
  },
  {
    key: 'smashes_converted',
    label: 'Smashes convertidos',
    unit: 'percent',
    better: 'up',
    tagged: true,
  },
  {
    key: 'golden_points',
    label: 'Pontos de ouro ganhos',
    unit: 'percent',
    better: 'up',
    tagged: true,
  },
  { key: 'net_share', label: 'Tempo perto da rede', unit: 'percent', better: null, tagged: false },
  { key: 'distance_m', label: 'Distância percorrida', unit: 'meters', better: null, tagged: false },
  { key: 'avg_speed_kmh', label: 'Velocidade média', unit: 'kmh', better: null, tagged: false },
]

export const progressFigure = (key: ProgressFigureKey): ProgressFigureInfo =>
  PROGRESS_FIGURES.find((f) => f.key === key)!

/** One figure of one match: the plotted value and, for a share, the counts behind it. */
export const ProgressValue = z.object({
  value: z.number().finite(),
  won: z.number().int().min(0).nullable(),
  of: z.number().int().min(0).nullable(),
})
export type ProgressValue = z.infer<typeof ProgressValue>

const StrokeCounts = z.partialRecord(Stroke, z.number().int().min(0))

export const ProgressMatch = z.object({
  video_id: z.number().int(),
  /** The game's date as the player gave it (YYYY-MM-DD), else the day the report came out. */
  date: z.string(),
  outcome: z.enum(['WON', 'LOST']).nullable(),
  score: z.string().nullable(),
  /** A figure the match did not measure (no tags, no smash played) is null: a gap, not a zero. */
  figures: z.record(ProgressFigureKey, ProgressValue.nullable()),
  /** Winners and errors (forced or not) by stroke; null when the match was not tagged. */
  by_stroke: z.object({ winners: StrokeCounts, errors: StrokeCounts }).nullable(),
})
export type ProgressMatch = z.infer<typeof ProgressMatch>

/** The player's goal (onboarding or Memória) and the one or two figures that follow it. */
export const ProgressGoal = z.object({
  text: z.string(),
  figures: z.array(ProgressFigureKey).min(1).max(2),
  /** True once the player picked the figures; false while they are the goal's default. */
  chosen: z.boolean(),
})
export type ProgressGoal = z.infer<typeof ProgressGoal>

export const ProgressResponse = z.object({
  /** Oldest first: the order of the charts. */
  matches: z.array(ProgressMatch),
  /** Null when the player has not told the team a goal. */
  goal: ProgressGoal.nullable(),
})
export type ProgressResponse = z.infer<typeof ProgressResponse>

/** The player picks which figures follow their goal: one or two, each once. */
export const ProgressGoalBody = z.object({
  figures: z
    .array(ProgressFigureKey)
    .min(1, { error: 'Escolha pelo menos um número para acompanhar.' })
    .max(2, { error: 'Escolha no máximo dois números.' })
    .refine((f) => new Set(f).size === f.length, { error: 'Escolha números diferentes.' }),
})
export type ProgressGoalBody = z.infer<typeof ProgressGoalBody>

/**
 * The figures that measure a goal, by what it is mostly about, until the player picks others:
 * going up a category is won on fewer free points given away and on the serve.
 */
export function goalFigures(focus: string | null): ProgressFigureKey[] {
  switch (focus) {
    case 'SUBIR_CATEGORIA':
      return ['unforced_errors', 'points_won_on_serve']
    case 'COMPETIR':
      return ['points_won', 'golden_points']
    case 'TECNICA':
      return ['unforced_errors', 'winners']
    case 'FISICO':
      return ['distance_m', 'avg_speed_kmh']
    case 'MENTAL':
      return ['golden_points', 'unforced_errors']
    default:
      return ['points_won']
  }
}

// ---- Computing a match's figures from its report ------------------------------------------

/** The parts of the vision figures of the player's own track that the screen follows. */
export interface TrackedFigures {
  distance_m: number
  avg_speed_mps: number
  time_near_net_sec: number
  time_mid_sec: number
  time_back_sec: number
}

const rate = (f: StatFigure | null | undefined): ProgressValue | null =>
  f && f.of !== null && f.of > 0
    ? { value: Math.round((f.value / f.of) * 100), won: f.value, of: f.of }
    : null
const countOf = (value: number): ProgressValue => ({ value, won: null, of: null })

function strokeCounts(byStroke: Partial<Record<Stroke, StatFigure>>) {
  const out: Partial<Record<Stroke, number>> = {}
  for (const [stroke, f] of Object.entries(byStroke) as Array<[Stroke, StatFigure]>) {
    if (f.value > 0) out[stroke] = f.value
  }
  return out
}

/**
 * A match's figures for the player on `trackId`: the tagged ones from `stats` (all null when the
 * match was not tagged), the movement ones from the tracks.
 */
export function matchProgress(
  stats: MatchStats | null,
  trackId: number,
  tracked: TrackedFigures,
): Pick<ProgressMatch, 'figures' | 'by_stroke'> {
  const me = stats?.points_tagged ? stats.players.find((p) => p.track_id === trackId) : undefined
  const team = me && stats ? stats.teams[teamOf(trackId)] : undefined
  const zoneTotal = tracked.time_near_net_sec + tracked.time_mid_sec + tracked.time_back_sec
  const figures: Record<ProgressFigureKey, ProgressValue | null> = {
    points_won: rate(team?.points_won),
    serves_in: rate(me?.serves_in),
    points_won_on_serve: rate(me?.points_won_on_serve),
    winners: me ? countOf(me.winners.value) : null,
    unforced_errors: me ? countOf(me.unforced_errors.value) : null,
    smashes_converted: rate(me?.smashes_converted),
    golden_points: rate(team?.golden_points),
    net_share:
      zoneTotal > 0
        ? countOf(Math.round((Math.max(0, tracked.time_near_net_sec) / zoneTotal) * 100))
        : null,
    distance_m: tracked.distance_m > 0 ? countOf(Math.round(tracked.distance_m)) : null,
    avg_speed_kmh:
      tracked.avg_speed_mps > 0 ? countOf(Math.round(tracked.avg_speed_mps * 36) / 10) : null,
  }
  const errors: Partial<Record<Stroke, number>> = {}
  if (me) {
    for (const [stroke, f] of Object.entries(me.errors_by_stroke) as Array<[Stroke, StatFigure]>) {
      if (f.value > 0) errors[stroke] = f.value
    }
  }
  return {
    figures,
    by_stroke: me ? { winners: strokeCounts(me.winners_by_stroke), errors } : null,
  }
}

// ---- Reading the history ------------------------------------------------------------------

export interface FigureChange {
  key: ProgressFigureKey
  current: ProgressValue
  /** The nearest earlier match that measured the figure; null when none did. */
  previous: ProgressValue | null
  previous_video_id: number | null
  delta: number | null
  /** The best value up to and including this match (the largest when neither way is better). */
  best: number
  /** True when this match set (or equalled) the best so far. */
  is_best: boolean
}

/** Rounded like the values themselves, so a change never reads "0,30000000000000004". */
const tidy = (n: number) => Math.round(n * 10) / 10

/** Each figure the match at `index` measured, against the earlier matches. */
export function changesAt(matches: readonly ProgressMatch[], index: number): FigureChange[] {
  const match = matches[index]
  if (!match) return []
  const out: FigureChange[] = []
  for (const info of PROGRESS_FIGURES) {
    const current = match.figures[info.key]
    if (!current) continue
    let previous: ProgressValue | null = null
    let previousId: number | null = null
    let best = current.value
    for (let i = index - 1; i >= 0; i--) {
      const v = matches[i]!.figures[info.key]
      if (!v) continue
      if (!previous) {
        previous = v
        previousId = matches[i]!.video_id
      }
      best = info.better === 'down' ? Math.min(best, v.value) : Math.max(best, v.value)
    }
    out.push({
      key: info.key,
      current,
      previous,
      previous_video_id: previousId,
      delta: previous ? tidy(current.value - previous.value) : null,
      best,
      is_best: current.value === best,
    })
  }
  return out
}

/** The figures of the match `videoId` beside the previous match's; empty when it is the first. */
export function sinceLastMatch(matches: readonly ProgressMatch[], videoId: number) {
  const index = matches.findIndex((m) => m.video_id === videoId)
  if (index <= 0) return { previous: null, changes: [] as FigureChange[] }
  return { previous: matches[index - 1]!, changes: changesAt(matches, index) }
}

/**
 * How much a change matters, on one scale for every unit: points of a share count as they are
 * (out of 100), counts and measures relative to the larger of the two values.
 */
export function changeWeight(change: FigureChange): number {
  if (change.delta === null || !change.previous) return 0
  const unit = progressFigure(change.key).unit
  if (unit === 'percent') return Math.abs(change.delta) / 100
  const scale = Math.max(Math.abs(change.previous.value), Math.abs(change.current.value), 1)
  return Math.abs(change.delta) / scale
}

/** The `n` changes of the newest match that matter most, largest first (ties in screen order). */
export function largestChanges(matches: readonly ProgressMatch[], n: number): FigureChange[] {
  return changesAt(matches, matches.length - 1)
    .filter((c) => c.delta !== null && c.delta !== 0)
    .map((c, i) => ({ c, i, w: changeWeight(c) }))
    .sort((a, b) => b.w - a.w || a.i - b.i)
    .slice(0, n)
    .map((x) => x.c)
}

// ---- Reading a value out --------------------------------------------------------------------

const oneDecimal = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
})
const whole = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 })

/** A plotted value as the player reads it: "62%", "5", "812 m", "4,3 km/h". */
export function formatProgressValue(key: ProgressFigureKey, value: number): string {
  switch (progressFigure(key).unit) {
    case 'percent':
      return `${whole.format(value)}%`
    case 'count':
      return whole.format(value)
    case 'meters':
      return `${whole.format(value)} m`
    case 'kmh':
      return `${oneDecimal.format(value)} km/h`
  }
}

/** The value with the counts behind a share: "62% (31 de 50)". */
export function formatProgressFull(key: ProgressFigureKey, v: ProgressValue): string {
  const base = formatProgressValue(key, v.value)
  return v.won !== null && v.of !== null ? `${base} (${v.won} de ${v.of})` : base
}

/** A change: "+5 p.p." for shares, "−2", "+120 m", "+0,3 km/h"; "igual" when nothing moved. */
export function formatProgressDelta(key: ProgressFigureKey, delta: number): string {
  if (delta === 0) return 'igual'
  const sign = delta > 0 ? '+' : '−'
  const size = Math.abs(delta)
  switch (progressFigure(key).unit) {
    case 'percent':
      return `${sign}${whole.format(size)} p.p.`
    case 'count':
      return `${sign}${whole.format(size)}`
    case 'meters':
      return `${sign}${whole.format(size)} m`
    case 'kmh':
      return `${sign}${oneDecimal.format(size)} km/h`
  }
}

/** Whether a change is good news, bad news or neither. */
export function changeTone(change: FigureChange): 'up' | 'down' | 'flat' {
  const better = progressFigure(change.key).better
  if (!change.delta || better === null) return 'flat'
  return change.delta > 0 === (better === 'up') ? 'up' : 'down'
}

/** "14/11": the day a match was played. */
export function shortMatchDate(date: string): string {
  const [, month, day] = date.split('-')
  return `${day}/${month}`
}

// ---- The coaches' unprompted messages ---------------------------------------------------------

const Switch = z.boolean({ error: 'Use verdadeiro ou falso para ligar ou desligar.' })

/** Which unprompted messages the player wants (Conta): each one switched apart. */
export const ProgressPreferences = z.object({
  /** The plan's coach asks how a planned session went, the next time the chat opens. */
  follow_ups: Switch,
  /** The Monday summary of the week: in the chat, by push, by e-mail. */
  weekly_chat: Switch,
  weekly_push: Switch,
  weekly_email: Switch,
})
export type ProgressPreferences = z.infer<typeof ProgressPreferences>

/** One tap changes one switch: any of them, at least one. */
export const ProgressPreferencesBody = ProgressPreferences.partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { error: 'Diga qual aviso ligar ou desligar.' })
export type ProgressPreferencesBody = z.infer<typeof ProgressPreferencesBody>
