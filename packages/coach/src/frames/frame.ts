import { plainText } from '../intents/normalize'
import { extractSlots, type BodyPart, type Slots } from '../intents/slots'

/**
 * A player's message read as a frame: what it is about (a stroke, a situation on court, a rule,
 * the body, equipment, a plan, the product, the player's own numbers or what they told us), the
 * problem, who does what, the conditions and the details. What the player named is binding: an
 * answer about another stroke, role or body part answers another question.
 */

export type Stroke =
  | 'saque'
  | 'voleio'
  | 'smash'
  | 'bandeja'
  | 'lob'
  | 'curtinha'
  | 'forehand'
  | 'backhand'
  | 'passada'

/** Who hits the stroke: the player (or their team), or the opponents, whom the player answers. */
export type Role = 'HIT' | 'ANSWER'

export type Problem =
  'REDE' | 'LONGO' | 'CURTO' | 'MADEIRA' | 'FRACO' | 'PREVISIVEL' | 'TIMING' | 'CONSISTENCIA'

/** What about the stroke: how to hold it, move to it, where to aim, when to use it… */
export type Aspect =
  | 'EMPUNHADURA'
  | 'CORPO'
  | 'ALVO'
  | 'FORCA'
  | 'QUANDO'
  | 'EFEITO'
  | 'DISFARCE'
  | 'SALTO'
  | 'POSICAO'

/** A moment of a doubles point, as seen from the player's team. */
export type Situation =
  | 'NOS_SACAMOS'
  | 'EU_SACO'
  | 'PARCEIRO_SACA'
  | 'NOS_RECEBEMOS'
  | 'ADVERSARIOS_NA_REDE'
  | 'ADVERSARIO_FRACO'
  | 'BOLA_NO_MEIO'
  | 'LADOS'
  | 'MISTA'

export type Condition = 'VENTO' | 'VENTO_CONTRA' | 'VENTO_FAVOR' | 'SOL' | 'CALOR' | 'AREIA_FOFA'

/** What kind of answer is wanted. */
export type Ask = 'HOW' | 'WHY' | 'WHAT' | 'WHEN' | 'WHERE' | 'WHICH' | 'YESNO' | 'HOWMUCH'

/** What the player wants recalled from what they told the team. */
export type Recall =
  'PARCEIRO' | 'RAQUETE' | 'TORNEIO' | 'LESAO' | 'TUDO' | 'ROTINA' | 'OBJETIVO' | 'FREQUENCIA'

export interface Frame {
  strokes: Stroke[]
  /** Only when the message says it ("devolver", "defender", "do adversário"). */
  role?: Role
  problem?: Problem
  aspects: Aspect[]
  situations: Situation[]
  conditions: Condition[]
  bodyPart?: BodyPart
  /** The player asks back something they told the team. */
  recall?: Recall
  /** With everything recalled, the one thing asked before it. */
  recallFirst?: Recall
  /** Asks for a training plan to be built or changed. */
  planRequest: boolean
  /** Asks what the rules say (may one…, is it a point, how far a tie-break goes). */
  rule: boolean
  /** Speaks of pain or an injury of the player's. */
  pain: boolean
  /** Asks about gear: a racket's weight, material or model. */
  gear: boolean
  /** Speaks of a feeling or a state of mind (nerves, shame, a loss that hurts, motivation). */
  feeling: boolean
  /** Names a level the answer should be for ("pra iniciante", "nível avançado"). */
  level?: 'INICIANTE' | 'AVANCADO'
  ask?: Ask
  slots: Slots
  /** Nothing of the sport of its own: only makes sense with the previous message. */
  elliptical: boolean
  /** The message as the frame read it (plain words), for premises a question rests on. */
  text: string
}

