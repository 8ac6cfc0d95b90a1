import { extractSlots, WEEK, type Weekday } from '../intents/slots'
import { whenIn } from './dates'
import { partnerText } from './partner'
import type { ExtractedFact, FactFields, FactKind } from './types'
import { plain } from './words'

const BODY_KEYS = [
  'ombro',
  'cotovelo',
  'punho',
  'joelho',
  'tornozelo',
  'lombar',
  'panturrilha',
  'quadril',
  'pe',
  'mao',
] as const

const ACTIVITIES: Array<[RegExp, string]> = [
  [/\baulas?\b/, 'aula'],
  [/\b(jogo|jogos|joga|jogar)\b/, 'jogo'],
  [/\b(treino|treinos|treina|treinar)\b/, 'treino'],
  [/\b(fisico|academia)\b/, 'fisico'],
]

/**
 * The structured details of a fact the player rewrote on the memory screen, read from the new
 * text: the coaches must follow the edit, not the sentence it first came from.
 */
export function fieldsFromText(kind: FactKind, text: string, now: Date): FactFields {
  const t = plain(text)
  switch (kind) {
    case 'PARCEIRO': {
      const f: FactFields = {}
      if (/\b(parceira|companheira|ela)\b/.test(t)) f.gender = 'FEMALE'
      else if (/\b(parceiro|companheiro|ele)\b/.test(t)) f.gender = 'MALE'
      if (/\bcanhot/.test(t)) f.hand = 'LEFT'
      else if (/\bdestr[oa]\b/.test(t)) f.hand = 'RIGHT'
      const name = /:\s*([\p{L}]{2,15})/u.exec(text)?.[1]
      if (name) f.name = name
      return f
    }
    case 'EQUIPAMENTO': {
      const m = /raquete\s+(.+?)\.?$/i.exec(text.trim())
      return m?.[1] ? { item: 'raquete', brand: m[1] } : { item: 'raquete' }
    }
    case 'TORNEIO': {
      const when = whenIn(t, now)
      return when?.date ? { date: when.date } : when?.month ? { month: when.month } : {}
    }
    case 'LESAO': {
      const part = BODY_KEYS.find((p) => new RegExp(`\\b${p}`).test(t))
      const f: FactFields = {}
      if (part) f.bodyPart = part
      if (/\bdireit/.test(t)) f.side = 'direito'
      else if (/\besquerd/.test(t)) f.side = 'esquerdo'
      return f
    }
    case 'ROTINA': {
      const schedule: Array<{ day: Weekday; activity: string }> = []
      for (const part of text.split(/[;.]/).map(plain)) {
        const activity = ACTIVITIES.find(([re]) => re.test(part))?.[1] ?? 'jogo'
        for (const day of extractSlots(part).days ?? []) schedule.push({ day, activity })
      }
      const days = WEEK.filter((d) => schedule.some((s) => s.day === d))
      const perWeek = /\b(\d) ?(x|vezes) (por|na) semana\b/.exec(t)?.[1]
      return {
        ...(days.length > 0 ? { days, schedule } : {}),
        ...(perWeek ? { perWeek: Number(perWeek) } : {}),
      }
    }
    case 'RESULTADO': {
      const f: FactFields = {}
      if (/\b(ganh|venc|campe)/.test(t)) f.won = true
      else if (/\b(perd|cai|caiu)/.test(t)) f.won = false
      const score = /\b([0-7]) ?(?:\/|x|a) ?([0-7])\b/.exec(t)
      if (score) f.score = `${score[1]}/${score[2]}`
      return f
    }
    case 'OBJETIVO':
    case 'OUTRO':
      return {}
  }
}

/**
 * What to keep when a new fact meets an older one of the same kind and key: the new one, except
 * that a partner's hand said today joins the name said yesterday (same partner, no new name).
 */
export function mergeFact(
  older: { fields: FactFields },
  newer: ExtractedFact,
): { text: string; fields: FactFields } {
  if (
    newer.kind === 'PARCEIRO' &&
    (!newer.fields.name || newer.fields.name === older.fields.name)
  ) {
    // "meu parceiro…" said of someone else does not turn a named partner into a man: a detail
    // without a name only adds to the partner it fits.
    if (
      older.fields.name &&
      !newer.fields.name &&
      newer.fields.gender &&
      older.fields.gender &&
      newer.fields.gender !== older.fields.gender
    )
      return { text: partnerText(older.fields), fields: older.fields }
    const fields = { ...older.fields, ...newer.fields }
    return { text: partnerText(fields), fields }
  }
  return { text: newer.text, fields: newer.fields }
}
