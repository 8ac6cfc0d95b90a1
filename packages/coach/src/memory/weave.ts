import { PARTNER_QUESTIONS } from '../intents/personal'
import type { Intent } from '../intents/registry'
import type { Said } from '../intents/said'
import type { BodyPart, Slots } from '../intents/slots'
import { normalize } from '../text'
import { BODY_PLACE, MONTH_LABEL } from '../intents/slots'
import type { RememberedFact } from './types'

/** Planning, pre-tournament and nerves: where a tournament ahead changes the advice. */
const TOURNAMENT_INTENTS = new Set([
  'plano-semanal',
  'frequencia-treino',
  'treino-pre-torneio',
  'treino-fundamentos',
  'nervosismo-pre-jogo',
  'primeiro-torneio',
  'sono-antes-jogo',
  'pressao-resultado',
  'metas',
  'bolsa-torneio',
  'estrategia-jogo',
])
/** Doubles: where the partner's name belongs. */
const PARTNER_INTENTS = new Set([
  ...PARTNER_QUESTIONS,
  'parceiro-canhoto',
  'dupla-lados',
  'bola-no-meio',
  'cobrir-parceiro',
  'treino-dupla',
  'dupla-mista',
  'posicao-sacando',
  'posicao-recebendo',
])
const RACKET_INTENTS = new Set([
  'raquete-trocar',
  'raquete-peso',
  'raquete-material',
  'raquete-avancado',
  'grip-overgrip',
  'protetor-raquete',
])

const BODY: Array<[RegExp, BodyPart]> = [
  [/\bombro/, 'ombro'],
  [/\bcotovelo/, 'cotovelo'],
  [/\bpunho|\bpulso/, 'punho'],
  [/\bjoelho/, 'joelho'],
  [/\btornozelo/, 'tornozelo'],
  [/\blombar|\bcostas|\bcoluna/, 'lombar'],
  [/\bpanturrilha/, 'panturrilha'],
  [/\bquadril/, 'quadril'],
  [/\bmao\b/, 'mao'],
  [/\bpe\b/, 'pe'],
]
/** Lines that already speak of what the player told the team: one such line per reply. */
export const REMEMBERED_LINE =
  /\b(voc[eê] (comentou|contou|falou|disse)|lembrando o que|pensando no seu objetivo)\b/i

function tournamentWhen(fact: RememberedFact): string | undefined {
  const f = fact.fields ?? {}
  const [, m, d] = (f.date ?? f.month ?? '').split('-').map(Number)
  if (m && f.date && d) return `do dia ${d} de ${MONTH_LABEL[m - 1] ?? ''}`
  if (m) return `de ${MONTH_LABEL[m - 1] ?? ''}`
  return undefined
}

function eventName(fact: RememberedFact): string {
  const label = normalize(fact.text.replace(/ (dia|em) .*$/, ''))
  if (/^(etapa|competicao|copa)/.test(label))
    return `a ${fact.text.replace(/ (dia|em) .*$/, '').toLowerCase()}`
  if (/^campeonato/.test(label)) return 'o campeonato'
  if (/^open/.test(label)) return 'o open'
  return 'o torneio'
}

function tournamentLine(fact: RememberedFact, intent: Intent): string[] {
  const when = tournamentWhen(fact)
  if (!when) return []
  const ev = eventName(fact)
  const head = `Com ${ev} ${when}`
  if (intent.domain === 'mental')
    return [
      `${head} pela frente, treine essa rotina já nos jogos valendo ponto: no dia, ela precisa sair sem pensar.`,
      `${head} chegando, use os próximos jogos como ensaio disso, com placar e um pouco de pressão de propósito.`,
    ]
  return [
    `${head}, organize as próximas semanas de trás para frente: mais volume agora e, na última semana antes dele, treinos curtos, com placar e descanso nos dois dias anteriores.`,
    `${head} no calendário, priorize isso nos treinos até lá e deixe a última semana mais leve, com jogos valendo ponto.`,
  ]
}

