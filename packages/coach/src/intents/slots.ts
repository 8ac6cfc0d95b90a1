import type { DominantHand } from '@areia/contracts'
import { numberWordsToDigits } from '../text'
import { chatText } from './normalize'

export type Weekday = 'segunda' | 'terca' | 'quarta' | 'quinta' | 'sexta' | 'sabado' | 'domingo'
export type BodyPart =
  | 'ombro'
  | 'cotovelo'
  | 'punho'
  | 'joelho'
  | 'tornozelo'
  | 'lombar'
  | 'panturrilha'
  | 'pe'
  | 'quadril'
  | 'mao'

export const WEEKDAY_LABEL: Record<Weekday, string> = {
  segunda: 'segunda',
  terca: 'terça',
  quarta: 'quarta',
  quinta: 'quinta',
  sexta: 'sexta',
  sabado: 'sábado',
  domingo: 'domingo',
}

/** Where a body part's pain sits, as a sentence says it ("dor no ombro", "a dor na lombar"). */
export const BODY_PLACE: Record<BodyPart, string> = {
  ombro: 'no ombro',
  cotovelo: 'no cotovelo',
  punho: 'no punho',
  joelho: 'no joelho',
  tornozelo: 'no tornozelo',
  lombar: 'na lombar',
  panturrilha: 'na panturrilha',
  quadril: 'no quadril',
  pe: 'no pé',
  mao: 'na mão',
}

export const WEEK: readonly Weekday[] = [
  'segunda',
  'terca',
  'quarta',
  'quinta',
  'sexta',
  'sabado',
  'domingo',
]

/** The months as written; `MONTHS` as `chatText` writes them (no accents). */
export const MONTH_LABEL = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
]
export const MONTHS = MONTH_LABEL.map((m) => m.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))

export interface Partner {
  hand?: DominantHand
  gender?: 'MALE' | 'FEMALE'
  /** As the player wrote it ("a Lu", "o Beto"). */
  name?: string
}

/** Details a message states that override the profile for the answer to it. */
export interface Slots {
  sessionsPerWeek?: number
  days?: Weekday[]
  /** What the player says they do on given days ("terça e quinta tenho aula, sábado jogo"). */
  dayActivities?: Array<{ day: Weekday; activity: Activity }>
  partner?: Partner
  /** "torneio em março", "campeonato dia 14/03": as the player wrote it, ready to quote. */
  event?: string
  /** Reais. */
  budget?: number
  bodyPart?: BodyPart
  /** "6/3", "perdi de 6 a 2": the score as games, with who won when said. */
  score?: { games: [number, number]; won?: boolean }
  /** Strokes or areas named as a focus ("quero focar saque e smash"). */
  focus?: string[]
  /** Quantities as the player wrote them, to quote back: "13h", "40 min", "8 kg", "360 g", "8 de 10". */
  clock?: string
  minutes?: number
  kilos?: number
  grams?: number
  outOf?: [number, number]
}

const DAY_WORDS: Array<[RegExp, Weekday]> = [
  [/\bseg(unda)?s?\b/, 'segunda'],
  [/\bter(ca|cas)?\b/, 'terca'],
  [/\bqua(rta|rtas)?\b/, 'quarta'],
  [/\bqui(nta|ntas)?\b/, 'quinta'],
  [/\bsex(ta|tas)?\b/, 'sexta'],
  [/\bsab(ado|ados)?\b/, 'sabado'],
  [/\bdom(ingo|ingos)?\b/, 'domingo'],
]

/**
 * Words naming a body part, but for the foot and the hand: their short words ("pe", "dedo") mean
 * other things too, so each reader adds its own reading of them.
 */
export const BODY_PART_WORDS: Array<[RegExp, BodyPart]> = [
  [/\bombros?\b|\bmanguito\b/, 'ombro'],
  [/\bcotovelos?\b|\bepicondil/, 'cotovelo'],
  [/\bpunhos?\b|\bpulsos?\b/, 'punho'],
  [/\bjoelhos?\b|\bmenisco|\bpatelar/, 'joelho'],
  [/\btornozelos?\b|\bentorse\b|\btorci o pe\b/, 'tornozelo'],
  [/\blombar\b|\bcostas\b|\bcoluna\b|\bhernia\b/, 'lombar'],
  [/\bpanturrilhas?\b|\bbatata da perna\b/, 'panturrilha'],
  [/\bquadril\b/, 'quadril'],
]

