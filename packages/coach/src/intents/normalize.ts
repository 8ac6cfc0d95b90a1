import { createRequire } from 'node:module'
import { normalize } from '../text'

/**
 * How players type, rewritten the way the knowledge is written: chat abbreviations, spellings of
 * the sport's jargon and emoji become plain words before anything is matched. Keys are
 * normalised words (no accents, lower case).
 */
const WORDS: Record<string, string> = {
  vc: 'voce',
  vcs: 'voces',
  ce: 'voce',
  q: 'que',
  pq: 'porque',
  pqp: 'raiva',
  oq: 'o que',
  tb: 'tambem',
  tbm: 'tambem',
  tmb: 'tambem',
  mto: 'muito',
  mt: 'muito',
  mta: 'muita',
  mtos: 'muitos',
  td: 'tudo',
  tds: 'todos',
  cmg: 'comigo',
  hj: 'hoje',
  dps: 'depois',
  qdo: 'quando',
  qnd: 'quando',
  qto: 'quanto',
  qtos: 'quantos',
  qts: 'quantas',
  qnt: 'quanto',
  qnto: 'quanto',
  qnta: 'quanta',
  qnts: 'quantos',
  qlq: 'qualquer',
  qq: 'qualquer',
  pfv: 'por favor',
  pfvr: 'por favor',
  pls: 'por favor',
  dnv: 'de novo',
  vdd: 'verdade',
  fds: 'fim de semana',
  tmj: 'valeu',
  msm: 'mesmo',
  n: 'nao',
  nn: 'nao',
  naum: 'nao',
  eh: 'e',
  ta: 'esta',
  tah: 'esta',
  tao: 'estao',
  tamo: 'estamos',
  to: 'estou',
  tou: 'estou',
  pra: 'para',
  pro: 'para o',
  pros: 'para os',
  p: 'para',
  blz: 'beleza',
  vlw: 'valeu',
  obg: 'obrigado',
  obgd: 'obrigado',
  brigado: 'obrigado',
  brigada: 'obrigada',
  agr: 'agora',
  ngm: 'ninguem',
  kd: 'cade',
  sla: 'sei la',
  bt: 'beach tennis',
  raq: 'raquete',
  raquetinha: 'raquete',
  smesh: 'smash',
  esmash: 'smash',
  smach: 'smash',
  smashe: 'smash',
  smashar: 'smash',
  smashear: 'smash',
  smashs: 'smash',
  smashes: 'smash',
  bandeija: 'bandeja',
  bandeijinha: 'bandeja',
  bandejinha: 'bandeja',
  deixadinha: 'curtinha',
  deixadinhas: 'curtinha',
  deixada: 'curtinha',
  amortecida: 'curtinha',
  curtinhas: 'curtinha',
  reves: 'backhand',
  backand: 'backhand',
  bekhand: 'backhand',
  forehend: 'forehand',
  forehands: 'forehand',
  backhands: 'backhand',
  caibra: 'caimbra',
  caibras: 'caimbra',
  caimbras: 'caimbra',
  cainbra: 'caimbra',
  tiebreak: 'tiebreak',
  taibreak: 'tiebreak',
  taybreak: 'tiebreak',
  lobby: 'lob',
  lobe: 'lob',
  lobs: 'lob',
  lobar: 'lob',
  lobei: 'lob',
  lobando: 'lob',
  saq: 'saque',
  sake: 'saque',
  voley: 'voleio',
  vole: 'voleio',
  voleis: 'voleio',
  robo: 'robo',
  robos: 'robo',
  bot: 'robo',
  ia: 'inteligencia artificial',
  ai: 'ai',
  ombru: 'ombro',
  toss: 'lancamento',
  pingar: 'quicar',
  pingou: 'quicou',
  pinga: 'quica',
  pingando: 'quicando',
  balao: 'lob',
  baloes: 'lob',
  balaozinho: 'lob',
  drop: 'curtinha',
  bolinha: 'bola',
  bolinhas: 'bolas',
  peixinho: 'mergulho',
  kkk: 'risada',
  rs: 'risada',
  rsrs: 'risada',
  haha: 'risada',
  hahaha: 'risada',
  kk: 'risada',
}

