import { plainText } from '../intents/normalize'
import { extractSlots, WEEK, type Weekday } from '../intents/slots'
import type { ChatTurn } from '../types'
import { type SessionRequest, sessionRequest } from './session'

/**
 * What a player asks about the plan the team already made: a day of it ("na segunda, o que eu faço
 * primeiro?"), today's or tomorrow's session, how much it adds up to, another day to fit in ("e se
 * eu conseguir mais 30 min na quarta?"), or how much time to give a subject in it.
 */
export type PlanQuestion =
  | { kind: 'DAY'; day: Weekday }
  | { kind: 'TODAY' }
  | { kind: 'TOMORROW' }
  | { kind: 'TOTAL' }
  | { kind: 'SHOW' }
  | { kind: 'SPLIT'; day: Weekday | null }
  | { kind: 'ADD'; day: Weekday; minutes: number | null }
  | { kind: 'ALLOCATE' }
  | { kind: 'SESSION'; request: SessionRequest }
  | { kind: 'MOVE'; from: Weekday; to: Weekday; time: string | null }
  | { kind: 'RESIZE'; day: Weekday; minutes: number }
  | { kind: 'GYM' }
  /** "quinta chamaram pra jogar, posso ir ou atrapalha o plano?": a one-off game on a day. */
  | { kind: 'EXTRA'; day: Weekday }

/** "1h cada", "1h30", "uma hora e meia", "40 min": how long each session lasts, in minutes. */
export function sessionMinutes(message: string): number | null {
  const t = plainText(message)
  const hm =
    /\b(\d{1,2}) ?h ?(\d{2})?(?= cada| por| de treino| de duracao| no maximo|\s*$| e | ,)/.exec(t)
  if (
    hm &&
    !/\b(as|a partir das|das|ate as) \d{1,2} ?h/.test(
      t.slice(Math.max(0, hm.index - 12), hm.index + 4),
    )
  )
    return Number(hm[1]) * 60 + Number(hm[2] ?? 0)
  const hours = /\b(\d{1,2}) ?horas?\b/.exec(t)
  if (hours) return Number(hours[1]) * 60
  if (/\b(uma hora e meia|hora e meia)\b/.test(t)) return 90
  if (/\buma hora\b/.test(t)) return 60
  const minutes = /\b(\d{2,3}) ?(min|mins|minutos)\b/.exec(t)
  if (minutes) return Number(minutes[1])
  return null
}

/** Did the team already give this player a plan in the conversation? */
export function planInHistory(history: readonly ChatTurn[]): boolean {
  return history.some(
    (t) => t.sender !== 'USER' && /\b(Montei a sua semana|Sua semana|seu plano)\b/.test(t.text),
  )
}

/** "o de sábado dá pra dividir em 2 partes?": one session in two blocks. */
const SPLIT =
  /\b(divid\w*|separ\w*|quebr\w*|partir)\b[^?]{0,25}\b(em )?(2|duas|dois) (partes|blocos|metades|vezes|sessoes)\b/

/** "resume o plano final", "me mostra meu plano de novo": the saved plan, as it is. */
const SHOW =
  /\b(resum\w*|mostr\w*|me (passa|manda|lembra)|repete|qual (e|eh) (o )?meu|como ficou)\b[^?]{0,20}\b(o |meu |esse )?(plano|cronograma|semana de treino)\b/

/**
 * "ter 1h30 e sab 2h": a length said right after a day is that day's, in minutes.
 */
export function minutesByDay(message: string): Map<Weekday, number> {
  const t = plainText(message)
  const out = new Map<Weekday, number>()
  const day = '(seg|ter|qua|qui|sex|sab|dom)(?:unda|ca|rta|nta|ta|ado|ingo)?(?:-feira)?'
  const length = '(\\d{1,2}) ?h ?(\\d{2})?(?: ?min)?|(\\d{2,3}) ?min\\w*|(\\d) horas?'
  // "segunda 19h (1h)": the hour of day may come between the day and the length.
  // "sexta vou sozinho 1h": a few words may come between the day and its length.
  const words = '(?:(?!(?:seg|ter|qua|qui|sex|sab|dom|das|as)\\b)[a-z]+ ){0,3}'
  const pair = new RegExp(
    `\\b${day}\\s*(?:de |com |,|:)?\\s*${words}(?:${HOUR} )?(?:de |com |por |,|:)?\\s*(?:${length})\\b(?! da (?:manha|tarde|noite))`,
    'g',
  )
  for (const m of t.matchAll(pair)) {
    const found = WEEK.find((d) => d.startsWith(m[1] ?? '-'))
    const minutes = m[2]
      ? Number(m[2]) * 60 + Number(m[3] ?? 0)
      : m[4]
        ? Number(m[4])
        : Number(m[5] ?? 0) * 60
    if (found && minutes >= 15 && minutes <= 300) out.set(found, minutes)
  }
  return out
}