const STROKES: Array<[Stroke, RegExp]> = [
  ['saque', /\b(saque|saques|sacar|saco|saca|sacam|sacou|sacando|sacamos|sacador|sacadora)\b/],
  ['voleio', /\b(voleio|voleios|volear|voleando|voleia)\b/],
  ['smash', /\b(smash|cortada|cortadas|matar a bola|matar por cima)\b/],
  ['bandeja', /\b(bandeja|bandejas)\b/],
  [
    'lob',
    /\b(lob|balao|baloes|balaozinho|jogo por cima|jogar por cima|joguei por cima|passando por cima de mim)\b/,
  ],
  ['curtinha', /\b(curtinha|drop)\b/],
  ['forehand', /\b(forehand|de direita)\b/],
  ['backhand', /\b(backhand|de esquerda)\b/],
  ['passada', /\b(passada|passadas|passing)\b/],
]

/** Receiving or defending the opponents' stroke, rather than hitting it: said right before it. */
const ANSWERING =
  /\b(devolv\w*|devoluc\w*|defend\w*|defes\w*|receb\w*|recepc\w*|retorn\w*|cubr\w*|cobrir)\b(?: \w+){0,3}$/
/** The same verbs anywhere in a message about one stroke: "saque a 100 por hora, como devolvo?". */
const ANSWERING_ANYWHERE = /\b(devolv\w*|devoluc\w*|defend\w*|defes\w*|cubr\w*|cobrir)\b/g
/** Who does the answering verb: "pro adversário devolver", "quem recebe" are not the player. */
const THEY_ANSWER =
  /\b(adversari\w*|quem|eles|elas|ele|ela|o cara|a mina|o outro|oponentes?)(?: \w+)?$/

/** An answering verb the player does (not "mais chato pro adversário devolver"). */
function mineToAnswer(text: string, verbs: RegExp): boolean {
  for (const m of text.matchAll(new RegExp(verbs.source, 'g')))
    if (!THEY_ANSWER.test(text.slice(0, m.index).trimEnd())) return true
  return false
}
/** Someone on the other side hits it: "o cara saca uma pedrada", "o adversário vive dando deixadinha". */
const OPPONENT_ACTOR =
  /\b(o cara|um cara|a mina|uma mina|a moca|uma moca|o moco|adversari[oa]s?|eles|elas|oponentes?|o outro lado|a dupla deles|o pessoal|ele|ela)\b(?: \w+){0,4}$/
/** "o smash deles", "saque que vem com efeito", "o saque da moça": it comes from the other side. */
const FROM_THEM =
  /^(?: \w+){0,2} (do adversario|da adversaria|dos adversarios|deles|delas|do cara|da moca|da mina|do oponente|que vem|que vem com|que eles|vem|vindo)\b/
/** "meu saque", "eu saco", "como faço o smash": the player's own stroke. */
const MINE = /\b(meu|minha|meus|minhas|eu|fazer|dar|bater|faco|dou|bato)\b(?: \w+){0,2}$/

const RULE =
  /\b(regra|regras|regulamento|permitido|proibido|e let|let|e ponto|ponto (nosso|deles|de quem|valendo)|valendo|segunda chance|segundo saque|quantos saques|ate quanto|quem saca primeiro|troca de lado|trocar de lado|trocamos de lado|tempo entre|quanto tempo pode|pode quicar|deixar quicar|encostar na rede|tocar na rede|invadir|dois toques|tie ?break|super ?tie ?break|supertiebreak|match tie ?break|abrir (2|dois)|(2|dois) (pontos )?de diferenca|tem vantagem|40 iguais)\b/
/** Nerves, shame, fear, a mistake that will not go, wanting to quit: the mental coach's. */
const FEELING =
  /\b(nervos\w*|ansios\w*|ansiedade|vergonha|envergonhad\w*|medo|insegur\w*|desmotiv\w*|desanim\w*|motivac\w*|frustr\w*|chorei|chorar|chateado|chateada|triste|tristeza|raiva|irritad\w*|esquecer o (erro|ponto)|nao consigo esquecer|remoendo|cabeca|confianca|travo|travei|tremo|tremendo|pressao|pressionad\w*|desisti\w*|parar de jogar|pensando em parar|mal no torneio|bem no treino e mal)\b/
const PAIN =
  /\b(dor|dores|doi|doem|doendo|dolorid\w*|tendinite|bursite|lesao|lesionei|machuc\w*|torci|inflam\w*|inchad\w*|epicondilite|entorse|fisgada|distensao)\b/