/** Phrases first, before words are split: the sport's multi-word names. */
const PHRASES: Array<[RegExp, string]> = [
  [/\btie[ -]?break(s)?\b/g, 'tiebreak'],
  [/\bsuper[ -]?tiebreak\b/g, 'supertiebreak'],
  [
    /\bpontos? (de )?ouro\b|\bpontos? decisivos?\b|\bgolden point\b|\bkiller point\b/g,
    'pontodeouro',
  ],
  [/\b40 ?(x|a|-|iguais|igual) ?(40)?\b|\bquarenta iguais\b|\bdeuce\b/g, 'pontodeouro'],
  [/\bbeach ?tennis\b|\bbeach ?tenis\b|\bbeach\b/g, ' '],
  // A set's score ("6/3", "6x4", "6 a 2") is about a result, whatever its numbers.
  [/\b[0-7] ?(?:x|\/|a) ?[0-7]\b/g, ' $& placar '],
  [/\bsplit[ -]?step\b/g, 'splitstep'],
  [/\bdrop[ -]?shot\b/g, 'dropshot'],
  [/\bover ?grip\b/g, 'overgrip'],
  [/\b(minha|de|na|uma) direita\b/g, '$1 forehand'],
  [/\b(minha|de|na|uma) esquerda\b/g, '$1 backhand'],
  [/\bna fita\b/g, 'na rede'],
  // "sair da D e ir pra C": a category named by its letter alone.
  [/\b(pra|para|na|da|de|ate a|ate) ([bcd])\b(?![.'])/g, '$1 categoria $2'],
  [/\bk{2,}\b|\b(ha){2,}h?\b|\b(rs){1,}\b|\b(he){2,}\b/g, ' risada '],
]

/** Makers of beach tennis rackets and balls: a name of one is a question about equipment. */
const BRANDS =
  /\b(heroes|mormaii|kona|shark|sexy|rakkettone|quicksand|vision|mbt|kvor|xtreme|babolat|wilson|head|adidas|dunlop|sane|akkeron|ad\/ts|turquoise)\b/g

/** Emoji that carry meaning in a chat, as words; other symbols are dropped by `normalize`. */
const EMOJI: Array<[RegExp, string]> = [
  [/[😡🤬😤👿]/gu, ' raiva '],
  [/[😰😱😬😨😥]/gu, ' nervoso '],
  [/[😢😭😞😔☹🙁😩😫]/gu, ' triste '],
  [/[😂🤣😆😅😄😁]/gu, ' risada '],
  [/[👍👌🤙✅]/gu, ' ok '],
  [/[🙏]/gu, ' obrigado '],
  [/[❤💙💚💛🧡💜😍🥰]/gu, ' amei '],
  [/[🤕🩹]/gu, ' dor '],
]

/**
 * Words too common to tell one question from another. Question words and "não" stay: "quando
 * subir" and "não entendi" carry the intent.
 */
const STOPWORDS = new Set(
  (
    'a o as os um uma uns umas de do da dos das em no na nos nas num numa por pelo pela pelos pelas ' +
    'para com e ou que se me te lhe meu minha meus minhas seu sua seus suas teu tua nosso nossa ' +
    'eu voce voces ele ela eles elas isso isto esse essa este esta aquele aquela ai la aqui ja ' +
    'muito muita muitos muitas mais bem so tambem mas entao ne tipo coisa coisas gente ate ' +
    'foi ser sou estou estava estao estamos tenho tem ter fazer faco faz vai vou ao aos the'
  ).split(' '),
)

// The Snowball port ships CommonJS without types.
const snowball = createRequire(import.meta.url)('snowball-stemmers') as {
  newStemmer(language: string): { stem(word: string): string }
}
const stemmer = snowball.newStemmer('portuguese')
const stems = new Map<string, string>()

/** The Snowball stem, with "qu"/"c" spellings joined so "saque" and "sacar" meet. */
export function stem(word: string): string {
  let out = stems.get(word)
  if (out === undefined) {
    out = stemmer.stem(word.replace(/qu(?=[ei])/g, 'c').replace(/ss/g, 's'))
    if (stems.size < 50_000) stems.set(word, out)
  }
  return out
}

/**
 * The message in lower case without accents, emoji and abbreviations resolved, punctuation kept
 * ("6/3", "terça, quinta"): what detail extraction reads.
 */
export function chatText(text: string): string {
  let out = text
  for (const [re, word] of EMOJI) out = out.replace(re, word)
  out = normalize(out)
  // "raquete Drop Shot de 2019" names a maker, not the stroke.
  if (/\braquete/.test(out)) out = out.replace(/\bdrop ?shot\b/g, ' marca ')
  out = out.replace(BRANDS, ' marca ')
  for (const [re, word] of PHRASES) out = out.replace(re, word)
  return out
    .replace(/[a-z0-9]+/g, (w) => {
      const squeezed = w.replace(/([a-z])\1{2,}/g, '$1')
      return WORDS[squeezed] ?? squeezed
    })
    .replace(/\s+/g, ' ')
    .trim()
}

/** The message as plain words: `chatText` without punctuation. */
export function plainText(text: string): string {
  return chatText(text)
    .split(/[\s,.!?;:()"'/+%@-]+/)
    .filter((w) => w !== '')
    .join(' ')
}

const MONTHS =
  /^(janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)$/

/**
 * Content terms of a message: plain words minus stopwords, stemmed. Numbers and month names say
 * when and how much, not what is asked ("dia 14 de março" is not "14 anos" or "marca"): the
 * details are read apart, by `extractSlots`.
 */
export function terms(text: string): string[] {
  return plainText(text)
    .split(' ')
    .filter((w) => w !== '' && !STOPWORDS.has(w) && !/^\d+[a-z]{0,3}$/.test(w))
    .map((w) => (MONTHS.test(w) ? 'data' : stem(w)))
    .filter((w) => w.length > 1)
}
