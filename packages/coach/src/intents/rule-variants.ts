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
    !/\b(super|supertiebreak|match tie|ate 10|10 pontos|3 set|3o set|terceiro set|no lugar do (3|terceiro))\b/.test(
      t,
    )
  )
    return undefined
  // "se der 6 a 6 joga tiebreak até 7? e o super…": the set's tie-break answered first.
  const setTie = /\b6 ?(a|x) ?6\b|\b(ate|a) 7\b/.test(t)
  const tied = /\b(\d{1,2}) ?(a|x) ?\1\b/.exec(t)
  const at = tied && Number(tied[1]) >= 9 ? Number(tied[1]) : 9
  return [
    ...(setTie
      ? ['No 6 a 6 do set, sim: tie-break até 7 pontos, com 2 de diferença (8–6, 9–7…).']
      : []),
    `${setTie ? 'E o super tie-break' : 'Isso, o super tie-break'} vai até 10, mas também precisa de 2 pontos de diferença: chegar a 10 só fecha com dois de vantagem (10–8 fecha, 10–9 segue), e no ${at} a ${at} o jogo segue até alguém abrir dois (${at + 2}–${at}, ${at + 3}–${at + 1}…).`,
    'Ele substitui o terceiro set: a contagem é 1, 2, 3…, e o saque roda como no tie-break normal: quem tem a vez saca o primeiro ponto e, depois, cada jogador saca dois seguidos.',
  ].join(' ')
}
