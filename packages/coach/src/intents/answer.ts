import type { Archetype } from '@areia/contracts'
import type { Change } from '../frames/dialogue'
import type { Frame } from '../frames/frame'
import { braceOrRest, painOfAnother } from './others-pain'
import { backToBackLead, countdownLead } from './countdown'
import { chatText } from './normalize'
import { PARTNER_SUBJECT } from './wording'
import { ruleVariantLead } from './rule-variants'
import { againstLeftyLine, opponentLefty, whoseSideLine } from './sides'
import { partnerTraits, traitsLine } from './partner-traits'
import { conditionLines } from '../frames/compose'
import { agree, inCategory } from '../agreement'
import type { Drill, Level, PlayerContext } from '../knowledge'
import type { Injury } from '../knowledge/types'
import { memoryLine, REMEMBERED_LINE } from '../memory/weave'
import type { RememberedFact } from '../memory/types'
import { shuffle } from '../text'
import type { CoachPersona, Rng } from '../types'
import { RETURN_TO_PLAY } from '../knowledge/return-to-play'
import { CLOSERS, HEALTH_CAUTIONS } from '../voice'
import { DOMAINS } from './catalog'
import { asksLeave, boughtRacket, everyDayLead, gearLead, injuryLead, partnerServes } from './leads'
import { partnerThread } from './partner-thread'
import { explainTerm, WHAT_IS } from './glossary'
import { HAND_INTENTS, personalLines, sidesShort } from './personal'
import type { Intent } from './registry'
import type { Said } from './said'
import type { Mode } from './understand'
import type { Slots } from './slots'

export interface AnswerInput {
  coach: CoachPersona
  intent: Intent
  mode: Mode
  /** Another question's answer follows in the same message: no closing line before it. */
  continued?: boolean
  slots: Slots
  ctx: PlayerContext
  said: Said
  rng: Rng
  /**
   * LEAD answers the question; SECOND answers the message's other question; ANGLE adds this
   * coach's view to what `previous` (another coach) already said about the same question.
   */
  role: 'LEAD' | 'SECOND' | 'ANGLE'
  previous?: { coach: CoachPersona; text: string }
  /** Another reading of the question, almost as likely: offered at the end of the answer. */
  alternative?: Intent
  /** What the player told the team and left on the memory screen. */
  facts?: readonly RememberedFact[]
  /** What the message named (for a follow-up, merged with the previous question). */
  frame?: Frame
  /** What a follow-up changed of the previous question. */
  changed?: readonly Change[]
  /** The player's message as written, without the previous question a follow-up merges in. */
  message?: string
  /** When the message is answered: days to a tournament count from it. */
  now?: Date
}

const SCALE: Record<Level, number> = { BASE: 1, INTERMEDIARIO: 1.5, AVANCADO: 2 }

/** Tips written for any pair of hands ("Se você e sua dupla jogam com a mão direita…"). */
const HAND_CONDITIONAL =
  /^(Se você e sua dupla jogam|Se cada um joga com uma mão|Numa dupla de|Com dois (forehands|backhands) no meio)/

/**
 * Durations and how often ("7 dias", "20 minutos", "2 sessões por semana") are what the drill is;
 * only its volume grows with the level.
 */
const FIXED_UNIT =
  /^(minutos|dias|semanas|segundos|meses)\b|\bpor (semana|dia|m[eê]s|treino|jogo)\b|^sess[oõ]es\b/

/** Drill volume grows with level; small counts (one game, three lines) stay as written. */
export function drillLine(drill: Drill, level: Level): string {
  const scaled = drill.amount >= 5 && !FIXED_UNIT.test(drill.unit)
  const amount = scaled ? Math.round(drill.amount * SCALE[level]) : drill.amount
  const how = drill.how.charAt(0).toUpperCase() + drill.how.slice(1)
  return `**Exercício: ${drill.name}.** ${how}: **${amount} ${drill.unit}**.`
}

/** The game's own areas, strokes to tactics: where drills and the category line belong. */
const TECHNIQUE = new Set<Intent['domain']>(DOMAINS.slice(0, DOMAINS.indexOf('tatica') + 1))

