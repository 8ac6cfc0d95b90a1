import type { AnalysisFacts } from '@areia/contracts'
import { chatText } from '../intents/normalize'

/**
 * Which of the player's published matches a question is about: "no jogo do dia 21", "no de
 * 21/11", "no jogo que eu ganhei", "no primeiro jogo". Without a word that points elsewhere it is
 * the newest one. Returns the index in `reports` (newest first).
 */
export function whichMatch(message: string, reports: readonly AnalysisFacts[]): number {
  if (reports.length < 2) return 0
  const text = chatText(message)
  // "foi mais q no jogo q eu ganhei?": the other match is what the newest is compared with.
  if (/\b(mais|menos) (q|que|do que)\b|\bcomparad|\bem relacao\b/.test(text)) return 0
  const dated = (day: number, month?: number) =>
    reports.findIndex((r) => {
      const m = /^\d{4}-(\d{2})-(\d{2})/.exec(r.game_date ?? '')
      return !!m && Number(m[2]) === day && (month === undefined || Number(m[1]) === month)
    })
  const full = /\b(\d{1,2})\/(\d{1,2})\b/.exec(text)
  if (full) {
    const i = dated(Number(full[1]), Number(full[2]))
    if (i >= 0) return i
  }
  const day = /\b(?:dia|do dia|no dia|de) (\d{1,2})\b(?! ?(?:%|m\b|metros|pontos|min))/.exec(text)
  if (day) {
    const i = dated(Number(day[1]))
    if (i >= 0) return i
  }
  const won = /\b(que|q) (eu |a gente |nos )?(ganhei|ganhamos|venci|vencemos)\b|\bna vitoria\b/
  const lost = /\b(que|q) (eu |a gente |nos )?(perdi|perdemos)\b|\bna derrota\b/
  if (won.test(text)) {
    const i = reports.findIndex((r) => r.game_outcome === 'WON')
    if (i >= 0) return i
  }
  if (lost.test(text)) {
    const i = reports.findIndex((r) => r.game_outcome === 'LOST')
    if (i >= 0) return i
  }
  if (/\bprimeiro jogo\b/.test(text)) return reports.length - 1
  if (/\b(jogo anterior|outro jogo|penultimo jogo|jogo de antes)\b/.test(text)) return 1
  return 0
}
