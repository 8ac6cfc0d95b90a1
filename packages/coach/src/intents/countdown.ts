import { chatText } from './normalize'
import type { AnswerInput } from './answer'

const DAY = 86_400_000
const WEEKDAY = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado']
const COUNT: Record<string, number> = { uma: 1, duas: 2, tres: 3, quatro: 4, cinco: 5 }

/** Today in Brazil, as a UTC midnight. */
function today(now: Date): number {
  const br = new Date(now.getTime() - 3 * 3_600_000)
  return Date.UTC(br.getUTCFullYear(), br.getUTCMonth(), br.getUTCDate())
}

const label = (t: number) => {
  const d = new Date(t)
  return `${WEEKDAY[d.getUTCDay()]} ${String(d.getUTCDate()).padStart(2, '0')}`
}

/**
 * "dá pra treinar umas 3x com ela até o torneio? o que priorizo?": the days left to the dated
 * tournament the player told, the sessions spread over them with the last two days kept light,
 * and what comes first. Null without a dated tournament ahead.
 */
export function countdownLead(input: AnswerInput): string | undefined {
  if (input.intent.id !== 'treino-pre-torneio' || !input.now) return undefined
  const text = chatText(input.message ?? '')
  // Nerves about the tournament ("já to com frio na barriga") are not a question of sessions.
  if (
    !/\b(trein\w*|sess\w*|priorizo|priorizar|prioridade|\d ?x|vezes|preparar|preparo|preparacao)\b/.test(
      text,
    )
  )
    return undefined
  const m = /\b(\d|uma|duas|tres|quatro|cinco) ?(x|vezes|treinos?)\b/.exec(text)
  const asked = m ? (COUNT[m[1] ?? ''] ?? Number(m[1])) : null
  const start = today(input.now)
  const dates = (input.facts ?? [])
    .filter((f) => f.kind === 'TORNEIO' && f.fields?.date)
    .map((f) => Date.parse(`${f.fields?.date}T00:00:00Z`))
    .filter((t) => t > start)
    .sort((a, b) => a - b)
  const event = dates[0]
  if (event === undefined) return undefined
  const left = Math.round((event - start) / DAY)
  // Training days run from tomorrow to two days before; the last two are light or rest.
  const first = start + DAY
  const last = event - 2 * DAY
  const room = Math.round((last - first) / DAY) + 1
  if (room < 1) return undefined
  const n = Math.max(1, Math.min(asked ?? 3, room))
  const days = Array.from({ length: n }, (_, i) =>
    n === 1 ? last : first + Math.round((i * (last - first)) / DAY / (n - 1)) * DAY,
  )
  const partner = input.slots.partner?.name
  const t = input.ctx.analysis?.tagged
  const weakReturn =
    t &&
    t.points_won_on_return.of > 0 &&
    t.points_won_on_return.value / t.points_won_on_return.of < 0.45
      ? ` (no último jogo analisado vocês ganharam só ${t.points_won_on_return.value} de ${t.points_won_on_return.of} pontos na devolução)`
      : ''
  const yes =
    asked !== null && asked > room
      ? `Até ${label(event)} são ${left} dias, e com os dois últimos leves cabem no máximo ${room} treinos:`
      : `Dá sim: até ${label(event)}/${String(new Date(event).getUTCMonth() + 1).padStart(2, '0')} são ${left} dias.`
  return [
    `${yes} ${n === 1 ? 'O treino' : `Os ${n} treinos`}${partner ? ` com ${input.slots.partner?.gender === 'MALE' ? 'o' : 'a'} ${partner}` : ''}: **${days.map(label).join(', ')}**; o último forte fica até ${label(last)}, e ${label(event - DAY)} é leve ou descanso.`,
    `Prioridades, nesta ordem: 1) quem pega a bola do meio e a chamada "minha/sua"; 2) saque e devolução${weakReturn}; 3) a formação de vocês, quem fecha a rede e quem cobre o lob; 4) pontos de ouro e super tie-break simulados no fim de cada treino.`,
  ].join('\n\n')
}

/**
 * "jogar 2 dias seguidos tem problema?": yes or no first, with what makes it work, instead of a
 * week built around the days named.
 */
export function backToBackLead(input: AnswerInput): string | undefined {
  if (input.intent.domain !== 'treino' && input.intent.domain !== 'corpo') return undefined
  const t = chatText(input.message ?? '')
  if (!/\b(dias? seguidos?|emendar|emendo|dia sim dia nao|todo dia|2 dias|dois dias)\b/.test(t))
    return undefined
  if (!/\b(tem problema|pode|posso|e ruim|faz mal|e normal|tudo bem|da pra|consigo)\b/.test(t))
    return undefined
  return 'Dá, desde que um dos dois dias seja leve: no segundo, técnica e pontos sem arrancadas nem saltos, e com aquecimento completo. Entre eles, durma bem, beba água e coma carboidrato e proteína depois do primeiro; dor que aparece no segundo dia é sinal para tirar o pé.'
}