/** Where the player's goal belongs in an answer: planning, motivation and goals. */
const GOAL_INTENTS = new Set([
  'plano-semanal',
  'frequencia-treino',
  'metas',
  'motivacao',
  'subir-categoria',
  'meta-numerica',
  'medir-evolucao',
  'plato-evolucao',
])

const REPEAT_OPENERS = [
  'Você já tinha me perguntado sobre {l}; vou por outro caminho desta vez.',
  'De novo {l}: sinal de que isso pesa no seu jogo. Outro jeito de ver:',
  'Voltando a {l}, com um ângulo diferente do que te passei antes.',
  'Sobre {l}, que já apareceu aqui: vamos a outra camada.',
]
const REPHRASE_OPENERS = [
  'Vou explicar de outro jeito.',
  'Tentando de outra forma:',
  'Deixa eu mudar a explicação.',
  'Outra maneira de pensar nisso:',
]
const MORE_OPENERS = [
  'Para levar {l} para a quadra:',
  'Mais sobre {l}:',
  'Seguindo em {l}:',
  'Um passo adiante em {l}:',
]
const DONE_LINES = [
  'Sobre {l}, o mais útil eu já te passei; agora o que faz diferença é levar para a quadra e me contar como foi.',
  'De {l} você já tem o essencial daqui; o próximo passo é repetição. Me conta depois o que funcionou.',
  'Já cobrimos {l} por vários lados. Treina e me traz o que sentiu, que a gente ajusta a partir daí.',
]
const OFFERS = [
  'Se a sua dúvida era sobre {l}, me avisa que eu explico.',
  'Se você quis dizer {l}, me fala que eu respondo isso também.',
  'E se a pergunta era sobre {l}, é só dizer.',
]

const ANGLE_OPENERS: Record<Archetype, readonly string[]> = {
  TECNICO: ['Somando ao que {p} falou, na execução:', 'Do lado técnico, além do que {p} disse:'],
  MENTAL: [
    'Somando ao que {p} disse, o lado da cabeça:',
    'Além do que {p} trouxe, na parte mental:',
  ],
  ESTATISTICO: [
    'Do lado dos números, somando a {p}:',
    'Complementando {p} com o que dá para medir:',
  ],
}
const MIND_ANGLE = [
  'Escolha **uma** coisa para pensar por vez nisso; várias correções ao mesmo tempo travam o braço.',
  'Antes de tentar de novo, duas respirações com a expiração longa e uma palavra-gatilho curta ("solta", "firme").',
  'Trate cada erro nisso como informação, não como julgamento: o que a bola te disse?',
]
/** What a coach adds in its own voice when it was asked about another coach's subject. */
const OWN_VIEW: Record<Archetype, readonly string[]> = {
  TECNICO: [
    'Do meu lado, o da execução: um detalhe técnico por treino, com repetição, rende mais do que várias correções juntas.',
    'Na parte técnica, grave um treino seu fazendo isso: a execução que você sente nem sempre é a que acontece.',
  ],
  MENTAL: [
    'Do meu lado, o da cabeça: escolha uma palavra-gatilho curta para isso ("firme", "solta") e use antes de cada tentativa.',
    'Na parte mental, trate cada erro nisso como informação: o que a bola te mostrou, sem julgamento.',
  ],
  ESTATISTICO: [
    'Do meu lado, o dos números: dá para medir isso contando tentativas e acertos em cada treino, e a tendência aparece em poucas semanas.',
    'Para medir a evolução nisso, anote acertos em 10 tentativas no começo de cada treino; quando um vídeo seu for analisado, eu junto isso com a sua posição em quadra.',
  ],
}

const NUMBERS_ANGLE = [
  'Anote no próximo treino tentativas e acertos disso: dez minutos de registro mostram a tendência em poucas semanas.',
  'Meça uma coisa só por vez, sempre do mesmo jeito, para comparar semana com semana.',
  'Quando um vídeo seu for analisado, eu cruzo isso com a sua posição em quadra e o seu deslocamento.',
]

function fill(line: string, vars: Record<string, string>): string {
  return line.replace(/\{(\w)\}/g, (_, k: string) => vars[k] ?? '')
}

