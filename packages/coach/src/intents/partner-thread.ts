import { chatText } from './normalize'
import type { AnswerInput } from './answer'

/**
 * The turns of a talk about a partner that the catalogue's general answer does not reach: what if
 * they do not change, why they do it, and what to say at the set break. Each names the partner.
 */

const NOT_CHANGING =
  /\b(e se|mas se|caso) (ele|ela|\w+) (nao|continuar|seguir) (mudar|mudou|parar|fazendo|igual)\b|\bnao (mudar|muda) nunca\b/
const WHY_THEY =
  /\b(por que|porque|pq|por qual motivo) (sera que |vc acha que |voce acha que |tu acha que )?(ele|ela|\w+) (faz|fica|age|reage|pega|grita|some)\b|\b(pq|por que|porque) (vc|voce) acha (que|q) (ele|ela)\b/
const AT_THE_BREAK =
  /\b(o que|oq|q) (eu )?(falo|digo|converso) (pra|para|com) (ele|ela|\w+) no (intervalo|troca de lado|fim do set)\b|\bno intervalo\b[^?]{0,40}\b(falo|digo)\b/

function who(input: AnswerInput): { name: string; to: string; he: string } {
  const fact = input.facts?.find((f) => f.kind === 'PARCEIRO')?.fields
  const gender = input.slots.partner?.gender ?? fact?.gender
  const name = input.slots.partner?.name ?? fact?.name
  const he = gender === 'FEMALE' ? 'ela' : 'ele'
  const article = gender === 'FEMALE' ? 'a' : 'o'
  const to = name ? (gender === 'FEMALE' ? `à ${name}` : `ao ${name}`) : `a ${he}`
  return { name: name ? `${article} ${name}` : he, to, he }
}

export function partnerThread(input: AnswerInput): string | undefined {
  if (!/parceir|dupla|comunicacao|conflito|cobra/.test(input.intent.id)) return undefined
  const text = chatText(input.message ?? input.frame?.text ?? '')
  const p = who(input)
  const line = NOT_CHANGING.test(text)
    ? `Se ${p.name} não mudar depois de uma conversa calma, vocês ainda têm três saídas: combinar um sinal de mão antes do ponto para a bola do meio (quem chama e quem cobre), treinar juntos só essas bolas até a decisão virar automática, e, se nem assim funcionar, pensar se vale seguir com essa dupla nos torneios.`
    : WHY_THEY.test(text)
      ? `Quase nunca é pessoal: costuma ser ansiedade de salvar o ponto, hábito de quem confia mais no próprio golpe, ou vocês nunca terem combinado de quem é a bola do meio. Pergunte ${p.to} o que ${p.he} vê nessa bola; a resposta mostra qual dos três é.`
      : AT_THE_BREAK.test(text)
        ? `No intervalo, duas frases e nada de cobrança: uma de plano ("a bola do meio é de quem está com o forehand; eu chamo cedo") e uma de energia ("bora, um ponto de cada vez"). A conversa sobre o que incomodou fica para depois do jogo.`
        : undefined
  return line ? input.said.fresh([line])[0] : undefined
}