/**
 * "seg e qua das 19h às 20h30": the days named just before a span of hours each start at its
 * first hour and last its length.
 */
export function spansByDay(message: string): Map<Weekday, { time: string; minutes: number }> {
  const t = plainText(message)
  const out = new Map<Weekday, { time: string; minutes: number }>()
  const span =
    /\b((?:(?:seg|ter|qua|qui|sex|sab|dom)\w*(?:-feira)?(?:,| e |\s)+)+)(?:\w+ ){0,2}?das (\d{1,2}) ?h ?(\d{2})? (?:as|ate|a) (\d{1,2}) ?h ?(\d{2})?\b/g
  for (const m of t.matchAll(span)) {
    const start = Number(m[2]) * 60 + Number(m[3] ?? 0)
    const end = Number(m[4]) * 60 + Number(m[5] ?? 0)
    const minutes = end - start
    if (minutes < 15 || minutes > 300) continue
    const time = `${Number(m[2])}h${m[3] ?? ''}`
    for (const d of (m[1] ?? '').matchAll(/\b(seg|ter|qua|qui|sex|sab|dom)/g)) {
      const day = WEEK.find((w) => w.startsWith(d[1] ?? '-'))
      if (day) out.set(day, { time, minutes })
    }
  }
  return out
}

/** An hour of the day: "19h", "as 7h", "7h da manha", "9h30 da manha". */
const HOUR = '(?:as )?\\d{1,2} ?h(?:\\d{2})?(?: da (?:manha|tarde|noite))?'

