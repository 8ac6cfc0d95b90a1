import { type DominantHand, type Gender, type PlayerCategory } from '@areia/contracts'
import { looksLikeGibberish, normalize, numberWordsToDigits } from '../text'
import { type AgeGroup, type GoalFocus } from '../types'

/** Understood as "skip this question" where the question is optional. */
export function declines(text: string): boolean {
  return /\b(prefiro nao|nao quero (dizer|falar|informar|responder)|pular|pula|sem resposta|nao informar|nao sei)\b/.test(
    normalize(text),
  )
}

const NAME_PREFIX =
  /^(?:(?:oi|olá|ola|opa|e a[ií]|bom dia|boa tarde|boa noite)[\s,!.]*)?(?:(?:meu nome [ée]h?|me chamo|pode me chamar de|me chama de|eu sou [oa]|sou [oa]|eu sou|sou|aqui [ée] [oa])\s+)?/iu

const NAME_SUFFIX = /[\s,!.]*(?:prazer|tudo bem|tudo bom)?[\s!.?,;:]*$/iu

const NOT_NAMES = new Set([
  'oi',
  'ola',
  'opa',
  'sim',
  'nao',
  'ok',
  'teste',
  'eu',
  'prefiro',
  'nenhum',
])

const PARTICLES = new Set(['da', 'de', 'do', 'das', 'dos', 'e'])

