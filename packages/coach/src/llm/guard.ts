import type { AnalysisFacts } from '@areia/contracts'
import { isEnglish } from '../small-talk'
import { normalize } from '../text'

/** Why a model's reply cannot reach the player; the embedded engine's reply goes instead. */
export type ReplyProblem =
  | 'EMPTY'
  | 'TOO_LONG'
  | 'HTML'
  | 'ENGLISH'
  | 'BALL_BOUNCES'
  | 'SECOND_SERVE'
  | 'ADVANTAGE'
  | 'CLAIMS_HUMAN'
  | 'INVENTED_FIGURE'

/** Three times the length the prompt asks for: past this the model ignored the brief. */
const MAX_WORDS = 450

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

const sentencesOf = (folded: string) =>
  folded
    .split(/(?<=[.!?;:])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean)

/** A sentence that denies what it mentions ("a bola nunca quica", "não existe segundo saque"). */
const NEGATED =
  /\b(nao|nunca|sem|jamais|nem|proibid[oa]|nenhum|nenhuma|unico|um so|so um|so tem um|antes (de|que|dela))\b/
/** A sentence that names bouncing as the end of the point is the rule, not a breach of it. */
const BOUNCE_ENDS_POINT =
  /\b(acaba|acabou|fim do ponto|perde o ponto|ponto (e|vai) (d|para)|encerra)/
const BOUNCE = /\b(quic|quiqu|pinga|picar|bounce)/
const SECOND_SERVE = /\bsegundo saque\b|\bsacar de novo\b|\bsegunda chance no saque\b/
const ADVANTAGE = /\bvantagem\b/
const DEUCE = /\b(40 ?[x/-]? ?40|iguais|deuce|empate em 40)\b/
const CLAIMS_HUMAN =
  /\b(sou|eu sou|como) (um |uma )?(ser )?(humano|humana|pessoa de verdade|pessoa real|treinador de carne e osso)\b/

/** "você acertou 62%", "seu aproveitamento foi de 45 %", "sua média de 3,2 km": a figure of the player. */
const PLAYER_FIGURE =
  /\b(voce|seu|sua|seus|suas|teu|tua)\b[^.!?\n]{0,50}\b(acert|err(ou|aram)|ganh|perd|convert|aproveitamento|percentual|media|percorr|corr(eu|ida)|distancia|velocidade|ficou|passou|rallies|pontos)[^.!?\n]{0,40}?(?<n>\d+(?:[.,]\d+)?)/g

function figuresOf(facts: AnalysisFacts): number[] {
  const out: number[] = []
  for (const [key, value] of Object.entries(facts)) {
    if (typeof value !== 'number' || key === 'video_id') continue
    out.push(value)
    if (key.endsWith('_share')) out.push(value * 100)
    if (key.endsWith('_m')) out.push(value / 1000)
    if (key.endsWith('_mps')) out.push(value * 3.6)
    if (key.endsWith('_sec')) out.push(value / 60)
  }
  for (const n of (facts.game_score ?? '').match(/\d+/g) ?? []) out.push(Number(n))
  return out
}

/** Close enough to a figure of the report to be that figure, rounded as people round. */
const matches = (n: number, figures: number[]) =>
  figures.some((f) => Math.abs(n - f) <= Math.max(0.6, Math.abs(f) * 0.03))

/**
 * What makes a model's reply unfit to send: the sport's rules broken (the ball never bounces in
 * beach tennis, one serve, no advantage at 40–40), another language, markup, a claim to be human,
 * or a figure of the player's games that the report does not hold.
 */
export function replyProblems(
  text: string,
  ctx: { analysis?: AnalysisFacts | null; playerText?: string } = {},
): ReplyProblem[] {
  const problems = new Set<ReplyProblem>()
  const trimmed = text.trim()
  if (!trimmed) return ['EMPTY']
  if (trimmed.split(/\s+/).length > MAX_WORDS) problems.add('TOO_LONG')
  if (/<\/?[a-z][^>]*>/i.test(trimmed)) problems.add('HTML')
  if (isEnglish(normalize(trimmed))) problems.add('ENGLISH')
  const folded = fold(trimmed)
  for (const s of sentencesOf(folded)) {
    const negated = NEGATED.test(s)
    if (BOUNCE.test(s) && !negated && !BOUNCE_ENDS_POINT.test(s)) problems.add('BALL_BOUNCES')
    if (SECOND_SERVE.test(s) && !negated) problems.add('SECOND_SERVE')
    if (ADVANTAGE.test(s) && DEUCE.test(s) && !negated) problems.add('ADVANTAGE')
    if (CLAIMS_HUMAN.test(s) && !negated) problems.add('CLAIMS_HUMAN')
  }
  // Figures the player gave in the message are theirs to quote back.
  const given = (ctx.playerText?.match(/\d+(?:[.,]\d+)?/g) ?? []).map((n) =>
    Number(n.replace(',', '.')),
  )
  const figures = [...(ctx.analysis ? figuresOf(ctx.analysis) : []), ...given]
  for (const m of folded.matchAll(PLAYER_FIGURE)) {
    const n = Number((m.groups?.n ?? '').replace(',', '.'))
    if (!matches(n, figures)) problems.add('INVENTED_FIGURE')
  }
  return [...problems]
}
