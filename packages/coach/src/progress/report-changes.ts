import {
  changeTone,
  formatProgressDelta,
  formatProgressFull,
  formatProgressValue,
  largestChanges,
  progressFigure,
  shortMatchDate,
  type FigureChange,
  type ProgressMatch,
  type Stroke,
} from '@areia/contracts'

/** The training plan's words for each stroke (its focus list speaks them). */
const FOCUS_OF_STROKE: Record<Stroke, string> = {
  saque: 'saque',
  devolucao: 'devolução',
  voleio: 'voleio',
  smash: 'smash',
  bandeja: 'bandeja',
  lob: 'lob',
  curtinha: 'curtinha',
  forehand_fundo: 'forehand',
  backhand_fundo: 'backhand',
}

/** The stroke with the most errors of the match, when one stands alone at the top. */
function mostErrors(match: ProgressMatch): { stroke: Stroke; count: number } | null {
  const entries = Object.entries(match.by_stroke?.errors ?? {}) as Array<[Stroke, number]>
  const sorted = entries.sort((a, b) => b[1] - a[1])
  const [top, next] = sorted
  if (!top || top[1] === 0 || (next && next[1] === top[1])) return null
  return { stroke: top[0], count: top[1] }
}

/** "caíram de 100% para 67%": how a figure moved, in words the player reads at a glance. */
function moved(change: FigureChange): string {
  const from = formatProgressValue(change.key, change.previous!.value)
  const to = formatProgressValue(change.key, change.current.value)
  return `${change.delta! > 0 ? 'subiram' : 'caíram'} de ${from} para ${to}`
}

/**
 * The stroke a change that went the wrong way points the training at, and why, or null when the
 * figure names no stroke (points won, movement) or went the right way.
 */
function focusFor(
  change: FigureChange,
  match: ProgressMatch,
): { focus: string; because: string } | null {
  if (changeTone(change) !== 'down') return null
  const label = progressFigure(change.key).label.toLowerCase()
  switch (change.key) {
    case 'serves_in':
    case 'points_won_on_serve':
      return { focus: 'saque', because: `os ${label} ${moved(change)}` }
    case 'smashes_converted':
      return { focus: 'smash', because: `os ${label} ${moved(change)}` }
    case 'unforced_errors': {
      const top = mostErrors(match)
      if (!top) return null
      const focus = FOCUS_OF_STROKE[top.stroke]
      return {
        focus,
        because: `os ${label} ${moved(change)} e o golpe com mais erros neste jogo foi o ${focus} (${top.count})`,
      }
    }
    default:
      return null
  }
}

export interface ReportFollowUp {
  /** The statistical coach's message, in markdown. */
  text: string
  /** The plan's new focus, in order, or null when the plan stays as it is (or there is none). */
  focus: string[] | null
}

/**
 * After a new report: the two changes since the match before that matter most, each with its
 * figures, and the training plan's focus moved to the stroke a fall points at, saying why. Every
 * number comes from `matches` (oldest first, the new report last); null when there is nothing to
 * compare (a first match, or nothing changed).
 */
export function reportFollowUp(
  matches: readonly ProgressMatch[],
  planFocus: readonly string[] | null,
): ReportFollowUp | null {
  const newest = matches.at(-1)
  if (!newest || matches.length < 2) return null
  const changes = largestChanges(matches, 2)
  if (changes.length === 0) return null
  const dateOf = (id: number | null) =>
    shortMatchDate(matches.find((m) => m.video_id === id)?.date ?? newest.date)
  const lines = changes.map((c) => {
    const info = progressFigure(c.key)
    return `- **${info.label}**: ${formatProgressFull(c.key, c.previous!)} no jogo de ${dateOf(c.previous_video_id)} → ${formatProgressFull(c.key, c.current)} agora (${formatProgressDelta(c.key, c.delta!)}).`
  })
  const intro =
    changes.length === 1
      ? 'Comparei este jogo com o anterior. A mudança que mais pesou:'
      : 'Comparei este jogo com o anterior. As duas mudanças que mais pesaram:'
  const parts = [intro, '', ...lines, '']
  const target = changes.map((c) => focusFor(c, newest)).find((f) => f !== null) ?? null
  let focus: string[] | null = null
  if (target && planFocus) {
    if (planFocus[0] === target.focus) {
      parts.push(
        `O foco do seu plano de treino continua no **${target.focus}**, porque ${target.because}.`,
      )
    } else {
      focus = [target.focus, ...planFocus.filter((f) => f !== target.focus)]
      parts.push(
        `Ajustei o foco do seu plano de treino: o **${target.focus}** vem primeiro agora, porque ${target.because}.`,
      )
    }
  } else if (target) {
    parts.push(
      `Se quiser um plano de treino, é só pedir: eu começaria pelo **${target.focus}**, porque ${target.because}.`,
    )
  } else if (planFocus?.length) {
    parts.push('O foco do seu plano de treino fica como está: nenhuma dessas mudanças pede outro.')
  }
  return { text: parts.join('\n').trim(), focus }
}