const BODY_WORDS: Array<[RegExp, BodyPart]> = [
  ...BODY_PART_WORDS,
  [/\bsola do pe\b|\bfascite\b|\bcalcanhar\b|\bpes\b|\bdedo do pe\b/, 'pe'],
  [/\bmaos?\b|\bdedos?\b/, 'mao'],
]

const FOCUS_WORDS: Array<[RegExp, string]> = [
  [/\bsaque\b/, 'saque'],
  [/\bdevolucao\b/, 'devolução'],
  [/\bvoleio\b/, 'voleio'],
  [/\bsmash\b/, 'smash'],
  [/\bbandeja\b/, 'bandeja'],
  [/\blob\b/, 'lob'],
  [/\bcurtinha\b/, 'curtinha'],
  [/\bbackhand\b/, 'backhand'],
  [/\bforehand\b/, 'forehand'],
  [/\bfisico\b|\bpreparo\b|\bacademia\b/, 'físico'],
]

function daysIn(text: string): Weekday[] {
  const found: Weekday[] = []
  for (const [re, day] of DAY_WORDS) if (re.test(text) && !found.includes(day)) found.push(day)
  // "qua" and "ter" are also common words; trust them only beside another weekday or "feira".
  const strong = found.filter((d) => d !== 'quarta' && d !== 'terca')
  if (strong.length === 0 && !/\bfeira\b|\b(terca|quarta)\b/.test(text)) return []
  return WEEK.filter((d) => found.includes(d))
}

type Activity = 'aula' | 'jogo' | 'treino' | 'fisico'

function activityOf(word: string): Activity | undefined {
  if (/^aula/.test(word)) return 'aula'
  if (/^(jogo|jogar|jogos|partida|torneio)/.test(word)) return 'jogo'
  if (/^(academia|fisico|musculacao|corrida)/.test(word)) return 'fisico'
  if (/^trein/.test(word)) return 'treino'
  return undefined
}

/**
 * "terça e quinta tenho aula, sábado jogo": each activity goes to the days named since the
 * previous one; days left at the end of a clause take the clause's last activity ("aula na terça").
 */
function activitiesIn(text: string): Slots['dayActivities'] {
  const out: NonNullable<Slots['dayActivities']> = []
  if (daysIn(text).length === 0) return undefined
  const dayOf = (word: string | undefined) =>
    word === undefined ? undefined : DAY_WORDS.find(([re]) => re.test(word))?.[1]
  for (const clause of text.split(/[,;.]/)) {
    const known = daysIn(clause)
    const words = clause.split(' ')
    let pending: Weekday[] = []
    let last: Activity | undefined
    let forward: Activity | undefined
    words.forEach((word, i) => {
      const day = dayOf(word)
      if (day && known.includes(day)) {
        if (forward) out.push({ day, activity: forward })
        else pending.push(day)
        return
      }
      const activity = activityOf(word)
      if (!activity) return
      last = activity
      for (const d of pending) out.push({ day: d, activity })
      pending = []
      // "aula na terça": the activity names the days that follow it.
      const next = words[i + 1] ?? ''
      forward =
        /^(na|no|nas|nos|de|as|aos|toda|todo)$/.test(next) && dayOf(words[i + 2])
          ? activity
          : undefined
    })
    if (last) for (const d of pending) out.push({ day: d, activity: last })
  }
  return out.length > 0 ? out : undefined
}

