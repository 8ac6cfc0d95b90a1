import {
  BODY_PART_WORDS,
  BODY_PLACE,
  extractSlots,
  WEEKDAY_LABEL,
  type BodyPart,
  type Weekday,
} from '../intents/slots'
import { joinPt } from '../text'
import { isPast, pastDayIn, whenIn, whenLabel } from './dates'
import { equipmentIn } from './equipment'
import { partnerIn, partnerText } from './partner'
import { sentencesIn, type Sentence } from './sentences'
import type { ExtractedFact, FactFields } from './types'
import { accented, capitalize, clausesOf } from './words'

const BODY: Array<[RegExp, BodyPart]> = [
  ...BODY_PART_WORDS,
  [/\bsola do pe\b|\bfascite\b|\bcalcanhar\b|\bpes?\b/, 'pe'],
  [/\bmaos?\b|\bdedos? da mao\b/, 'mao'],
]
const PAIN =
  /\b(dor|dores|doi|doem|doendo|dolorid[oa]|incomod|lesao|lesionei|tendinite|bursite|inflama|inchad|machu[cq]|entorse|torci|distendi|estirei|rompi|operei|travad|estourad|contratura|fisgada)/
/** Someone else's body: "meu parceiro que tem dor", "minha amiga machucou". */
const OTHER =
  /\b(parceir[oa]|dupla|amig[oa]s?|irma[o]?|filh[oa]|espos[oa]|marido|namorad[oa]|pai|mae|ele|ela|companheir[oa]|colega|professor[a]?|cara|adversari[oa])\b/
const FIRST_PERSON =
  /\b(eu|tenho|tive|sinto|senti|to|estou|ando|fiquei|machuquei|torci|lesionei|operei|distendi|estirei|rompi|forcei|meu|minha)\b/
const GENERIC = /\b(evitar|prevenir|previnir|o que e|que e|normal|como tratar|como curar|causa)\b/
const NEGATED =
  /\b(nao|sem|nunca|nenhuma|nenhum|zero)\b(?: \w+){0,3} (dor|doi|lesao|machu[cq]|sinto|tenho|tive)/
const HEALED =
  /\b(melhorou|sarou|curou|passou|parou de doer|nao doi mais|nao tenho mais|nao sinto mais|ja ta bom|recuperad)/

function injuryIn(
  s: Sentence,
  clause: string,
  now: Date,
): ExtractedFact | ExtractedFact[] | undefined {
  const pain = PAIN.exec(clause)
  const part = BODY.find(([re]) => re.test(clause))
  if (!part || (!pain && !HEALED.test(clause))) return undefined
  const before = clause.slice(0, Math.max(pain?.index ?? 0, clause.search(part[0])))
  if (
    OTHER.test(before) &&
    !/\b(eu|tenho|sinto|meu|minha) \w*\s?(ombro|cotovelo|joelho|punho|tornozelo|lombar|costas|pe|mao|quadril|panturrilha)/.test(
      clause,
    )
  )
    return undefined
  if (OTHER.test(before) && /\bque (tem|ta|esta|sente)\b/.test(clause)) return undefined
  if (s.question && (GENERIC.test(clause) || !FIRST_PERSON.test(clause))) return undefined
  if (GENERIC.test(clause) && !FIRST_PERSON.test(clause)) return undefined
  if (HEALED.test(clause)) return undefined
  if (NEGATED.test(clause)) return undefined
  // "tenho medo de machucar o ombro", "pra não machucar": a worry, not a pain.
  if (
    /\b(medo de|receio de|pra nao|para nao|evitar|prevenir|nao quero)\b(?: \w+){0,2} (machuc|lesion|doer|sentir dor)/.test(
      clause,
    )
  )
    return undefined
  const bodyPart = part[1]
  const side = /\bdireit[oa]\b/.test(clause)
    ? 'direito'
    : /\besquerd[oa]\b/.test(clause)
      ? 'esquerdo'
      : undefined
  const since =
    /\b(desde (?:o |a )?(?:mes passado|semana passada|ano passado|ontem|sabado|domingo|o ultimo jogo|o torneio|janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro))\b/.exec(
      clause,
    )?.[1] ??
    /\b((?:faz|ha) (?:uns |umas |uma |um |\d+ )?(?:\d+ )?(?:dias?|semanas?|mes|meses|anos?))\b/.exec(
      clause,
    )?.[1]
  const when =
    /\b(depois d[oea]s? (?:jogos?|treinos?|jogar|treinar|partidas?|aulas?)|(?:quando|ao) (?:eu )?(?:saco|sacar|jogo|jogar|pulo|pular|corro|correr|bato|bater|treino|treinar|smash|fa[cz]o (?:smash|saque))(?: (?:pro|o|a) smash)?)\b/.exec(
      clause,
    )?.[1]
  // "torci o tornozelo no sábado": an injury of a day, kept with its date.
  const injured = /\b(torci|torceu|machuquei|lesionei|distendi|estirei|senti uma fisgada)\b/.test(
    clause,
  )
  const day = injured ? pastDayIn(clause, now) : undefined
  const fields: FactFields = { bodyPart }
  if (side) fields.side = side
  if (since) fields.since = accented(since.replace(/^ha /, 'há '))
  else if (day) fields.since = `desde ${day}`
  // "tendinite no punho" is kept by its name: the coaches adapt to the diagnosis, not to "dor".
  const named =
    CONDITION.exec(clause)?.[1] ?? (/\btorc(i|eu)\b/.test(clause) ? 'entorse' : undefined)
  const cleared = /\b(liberou|liberad[oa]|me liberaram|alta)\b/.test(s.text)
  const text =
    `${named ? (CONDITION_LABEL[named] ?? capitalize(named)) : 'Dor'} ${BODY_PLACE[bodyPart]}${side ? ` ${bodyPart === 'lombar' || bodyPart === 'panturrilha' || bodyPart === 'mao' ? (side === 'direito' ? 'direita' : 'esquerda') : side}` : ''}` +
    `${when ? ` ${accented(when)}` : ''}${fields.since ? ` (${fields.since})` : ''}` +
    `${cleared ? ', já liberado para jogar' : ''}.`
  return {
    kind: 'LESAO',
    key: `${bodyPart}${side ? `-${side}` : ''}`,
    text,
    fields,
    sentence: s.original,
  }
}