function partnerLine(fact: RememberedFact): string[] {
  const f = fact.fields ?? {}
  const article = f.gender === 'FEMALE' ? 'a' : f.gender === 'MALE' ? 'o' : ''
  const who = f.name
    ? `${article} ${f.name}`.trim()
    : f.hand
      ? `${f.gender === 'FEMALE' ? 'sua parceira' : 'seu parceiro'} ${f.hand === 'LEFT' ? (f.gender === 'FEMALE' ? 'canhota' : 'canhoto') : f.gender === 'FEMALE' ? 'destra' : 'destro'}`
      : undefined
  if (!who) return []
  const withWho = f.name ? `com ${who}` : `com ${who}`
  return [
    `Converse sobre isso ${withWho} antes do próximo jogo: combinar fora da quadra evita decidir no meio do ponto.`,
    `Vale testar isso ${withWho} num treino, com bolas combinadas, antes de levar para um jogo valendo.`,
  ]
}

function injuryLine(fact: RememberedFact): string[] {
  const n = normalize(fact.text)
  const part = fact.fields?.bodyPart ?? BODY.find(([re]) => re.test(n))?.[1]
  if (!part) return []
  const side = fact.fields?.side
  const sideWord =
    side && (part === 'lombar' || part === 'panturrilha' || part === 'mao')
      ? ` ${side === 'direito' ? 'direita' : 'esquerda'}`
      : side
        ? ` ${side}`
        : ''
  const pain = `a dor ${BODY_PLACE[part]}${sideWord}`
  return [
    `Com ${pain} que você contou, faça o exercício abaixo só até onde não doer; se a dor aparecer, pare e troque por uma versão mais leve.`,
    `Por causa d${pain} que você contou, comece com metade do volume e só aumente se terminar sem dor.`,
  ]
}

function racketLine(fact: RememberedFact): string[] {
  const f = fact.fields ?? {}
  if (!f.brand) return []
  const racket = `${f.brand}${f.model ? ` ${f.model}` : ''}`
  return [
    `Use a sua ${racket} como referência: se ela não incomoda o braço, procure algo parecido em peso e balanço antes de mudar tudo.`,
  ]
}

/** Areas whose drills load an injured part. */
const LOADING = new Set<Intent['domain']>([
  'saque',
  'devolucao',
  'voleio',
  'smash',
  'bandeja',
  'lob',
  'curtinha',
  'fundo',
  'fundamentos',
  'corpo',
  'treino',
])

export interface WeaveInput {
  intent: Intent
  facts: readonly RememberedFact[]
  slots: Slots
  /** Whether the answer carries a drill: the injury caution belongs there. */
  drill: boolean
  said: Said
}

/**
 * At most one sentence that uses something the player told the team, where it matters to this
 * answer: the tournament ahead in planning and nerves, the partner in doubles, the injury in a
 * drill, the racket in equipment. Nothing when the message itself already says it, and each
 * sentence once per conversation, so the coaches use what they know without reciting it.
 */
export function memoryLine(input: WeaveInput): string | undefined {
  const { intent, facts, slots, said } = input
  const of = (kind: RememberedFact['kind']) => facts.filter((f) => f.kind === kind)
  const candidates: string[] = []
  if (TOURNAMENT_INTENTS.has(intent.id) && slots.event === undefined) {
    const next = [...of('TORNEIO')].sort((a, b) =>
      (a.fields?.date ?? a.fields?.month ?? '').localeCompare(
        b.fields?.date ?? b.fields?.month ?? '',
      ),
    )[0]
    if (next) candidates.push(...tournamentLine(next, intent))
  }
  if (PARTNER_INTENTS.has(intent.id) && !slots.partner?.name) {
    const partner = of('PARCEIRO')[0]
    // "meu parceiro" when the one remembered is a woman: someone else, not her.
    const other =
      slots.partner?.gender !== undefined &&
      partner?.fields?.gender !== undefined &&
      slots.partner.gender !== partner.fields.gender
    if (partner && !other) candidates.push(...partnerLine(partner))
  }
  if (RACKET_INTENTS.has(intent.id) && slots.budget === undefined) {
    const racket = of('EQUIPAMENTO')[0]
    if (racket) candidates.push(...racketLine(racket))
  }
  // The caution belongs to a drill that loads the body (a stroke, footwork, fitness), not to a
  // drill of talking or tactics.
  if (input.drill && candidates.length === 0 && LOADING.has(intent.domain)) {
    const injury = of('LESAO')[0]
    if (injury) candidates.push(...injuryLine(injury))
  }
  const line = candidates.find((c) => !said.has(c))
  if (line) said.add(line)
  return line
}