const PROBLEMS: Array<[Problem, RegExp]> = [
  [
    'REDE',
    /\b(vai|vao|cai|caem|bate|batem|morre|morrem|enterra|enfio|enfiei|enfia|erro|errei|erra|mando|manda|prende|parando) (\w+ ){0,2}(na rede|na fita)\b|\b(na rede direto|enterra na rede|nao passa a rede)\b/,
  ],
  [
    'LONGO',
    /\b(sai|saem|vai|vao|cai|caem|passa|passam|estoura|estouram)\b (\w+ ){0,2}(longo|longa|comprid\w*|fora|pelo fundo|no fundo|da linha|longe)\b|\bsai longo\b/,
  ],
  ['CURTO', /\b(sai|saem|fica|ficam|cai|caem|vai|vao)\b (\w+ ){0,2}(curt[oa]s?)\b/],
  ['MADEIRA', /\b(de madeira|no aro|na borda|no frame|na ponta da raquete|pega no aro)\b/],
  ['FRACO', /\b(sem forca|fraco|fraca|empurrao|empurrando|sem peso|sem potencia)\b/],
  [
    'PREVISIVEL',
    /\b(entregar|entrego|entrega|le tudo|leem|le o que|percebe|percebem|adivinha|adivinham|previsivel|disfarc\w*|sem avisar)\b/,
  ],
  ['TIMING', /\b(atrasad\w*|adiantad\w*|cedo demais|tempo de bola|tempo da bola)\b/],
  ['CONSISTENCIA', /\b(errar menos|acertar mais|erro muito|erro demais|erro sempre)\b/],
]

const ASPECTS: Array<[Aspect, RegExp]> = [
  ['EMPUNHADURA', /\b(empunhadura|pegada|segurar a raquete|seguro a raquete|como segurar)\b/],
  [
    'CORPO',
    /\b(perna|pernas|usar (mais )?o corpo|corpo no golpe|so com o braco|com o braco|girar o tronco|tronco)\b/,
  ],
  ['ALVO', /\b(onde mirar|alvo|para onde|pra onde|mirar|direcao)\b/],
  [
    'FORCA',
    /\b(mais forte|potencia|mais forca|com forca|forte demais|muito forte|com tudo|velocidade|pedrada|pancada|bomba|por hora|rapido|rapida|saca forte|bate forte|(saque|bola)s? (muito |bem )?(fortes?|veloz|velozes))\b/,
  ],
  [
    'QUANDO',
    /\b(quando usar|quando fazer|quando dar|quando (e|eh) (a )?(boa )?hora|hora certa|boa hora|quando vale|em que momento|que momento)\b/,
  ],
  ['EFEITO', /\b(efeito|cortad[oa]|spin|slice|topspin)\b/],
  ['DISFARCE', /\b(disfarc\w*|sem entregar|esconder|surpresa)\b/],
  ['SALTO', /\b(salto|saltando|saltar|pulo|pulando|pular|no ar)\b/],
  [
    'POSICAO',
    /\b(posicion\w*|onde (eu )?fico|onde (ela|ele) fica|onde ficar|que lado|qual lado)\b/,
  ],
]