function partnerIn(text: string): Partner | undefined {
  const m =
    /\b(meu|minha|o|a) (novo |nova )?(parceir[oa]|dupla|companheir[oa])( nov[oa])?( de dupla)? (e|esta|joga|eh)? ?(canhot[oa]|destr[oa])/.exec(
      text,
    ) ?? /\b(jogo|vou jogar|jogando) com (um|uma) (canhot[oa]|destr[oa])/.exec(text)
  // "vou jogar com a Carla, ela é canhota": the hand of the partner just named.
  const told =
    !m && /\b(com (a|o) [a-z]+|parceir[oa]|dupla)\b/.test(text)
      ? /\b(ela|ele) (e|eh|joga) (de )?(canhot[oa]|destr[oa])\b/.exec(text)
      : null
  // "minha dupla" is a feminine word for anyone: it says nothing of the partner's gender.
  const pronoun = /\b(parceira|companheira|uma canhota|uma destra|ela)\b/.test(text)
  const masculine = /\b(parceiro|meu parceiro|companheiro|um canhoto|um destro)\b/.test(text)
  if (!m && !told && !pronoun && !masculine) return undefined
  const handWord = m ? (m[7] ?? m[3] ?? '') : (told?.[4] ?? '')
  const partner: Partner = {}
  if (/canhot/.test(handWord)) partner.hand = 'LEFT'
  else if (/destr/.test(handWord)) partner.hand = 'RIGHT'
  if (pronoun && !masculine) partner.gender = 'FEMALE'
  else if (masculine && !pronoun) partner.gender = 'MALE'
  return partner.hand || partner.gender ? partner : undefined
}