/**
 * Picks the first line not said yet (in an order shuffled by `rng`, so two players do not get
 * the same wording), marks it said, and returns it; undefined when every line was said.
 */
function take(lines: readonly string[], said: Said, rng: Rng, ordered = false): string | undefined {
  const order = ordered ? [...lines] : shuffle(lines, rng)
  const line = order.find((l) => !said.has(l))
  if (line !== undefined) said.add(line)
  return line
}

/** `take` for lines with blanks: what is checked against the conversation is the filled line. */
function takeFilled(
  lines: readonly string[],
  vars: Record<string, string>,
  said: Said,
  rng: Rng,
): string | undefined {
  return take(
    lines.map((l) => fill(l, vars)),
    said,
    rng,
  )
}

function takeMany(lines: readonly string[], count: number, said: Said): string[] {
  const out: string[] = []
  for (const line of lines) {
    if (out.length >= count) break
    if (said.has(line)) continue
    said.add(line)
    out.push(line)
  }
  return out
}

function bullets(lines: readonly string[]): string | undefined {
  return lines.length > 0 ? lines.map((l) => `- ${l}`).join('\n') : undefined
}

/** Health topics that are not pain (heat, cramp, supplements): a caution of their own. */
/** For something the body went through (a cramp, the heat): when it is a warning sign. */
const SYMPTOM_CAUTIONS = [
  '⚠️ Se isso se repetir ou vier com tontura forte, falta de ar, dor no peito ou confusão, pare e procure atendimento médico.',
]
/** For advice about the body (what to take, care with age): who should ask a doctor first. */
const CARE_CAUTIONS = [
  '⚠️ Cada corpo responde de um jeito: com alguma condição de saúde ou uso de remédios, converse antes com um médico.',
  '⚠️ Estas dicas são gerais e não substituem a orientação de um médico ou nutricionista.',
]

function caution(input: AnswerInput): string | undefined {
  if (!input.intent.health) return undefined
  const { id } = input.intent
  const pool = /^(dor-|jogar-com-dor|prevenir-lesoes|retorno-lesao)/.test(id)
    ? HEALTH_CAUTIONS
    : /^(caimbra|calor-hidratacao)$/.test(id)
      ? [...SYMPTOM_CAUTIONS, ...CARE_CAUTIONS]
      : CARE_CAUTIONS
  return take(pool, input.said, input.rng)
}

function goalLine(input: AnswerInput): string | undefined {
  const goal = input.ctx.profile.goal?.trim()
  if (!goal || !GOAL_INTENTS.has(input.intent.id)) return undefined
  const short = goal.length > 80 ? `${goal.slice(0, 77)}…` : goal
  // The goal is quoted once in a conversation: any earlier quote counts.
  if (input.said.has(`Pensando no seu objetivo (“${short}”), isso é prioridade.`)) return undefined
  const line = `Pensando no seu objetivo (“${short}”), isso é prioridade.`
  input.said.add(line)
  return line
}

/** Where the player's level changes the advice: said once per category in a conversation. */
function levelLine(input: AnswerInput): string | undefined {
  // How a level learns a stroke: not a line for a question of tactics, nor for a follow-up.
  if (!TECHNIQUE.has(input.intent.domain) || input.intent.domain === 'tatica') return undefined
  if (input.mode !== 'NEW') return undefined
  const where = inCategory(input.ctx.profile)
  if (!where) return undefined
  const lead = `**${capitalize(where)}**`
  const text = {
    BASE: `${lead}, o que mais rende aqui é repetição com técnica simples: primeiro bola em jogo, depois velocidade.`,
    INTERMEDIARIO: `${lead}, o salto vem de fazer isso com alvo e sob placar, não só de colocar a bola em jogo.`,
    AVANCADO: `${lead}, o detalhe decide: variação e disfarce, mantendo a execução nos pontos de ouro.`,
  }[input.ctx.level]
  if (input.said.has(text)) return undefined
  input.said.add(text)
  return text
}