const SITUATIONS: Array<[Situation, RegExp]> = [
  [
    'PARCEIRO_SACA',
    /\b(minha dupla|meu parceiro|minha parceira|ela|ele)\b (\w+ ){0,2}(sac\w*)\b|\bsaque d[oa] (minha dupla|meu parceiro|minha parceira)\b|\b(no|do|durante o|quando for o) saque (dela|dele)\b/,
  ],
  [
    'EU_SACO',
    /\b((quando|enquanto|depois que|assim que) (eu )?(saco|sacar|sacei)|eu (estou|estiver|to) sacando|na minha vez de sacar|for eu sacando|sou eu que saco|depois do meu saque)\b/,
  ],
  [
    'NOS_SACAMOS',
    /\b(a gente (saca|sacar|estiver sacando)|nos sacamos|nosso saque|sacando a gente|estamos sacando)\b/,
  ],
  [
    'NOS_RECEBEMOS',
    /\b(a gente (recebe|receber|devolve|vai receber)|nos recebemos|nossa dupla recebe|recebendo|na recepcao|no saque deles|quando eles sacam|na hora de receber)\b/,
  ],
  [
    'ADVERSARIOS_NA_REDE',
    /\b(os dois|ambos|dupla|eles|adversarios)\b (\w+ ){0,3}(na rede|colados na rede|grudados na rede)\b/,
  ],
  [
    'ADVERSARIO_FRACO',
    /\b(mais fraco|adversario fraco|um fraco|o fraco|a fraca|mais fraca|o mais forte e|um forte e|(muito|bem) fraco|no fraco|na fraca)\b/,
  ],
  [
    'BOLA_NO_MEIO',
    /\b(bola (do|no|pelo) meio|quem pega (a bola )?(do |no )?meio|no meio de nos)\b/,
  ],
  [
    'LADOS',
    /\b(que lado|qual lado|lado (direit[oa]|esquerd[oa])|quem joga (na|do lado)|de que lado|quem (deve )?(jogar|joga|fica) (no )?lado)\b/,
  ],
  ['MISTA', /\b(mist[oa]|mistas|dupla mista)\b/],
]

// The wind is named from the player's side: "a favor do sacador" (theirs) blows against the one
// who receives, and "contra eles" blows for the player.
const THEIRS = '(d[oa] sacador[a]?|deles|delas|dos adversarios|do adversario|da outra dupla)'
const THEM = '(o sacador|a sacadora|eles|elas|os adversarios|a outra dupla)'
const CONDITIONS: Array<[Condition, RegExp]> = [
  [
    'VENTO_FAVOR',
    new RegExp(
      `\\bvento contra ${THEM}\\b|\\bvento (a|ao) favor\\b(?! ${THEIRS})|\\bvento (nas|pelas) costas\\b|\\bvento empurrando\\b`,
    ),
  ],
  [
    'VENTO_CONTRA',
    new RegExp(
      `\\bvento (a|ao) favor ${THEIRS}|\\bvento contra\\b(?! ${THEM}\\b)|\\bcontra o vento\\b|\\bvento (na|de) cara\\b|\\bvento de frente\\b`,
    ),
  ],
  ['VENTO', /\b(vento|ventando|ventania|ventos)\b/],
  ['SOL', /\b(sol|contra o sol|sol na cara)\b/],
  ['CALOR', /\b(calor|quente|calorao)\b/],
  ['AREIA_FOFA', /\b(areia fofa|areia funda|areia pesada|areia mole)\b/],
]

/** "qual raquete eu falei", "como chama minha parceira", "o que você sabe de mim". */
const TOLD =
  /\b(falei|disse|contei|comentei|mencionei|falado|dito|te passei|lembra|lembrar|lembrando|lembrou|anotou|anotado|guardou|sabe de mim|sabe sobre mim|sabem de mim|sabem sobre mim)\b/
const RECALLS: Array<[Recall, RegExp]> = [
  [
    'PARCEIRO',
    /\b(nome d[oa] (minha|meu) (parceir[oa]|dupla)|como (se )?chama (a |o )?(minha|meu) (parceir[oa]|dupla)|(minha|meu) (parceir[oa]|dupla) (se )?chama|quem e (minha|meu) (parceir[oa]|dupla)|mao d(ela|ele))\b/,
  ],
  ['RAQUETE', /\b(raquete|raquetes)\b/],
  ['TORNEIO', /\b(torneio|campeonato|etapa|competicao)\b/],
  ['LESAO', /\b(lesao|lesoes|dor|dores|machucado|machuquei)\b/],
  [
    'ROTINA',
    /\b(dias que (eu )?(treino|jogo|faco)|(que|quais|q) dias?( e (horarios?|horas))? (eu )?(te )?(passei|falei|disse|contei|mandei)|minha rotina|quando eu treino|(em )?(que|quais|q) dias?\b[^?]{0,25}\b(faco|treino|jogo|tenho|posso|consigo)|pilates|academia|musculacao|fisioterapia)\b/,
  ],
]
/**
 * Questions that can only be about what the player told: "como chama minha parceira?", "quando é
 * meu torneio?", "qual meu objetivo?", "quantas vezes eu jogo por semana?". No "lembra" needed.
 */
