import type { AnalysisFacts } from '@areia/contracts'
import { type OwnTopic, SECTION } from './ask'
import { gameParts, num } from './reply'

/** The small pieces every answer about the player's own figures is written with. */

export type Count = { value: number; of: number }
export const outOf = (c: Count, one = '', many = one) =>
  `${c.value} de ${c.of}${one ? ` ${c.of === 1 ? one : many}` : ''}`
export const share = (c: Count) => (c.of > 0 ? c.value / c.of : 0)
export const kmh = (mps: number) => `${num(mps * 3.6, 1)} km/h`
export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** "no jogo de 05/12, derrota 4/6 6/3 4/10". */
export function when(f: AnalysisFacts): string {
  const parts = gameParts(f)
  return parts.length > 0 ? `no jogo de ${parts.join(', ')}` : 'no seu último jogo analisado'
}

/** The link to where the report shows a figure. */
export function link(f: AnalysisFacts, topic: OwnTopic, label = 'ver no relatório'): string {
  return `[${label}](/videos/${f.video_id}#${SECTION[topic]})`
}

export function partnerWords(g: 'MALE' | 'FEMALE' | null | undefined) {
  // Unknown, it is "sua dupla": a partner's gender is never guessed.
  return g === 'FEMALE'
    ? { the: 'sua parceira', she: 'ela', of: 'da sua parceira' }
    : g === 'MALE'
      ? { the: 'seu parceiro', she: 'ele', of: 'do seu parceiro' }
      : { the: 'sua dupla', she: 'sua dupla', of: 'da sua dupla' }
}

/** "um do outro" / "uma da outra": two women are spoken of in the feminine. */
export function pair(
  player: string | null | undefined,
  partner: 'MALE' | 'FEMALE' | null | undefined,
): { apart: string; ahead: string } {
  return player === 'FEMALE' && partner === 'FEMALE'
    ? { apart: 'uma da outra', ahead: 'uma bem mais na rede que a outra' }
    : { apart: 'um do outro', ahead: 'um bem mais na rede que o outro' }
}
