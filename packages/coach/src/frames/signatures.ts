import type { BodyPart } from '../intents/slots'
import type { Domain } from '../intents/catalog'
import type { Aspect, Condition, Problem, Role, Situation, Stroke } from './frame'

/**
 * What each question of the catalogue is about, in the frame's terms: the stroke and who hits it,
 * the problem, the aspect, the moment of the point, the condition, the body part. A message is
 * answered by a question whose signature does not contradict what the message named.
 */
export interface Signature {
  stroke?: Stroke
  role?: Role
  /** Forehand or backhand side of another stroke ("voleio de backhand"). */
  side?: 'forehand' | 'backhand'
  problems?: Problem[]
  aspects?: Aspect[]
  situations?: Situation[]
  conditions?: Condition[]
  bodyPart?: BodyPart
  /**
   * The premise the question rests on ("primeiro torneio", "criança"): without it in the message,
   * the question is another one, however close its words.
   */
  needs?: RegExp
}

const BY_DOMAIN: Partial<Record<Domain, Signature>> = {
  saque: { stroke: 'saque', role: 'HIT' },
  devolucao: { stroke: 'saque', role: 'ANSWER' },
  voleio: { stroke: 'voleio', role: 'HIT' },
  smash: { stroke: 'smash', role: 'HIT' },
  bandeja: { stroke: 'bandeja', role: 'HIT' },
  lob: { stroke: 'lob', role: 'HIT' },
  curtinha: { stroke: 'curtinha', role: 'HIT' },
}

const WIND: Condition[] = ['VENTO', 'VENTO_CONTRA', 'VENTO_FAVOR']

const OWN: Record<string, Signature> = {
  'saque-erro-rede': { problems: ['REDE'] },
  'saque-erro-longo': { problems: ['LONGO'] },
  'saque-efeito': { aspects: ['EFEITO'] },
  'saque-alvo': { aspects: ['ALVO'] },
  'saque-forca': { aspects: ['FORCA'], problems: ['FRACO'] },
  'saque-vento': { conditions: WIND },
  'saque-sol': { conditions: ['SOL'] },
  'saque-depois': { situations: ['EU_SACO', 'NOS_SACAMOS'] },
  'devolucao-saque-forte': { aspects: ['FORCA'] },
  'devolucao-posicao': { aspects: ['POSICAO'], situations: ['NOS_RECEBEMOS'] },
  'devolucao-efeito': { aspects: ['EFEITO'], problems: ['MADEIRA'] },
  'voleio-backhand': { side: 'backhand' },
  'voleio-rede-erro': { problems: ['REDE'] },
  'voleio-angulo': { aspects: ['ALVO'] },
  'smash-rede': { problems: ['REDE'] },
  'smash-longo': { problems: ['LONGO'] },
  'smash-direcao': { aspects: ['ALVO'] },
  'smash-timing': { problems: ['TIMING', 'MADEIRA'] },
  'smash-defender': { role: 'ANSWER' },
  'smash-quando': { aspects: ['QUANDO'] },
  'smash-salto': { aspects: ['SALTO'] },
  'bandeja-quando': { aspects: ['QUANDO'] },
  'lob-ofensivo': { situations: ['ADVERSARIOS_NA_REDE'] },
  'lob-curto': { problems: ['CURTO'] },
  'lob-longo': { problems: ['LONGO'] },
  'lob-vento': { conditions: WIND },
  'anti-lob': { role: 'ANSWER' },
  'curtinha-quando': { aspects: ['QUANDO'] },
  'curtinha-defender': { role: 'ANSWER' },
  'curtinha-erro': { problems: ['REDE', 'LONGO', 'CURTO'] },
  'curtinha-disfarce': { aspects: ['DISFARCE'], problems: ['PREVISIVEL'] },
  forehand: { stroke: 'forehand', role: 'HIT' },
  backhand: { stroke: 'backhand', role: 'HIT' },
  'backhand-alto': { stroke: 'backhand', role: 'HIT', side: 'backhand' },
  passada: { stroke: 'passada', role: 'HIT' },
  'golpe-fundo-profundidade': { problems: ['CURTO', 'LONGO'] },
  empunhadura: { aspects: ['EMPUNHADURA'] },
  'empunhadura-forca': { aspects: ['EMPUNHADURA'] },
  'golpe-corpo': { aspects: ['CORPO'] },
  'efeito-bola': { aspects: ['EFEITO'] },
  'controle-forca': { aspects: ['FORCA'] },
  'preparacao-golpe': { problems: ['TIMING'] },
  'golpe-consistencia': { problems: ['CONSISTENCIA'] },
  'posicao-sacando': {
    situations: ['NOS_SACAMOS', 'EU_SACO', 'PARCEIRO_SACA'],
    aspects: ['POSICAO'],
  },
  'posicao-recebendo': { situations: ['NOS_RECEBEMOS'], aspects: ['POSICAO'] },
  'bola-no-meio': { situations: ['BOLA_NO_MEIO'] },
  'dupla-lados': { situations: ['LADOS'] },
  'contra-dupla-rede': { situations: ['ADVERSARIOS_NA_REDE'] },
  'atacar-mais-fraco': { situations: ['ADVERSARIO_FRACO'] },
  'dupla-mista': { situations: ['MISTA'] },
  'jogo-vento': { conditions: WIND },
  'jogo-sol': { conditions: ['SOL'] },
  'calor-hidratacao': { conditions: ['CALOR'] },
  'pe-areia-quente': { conditions: ['CALOR'] },
  'dor-ombro': { bodyPart: 'ombro' },
  'dor-cotovelo': { bodyPart: 'cotovelo' },
  'dor-joelho': { bodyPart: 'joelho' },
  'dor-tornozelo': { bodyPart: 'tornozelo' },
  'dor-lombar': { bodyPart: 'lombar' },
  'dor-panturrilha': { bodyPart: 'panturrilha' },
  'dor-punho': { bodyPart: 'punho' },
}