const CONDITION =
  /\b(tendinite|bursite|fascite|entorse|condromalacia|hernia|epicondilite|distensao|contratura|artrose|luxacao|fratura|lesao)\b/
const CONDITION_LABEL: Record<string, string> = {
  hernia: 'Hérnia',
  distensao: 'Distensão',
  luxacao: 'Luxação',
  lesao: 'Lesão',
}

/** Body parts the player says are better: their injury can be forgotten. */
export function healedIn(message: string): BodyPart[] {
  const out: BodyPart[] = []
  for (const s of sentencesIn(message))
    for (const clause of clausesOf(s.text)) {
      if (s.question || !HEALED.test(clause) || OTHER.test(clause)) continue
      const part = BODY.find(([re]) => re.test(clause))
      if (part && !out.includes(part[1])) out.push(part[1])
    }
  return out
}

const EVENT =
  /\b(torneio|torneios|campeonato|etapa|open|circuito|competicao|copa|interclubes|challenger)\b/
const EVENT_LABEL: Record<string, string> = {
  torneio: 'Torneio',
  torneios: 'Torneio',
  campeonato: 'Campeonato',
  etapa: 'Etapa',
  open: 'Open',
  circuito: 'Etapa do circuito',
  competicao: 'Competição',
  copa: 'Copa',
  interclubes: 'Interclubes',
  challenger: 'Challenger',
}

function tournamentIn(s: Sentence, now: Date): ExtractedFact | undefined {
  const m = EVENT.exec(s.text)
  if (!m) return undefined
  const before = s.text.slice(0, m.index)
  if (/\b(nao|sem|nenhum|nunca)\b(?: \w+){0,3}$/.test(before.trim())) return undefined
  if (
    /\b(ganhei|ganhamos|perdi|perdemos|venci|vencemos|fui|fomos|cai|caimos|joguei|jogamos)\b/.test(
      before,
    )
  )
    return undefined
  if (s.question && /\b(quando|qual|quais|onde|tem)\b/.test(before)) return undefined
  // "dia 27 tenho 3 jogos no torneio do clube": the day may come before the event's name.
  // "sábado dia 19, véspera do torneio": that day is the eve, not the event.
  const relative = /\b(vespera|antes|depois|semana|dia seguinte)\b(?: \w+){0,2}\s*$/.test(
    before.trim(),
  )
  const when = whenIn(s.text.slice(m.index), now) ?? (relative ? undefined : whenIn(s.text, now))
  if (!when || isPast(when, now)) return undefined
  const fields: FactFields = when.date ? { date: when.date } : { month: when.month ?? '' }
  return {
    kind: 'TORNEIO',
    key: (when.date ?? when.month ?? '').slice(0, 7),
    text: `${EVENT_LABEL[m[1] ?? 'torneio'] ?? 'Torneio'} ${whenLabel(when, now)}.`,
    fields,
    sentence: s.original,
  }
}

