import { plainText } from '../intents/normalize'
import { extractSlots } from '../intents/slots'
import type { Level } from '../knowledge/types'

/**
 * One session asked for on its own ("me passa um treino de 40 min pra fazer no paredão, sem
 * ninguém"): timed blocks that add up to the minutes the player has, built for who is there (alone,
 * at a wall, with a partner) and for the strokes they want to work on. Nothing is saved: a week
 * plan is another request.
 */
export interface SessionRequest {
  minutes: number
  /** Nobody to hit with: every block works alone. */
  solo: boolean
  /** A wall to hit against. */
  wall: boolean
  focus: readonly string[]
}

const ASKS_FOR_ONE =
  /\b(me (passa|manda|da|de|monta|sugere|indica)|monta|quero|preciso de|sugere|sugestao de|tem) (um |uma )?(treino|treininho|sessao)\b|\b(treino|sessao) (de|com) \d{2,3} ?(min|minutos)\b/
const WEEK = /\b(semana|semanal|por semana|dias|plano)\b/
const SOLO = /\b(sozinh[oa]|sem ninguem|sem parceir[oa]|so eu|eu so|sem dupla|sem companhia)\b/
const WALL = /\b(paredao|parede|muro)\b/

/** How long the session is: "40 min", "1h", "uma hora"; a session is 15 minutes to 3 hours. */
function minutesIn(text: string): number | null {
  const m = /\b(\d{2,3}) ?(min|mins|minutos)\b/.exec(text)
  if (m) return Number(m[1])
  const h = /\b(\d) ?h(?:ora|oras)?\b(?: e meia)?/.exec(text)
  if (h) return Number(h[1]) * 60 + (/e meia/.test(h[0]) ? 30 : 0)
  if (/\bhora e meia\b/.test(text)) return 90
  if (/\buma hora\b|\b1 hora\b/.test(text)) return 60
  return null
}

export function sessionRequest(message: string): SessionRequest | null {
  const text = plainText(message)
  const minutes = minutesIn(text)
  if (minutes === null || minutes < 15 || minutes > 180) return null
  if (!ASKS_FOR_ONE.test(text) || WEEK.test(text)) return null
  const wall = WALL.test(text)
  return {
    minutes,
    solo: wall || SOLO.test(text),
    wall,
    focus: extractSlots(message).focus ?? [],
  }
}

interface Block {
  /** Share of the session before rounding. */
  weight: number
  text: string
  /** The strokes this block works, for a focus to give it more time. */
  works: readonly string[]
}

const WARM_UP: Block = {
  weight: 0.12,
  text: 'aquecimento: trote e deslocamentos laterais na areia, mobilidade de ombro, quadril e tornozelo, e rotação de ombro com elástico se tiver',
  works: [],
}
const COOL_DOWN: Block = {
  weight: 0.08,
  text: 'volta à calma: alongamento de ombro, antebraço e panturrilha, e anote o que saiu melhor',
  works: [],
}

const WALL_BLOCKS: Block[] = [
  {
    weight: 0.25,
    text: 'voleios no paredão a uns 3 m, em séries de 2 min (forehand, backhand e alternando), raquete sempre à frente do corpo; conte a maior sequência sem deixar cair',
    works: ['voleio', 'backhand', 'forehand'],
  },
  {
    weight: 0.2,
    text: 'bola alta no paredão para treinar bandeja e smash: jogue a bola para cima contra a parede e bata de cima para baixo, de lado para a bola, mirando um ponto marcado',
    works: ['smash', 'bandeja'],
  },
  {
    weight: 0.2,
    text: 'saque com alvo: marque dois alvos no chão ou na parede (meio e lateral) e saque em séries de 10, contando quantos acertam',
    works: ['saque'],
  },
  {
    weight: 0.12,
    text: 'deslocamento na areia: split-step e arrancadas de 3 a 5 m para os lados e para trás (como se fosse buscar um lob), 6 séries de 30 s',
    works: ['físico', 'lob'],
  },
]