function eventIn(text: string): string | undefined {
  const m =
    /\b(torneio|campeonato|etapa|competicao|open|circuito)\b[^.?!]{0,30}?\b(em|dia|no dia|de|para|pra|daqui a)\s+((\d{1,2})( de)? )?(janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\b/.exec(
      text,
    )
  if (m) {
    const month = MONTH_LABEL[MONTHS.indexOf(m[6] ?? '')] ?? m[6]
    return m[4] ? `${m[4]} de ${month}` : `em ${month}`
  }
  const date =
    /\b(torneio|campeonato|etapa|competicao)\b[^.?!]{0,30}?\b(\d{1,2})\/(\d{1,2})\b/.exec(text)
  if (date) {
    const month = MONTH_LABEL[Number(date[3]) - 1]
    if (month && Number(date[2]) >= 1 && Number(date[2]) <= 31) return `${date[2]} de ${month}`
  }
  const weeks =
    /\b(torneio|campeonato|etapa|competicao)\b[^.?!]{0,30}?\b(daqui a|em) (\d{1,2}) (semanas?|dias?|meses?)\b/.exec(
      text,
    )
  if (weeks) return `daqui a ${weeks[3]} ${weeks[4]}`
  if (/\b(torneio|campeonato)\b[^.?!]{0,20}\b(semana que vem|proxima semana)\b/.test(text))
    return 'na semana que vem'
  if (/\b(torneio|campeonato)\b[^.?!]{0,20}\b(amanha)\b/.test(text)) return 'amanhã'
  if (/\b(torneio|campeonato)\b[^.?!]{0,20}\b(fim de semana|sabado|domingo)\b/.test(text))
    return 'no fim de semana'
  return undefined
}

function budgetIn(text: string): number | undefined {
  const m =
    /r\$ ?(\d{2,5}(?:[.,]\d{3})?)|\b(\d{2,5}(?:[.,]\d{3})?) ?(reais|conto|pila|mil reais)\b|\bate (\d{3,5})\b/.exec(
      text,
    )
  if (!m) return undefined
  const raw = (m[1] ?? m[2] ?? m[4] ?? '').replace(/[.,]/g, '')
  const value = Number(raw) * (m[3] === 'mil reais' ? 1000 : 1)
  return Number.isFinite(value) && value >= 50 && value <= 20_000 ? value : undefined
}

function scoreIn(text: string): Slots['score'] {
  const m = /\b([0-7]) ?(?:\/|x|a) ?([0-7])\b/.exec(text)
  if (!m) return undefined
  const games: [number, number] = [Number(m[1]), Number(m[2])]
  const won = /\b(ganhei|ganhamos|venci|vencemos)\b/.test(text)
    ? true
    : /\b(perdi|perdemos|tomei|tomamos)\b/.test(text)
      ? false
      : undefined
  return won === undefined ? { games } : { games, won }
}

function sessionsIn(text: string): number | undefined {
  const counts =
    /\b(\d{1,2}) ?(x|vezes|vz|dias|treinos|sessoes|aulas)( por| na| a| p)? ?(semana|semanais)?\b/g
  for (const m of text.matchAll(counts)) {
    // "10 dias de férias", "13 dias pro torneio": a stretch of days, not sessions in a week.
    const after = text.slice((m.index ?? 0) + m[0].length)
    if (
      !m[4] &&
      m[2] === 'dias' &&
      /^ ?(de (ferias|folga|viagem|torneio)|sem|ate|seguidos|corridos|pro|pra o|para o)\b/.test(
        after,
      )
    )
      continue
    if (m[4] || /\b(treino|treinar|consigo|jogo|posso|tenho|faco)\b/.test(text)) {
      const n = Number(m[1])
      if (n >= 1 && n <= 14) return n
    }
  }
  if (/\btodo dia\b|\btodos os dias\b/.test(text)) return 7
  return undefined
}

/** "minha dupla, a Lu, …", "meu parceiro Beto": a capitalised name right after the partner. */
function partnerName(text: string): { name: string; gender?: 'MALE' | 'FEMALE' } | undefined {
  const m =
    /\b(minha dupla|meu parceiro|minha parceira|meu companheiro|minha companheira)[,:]? (?:(a|o) )?([A-ZÁÉÍÓÚÂÊÔÃÕ][\p{Ll}]{1,14})\b/u.exec(
      text,
    )
  if (!m?.[3]) return undefined
  const gender =
    m[2] === 'a' || /parceira|companheira/.test(m[1] ?? '')
      ? 'FEMALE'
      : m[2] === 'o' || /parceiro|companheiro/.test(m[1] ?? '')
        ? 'MALE'
        : undefined
  return gender ? { name: m[3], gender } : { name: m[3] }
}

/** What the message says about schedule, partner, dates, money, body and score. */
export function extractSlots(text: string): Slots {
  const plain = numberWordsToDigits(chatText(text))
  const slots: Slots = {}
  const named = partnerName(text)
  // "o torneio é domingo dia 13/12": the day of the event, not a day of the player's week.
  const eventDay =
    /\b(torneio|campeonato|etapa|competicao)\b (e |vai ser |sera |no |na )?(?:(?:n[oa] )?(segunda|terca|quarta|quinta|sexta|sabado|domingo))\b(?! e )/.exec(
      plain,
    )?.[3]
  const days = daysIn(plain).filter((d) => d !== eventDay)
  const activities = activitiesIn(plain)
  if (activities) slots.dayActivities = activities
  const sessions = sessionsIn(plain)
  if (sessions !== undefined) slots.sessionsPerWeek = sessions
  else if (days.length >= 2) slots.sessionsPerWeek = days.length
  if (days.length > 0) slots.days = days
  const partner = partnerIn(plain)
  if (partner || named) {
    slots.partner = { ...partner }
    if (named) {
      slots.partner.name = named.name
      if (named.gender) slots.partner.gender = named.gender
    }
  }
  const event = eventIn(plain)
  if (event) slots.event = event
  const budget = budgetIn(plain)
  if (budget !== undefined) slots.budget = budget
  const part = BODY_WORDS.find(([re]) => re.test(plain))
  if (part) slots.bodyPart = part[1]
  const score = scoreIn(plain)
  if (score) slots.score = score
  const clock = /\b(?:as|a|de|das)\s+(\d{1,2})(?:h|:00| horas?)\b|\b(\d{1,2})h(\d{2})?\b/.exec(
    plain,
  )
  const hour = clock ? Number(clock[1] ?? clock[2]) : NaN
  if (hour >= 0 && hour <= 23) slots.clock = `${hour}h${clock?.[3] ?? ''}`
  const minutes = /\b(\d{1,3}) ?(?:min|mins|minutos)\b/.exec(plain)
  if (minutes) slots.minutes = Number(minutes[1])
  const kilos = /\b(\d{1,3}) ?(?:kg|quilos?|kilos?)\b/.exec(plain)
  if (kilos) slots.kilos = Number(kilos[1])
  const grams = /\b(\d{3}) ?(?:g|gr|gramas)\b/.exec(plain)
  if (grams) slots.grams = Number(grams[1])
  const outOf = /\b(\d{1,2}) (?:de|em) (\d{1,3})\b/.exec(plain)
  if (outOf && Number(outOf[1]) <= Number(outOf[2]))
    slots.outOf = [Number(outOf[1]), Number(outOf[2])]
  const focus = FOCUS_WORDS.filter(([re]) => re.test(plain)).map(([, name]) => name)
  if (focus.length > 0 && /\b(foc|priori|melhorar|trabalhar|treinar)/.test(plain))
    slots.focus = focus
  return slots
}