/** "meu nome é ana paula" → "Ana Paula"; `null` when it does not look like a name. */
export function parseName(text: string): string | null {
  const stripped = text
    .trim()
    .slice(0, 200)
    .normalize('NFC')
    .replace(NAME_PREFIX, '')
    .replace(NAME_SUFFIX, '')
    .trim()
  const parts = stripped.split(/\s+/).filter((p) => p !== '')
  if (parts.length === 0 || parts.length > 4) return null
  if (!parts.every((p) => /^[\p{L}][\p{L}'’-]*$/u.test(p))) return null
  const n = normalize(stripped)
  if (NOT_NAMES.has(n) || looksLikeGibberish(n) || n.length > 60) return null
  return parts
    .map((p, i) =>
      i > 0 && PARTICLES.has(p.toLowerCase())
        ? p.toLowerCase()
        : p.charAt(0).toUpperCase() + p.slice(1).toLowerCase(),
    )
    .join(' ')
}

export interface CategoryAnswer {
  category: PlayerCategory | null
  ageGroup: AgeGroup | null
  /** "intermediário" or "avançado": understood, but not precise enough for a CBT letter. */
  vague: 'INTERMEDIARIO' | 'AVANCADO' | null
}

export function parseAgeGroup(text: string): AgeGroup | null {
  const n = normalize(text)
  const sub = /\bsub\s*-?\s*(\d{1,2})\b/.exec(n)
  if (sub) {
    const age = Number(sub[1])
    if ([10, 12, 14, 16, 18].includes(age)) return `SUB_${age}` as AgeGroup
    return null
  }
  const over =
    /(?:^|[^\d])(\d{2})\s*\+/.exec(n) ??
    /\+\s*(\d{2})\b/.exec(n) ??
    /\b(?:acima de|mais de|categoria|master|senior)\s*(\d{2})\b/.exec(n) ??
    /\b(\d{2}) (?:ou mais|anos ou mais|pra cima|para cima)\b/.exec(n)
  if (over) {
    const age = Number(over[1])
    if (age >= 30 && age <= 70 && age % 5 === 0) return `MAIS_${age}` as AgeGroup
  }
  return null
}

/**
 * An age in years as players give it ("34 anos", "tenho 47", "47", "nasci em 1980"), or null. The
 * year of birth is read against `now`; a birthday later in the year is not known, so the age is
 * the one reached this year.
 */
export function parseAgeYears(text: string, now: Date = new Date()): number | null {
  const n = normalize(text).trim()
  // "jogo há 10 anos" is how long they play, not their age.
  if (/\b(ha|faz|desde|jogo ha|pratico ha|comecei ha)\s+\d{1,2} ?anos\b/.test(n)) return null
  const born =
    /\b(?:nasci em|sou de|ano de|nascid[oa] em) (19\d\d|20[0-2]\d|\d\d)\b(?! ?anos)|\bde (19\d\d|20[0-2]\d)\b/.exec(
      n,
    )
  // "sou de 91": a two-digit year is the last century's unless it is this century's past.
  const given = born?.[1] ?? born?.[2]
  const short = given?.length === 2 ? Number(given) : null
  const thisCentury = now.getUTCFullYear() % 100
  const year = born
    ? short === null
      ? Number(given)
      : short <= thisCentury - 6
        ? 2000 + short
        : 1900 + short
    : null
  // "quase 40", "faço 40 em janeiro", "vou fazer 40": not yet forty.
  const almost =
    /\bquase (\d{2})\b/.exec(n) ??
    /\b(?:faco|vou fazer|completo|vou completar|fazendo) (\d{2})(?: anos)?\b/.exec(n)
  const age = year
    ? now.getUTCFullYear() - year
    : almost
      ? Number(almost[1]) - 1
      : Number(
          (/\b(\d{1,2}) ?(?:anos|aninhos|a)\b/.exec(n) ??
            /\btenho (\d{1,2})\b/.exec(n) ??
            /^(\d{1,2})$/.exec(n))?.[1] ?? NaN,
        )
  return Number.isFinite(age) && age >= 6 && age <= 99 ? age : null
}

/**
 * The CBT age group an age plays in: juniors the first "Sub-N" above their age (Sub-N is under
 * N), veterans the highest "N+" they reached; from 18 to 29 none (only the level categories).
 */
export function ageGroupForYears(age: number): AgeGroup | null {
  for (const limit of [10, 12, 14, 16, 18]) if (age < limit) return `SUB_${limit}` as AgeGroup
  if (age < 30) return null
  const veteran = Math.min(70, Math.floor(age / 5) * 5)
  return `MAIS_${veteran}` as AgeGroup
}

export function parseCategory(text: string): CategoryAnswer {
  const n = normalize(text).replace(/[.,!]/g, ' ').replace(/\s+/g, ' ').trim()
  const ageGroup = parseAgeGroup(n)
  let category: PlayerCategory | null = null
  if (
    /\b(iniciante|comecando|comecei|estreante|novato|novata|principiante|nunca joguei|beginner)/.test(
      n,
    )
  )
    category = 'INICIANTE'
  else if (/\b(profissional|pro|atleta profissional|profissa)\b/.test(n)) category = 'PROFISSIONAL'
  else {
    // A lone letter is an article in Portuguese ("a"), so it counts only in a category context.
    const letter =
      /\b(?:categoria|cat|classe|sou d[aoe]|jogo n[ao]|jogo a|jogo|na|da|masculin[ao]|feminin[ao]|mist[ao]|nivel)\s+([abcd])\b/.exec(
        n,
      ) ??
      /^([abcd])(?:\s+(?:masculin[ao]|feminin[ao]|mist[ao]))?$/.exec(n) ??
      /^([abcd])\s*(?:,|e)\s/.exec(n) ??
      /\b([abcd])\s+(?:masculin[ao]|feminin[ao]|mist[ao])\b/.exec(n)
    if (letter?.[1]) category = letter[1].toUpperCase() as PlayerCategory
  }
  const vague =
    category === null && /\bintermediari/.test(n)
      ? 'INTERMEDIARIO'
      : category === null && /\bavancad/.test(n)
        ? 'AVANCADO'
        : null
  return { category, ageGroup, vague }
}

/** Height in centimetres from "1,75", "175 cm", "1.75m", "1m75", "tenho 1 metro e 75", "5'9". */
export function parseHeight(text: string): number | null {
  const n = numberWordsToDigits(normalize(text))
  const feet = /\b([4-7])\s*'\s*(\d{1,2})\b/.exec(text)
  if (feet) return Math.round(Number(feet[1]) * 30.48 + Number(feet[2]) * 2.54)
  const metric =
    /\b(\d)\s*[,.]\s*(\d{1,2})\s*(?:m|metros?)?\b/.exec(n) ??
    /\b([12])\s*(?:m|metros?)\s*(?:e\s*)?(\d{1,2})\b/.exec(n) ??
    // "1 e 72": metres and centimetres said with "e".
    /^\s*(1)\s+e\s+(\d{2})\s*$/.exec(n)
  if (metric) {
    const decimals = metric[2] ?? '0'
    return Number(metric[1]) * 100 + Number(decimals.length === 1 ? `${decimals}0` : decimals)
  }
  const cm = /\b(\d{3})\s*(?:cm|centimetros?)?\b/.exec(n)
  if (cm) return Number(cm[1])
  const metres = /\b([12])\s*(?:m|metros?)\b/.exec(n)
  if (metres) return Number(metres[1]) * 100
  return null
}

export const MIN_HEIGHT = 100
export const MAX_HEIGHT = 230

export function parseHand(text: string): DominantHand | null {
  const n = normalize(text)
  const left = /\b(canhot|esquerd|sinistr|left)/.test(n)
  const right = /\b(destr|direit|right)/.test(n)
  const negated = /\bnao (?:sou |jogo (?:de |com a )?)?(canhot|esquerd|destr|direit)/.exec(n)
  if (negated?.[1]) return /^(canhot|esquerd)/.test(negated[1]) ? 'RIGHT' : 'LEFT'
  if (/ambidestr/.test(n)) return null
  if (left && !right) return 'LEFT'
  if (right && !left) return 'RIGHT'
  return null
}

export function parseGender(text: string): Gender | null {
  const n = normalize(text)
  if (
    /\b(prefiro nao|nao quero|nao informar|nao dizer|prefiro nao dizer|sem resposta|pular)/.test(n)
  )
    return 'UNDISCLOSED'
  if (
    /\b(nao binari\w*|nao-binari\w*|nb|enby|genero fluido|fluid\w*|agenero|outro|outra|outros)\b/.test(
      n,
    )
  )
    return 'OTHER'
  if (/\b(feminin\w*|mulher|moca|garota|menina|fem|f|ela|female|woman)\b/.test(n)) return 'FEMALE'
  if (/\b(masculin\w*|homem|rapaz|garoto|menino|masc|m|ele|male|man)\b/.test(n)) return 'MALE'
  return null
}

const GOAL_FOCUS: Array<[GoalFocus, RegExp]> = [
  ['SUBIR_CATEGORIA', /\b(subir|mudar de categoria|proxima categoria|subir de categoria|ranking)/],
  ['COMPETIR', /\b(torneio|competi|campeonato|campea|ganhar|vencer|circuito|profissional)/],
  ['MENTAL', /\b(nervos|ansie|confian|cabeca|mental|pressao|foco)/],
  ['FISICO', /\b(emagrec|saude|condicionamento|fisico|perder peso|exercit|forma|shape)/],
  [
    'TECNICA',
    /\b(saque|smash|voleio|backhand|forehand|tecnica|golpe|lob|melhorar|evoluir|aprender)/,
  ],
  ['LAZER', /\b(diversao|divertir|lazer|hobby|amigos|relaxar|curtir|brincadeira|prazer)/],
]

export interface GoalAnswer {
  goal: string
  focus: GoalFocus
}

/** Any sensible sentence is a goal; its focus is read from keywords, "evoluir" by default. */
export function parseGoal(text: string): GoalAnswer | null {
  const goal = text.trim().replace(/\s+/g, ' ').slice(0, 200)
  const n = normalize(goal)
  if (looksLikeGibberish(n)) return null
  const focus = GOAL_FOCUS.find(([, re]) => re.test(n))?.[0] ?? 'TECNICA'
  return { goal, focus }
}

/** Sessions per week, 0 (less than weekly) to 14, from "3x por semana", "todo dia", "fim de semana". */
export function parseFrequency(text: string): number | null {
  const n = numberWordsToDigits(normalize(text))
  if (/\b(nao treino|nunca|parado|parada|ainda nao)\b/.test(n)) return 0
  // "1x por semana, às vezes 2": the regular sessions count, the occasional one does not.
  const regular = /\b(\d{1,2})\s*(?:x|vezes|vez)\s*(?:por|na|a|ao|no)?\s*semana\b/.exec(n)
  if (regular) return Math.min(14, Number(regular[1]))
  if (/\b(raramente|quase nunca|de vez em quando|as vezes|eventualmente)\b/.test(n)) return 0
  const perDay = /\b(\d)\s*(?:x|vezes)\s*(?:por|ao|no|a)\s*dia\b/.exec(n)
  if (perDay) return Math.min(14, Number(perDay[1]) * 7)
  if (/\b(todo dia|todos os dias|diariamente|diario|every day)\b/.test(n)) return 7
  const days = weekdaysNamed(n)
  if (days !== null) return days
  const range = /\b(\d{1,2})\s*(?:a|ou|-|–|e)\s*(\d{1,2})\s*(?:x|vezes|dias|treinos)?\b/.exec(n)
  const perMonth = /\b(\d{1,2})\s*(?:x|vezes)?\s*(?:por|no|ao|na)\s*mes\b/.exec(n)
  if (perMonth) return Math.round(Number(perMonth[1]) / 4.3)
  if (range && /\b(semana|x|vezes|dias|treinos)\b/.test(n))
    return Math.min(14, Math.round((Number(range[1]) + Number(range[2])) / 2))
  const count =
    /\b(\d{1,2})\s*(?:x|vezes|vez|dias|treinos|sessoes)\b/.exec(n) ?? /^(\d{1,2})$/.exec(n)
  if (count) return Math.min(14, Number(count[1]))
  if (/\b(fim de semana|final de semana|fds|sabado e domingo)\b/.test(n)) return 2
  if (/\b(uma vez|1 vez)\b/.test(n)) return 1
  return null
}

const WEEKDAYS = ['seg', 'ter', 'qua', 'qui', 'sex', 'sab', 'dom']

/** "seg a sex", "segunda a sábado", "terça e quinta": how many weekdays the answer names. */
function weekdaysNamed(n: string): number | null {
  const day = '(seg|ter|qua|qui|sex|sab|dom)(?:unda|ca|rta|nta|ta|ado|ingo)?(?:-feira)?'
  const span = new RegExp(`\\b${day}\\s*(?:a|ate|-)\\s*${day}\\b`).exec(n)
  if (span?.[1] && span[2]) {
    const from = WEEKDAYS.indexOf(span[1])
    const to = WEEKDAYS.indexOf(span[2])
    if (from >= 0 && to > from) return to - from + 1
  }
  const named = new Set(
    [...n.matchAll(new RegExp(`\\b${day}\\b`, 'g'))].map((m) => m[1]).filter(Boolean),
  )
  return named.size >= 2 ? named.size : null
}
