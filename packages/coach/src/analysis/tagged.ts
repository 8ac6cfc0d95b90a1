import { STROKE_LABEL, type TaggedFacts } from '@areia/contracts'

/**
 * The analyst's point-by-point figures as the statistical coach says them: counts out of what
 * was played, never a percentage of a handful of points.
 */

type CountOf = { value: number; of: number }

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many)

/** "3 de 4 pontos", "1 de 1 ponto". */
const outOf = (c: CountOf, one: string, many: string) =>
  `${c.value} de ${c.of} ${plural(c.of, one, many)}`

const stroke = (t: TaggedFacts) =>
  t.best_stroke ? STROKE_LABEL[t.best_stroke.stroke].toLowerCase() : null

/** Where the figures come from, with the score the tags leave. */
export function taggedSource(t: TaggedFacts): string {
  return `pelas marcações do analista (${t.points_tagged} ${plural(t.points_tagged, 'ponto', 'pontos')}, placar ${t.score_line})`
}

/** The one or two figures that tell the match best: points won, and the net or the winners. */
export function taggedHeadline(t: TaggedFacts): string {
  const first = `sua dupla ganhou **${outOf(t.team_points_won, 'ponto', 'pontos')}**`
  const second =
    t.net_points_won && t.net_points_won.of > 0
      ? `quando você terminou o ponto na rede, ganhou **${outOf(t.net_points_won, 'ponto', 'pontos')}**`
      : `você fez **${t.winners} ${plural(t.winners, 'winner', 'winners')}** e **${t.unforced_errors} ${plural(t.unforced_errors, 'erro não forçado', 'erros não forçados')}**`
  return `**Ponto a ponto:** ${taggedSource(t)}, ${first}; ${second}.`
}

/** Serves, winners and errors, smashes and pontos de ouro: the stroke-by-stroke answer. */
export function taggedStrokes(t: TaggedFacts): string {
  const parts = [
    t.serves_in.of > 0 ? `seu saque entrou em **${outOf(t.serves_in, 'saque', 'saques')}**` : null,
    `você fez **${t.winners} ${plural(t.winners, 'winner', 'winners')}**${stroke(t) ? ` (a maioria de ${stroke(t)})` : ''} e **${t.unforced_errors} ${plural(t.unforced_errors, 'erro não forçado', 'erros não forçados')}**`,
    t.smashes_converted.of > 0
      ? `converteu **${outOf(t.smashes_converted, 'smash', 'smashes')}**`
      : null,
    t.golden_points.of > 0
      ? `nos pontos de ouro, sua dupla levou **${outOf(t.golden_points, 'ponto', 'pontos')}**`
      : null,
  ].filter((p): p is string => p !== null)
  return `Golpe a golpe, ${taggedSource(t)}: ${parts.join('; ')}.`
}

/** For the model's system prompt: every tagged figure it may quote. */
export function taggedPromptLines(t: TaggedFacts): string[] {
  const c = (x: CountOf) => `${x.value} de ${x.of}`
  return [
    `- Marcação ponto a ponto do analista: ${t.points_tagged} pontos, placar ${t.score_line}`,
    `- Pontos ganhos pela dupla: ${c(t.team_points_won)}; no saque do jogador: ${c(t.points_won_on_serve)}; na devolução: ${c(t.points_won_on_return)}`,
    `- Saques em jogo: ${c(t.serves_in)}; winners: ${t.winners}${stroke(t) ? ` (mais de ${stroke(t)})` : ''}; erros não forçados: ${t.unforced_errors}`,
    `- Smashes convertidos: ${c(t.smashes_converted)}; pontos de ouro da dupla: ${c(t.golden_points)}${t.net_points_won ? `; pontos ganhos terminando na rede: ${c(t.net_points_won)}` : ''}`,
  ]
}