const ACTIVITY_LABEL: Record<string, string> = {
  aula: 'aula',
  jogo: 'jogo',
  treino: 'treino',
  fisico: 'físico',
}
const PAST_OR_EVENT =
  /\b(torneio|campeonato|etapa|open|ganhei|ganhamos|perdi|perdemos|torci|machuquei|joguei|jogamos|treinei|fui|passado|passada)\b/

/** What else fills a player's week, on days the coaches must plan around. */
const OTHER_ACTIVITY =
  /\b(pilates|academia|musculacao|fisioterapia|fisio|corrida|yoga|ioga|funcional|crossfit|natacao|bike|spinning)\b/
const OTHER_LABEL: Record<string, string> = {
  musculacao: 'musculação',
  fisio: 'fisioterapia',
  natacao: 'natação',
  ioga: 'yoga',
}

/** The part of a question that asks: "como divido o tempo?" after "só consigo seg e qui". */
const ASKING =
  /\b(como|qual|quais|quando|onde|quanto|quantos|quantas|sera|o que|oq|que tal|pode|da pra)\b/

function scheduleIn(s: Sentence): ExtractedFact | undefined {
  // "explica o treino de quinta?" asks about a day, and "quarta marcaram um jogo" is one
  // week's event: the habitual week is told, not asked nor booked once.
  if (s.question) return undefined
  if (
    /\b(marcaram|marquei|marcou|chamou|chamaram|convidou|convidaram|resenha|amanha|hoje|essa semana|esta semana|que vem|proxima)\b/.test(
      s.text,
    ) ||
    // "me passa um exercício pra treinar na sexta", "antes do treino de segunda": a request or a
    // moment, not the week the player tells.
    /\b(me passa|me manda|me da|me de|monta|montar|passa um|manda um)\b|\b(antes|depois) d[oa] (treino|jogo)\b/.test(
      s.text,
    )
  )
    return undefined
  const days: Weekday[] = []
  const schedule: Array<{ day: Weekday; activity: string }> = []
  for (const clause of clausesOf(s.text)) {
    if (PAST_OR_EVENT.test(clause) || /\b(nao|nunca)\b/.test(clause)) continue
    // A question keeps what it states about the week ("só consigo seg e qui, como divido?").
    if (s.question && ASKING.test(clause)) continue
    const slots = extractSlots(clause)
    if (!slots.days) continue
    const acts = slots.dayActivities ?? []
    // "comecei pilates, seg e qua": the activity may sit in the sentence's other clause.
    const other =
      OTHER_ACTIVITY.exec(clause)?.[1] ??
      (/\b(treino|treinar|aula|aulas|jogo|jogar)\b/.test(clause)
        ? undefined
        : OTHER_ACTIVITY.exec(s.text)?.[1])
    const HABIT =
      /\b(treino|treinar|aula|aulas|jogo|jogar|consigo|posso|faco|academia|toda|todo|sempre)\b/
    // "meu treino fixo é com o Marcelo, seg e qua das 19h às 20h30": the days in the next clause.
    const habitual =
      other !== undefined ||
      HABIT.test(clause) ||
      (/\b(fixo|fixa|fixos)\b/.test(s.text) && HABIT.test(s.text))
    if (!habitual) continue
    for (const day of slots.days) {
      if (!days.includes(day)) days.push(day)
      const act =
        acts.find((a) => a.day === day)?.activity ??
        (other
          ? (OTHER_LABEL[other] ?? other)
          : /\baula/.test(clause)
            ? 'aula'
            : /\bjog/.test(clause)
              ? 'jogo'
              : 'treino')
      schedule.push({ day, activity: act })
    }
  }
  if (days.length === 0) return undefined
  const byActivity = new Map<string, string[]>()
  for (const { day, activity } of schedule)
    byActivity.set(activity, [...(byActivity.get(activity) ?? []), WEEKDAY_LABEL[day]])
  const parts = [...byActivity].map(([a, ds]) => `${ACTIVITY_LABEL[a] ?? a} ${joinPt(ds)}`)
  return {
    kind: 'ROTINA',
    key: 'rotina',
    text: `${capitalize(parts.join('; '))}.`,
    fields: { days, schedule },
    sentence: s.original,
  }
}

