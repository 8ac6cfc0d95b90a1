import { chatText } from './normalize'

/**
 * Left and right across the net: what a player facing an opponent gets wrong most. "Direita dele
 * ou minha?" is answered with both, and a left-handed opponent turns a target to the other side.
 */

/** "direita dele ou minha?", "esquerda de quem?": whose side the last answer meant. */
const WHOSE =
  /\b(direit[oa]|esquerd[oa])\b[^?]{0,25}\b(dele|dela|minha|meu|de quem|do adversario|da adversaria)\b|\b(dele|dela) ou (minha|meu|o meu|a minha)\b/

export function whoseSideLine(message: string): string | null {
  const t = chatText(message)
  if (!WHOSE.test(t)) return null
  const she = /\bdela\b|\badversaria\b/.test(t)
  const him = she ? 'dela' : 'dele'
  return `A direita **${him}**, do adversário. Como vocês estão de frente, um de cada lado da rede, a direita ${him} fica do **seu lado esquerdo**, e a esquerda ${him}, do seu direito: olhando para ${she ? 'ela' : 'ele'}, mire o lado que fica à sua esquerda.`
}

/** "e se o cara da rede for canhoto?": the opponent's hand changed, the same stroke asked. */
const OPPONENT_LEFTY =
  /\b(cara|adversari[oa]|oponente|o da rede|a da rede|do outro lado|ele|ela|eles|a dupla deles|o outro|a outra)\b[^?]{0,30}\bcanhot[oa]s?\b|\bcanhot[oa]s? (do outro lado|na rede deles|do lado deles)\b/

export function opponentLefty(message: string): boolean {
  const t = chatText(message)
  return (
    OPPONENT_LEFTY.test(t) &&
    !/\b(eu sou|sou canhot|minha parceira|meu parceiro|minha dupla)\b/.test(t)
  )
}

/** The target of the stroke asked about, for a left-handed opponent. */
const AGAINST_LEFTY: Record<string, string> = {
  lob: 'Contra um canhoto na rede, o lado fraco dele, o backhand por cima do ombro, fica à **direita dele**, que olhando de frente é o **seu lado esquerdo**: o lob vai por cima do ombro direito dele, de preferência na diagonal, e o smash de forehand dele cobre o outro lado.',
  smash:
    'Contra um canhoto, o backhand dele fica à **direita dele**, o seu lado esquerdo olhando de frente: o smash vai nos pés dele ou nesse lado; no meio da dupla, lembre que a bola pode cair no forehand dele.',
  saque:
    'Contra um canhoto recebendo, o backhand dele fica à **direita dele**, o seu lado esquerdo olhando de frente: saque mirando ali ou no corpo, e cuidado com a bola no meio, que pode cair no forehand dele.',
  devolucao:
    'Contra um canhoto sacando, o efeito do saque dele abre para o lado contrário ao de um destro; devolva no meio ou no backhand dele, à **direita dele** (o seu lado esquerdo olhando de frente).',
  voleio:
    'Contra um canhoto na rede, o backhand dele fica à **direita dele**, o seu lado esquerdo olhando de frente: o voleio de ataque vai nos pés dele ou nesse lado.',
  fundo:
    'Contra um canhoto, o backhand dele fica à **direita dele**, o seu lado esquerdo olhando de frente: é para lá que vai a bola quando você quer pressionar.',
}

export function againstLeftyLine(domain: string): string | null {
  return AGAINST_LEFTY[domain] ?? null
}
