import { affirmed } from './text'

/**
 * The rules of play a model's reply must not turn around (ITF): touching the net while the ball is
 * in play loses the point; the serve goes anywhere in the other court, from behind the baseline,
 * feet not on it; each team hits the ball once; a ball on the line is in; the deciding point at
 * 40–40 ends the game; the ball is hit only after it crosses the net; a ball on a player loses the
 * point whatever the intent; any tie-break is won by two.
 */
export type PlayRuleBroken =
  | 'NET_TOUCH'
  | 'SERVE_POSITION'
  | 'TWO_TOUCHES'
  | 'LINE_BALL'
  | 'DECIDING_POINT'
  | 'CROSS_NET'
  | 'MARGIN'

const ALLOWED =
  /\b(nao (e|eh) falta|nao conta|nao perde|pode|podem|permitid[oa]|liberad[oa]|tolerad[oa]|vale|segue normal\w*|ponto segue|tudo bem)\b/

const PLAY_RULES: Array<[PlayRuleBroken, (s: string) => boolean]> = [
  [
    'NET_TOUCH',
    (s) =>
      (/\b(encost\w*|toc\w*|rel\w*|bat\w*)\b[^.]{0,30}\b(na rede|a rede|rede com)\b/.test(s) ||
        /\bencost\w* (de leve )?com a raquete\b/.test(s)) &&
      affirmed(s, ALLOWED).length > 0 &&
      !/\b(bola|ela|saque) (bate|bater|bateu|toca|tocar|tocou|raspa|raspar|raspou|encosta|encostar) (n?a) (rede|fita)\b/.test(
        s,
      ),
  ],
  [
    'SERVE_POSITION',
    (s) =>
      affirmed(
        s,
        /\b(saque|sacar|saca)\b[^.]{0,25}\b(tem que|deve|precisa|obrigatori\w*)[^.]{0,15}\bcruzad[oa]\b/,
      ).length > 0 ||
      affirmed(s, /\bmetade diagonal\b/).length > 0 ||
      (/\b(passo a frente da linha|pisar (na|sobre a|dentro da) linha|pe (na|sobre a) linha)\b/.test(
        s,
      ) &&
        /\b(tolerad[oa]|permitid[oa]|pode|vale|liberad[oa])\b/.test(s) &&
        affirmed(s, /\b(tolerad[oa]|permitid[oa]|pode|vale|liberad[oa])\b/).length > 0),
  ],
  [
    'TWO_TOUCHES',
    (s) =>
      /\b(dois toques|um toque de cada|tocar (os|as) dois|cada um (toca|da um toque))\b/.test(s) &&
      affirmed(s, /\b(permitid[oa]|pode|podem|vale|liberad[oa])\b/).length > 0,
  ],
  [
    'LINE_BALL',
    (s) =>
      /\b(bola (na|sobre a|em cima da) linha|na linha)\b/.test(s) &&
      /\b(considerada fora|e fora|fica fora|nao vale|out|nao faz parte)\b/.test(s) &&
      affirmed(s, /\b(considerada fora|e fora|fica fora|nao faz parte)\b/).length > 0,
  ],
  [
    'DECIDING_POINT',
    (s) =>
      /\bponto de ouro\b/.test(s) &&
      /\b(mais um ponto|confirmar|precisa (ganhar|fazer) (dois|2)|vantagem)\b/.test(s) &&
      affirmed(s, /\b(mais um ponto|precisa confirmar|ainda precisa)\b/).length > 0,
  ],
  [
    'CROSS_NET',
    (s) =>
      /\bantes (dela|da bola|de a bola) (cruzar|passar|atravessar)\b/.test(s) &&
      affirmed(s, /\b(pode|podem|permitid[oa]|vale|liberad[oa])\b/).length > 0,
  ],
  [
    'MARGIN',
    (s) =>
      /\b(mesmo (se|que) (for|seja|ficar) 10 ?[-x/a] ?9|10 ?[-x/a] ?9 (ja )?(fecha|ganha|vale))\b/.test(
        s,
      ) ||
      (/\b(6 ?[-x/a] ?6|seis a seis)\b/.test(s) &&
        /\btie-? ?break\b[^.]{0,30}\bate (10|dez)\b/.test(s)),
  ],
]

/** "bola no pé só é falta se for de propósito": the body rule made to hang on intent. */
const BODY_INTENT =
  /\b(bola|bater|batida)\b[^.]{0,30}\b(no|na) (pe|perna|corpo|braco)\b[^.]{0,60}\b(de proposito|proposital|intencional)\b/

export function playRulesBroken(sentences: readonly string[]): PlayRuleBroken[] {
  const out = new Set<PlayRuleBroken>()
  for (const s of sentences) {
    // A question claims nothing; another sport's rule is its own, unless said to be alike.
    const otherSport = /\bno (tenis|padel|volei|squash)\b/.test(s)
    if (/\?\s*$/.test(s) || (otherSport && !/\b(como|igual|igualzinho) (no|ao|o)\b/.test(s)))
      continue
    for (const [rule, breaks] of PLAY_RULES) if (breaks(s)) out.add(rule)
  }
  return [...out]
}

/** The body rule hung on intent, in any sentence of the reply. */
export function bodyRuleOnIntent(sentences: readonly string[]): boolean {
  return sentences.some((s) => BODY_INTENT.test(s))
}