/** "segunda 19h (1h), quarta 7h da manhã": the hour said for each day, as the player wrote it. */
export function timesByDay(message: string): Map<Weekday, string> {
  const t = plainText(message)
  const out = new Map<Weekday, string>()
  const re =
    /\b(seg|ter|qua|qui|sex|sab|dom)(?:unda|ca|rta|nta|ta|ado|ingo)?(?:-feira)?\s*(?:,|:|as|a partir das)?\s*(\d{1,2}) ?h ?(\d{2})?( da (?:manha|tarde|noite))?(?= \d| \(|\s*$| e |,| de | por )/g
  for (const m of t.matchAll(re)) {
    const found = WEEK.find((d) => d.startsWith(m[1] ?? '-'))
    const hour = Number(m[2])
    // "segunda 2h" with nothing after reads as a length; an hour of day is said with a later number.
    if (!found || hour > 23) continue
    const after = t.slice((m.index ?? 0) + m[0].length)
    if (!/^\s*\(?\d/.test(after) && !m[4] && hour < 6) continue
    out.set(found, `${hour}h${m[3] ?? ''}`)
  }
  return out
}

/** "quarta não vou conseguir, passa pra quinta mesmo horário". */
function moveIn(t: string): PlanQuestion | null {
  if (
    !/\b(passa|passar|muda|mudar|troca|trocar|move|mover|transfere|transferir|leva|levar|joga|jogar|empurra|coloca|bota)\b[^?]{0,20}\b(pra|para|pro)\b/.test(
      t,
    )
  )
    return null
  const found = [...t.matchAll(/\b(segunda|terca|quarta|quinta|sexta|sabado|domingo)\b/g)]
  if (found.length !== 2) return null
  const target =
    /\b(pra|para|pro) (a |o )?(segunda|terca|quarta|quinta|sexta|sabado|domingo)\b/.exec(t)?.[3]
  const to = WEEK.find((d) => d === target)
  const other = found.map((m) => m[1]).find((d) => d !== target)
  const from = WEEK.find((d) => d === other)
  if (!to || !from) return null
  const hour = /\b(?:as |a partir das )?(\d{1,2}) ?h ?(\d{2})?\b/.exec(t)
  return { kind: 'MOVE', from, to, time: hour ? `${Number(hour[1])}h${hour[2] ?? ''}` : null }
}

/** "sábado agora só tenho 1h", "quinta vai ser só 40 min". */
function resizeIn(t: string, days: Weekday[], message: string): PlanQuestion | null {
  // "tenho 1h no sábado, o que treino?" asks about the day; only a change said as one changes it.
  if (days.length !== 1 || message.includes('?')) return null
  if (
    !/\b(so|agora|apenas|somente|vai ser|reduz\w*|diminu\w*|aumenta\w*|muda\w* pra|passa a ser)\b/.test(
      t,
    )
  )
    return null
  const minutes = sessionMinutes(message) ?? minutesByDay(message).get(days[0] as Weekday) ?? null
  if (minutes === null || minutes < 15 || minutes > 300) return null
  return { kind: 'RESIZE', day: days[0] as Weekday, minutes }
}

const TOTAL =
  /\b(no total|total de|quantas horas|quanto tempo (por semana|na semana|no total)|continua (o mesmo|igual)|ficou (o mesmo|igual)|o plano continua)\b/
const ALLOCATE =
  /\bquant[oa]s? (min|minutos|tempo|horas?)\b.*\b(por treino|dedico|dedicar|separo|separar|a isso|nisso|pra isso|para isso)\b/
const DAY_ASK =
  /\b(o que|qual|quais)\b.*\b(faco|fazer|treino|treinar|tem|primeiro|comeco|comecar)\b|\b(explica|detalha|faco (o que|oq)|faco exatamente)\b/
/**
 * "e se eu conseguir mais 30 min na quarta?", "consigo treinar no sábado também", "posso incluir
 * a sexta?": a day to add to the week, said with time or training in it.
 */
const ADD_ONE =
  /\b(mais|a mais|extra|tambem)\b.*\b(segunda|terca|quarta|quinta|sexta|sabado|domingo)\b|\b(segunda|terca|quarta|quinta|sexta|sabado|domingo)\b.*\b(tambem|a mais|extra)\b|\b(conseguir|consigo|da pra|posso) (treinar )?(tambem )?(na|no) (segunda|terca|quarta|quinta|sexta|sabado|domingo)\b|\b(incluir|inclui|incluo|acrescentar|acrescenta|adicionar|adiciona|colocar|coloca|botar|bota) (a |o |mais )?(segunda|terca|quarta|quinta|sexta|sabado|domingo)\b/
/** A match, a strategy or a person on that day: a question about it, not a day for the plan. */
const OTHER_SUBJECT =
  /\b(estrategia|tatica|adversari\w*|mulher|homem|dupla adversaria|outra dupla|misto|mista|torneio|campeonato|como (jogo|jogar|montar|enfrento|ganhar))\b/

export function planQuestion(message: string): PlanQuestion | null {
  const session = sessionRequest(message)
  if (session) return { kind: 'SESSION', request: session }
  const t = plainText(message)
  // "com a frequência que eu treino hoje" is about nowadays, not today's session.
  const nowadays = /\b(que|q) (eu )?(treino|jogo) hoje\b|\bhoje em dia\b/.test(t)
  if (ALLOCATE.test(t)) return { kind: 'ALLOCATE' }
  const days = extractSlots(message).days ?? []
  const day = WEEK.find((d) => days.includes(d))
  // "e academia, encaixa onde?": the gym on the plan's free days.
  if (
    /\b(academia|musculacao|fortalecimento|treino de forca)\b/.test(t) &&
    /\b(encaixa|encaixo|encaixar|coloco|colocar|onde|quando|que dia|quais dias|em que dia)\b/.test(
      t,
    )
  )
    return { kind: 'GYM' }
  if (
    day &&
    days.length === 1 &&
    /\b(posso ir|pode ir|posso jogar|da (pra|para) (ir|jogar)|atrapalha|prejudica|tem problema|faz mal|vale ir)\b/.test(
      t,
    ) &&
    /\b(chamou|chamaram|convid\w*|resenha|jogo|jogar|amistoso|rachao|torneio|campeonato)\b/.test(
      t,
    ) &&
    // "amanhã tenho treino e quarta um jogo, dois dias seguidos tem problema?" is about the pair.
    !/\b(seguid\w*|amanha|hoje)\b/.test(t)
  )
    return { kind: 'EXTRA', day }
  const move = OTHER_SUBJECT.test(t) ? null : moveIn(t)
  if (move) return move
  if (day && ADD_ONE.test(t) && !OTHER_SUBJECT.test(t))
    return { kind: 'ADD', day, minutes: sessionMinutes(message) }
  const resize = OTHER_SUBJECT.test(t) ? null : resizeIn(t, days, message)
  if (resize) return resize
  if (TOTAL.test(t) && /\b(plano|treino|treinos|semana|horas)\b/.test(t)) return { kind: 'TOTAL' }
  if (
    SHOW.test(t) ||
    /\b(como ficou|manda tudo|tudo junto|versao final|plano final|plano todo|semana toda como)\b/.test(
      t,
    )
  )
    return { kind: 'SHOW' }
  if (SPLIT.test(t)) return { kind: 'SPLIT', day: day ?? null }
  if (!nowadays && /\b(treino|plano)( (de|pra|para))? amanha\b|\b(treinar|treino) amanha\b/.test(t))
    return { kind: 'TOMORROW' }
  if (
    !nowadays &&
    /\b(meu |o |qual (e )?(o )?(meu )?)?(treino|plano)( (de|pra|para))? (hoje|hj)\b|\bhoje e dia de\b|\b(treino|treinar) (hoje|hj)\b/.test(
      t,
    )
  )
    return { kind: 'TODAY' }
  // "e se chover na quinta, faço o quê no lugar?" asks for another session, not that day's.
  if (
    day &&
    days.length === 1 &&
    DAY_ASK.test(t) &&
    !/\b(chover|chuva|no lugar|alternativ\w*)\b/.test(t)
  )
    return { kind: 'DAY', day }
  return null
}