const RESULT_VERBS: Array<[RegExp, string, boolean | undefined]> = [
  [/\bganhei\b/, 'Ganhou', true],
  [/\bganhamos\b/, 'Ganharam', true],
  [/\bvenci\b/, 'Venceu', true],
  [/\bvencemos\b/, 'Venceram', true],
  [/\bfui campe(ao|a)\b/, 'Foi campeão/campeã', true],
  [/\bfomos campeo(es|as)\b/, 'Foram campeões', true],
  [/\bfui vice\b/, 'Foi vice', undefined],
  [/\bfomos vice\b/, 'Foram vice', undefined],
  [/\bperdi\b/, 'Perdeu', false],
  [/\bperdemos\b/, 'Perderam', false],
  [/\bcai\b/, 'Caiu', false],
  [/\bcaimos\b/, 'Caíram', false],
]

/**
 * "agora to jogando 4x por semana", "treino 3 vezes na semana": how often the player plays, which
 * the plans and the recall read before the number given at onboarding.
 */
function frequencyIn(s: Sentence): ExtractedFact | undefined {
  if (s.question) return undefined
  const m =
    /\b(\d|uma|duas|tres|quatro|cinco|seis) ?(x|vezes|vez) (por|na|a|pela|p) ?semana\b/.exec(s.text)
  if (!m) return undefined
  // About the player's own habit, not a plan asked for ("monta um treino 3x por semana").
  if (
    !/\b(jogo|treino|to jogando|estou jogando|to treinando|estou treinando|jogando|treinando|passei a|comecei a|agora)\b/.test(
      s.text,
    )
  )
    return undefined
  if (/\b(monta|montar|monte|faz|faca|cria|quero|queria|preciso|plano)\b/.test(s.text))
    return undefined
  const words: Record<string, number> = { uma: 1, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6 }
  const n = words[m[1] ?? ''] ?? Number(m[1])
  if (!(n >= 1 && n <= 7)) return undefined
  return {
    kind: 'ROTINA',
    key: 'frequencia',
    text: `Joga ou treina ${n}x por semana.`,
    fields: { perWeek: n },
    sentence: s.original,
  }
}

function resultIn(s: Sentence, clause: string): ExtractedFact | undefined {
  if (s.question) return undefined
  for (const [re, verb, won] of RESULT_VERBS) {
    const m = re.exec(clause)
    if (!m) continue
    if (/\b(nao|nunca)\s*$/.test(clause.slice(0, m.index))) return undefined
    const scoreM = /\b([0-7]) ?(?:\/|x|a) ?([0-7])\b/.exec(s.text)
    const score = scoreM ? `${scoreM[1]}/${scoreM[2]}` : undefined
    let rest = clause
      .slice(m.index + m[0].length)
      .replace(/\b(porque|pq|que)\b.*$/, '')
      .replace(/\b(hoje|ontem|agora|anteontem)\b/g, '')
      .replace(/\b([0-7]) ?(?:\/|x|a) ?([0-7])\b/, '$1/$2')
      .replace(/\s+/g, ' ')
      .trim()
      .split(' ')
      .slice(0, 8)
      .join(' ')
    if (score && !rest.includes(score)) rest = `${rest} (${score})`.trim()
    const fields: FactFields = {}
    if (won !== undefined) fields.won = won
    if (score) fields.score = score
    const label = verb === 'Foi campeão/campeã' ? 'Foi campeão' : verb
    return {
      kind: 'RESULTADO',
      key: 'resultado',
      text: `${label}${rest ? ` ${accented(rest)}` : ''}.`.replace(/ \./, '.'),
      fields,
      sentence: s.original,
    }
  }
  return undefined
}

const GOAL =
  /\b(?:meu objetivo|minha meta|meu foco|meu sonho|meu plano(?= (?:agora |esse ano )?(?:e|sera|seria|eh) ))(?: agora| esse ano| para \w+| pra \w+)? (?:e|sera|seria|eh)? ?(.{3,90})|\b(?:quero|pretendo|queria|vou tentar|to querendo|estou querendo)(?: muito| mesmo)? ((?:subir|chegar|ganhar|disputar|competir|entrar|ser|virar|perder peso|emagrecer|me divertir|evoluir|participar|jogar (?:o|um|uns|torneio|campeonato|profissional|federado)).{0,80})/