const SOLO_BLOCKS: Block[] = [
  {
    weight: 0.3,
    text: 'saque com balde de bolas em três alvos (meio, corpo e lateral), em séries de 10, contando os acertos',
    works: ['saque'],
  },
  {
    weight: 0.2,
    text: 'controle de bola na raquete: embaixadinhas de forehand, de backhand e alternando, e depois batendo e andando',
    works: ['voleio', 'backhand', 'forehand', 'curtinha'],
  },
  {
    weight: 0.15,
    text: 'sombra de smash e de bandeja: recue de lado como se viesse um lob, aponte a mão livre para a bola imaginária e finalize o golpe',
    works: ['smash', 'bandeja', 'lob'],
  },
  {
    weight: 0.12,
    text: 'deslocamento na areia: split-step e arrancadas de 3 a 5 m para os lados e para trás, 6 séries de 30 s',
    works: ['físico'],
  },
]

const PAIR_BLOCKS: Block[] = [
  {
    weight: 0.22,
    text: 'voleio cruzado na rede, os dois perto da rede, e depois um no fundo alimentando e o outro voleando',
    works: ['voleio', 'backhand', 'forehand'],
  },
  {
    weight: 0.2,
    text: 'saque e devolução: um saca em alvos, o outro devolve no meio ou nos pés; troquem a cada 10',
    works: ['saque', 'devolução'],
  },
  {
    weight: 0.18,
    text: 'lob e smash: um levanta lobs, o outro recua de lado e finaliza; troquem a cada 10',
    works: ['smash', 'lob', 'bandeja'],
  },
  {
    weight: 0.17,
    text: 'pontos valendo, começando do saque, com ponto de ouro no 40-40',
    works: [],
  },
]

/** Round to 5 minutes, never under 5, and make the blocks add up to the session exactly. */
function timed(blocks: readonly Block[], minutes: number): number[] {
  const total = blocks.reduce((sum, b) => sum + b.weight, 0)
  const raw = blocks.map((b) => Math.max(5, Math.round((minutes * b.weight) / total / 5) * 5))
  let diff = minutes - raw.reduce((a, b) => a + b, 0)
  // Give or take from the longest blocks first, 5 minutes at a time, then the last minutes.
  const order = raw.map((_, i) => i).sort((a, b) => (raw[b] as number) - (raw[a] as number))
  for (let k = 0; diff !== 0 && k < 100; k++) {
    const i = order[k % order.length] as number
    const step = Math.abs(diff) >= 5 ? 5 * Math.sign(diff) : diff
    if ((raw[i] as number) + step < 5) continue
    raw[i] = (raw[i] as number) + step
    diff -= step
  }
  return raw
}

export function sessionText(request: SessionRequest, level: Level, female: boolean): string {
  const pool = request.wall ? WALL_BLOCKS : request.solo ? SOLO_BLOCKS : PAIR_BLOCKS
  // Short sessions keep the blocks that fit; a focus gets double weight and goes first.
  const focused = (b: Block) => b.works.some((w) => request.focus.includes(w))
  const room = Math.max(1, Math.floor((request.minutes - 5) / 10))
  const main = [...pool]
    .map((b) => (focused(b) ? { ...b, weight: b.weight * 2 } : b))
    .sort((a, b) => Number(focused(b)) - Number(focused(a)))
    .slice(0, Math.min(pool.length, room))
  const blocks = [WARM_UP, ...main, ...(request.minutes >= 40 ? [COOL_DOWN] : [])]
  const minutes = timed(blocks, request.minutes)
  const where = request.wall
    ? 'no paredão, só você'
    : request.solo
      ? female
        ? 'sozinha'
        : 'sozinho'
      : 'com a dupla'
  const intro = `Um treino de **${request.minutes} min** ${where}, bloco a bloco:`
  const list = blocks.map((b, i) => `${i + 1}. **${minutes[i]} min**: ${b.text}.`).join('\n')
  const goal =
    level === 'BASE'
      ? 'Em cada bloco, a meta é colocar a bola onde quer antes de bater mais forte.'
      : 'Em cada bloco, anote o número (sequência, acertos em alvo) para bater no próximo treino.'
  return [intro, list, goal].join('\n\n')
}
