import { WEEKDAY_LABEL } from '../intents/slots'
import { joinPt } from '../text'
import { extractFacts } from './extract'
import { dayText } from './recall'
import type { ChatTurn } from '../types'
import type { ExtractedFact } from './types'

/**
 * One line that reads back what the player just told the team ("Anotei: a Carol, canhota, é sua
 * parceira no torneio de 13/12 (domingo)"), so they see it was kept; null when the message told
 * nothing worth remembering.
 */
export function acknowledgement(
  message: string,
  now: Date,
  readBack: (part: string) => boolean = () => false,
): string | null {
  // A fact already read back to the player, told again, is not news.
  const parts = extractFacts(message, now)
    .flatMap((f) => said(f, now))
    .filter((part) => !readBack(part))
  return parts.length > 0 ? `Anotei: ${joinPt(parts)}.` : null
}

/** What earlier replies read back ("Anotei: …"), to tell a fact told again from news. */
export function readBackIn(history: readonly ChatTurn[]): (part: string) => boolean {
  const lines = history
    .filter((t) => t.sender !== 'USER' && t.text.startsWith('Anotei: '))
    .map((t) => t.text.split('\n')[0] ?? '')
  return (part) => lines.some((line) => line.includes(part))
}

function said(f: ExtractedFact, now: Date): string[] {
  const x = f.fields
  switch (f.kind) {
    case 'PARCEIRO': {
      if (!x.name && !x.hand) return []
      const female = x.gender === 'FEMALE'
      const hand = x.hand
        ? x.hand === 'LEFT'
          ? female
            ? 'canhota'
            : 'canhoto'
          : female
            ? 'destra'
            : 'destro'
        : null
      const who = female ? 'sua parceira' : x.gender === 'MALE' ? 'seu parceiro' : 'sua dupla'
      if (x.name)
        return [
          `${female ? 'a' : x.gender === 'MALE' ? 'o' : ''} ${x.name}${hand ? `, ${hand},` : ''} é ${who}`.trim(),
        ]
      return [`${who} é ${hand}`]
    }
    case 'TORNEIO':
      return [
        x.date ? `o torneio de ${dayText(x.date, now)}` : f.text.replace(/\.$/, '').toLowerCase(),
      ]
    case 'EQUIPAMENTO': {
      // "a raquete Drop Shot Conqueror, mais pesada que a anterior": no parentheses in parentheses.
      const detail = f.text
        .replace(/^Raquete\s*/, '')
        .replace(/\.$/, '')
        .replace(/\s*\(([^()]*)\)$/, ', $1')
      return [detail ? `a raquete ${detail}` : 'a raquete nova']
    }
    case 'LESAO':
      // As kept: "a tendinite no joelho direito", "a entorse no tornozelo (desde sábado, 05/12)".
      return x.bodyPart
        ? [
            `a ${f.text.replace(/\.$/, '').replace(/^[A-ZÁÉÍÓÚ](?=[a-zà-ú])/, (c) => c.toLowerCase())}`,
          ]
        : []
    case 'ROTINA':
      if (x.perWeek !== undefined) return [`que agora você joga ${x.perWeek}x por semana`]
      return x.days?.length
        ? [`os seus dias de jogo e treino (${joinPt(x.days.map((d) => WEEKDAY_LABEL[d]))})`]
        : []
    default:
      return []
  }
}