const ASKED_BACK: Array<[Recall, RegExp]> = [
  [
    'PARCEIRO',
    /\b(como (se )?chama (a |o )?(minha|meu) (parceir[oa]|dupla)|qual (e )?o nome d[oa] (minha|meu) (parceir[oa]|dupla)|quem e (a |o )?(minha|meu) (parceir[oa]|dupla)|quem sao (as |os )?(minhas|meus) (parceir[oa]s|duplas)|com quem (eu )?(jogo|treino|vou jogar)( o torneio)?\s*$)\b/,
  ],
  [
    'TORNEIO',
    /\b(quando (e|vai ser|sera) (o )?meu (proximo )?torneio|que dia (e|vai ser|sera) (o )?meu (proximo )?torneio|meu torneio (e|vai ser|sera) (quando|que dia|dia quanto))\b/,
  ],
  ['OBJETIVO', /\b(qual (e )?(o )?meu objetivo|e (o )?meu objetivo|qual (e )?(a )?minha meta)\b/],
  [
    'FREQUENCIA',
    /\b(quantas vezes (eu )?(jogo|treino|to jogando|estou jogando) (por|na) semana|quantos (dias|treinos) (eu )?(jogo|treino|faco) (por|na) semana)\b/,
  ],
  ['RAQUETE', /\b(qual (e )?(a )?minha raquete|que raquete (eu )?(uso|tenho|comprei))\b/],
]

const ABOUT_ME =
  /\b((o que|oq|que) (mais )?(voce|vc|voces|a equipe) (ja )?(sabe|sabem|lembra|lembram|guardou|anotou|tem)( mais)? (de|sobre) mim|(voce|vc) (se )?lembra (de mim|do que eu (te )?(falei|contei|disse))|o que (eu )?(ja )?(te )?(contei|falei|disse) (de|sobre) mim)\b/

const PLAN_REQUEST =
  /\b(monta|montar|monte|faz|faca|fazer|cria|criar|crie|prepara|preparar|organiza|organizar|sugere|sugira|me passa|quero|preciso de|gostaria de)\b (\w+ ){0,3}(plano|treino|treinos|rotina|cronograma|programa|semana)\b|\b(plano|cronograma|rotina) de treino\b|\bcomo (eu )?divid\w* (o|meu) tempo\b|\bdivid\w* (os|meus) treinos\b/

const ASKS: Array<[Ask, RegExp]> = [
  ['WHY', /\b(por que|porque|pq|por qual motivo)\b/],
  ['HOWMUCH', /\b(quanto|quantos|quantas|quanta)\b/],
  ['WHERE', /\b(onde|aonde|que lado|qual lado)\b/],
  ['WHEN', /\b(quando)\b/],
  ['WHICH', /\b(qual|quais)\b/],
  ['HOW', /\b(como|o que fazer|oq fazer|o que eu faco|dica)\b/],
  ['WHAT', /\b(o que|que e)\b/],
  ['YESNO', /\b(pode|posso|devo|vale|da pra|da para|compensa|e normal|e ruim|e bom|serve)\b/],
]

function first<T>(rules: Array<[T, RegExp]>, text: string): T | undefined {
  return rules.find(([, re]) => re.test(text))?.[0]
}

function all<T>(rules: Array<[T, RegExp]>, text: string): T[] {
  return rules.filter(([, re]) => re.test(text)).map(([value]) => value)
}

/** The rule matching closest after the stroke (or first, with no stroke): "meu lob fica curto e minha curtinha vai na rede". */
function nearest<T>(rules: Array<[T, RegExp]>, text: string, stroke?: Stroke): T | undefined {
  const re = stroke ? STROKES.find(([s]) => s === stroke)?.[1] : undefined
  const from = re ? Math.max(0, text.search(re)) : 0
  let best: { value: T; distance: number } | undefined
  for (const [value, rule] of rules) {
    for (const m of text.matchAll(new RegExp(rule.source, 'g'))) {
      const distance = m.index >= from ? m.index - from : 1000 + from - m.index
      if (!best || distance < best.distance) best = { value, distance }
    }
  }
  return best?.value
}

