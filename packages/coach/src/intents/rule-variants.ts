import { chatText } from './normalize'
import type { AnswerInput } from './answer'

/**
 * A rule asked in its variant: the super tie-break (to 10, in place of the third set) is not the
 * tie-break at 6-6, and "e se ficar 9 a 9?" is its two-point margin.
 */
export function ruleVariantLead(input: AnswerInput): string | undefined {
  if (input.intent.id !== 'regra-tie-break') return undefined
  const t = chatText(input.message ?? '')
  if (
    !/\b(super|match tie|ate 10|10 pontos|3 set|3o set|terceiro set|no lugar do (3|terceiro))\b/.test(
      t,
    )
  )
    return undefined
  const tied = /\b(\d{1,2}) ?(a|x) ?\1\b/.exec(t)
  return [
    `Isso, o super tie-break vai até 10, mas precisa de 2 pontos de diferença${tied ? `: no ${tied[1]} a ${tied[1]} o jogo segue até alguém abrir dois (${Number(tied[1]) + 2}–${tied[1]}, ${Number(tied[1]) + 3}–${Number(tied[1]) + 1}…)` : ': no 9 a 9 segue até alguém abrir dois (11–9, 12–10…)'}.`,
    'Ele substitui o terceiro set: a contagem é 1, 2, 3…, e o saque roda como no tie-break normal: quem tem a vez saca o primeiro ponto e, depois, cada jogador saca dois seguidos.',
  ].join(' ')
}
