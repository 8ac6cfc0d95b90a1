import { normalize } from '../text'

/**
 * A pain that is someone else's: "a Renata tá com dor no punho", "meu parceiro torceu o pé". The
 * advice is for that person, so nothing of it is the player's own injury.
 */
const PAIN = /\b(dor|dores|doendo|doi|machuc\w*|torceu|lesion\w*|inflam\w*|tendinite|inchad\w*)\b/
const VERB =
  '(?:ta|esta|tá|anda|vive|segue|continua|sente|sentiu|reclama|reclamou|torceu|machucou|lesionou)'
const NAMED = new RegExp(`(?:^|[.!?]\\s*|\\b(?:e|mas|que) )(a|o) ([a-z]{2,15}) ${VERB}\\b`)
const PRONOUN = new RegExp(`\\b(minha parceira|meu parceiro|minha dupla|ela|ele) ${VERB}\\b`)
const MINE =
  /\b(eu (tambem )?(to|estou|sinto|tenho)|tenho dor|sinto dor|meu (ombro|cotovelo|punho|joelho|tornozelo|pe)|minha (lombar|panturrilha|mao))\b/
const SAID: Record<string, string> = {
  'minha parceira': 'sua parceira',
  'meu parceiro': 'seu parceiro',
  'minha dupla': 'sua dupla',
}

/** Who the pain belongs to ("a Renata", "seu parceiro", "ela"), or null when it is the player's. */
export function painOfAnother(message: string): string | null {
  const t = normalize(message)
  if (!PAIN.test(t) || MINE.test(t)) return null
  const named = NAMED.exec(t)
  if (named?.[1] && named[2])
    return `${named[1]} ${named[2].charAt(0).toUpperCase()}${named[2].slice(1)}`
  const pronoun = PRONOUN.exec(t)?.[1]
  return pronoun ? (SAID[pronoun] ?? pronoun) : null
}

const BRACE =
  /\b(munhequeira|tornozeleira|joelheira|cotoveleira|bandagem|fita|faixa|kinesio|tape)\b/
const REST = /\b(parar|descansar|repouso|pausa|folga|ficar parad[oa])\b/

/**
 * "melhor usar munhequeira ou parar uns dias?": rest is what treats it, the brace helps on the way
 * back. `who` is null for the player.
 */
export function braceOrRest(message: string, who: string | null): string | undefined {
  const t = normalize(message)
  const brace = BRACE.exec(t)?.[1]
  if (!brace || !REST.test(t) || !/\bou\b/.test(t)) return undefined
  const article = brace === 'kinesio' || brace === 'tape' ? 'o' : 'a'
  return `Melhor ${who ? `${who} parar` : 'parar'} de jogar uns dias: ${article} ${brace} ajuda na volta, mas não trata a dor. Se em três ou quatro dias de pausa não melhorar, ou se piorar, vale passar num fisioterapeuta.`
}