/** Questions that only fit a message stating their premise. */
const PREMISES: Record<string, RegExp> = {
  'primeiro-torneio': /\b(primeir\w*|estreia|estrear|nunca (joguei|competi)|vou estrear)\b/,
  'raquete-crianca': /\b(crianc\w*|filh\w*|infantil|junior|menin\w*|sobrinh\w*|\d{1,2} anos)\b/,
  'treino-crianca': /\b(crianc\w*|filh\w*|infantil|junior|menin\w*|sobrinh\w*|escolinha)\b/,
  'jogo-longo-mental':
    /\b(varios jogos|mais de um jogo|\d jogos|dia (todo|inteiro)|o dia inteiro|jogo atras de jogo|chave)\b/,
  'recuperacao-jogos':
    /\b(entre (um|os) jogos?|varios jogos|\d jogos|dois jogos|tres jogos|dia (todo|inteiro)|mesmo dia|jogos? seguidos|um e outro)\b/,
  'tenista-transicao': /\b(tenis|tenista)\b/,
  'padel-transicao': /\b(padel)\b/,
  'jogar-contra-amigos': /\b(amig\w*|conhecid\w*|colega\w*)\b/,
  'parceiro-melhor': /\b(melhor|mais forte|joga mais|nivel acima|superior)\b/,
  'bolsa-torneio': /\b(levar|levo|bolsa|mochila|mala|kit|arrumar|o que (eu )?levo)\b/,
  'treino-pre-torneio': /\b(prepar\w*|treinar|treino|ate la|semanas?|dias|faltam|falta)\b/,
  'idade-cuidados': /\b(idade|anos|velh\w*|\d{2}\+|senior|veteran\w*|maduro|madura)\b/,
}

const CACHE = new Map<string, Signature>()

export function signatureOf(intent: { id: string; domain: Domain }): Signature {
  let found = CACHE.get(intent.id)
  if (!found) {
    const needs = PREMISES[intent.id]
    found = { ...BY_DOMAIN[intent.domain], ...OWN[intent.id], ...(needs ? { needs } : {}) }
    CACHE.set(intent.id, found)
  }
  return found
}