function goalIn(s: Sentence, clause: string): ExtractedFact | undefined {
  if (s.question || /\b(como|qual|o que|sera que|onde)\b/.test(clause)) return undefined
  const m = GOAL.exec(clause)
  const what = (m?.[1] ?? m?.[2])?.trim()
  if (!what) return undefined
  return {
    kind: 'OBJETIVO',
    key: 'objetivo',
    text: `Objetivo: ${accented(what.split(' ').slice(0, 14).join(' '))}.`,
    fields: {},
    sentence: s.original,
  }
}

/** "lembre que…", "anota aí que…", "não esquece que…": the player asks the team to remember. */
const REMEMBER =
  /^(?:.*?\b)?(?:lembr[ae]|anot[ae](?: ai)?|nao esquec[ae]|guard[ae])\s+(?:de\s+)?que\s+(.{3,280})$/i

function rememberIn(message: string): ExtractedFact | undefined {
  const flat = message.trim().replace(/\s+/g, ' ')
  const folded = flat
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  const m = REMEMBER.exec(folded)
  if (!m?.[1]) return undefined
  // Folding drops combining marks, so count from the end of the folded text to find the start.
  const tail = [...flat].reverse()
  const foldedTail = m[1].length
  let taken = 0
  let start = flat.length
  for (const ch of tail) {
    if (taken >= foldedTail) break
    taken += ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '').length
    start -= ch.length
  }
  const fact = flat.slice(start).replace(/[.!\s]+$/, '')
  const text = `${capitalize(fact)}.`
  return { kind: 'OUTRO', key: text.toLowerCase(), text, fields: {}, sentence: flat }
}

/**
 * The durable facts a player's message states about them: partner, equipment, tournaments ahead,
 * injuries, weekly schedule, a recent result, goals, and whatever they ask the team to remember.
 * Questions, negations and other people's pains give nothing. One fact per kind and key.
 */
export function extractFacts(message: string, now: Date): ExtractedFact[] {
  const found: ExtractedFact[] = []
  const add = (f: ExtractedFact | ExtractedFact[] | undefined) => {
    for (const fact of Array.isArray(f) ? f : f ? [f] : [])
      if (!found.some((x) => x.kind === fact.kind && x.key === fact.key)) found.push(fact)
  }
  const remembered = rememberIn(message)
  const sentences = sentencesIn(message)
  for (const s of sentences) {
    add(partnerIn(s))
    add(equipmentIn(s, sentences))
    add(tournamentIn(s, now))
    add(scheduleIn(s))
    add(frequencyIn(s))
    for (const clause of clausesOf(s.text)) {
      add(injuryIn(s, clause, now))
      add(resultIn(s, clause))
      add(goalIn(s, clause))
    }
  }
  // "…com a Carol. Ela é canhota": the hand said in the next sentence is the partner's.
  const partner = found.find((f) => f.kind === 'PARCEIRO')
  if (partner && !partner.fields.hand) {
    const pronoun = partner.fields.gender === 'MALE' ? 'ele' : 'ela'
    const hand = sentences
      .map(
        (s) =>
          new RegExp(
            `\\b${pronoun} (?:e|eh|joga|joga de|joga com a mao) (canhot[oa]|destr[oa]|esquerda|direita)\\b`,
          ).exec(s.text)?.[1],
      )
      .find((h) => h !== undefined)
    if (hand) {
      partner.fields.hand = /canhot|esquerda/.test(hand) ? 'LEFT' : 'RIGHT'
      partner.text = partnerText(partner.fields)
    }
  }
  // "dia 19 tenho torneio com a Renata": the tournament is played with her.
  for (const t of found.filter((f) => f.kind === 'TORNEIO')) {
    const named = found.find(
      (f) => f.kind === 'PARCEIRO' && f.fields.name && f.sentence === t.sentence,
    )
    if (named?.fields.name) t.fields.partner = named.fields.name
  }
  if (remembered) {
    // "lembre que eu só treino aos sábados de manhã": one fact, in the player's own words, with
    // the kind and details read from them when they name exactly one thing.
    const inside = found.filter((f) => remembered.sentence.includes(f.sentence))
    const only = inside.length === 1 ? inside[0] : undefined
    if (only) only.text = remembered.text
    else if (inside.length === 0) add(remembered)
  }
  return found
}