/** The strokes named, in the order the message names them. */
function strokesIn(text: string): Stroke[] {
  return STROKES.map(([stroke, re]) => ({ stroke, at: text.search(re) }))
    .filter((s) => s.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((s) => s.stroke)
}

/**
 * Whether the player answers the stroke (returns the serve, defends the smash) or hits it; undefined
 * when the message does not say.
 */
function roleOf(text: string, stroke: Stroke, strokes: readonly Stroke[]): Role | undefined {
  const re = STROKES.find(([s]) => s === stroke)?.[1]
  const at = re ? text.search(re) : -1
  if (at < 0) return undefined
  const before = text.slice(0, at).trimEnd()
  const after = text.slice(at).replace(/^\S+/, '')
  if (ANSWERING.test(before) || FROM_THEM.test(after) || OPPONENT_ACTOR.test(before))
    return 'ANSWER'
  // "como dou um lob de defesa": the player's own stroke, of the defending kind.
  if (MINE.test(before)) return 'HIT'
  if (
    strokes.length === 1 &&
    mineToAnswer(text.replace(/\b(de defesa|defensiv\w*)\b/g, ''), ANSWERING_ANYWHERE)
  )
    return 'ANSWER'
  if (
    stroke === 'saque' &&
    mineToAnswer(text, /\b(devolv\w*|devoluc\w*|receb\w*|recepc\w*|atac\w*|castig\w*)\b/g)
  )
    return 'ANSWER'
  if (MINE.test(before) || /^\S+ (meu|minha)\b/.test(after)) return 'HIT'
  return undefined
}

/** A racket brand ("Drop Shot") is not the stroke; neither is "sacar dinheiro". */
function withoutBrands(text: string): string {
  return text.replace(/\bdrop ?shot\b(?! (de|do|no|na|que|pra|para))/g, ' marca ')
}

/** "jogar na direita": a side of the court, which the chat normaliser would read as a stroke. */
function courtSides(message: string): string {
  return message.replace(/\b(na|pra|para a|do lado|no lado) (direita|esquerda)\b/gi, 'lado $2')
}

export function readFrame(message: string): Frame {
  const text = withoutBrands(plainText(courtSides(message)))
  const slots = extractSlots(message)
  const strokes = strokesIn(text)
  // "na rede do lado do revés": a side named at the net is the volley of that side.
  if (
    strokes.length > 0 &&
    strokes.every((s) => s === 'forehand' || s === 'backhand') &&
    /\bna rede\b/.test(text)
  )
    (strokes as Stroke[]).unshift('voleio')
  const situations = all(SITUATIONS, text)
  // "quando minha dupla vai sacar": the serve is the moment of the point, not the stroke asked about.
  if (
    strokes.length === 1 &&
    strokes[0] === 'saque' &&
    situations.some(
      (s) =>
        s === 'EU_SACO' || s === 'PARCEIRO_SACA' || s === 'NOS_SACAMOS' || s === 'NOS_RECEBEMOS',
    ) &&
    !/\b(como (eu )?saco|meu saque|o saque (sai|vai|cai)|tecnica)\b/.test(text)
  )
    strokes.length = 0
  const role = strokes[0] ? roleOf(text, strokes[0], strokes) : undefined
  // "eu saco" is a moment of the point, not the serve's technique, when asked where to stand.
  const serveSituation = situations.some(
    (s) => s === 'EU_SACO' || s === 'PARCEIRO_SACA' || s === 'NOS_SACAMOS',
  )
  const told = TOLD.test(text) && /\b(eu|minha|meu|mim|te|voce|vc)\b/.test(text)
  const askedBack = /\b(devo|deveria|preciso|tenho que|ideal|recomenda)\b/.test(text)
    ? undefined
    : first(ASKED_BACK, text)
  const asked =
    askedBack ??
    (first(RECALLS, text) && (told || /\bnome d[oa] minha|\bmao d(ela|ele)\b/.test(text))
      ? first(RECALLS, text)
      : told && /\b(objetivo|meta)\b/.test(text)
        ? 'OBJETIVO'
        : told && /\b(vezes|x) (por|na) semana\b/.test(text)
          ? 'FREQUENCIA'
          : undefined)
  const recall = ABOUT_ME.test(text) ? 'TUDO' : asked
  const level = /\b(pra|para|de|um|uma|sou) (iniciante|quem (esta|ta) comecando)\b/.test(text)
    ? 'INICIANTE'
    : /\b(avancad[oa]|nivel alto|categoria a)\b/.test(text) && /\b(pra|para|e)\b/.test(text)
      ? 'AVANCADO'
      : undefined
  const frame: Frame = {
    strokes,
    aspects: all(ASPECTS, text),
    situations,
    conditions: all(CONDITIONS, text).filter(
      (c, _, list) =>
        c !== 'VENTO' || !list.some((o) => o === 'VENTO_FAVOR' || o === 'VENTO_CONTRA'),
    ),
    // "posso fazer treino de salto?" asks leave for an exercise, not for a plan.
    planRequest:
      PLAN_REQUEST.test(text) &&
      !/\b(estrategia|tatica)\b/.test(text) &&
      !/\b(posso|pode|da pra|consigo) (fazer|faco)\b/.test(text),
    rule: RULE.test(text) || /\b(vale|valeu|conta|e ponto|e permitido)( ou nao)?\s*$/.test(text),
    pain:
      PAIN.test(text) &&
      slots.bodyPart !== undefined &&
      !/\b(medo de|receio de|pra nao|para nao|evitar|prevenir)\b(?: \w+){0,2} (machuc|lesion|doer)/.test(
        text,
      ),
    feeling: FEELING.test(text),
    gear:
      /\b(raquete|raquetes)\b/.test(text) &&
      /\b(\d{3} ?g|\d{3} ?gramas|peso|pesad\w*|leve|carbono|fibra|3k|12k|18k|24k|marca|modelo|kevlar|balanco)\b/.test(
        text,
      ),
    slots,
    elliptical: false,
    text,
  }
  if (role && !(serveSituation && role === 'ANSWER')) frame.role = role
  const problem = nearest(PROBLEMS, text, strokes[0])
  if (problem) frame.problem = problem
  if (slots.bodyPart) frame.bodyPart = slots.bodyPart
  if (recall) frame.recall = recall
  // "em que dias eu falei do pilates? e o que mais você lembra de mim?": that one first.
  if (recall === 'TUDO' && asked) frame.recallFirst = asked
  if (level) frame.level = level
  const ask = first(ASKS, text)
  if (ask) frame.ask = ask
  frame.elliptical = isElliptical(text, frame)
  return frame
}

/** Words that carry a subject of their own (the sport, the body, gear, the app). */
const SUBJECT =
  /\b(regra|ponto|set|game|tiebreak|tie|raquete|bola|oculos|bone|meia|tenis|overgrip|grip|dor|lesao|nervos\w*|ansios\w*|medo|confianca|plano|treino|torneio|jogo|partida|video|app|assinatura|preco|rede|parceir\w*|dupla|adversari\w*|aquecimento|alongamento)\b/

/**
 * "e no vento?", "e quando eu saco?", "e de backhand?", "pra iniciante?": a short message that
 * changes one thing of the previous question rather than asking a new one.
 */
function isElliptical(text: string, frame: Frame): boolean {
  const words = text.split(' ').filter((w) => w !== '')
  const opens =
    /^(e|mas e|e se|e quando|e no|e na|e pra|e para|e com|e de|e contra|e sem|e o|e a)\b/.test(text)
  if (words.length > 12) return false
  if (opens && words.length <= 9) return !(frame.strokes.length > 0 && frame.problem)
  // "pra iniciante?", "no vento?": a detail of a question, with no subject of its own.
  const detail =
    frame.conditions.length > 0 ||
    frame.level !== undefined ||
    frame.situations.length > 0 ||
    (frame.strokes.length > 0 && frame.strokes.every((s) => s === 'forehand' || s === 'backhand'))
  const ownSubject =
    frame.strokes.some((s) => s !== 'forehand' && s !== 'backhand') ||
    SUBJECT.test(text) ||
    frame.recall !== undefined
  return detail && !ownSubject && words.length <= 6
}