function lowerFirst(text: string): string {
  // A sentence that opens with a name or "**" keeps its case.
  return /^[A-ZÁÉÍÓÚ][a-záéíóúãõâêôç]/.test(text) && !/^[A-Z][a-z]+ [A-Z]/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * Closing lines about an exercise follow an answer that gave one; counting hits ("quantos
 * acertou") only a drill of the game itself, not a diary or a stretch.
 */
const ABOUT_DRILL = /exerc[ií]cio|varia[cç][aã]o/i
const ABOUT_HITS = /acert/i

function closer(input: AnswerInput, drill: boolean): string | undefined {
  // After a health caution a slogan reads as not listening; in a follow-up it reads as filler.
  if (input.intent.health || input.mode !== 'NEW' || input.continued || input.rng() > 0.4)
    return undefined
  const pool = [...CLOSERS[input.coach.archetype], ...input.coach.persona.catchphrases].filter(
    (line) =>
      !input.said.ever(line) &&
      (!input.ctx.analysis || !/quando chegar um vídeo|sem vídeo seu/i.test(line)) &&
      (drill || !ABOUT_DRILL.test(line)) &&
      ((drill && TECHNIQUE.has(input.intent.domain)) || !ABOUT_HITS.test(line)),
  )
  return take(pool, input.said, input.rng)
}

function drills(input: AnswerInput, count: number): string[] {
  const lines = (input.intent.drills ?? []).map((d) => drillLine(d, input.ctx.level))
  return takeMany(lines, count, input.said)
}

/** Advice that loads the injured part the way its injury forbids, left out while it is in the talk. */
const LOADS: Partial<Record<Injury, RegExp>> = {
  punho:
    /\bpunho solto\b|\bsolt\w* o punho\b|\bchicot\w*\b|\bquebr\w* o punho\b|\bacelera\w* (do|com o) punho\b/,
  cotovelo: /\bchicot\w*\b|\bbraço esticado\b/,
}

function tips(input: AnswerInput, count: number): string | undefined {
  const part = input.ctx.injuryInTalk
  const loads = part ? LOADS[part] : undefined
  const fitting = loads ? input.intent.tips.filter((t) => !loads.test(t)) : input.intent.tips
  return bullets(takeMany(fitting, count, input.said))
}

const INJURY_PLACE: Record<Injury, string> = {
  ombro: 'do ombro',
  cotovelo: 'do cotovelo',
  tornozelo: 'do tornozelo',
  lombar: 'da lombar',
  joelho: 'do joelho',
  punho: 'do punho',
}
const REMINDERS = [
  'Como você comentou {p}, vale repetir: nada de forçar enquanto não estiver sem dor.',
  'E como você comentou {p}, continue com volume menor e pare se a dor voltar.',
  'Lembrando o que você comentou {p}: respeite a dor e aqueça bem antes.',
]

/** Lines about the player's build or hand in general: beside the point of a fault to fix. */
const PROFILE_LINE = /^(Com \d,\d{2} m|Sendo (canhot|destr)|Como (canhot|destr))/

function personal(input: AnswerInput, count: number): string[] {
  // "meu smash vai na rede": the fault is the subject; height or hand in general is not.
  const fault = input.frame?.problem !== undefined
  const lines = personalLines(input.intent, input.ctx, input.slots, input.message).filter(
    (line) =>
      !(fault && PROFILE_LINE.test(line)) &&
      // The injury's line once per reply: with the lead section, not a second one.
      !(input.role !== 'LEAD' && line.startsWith('Pensando n')),
  )
  // "ela é baixinha e não gosta de rede": who takes what starts from what the player said of them.
  const traits = DIVISION.has(input.intent.id) ? partnerTraits(input.message ?? '') : null
  const division = traits
    ? traitsLine(traits, input.slots.partner, input.ctx.mentionedInjuries.includes('ombro'))
    : null
  if (division && !input.said.has(division)) lines.unshift(division)
  const fresh = takeMany(lines, count + (division ? 1 : 0), input.said)
  // A note about an injury the player told us was said already: a reminder, in other words.
  const injury = input.ctx.mentionedInjuries[0]
  const noted = lines.some((l) => /\b(comentou|falou) d[oa]/.test(l) && !fresh.includes(l))
  if (injury && noted) {
    const reminder = take(
      REMINDERS.map((r) => r.replace('{p}', INJURY_PLACE[injury])),
      input.said,
      input.rng,
      true,
    )
    if (reminder) fresh.unshift(reminder)
  }
  return fresh
}

/** "e se o cara da rede for canhoto?": the stroke asked before, aimed for a left-hander. */
function leftyLead(input: AnswerInput): string | undefined {
  if (!opponentLefty(input.message ?? '')) return undefined
  return againstLeftyLine(input.intent.domain) ?? undefined
}

const LOSS_FELT = [
  'Perder dói, ainda mais um jogo que você esperava ganhar; ficar mal por uns dias é normal.',
  'Derrota assim pesa mesmo, e é normal ficar remoendo um pouco.',
]
/** A match that slipped away from in front: said only when the player says so. */
const LEAD_LOST = [
  'Dói mesmo perder um jogo que estava na mão, e remoer um pouco é normal.',
  'Jogo que escapa depois de estar na frente pesa mais que uma derrota comum; normal ficar pensando nisso.',
]
const NERVES_FELT = [
  'Normal ficar assim antes de um jogo que importa; essa energia dá para usar a seu favor.',
  'Ansiedade antes de jogo é sinal de que ele importa para você, não de que vai dar errado.',
]

/**
 * A player who says how they feel ("tô remoendo até agora", "tô com muita ansiedade") hears it
 * acknowledged in one line before the advice, by the mental coach leading the answer.
 */
function empathy(input: AnswerInput): string | undefined {
  // Anger is met by what to do with it, not by a line on nerves.
  if (input.role !== 'LEAD' || input.intent.domain !== 'mental' || input.intent.id === 'tilt')
    return undefined
  const t = chatText(input.message ?? '')
  // "ela fica nervosa", "o Marcelo ficou chateado": someone else's feeling, not the player's.
  if (PARTNER_SUBJECT.test(t) || /\b(ficou|esta|ta) chatead[oa] (comigo|pq|porque)\b/.test(t))
    return undefined
  const lines =
    /\b(remoendo|remoer|nao paro de pensar|chatead\w*|arrasad\w*|triste|(to|estou|fiquei) (mt |muito |bem )?mal|pra baixo|vontade de (largar|parar|desistir))\b/.test(
      t,
    )
      ? /\b(tava ganhando|estava ganhando|na frente|vira(da|ram|mos)|escap\w*|na mao)\b/.test(t)
        ? LEAD_LOST
        : LOSS_FELT
      : /\b(ansios\w*|ansiedade|nervos\w*|tenso|tensa|com medo|apavorad\w*)\b/.test(t)
        ? NERVES_FELT
        : null
  return lines ? take(lines, input.said, input.rng) : undefined
}

/** Questions of how a pair divides the court. */
const DIVISION = new Set(['parceiro-canhoto', 'dupla-lados', 'bola-no-meio', 'entrosamento-dupla'])

const JUMPS = /\b(salt\w*|pul[ae]\w*|tesoura|aterriss\w*|impuls\w*|subir)\b/i

/** The direct answer: the intent's answers first, its other explanations when all were said. */
function answerLine(input: AnswerInput): string | undefined {
  return (
    take(input.intent.answers, input.said, input.rng) ??
    take(input.intent.alt, input.said, input.rng)
  )
}

function compact(parts: Array<string | undefined>): string {
  return parts.filter((p): p is string => p !== undefined && p.trim() !== '').join('\n\n')
}

function leadAnswer(input: AnswerInput): string {
  const { intent, rng, said } = input
  const label = `**${intent.label}**`
  const health = intent.health === true
  switch (input.mode) {
    case 'REPHRASE': {
      // "não entendi, direita dele ou minha?": whose side, with both named.
      const whose = whoseSideLine(input.message ?? '')
      if (whose && !said.has(whose)) {
        said.add(whose)
        return compact([whose])
      }
      // "não entendi a parte do lançamento": that word explained, first.
      const term = explainTerm(input.message ?? '')
      if (term && !said.has(term)) {
        said.add(term)
        return compact([term])
      }
      const alt = take(intent.alt, said, rng)
      if (!alt) return compact([takeFilled(DONE_LINES, { l: label }, said, rng)])
      return compact([take(REPHRASE_OPENERS, said, rng), alt, ...drills(input, 1)])
    }
    case 'WHY': {
      // After an answer that held back because of an injury, the reason is the injury.
      const part =
        input.ctx.injuryInTalk ?? input.facts?.find((f) => f.kind === 'LESAO')?.fields?.bodyPart
      const rtp = part ? RETURN_TO_PLAY[part] : undefined
      if (rtp && !said.has(rtp.why)) {
        said.add(rtp.why)
        return compact([rtp.why, rtp.test, caution(input) ?? take(HEALTH_CAUTIONS, said, rng)])
      }
      const thread = partnerThread(input)
      if (thread) return compact([thread, tips(input, 1)])
      const reason = take(intent.alt, said, rng) ?? take(intent.answers, said, rng)
      const fact = intent.facts?.find((f) => !said.has(f))
      if (fact) said.add(fact)
      return compact([reason ? `O motivo: ${lowerFirst(reason)}` : undefined, fact, tips(input, 1)])
    }
    case 'MORE': {
      const body = [...personal(input, 1), ...drills(input, 1), tips(input, 2)].filter(Boolean)
      if (body.length === 0) return compact([takeFilled(DONE_LINES, { l: label }, said, rng)])
      return compact([
        takeFilled(MORE_OPENERS, { l: label }, said, rng),
        ...body,
        health ? caution(input) : undefined,
      ])
    }
    case 'REPEAT': {
      const fresh = take(intent.alt, said, rng) ?? take(intent.answers, said, rng)
      const more = [...personal(input, 1), tips(input, 2), ...drills(input, 1)].filter(Boolean)
      if (!fresh && more.length === 0)
        return compact([takeFilled(DONE_LINES, { l: label }, said, rng)])
      return compact([
        takeFilled(REPEAT_OPENERS, { l: label }, said, rng),
        fresh,
        ...more,
        caution(input),
      ])
    }
    default: {
      // "e no vento?": the same question under the new condition, answered for the condition.
      const conditions = conditionLines(input.intent, input.frame, said)
      if (
        input.mode === 'FOLLOWUP' &&
        input.changed?.includes('conditions') &&
        conditions.length > 0
      )
        return compact([...conditions, tips(input, 2), ...drills(input, 1), caution(input)])
      // A racket just bought and judged by feel: about that racket, not how to buy one.
      const bought = intent.domain === 'equipamento' ? boughtRacket(input) : undefined
      if (bought) {
        said.add(bought)
        return compact([bought, caution(input)])
      }
      // Someone else's pain: the advice is to pass on, and none of it is about the player's body.
      const other = health ? painOfAnother(input.message ?? '') : null
      if (other) {
        const line = answerLine(input)
        return compact([
          braceOrRest(input.message ?? '', other),
          line ? `O que vale passar para ${other}: ${lowerFirst(line)}` : undefined,
          tips(input, 2),
          caution(input),
        ])
      }
      // With both hands known, the pair's own sides lead, not the general rule.
      const handsKnown =
        HAND_INTENTS.has(intent.id) &&
        input.slots.partner?.hand !== undefined &&
        input.ctx.lefty !== null
      // An injury's verdict leads, but a question of another subject still gets its own answer.
      const injury = handsKnown ? undefined : injuryLead(input)
      const first = handsKnown
        ? undefined
        : ((injury && !health
            ? compact(
                asksLeave(input.message ?? '')
                  ? [injury, answerLine(input)]
                  : [answerLine(input), injury],
              )
            : injury) ??
          termLead(input) ??
          ruleVariantLead(input) ??
          backToBackLead(input) ??
          leftyLead(input) ??
          countdownLead(input) ??
          partnerThread(input) ??
          everyDayLead(input) ??
          partnerServes(input) ??
          gearLead(input) ??
          answerLine(input))
      // Asked by name about another coach's subject, the coach answers and adds its own view.
      const outside =
        intent.owner !== 'ANY' && intent.owner !== input.coach.archetype
          ? take(OWN_VIEW[input.coach.archetype], said, rng)
          : undefined
      const technique =
        TECHNIQUE.has(intent.domain) || intent.domain === 'corpo' || intent.domain === 'treino'
      // Jumps held back for an injury: no tip or drill below puts them back.
      const noJumps =
        first !== undefined && /^Saltos, ainda não|nada de saltos|sem saltos/.test(first)
      const drill = technique ? drills(input, 1).filter((d) => !(noJumps && JUMPS.test(d))) : []
      // A yes-or-no question about training ("2 dias seguidos tem problema?") is not a request
      // for a week built around the days it names.
      const planAsked =
        /\b(monta|montar|monte|plano|organiza|organizar|cronograma|divid\w*)\b/.test(
          chatText(input.message ?? ''),
        )
      const mine = personal(input, handsKnown ? 3 : 2).filter(
        (l) =>
          planAsked ||
          !(input.message ?? '').includes('?') ||
          !/eu organizaria assim|a base seria/.test(l),
      )
      // The pair's sides asked again once explained: the choice in one line.
      const sides =
        handsKnown && mine.length === 0
          ? (sidesShort(input.ctx, input.slots) ?? undefined)
          : undefined
      const own = [empathy(input), first ?? sides, ...conditions, ...mine, levelLine(input)]
      // One thing the player told the team, where it matters, unless a line above used one; a
      // dated tournament or a partner's name says more than the profile's goal, so it comes first.
      const remembered =
        input.facts?.length && !own.some((l) => l !== undefined && REMEMBERED_LINE.test(l))
          ? memoryLine({
              intent,
              facts: input.facts,
              slots: input.slots,
              drill: drill.length > 0,
              said,
            })
          : undefined
      return compact([
        ...own,
        remembered ??
          (own.some((l) => l !== undefined && REMEMBERED_LINE.test(l))
            ? undefined
            : goalLine(input)),
        handsKnown
          ? bullets(
              takeMany(
                input.intent.tips.filter((t) => !HAND_CONDITIONAL.test(t)),
                2,
                said,
              ),
            )
          : noJumps
            ? bullets(
                takeMany(
                  input.intent.tips.filter((t) => !JUMPS.test(t)),
                  3,
                  said,
                ),
              )
            : tips(input, 3),
        ...drill,
        outside,
        caution(input),
        input.alternative
          ? fill(take(OFFERS, said, rng) ?? '', { l: `**${input.alternative.label}**` })
          : closer(input, drill.length > 0),
      ])
    }
  }
}

/** "o que é fechar a paralela?": the term explained in plain words, before the advice. */
function termLead(input: AnswerInput): string | undefined {
  const message = chatText(input.message ?? '')
  if (!WHAT_IS.test(message)) return undefined
  const line = explainTerm(message)
  if (!line || input.said.has(line)) return undefined
  input.said.add(line)
  return line
}

/** The message's other question, named first so the player sees which part is answered. */
function secondAnswer(input: AnswerInput): string {
  const line = answerLine(input)
  return compact([
    line ? `**Sobre ${input.intent.label}:** ${line}` : undefined,
    ...personal(input, 1),
    tips(input, 2),
    caution(input),
  ])
}

function angleAnswer(input: AnswerInput): string {
  const { coach, rng, said, previous } = input
  const opener = previous
    ? fill(take(ANGLE_OPENERS[coach.archetype], said, rng) ?? '', { p: previous.coach.name })
    : undefined
  const own =
    coach.archetype === 'MENTAL'
      ? take(MIND_ANGLE, said, rng)
      : coach.archetype === 'ESTATISTICO'
        ? take(NUMBERS_ANGLE, said, rng)
        : drills(input, 1)[0]
  return compact([opener, own, tips(input, 1)])
}

/** One coach's reply about one intent, in pt-BR agreeing with the player. */
export function answer(input: AnswerInput): string {
  const text =
    input.role === 'LEAD'
      ? leadAnswer(input)
      : input.role === 'SECOND'
        ? secondAnswer(input)
        : angleAnswer(input)
  return agree(text, input.ctx.profile)
}
