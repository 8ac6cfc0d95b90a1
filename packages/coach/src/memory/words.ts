import { normalize } from '../text'

/** Chat shorthands the extractor reads as words ("qdo" is "quando"). */
const SHORTHAND: Record<string, string> = {
  q: 'que',
  pq: 'porque',
  hj: 'hoje',
  qdo: 'quando',
  qnd: 'quando',
  qndo: 'quando',
  tb: 'tambem',
  tbm: 'tambem',
  vc: 'voce',
  eh: 'e',
  é: 'e',
  raq: 'raquete',
  raqueta: 'raquete',
  raquet: 'raquete',
  p: 'pra',
  msm: 'mesmo',
  fds: 'fim de semana',
  tô: 'to',
  tá: 'ta',
  dps: 'depois',
}

/** Lower case, no accents, shorthands spelled out; punctuation `normalize` keeps stays. */
export function plain(text: string): string {
  return normalize(text)
    .replace(/[a-z]+/g, (w) => SHORTHAND[w] ?? w)
    .replace(/([a-z])\1{2,}/g, '$1')
}

/** Words a player types without accents, as the memory screen should show them. */
const ACCENTS: Record<string, string> = {
  sabado: 'sábado',
  proximo: 'próximo',
  proxima: 'próxima',
  irmao: 'irmão',
  irma: 'irmã',
  so: 'só',
  mes: 'mês',
  ja: 'já',
  nao: 'não',
  campeao: 'campeão',
  campea: 'campeã',
  campeoes: 'campeões',
  voce: 'você',
  tenis: 'tênis',
  fisico: 'físico',
  tambem: 'também',
  musculacao: 'musculação',
  manha: 'manhã',
  mae: 'mãe',
  pe: 'pé',
  mao: 'mão',
  ate: 'até',
  e: 'e',
  tres: 'três',
  competicao: 'competição',
  lesao: 'lesão',
  inflamacao: 'inflamação',
  ultimo: 'último',
  ultima: 'última',
  familia: 'família',
  numero: 'número',
  termino: 'término',
  calcado: 'calçado',
  oculos: 'óculos',
  joao: 'João',
  rapido: 'rápido',
  area: 'área',
  mundial: 'mundial',
  saude: 'saúde',
}

/** A phrase of plain words as the player would write it with accents. */
export function accented(phrase: string): string {
  return phrase
    .split(' ')
    .map((w) => ACCENTS[w] ?? w)
    .join(' ')
}

export const capitalize = (s: string) => (s ? `${s.charAt(0).toUpperCase()}${s.slice(1)}` : s)

/** Sentences of a plain text, as the player split them. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/[.!?\n]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

/** Clauses: a sentence cut at commas and at "e"/"mas" that start a new statement. */
export function clausesOf(sentence: string): string[] {
  return sentence
    .split(
      /[,;]| (?:mas|porem|so que) | e (?=(?:tenho|to|estou|meu|minha|uso|quero|treino|jogo|faco|a gente|sinto|comprei)\b)/,
    )
    .map((s) => s.trim())
    .filter((s) => s !== '')
}
