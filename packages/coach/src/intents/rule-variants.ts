import { chatText } from './normalize'
import type { AnswerInput } from './answer'

/**
 * A rule asked in its variant: the super tie-break (to 10, in place of the third set) is not the
 * tie-break at 6-6, and "e se ficar 9 a 9?" is its two-point margin.
 */
export function ruleVariantLead(input: AnswerInput): string | undefined {
  const t = chatText(input.message ?? '')
  // "a bola já tinha caído na areia deles e depois eu encostei na rede": the point was over.
  if (
    input.intent.domain === 'regras' &&
    /\b(rede|fita)\b/.test(t) &&
    /\b(ja tinha|ja havia|depois que|dps que|apos) (caido|quicado|batido|tocado|pingado)|\b(caiu|quicou|pingou) (na areia|no chao|la dentro)[^?]{0,40}\b(dps|depois|ai)\b/.test(
      t,
    )
  )
    return 'Você está certo: o ponto acaba quando a bola toca a areia do lado deles. Tocar a rede só custa o ponto com a bola em jogo; encostar depois que ela já caiu não muda nada.'
  if (input.intent.id !== 'regra-tie-break') return undefined
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
