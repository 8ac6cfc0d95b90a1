import type { PointEnding, Stroke } from '@areia/contracts/match'
import type { Action, TaggingState } from './tagging-state'

/**
 * One key per decision, so a point whose server and returner the console predicted takes four:
 * how it ended, the last stroke, who hit it, and Enter. Letters follow the pt-BR words.
 */

export const ENDING_KEYS: Record<PointEnding, string> = {
  winner: 'W',
  forced_error: 'F',
  unforced_error: 'N',
}

export const STROKE_KEYS: Record<Stroke, string> = {
  saque: 'S',
  devolucao: 'D',
  voleio: 'V',
  smash: 'M',
  bandeja: 'B',
  lob: 'L',
  curtinha: 'C',
  forehand_fundo: 'H',
  backhand_fundo: 'K',
}

/** What the video does on a key: the panel owns the element, the reducer owns the tags. */
export type VideoCommand = 'playPause' | 'replay'

export type KeyResult =
  | { kind: 'action'; action: Action }
  | { kind: 'video'; command: VideoCommand }
  /** A boundary or a new point at the video's current time. */
  | { kind: 'atTime'; make: (sec: number) => Action }

interface KeyLike {
  key: string
  ctrlKey?: boolean
  metaKey?: boolean
  altKey?: boolean
}

const byKey = <T extends string>(map: Record<T, string>, key: string): T | undefined =>
  (Object.keys(map) as T[]).find((k) => map[k] === key)

/** The console's reading of a key press; null: not a tagging key (the browser keeps it). */
export function keyResult(e: KeyLike, state: Pick<TaggingState, 'pending'>): KeyResult | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null
  const key = e.key.length === 1 ? e.key.toUpperCase() : e.key
  const act = (action: Action): KeyResult => ({ kind: 'action', action })
  if (/^[1-4]$/.test(key)) return act({ type: 'player', track: Number(key) })
  if (state.pending && key === 'Escape') return act({ type: 'pending', which: null })
  const ending = byKey(ENDING_KEYS, key)
  if (ending) return act({ type: 'ending', ending })
  const stroke = byKey(STROKE_KEYS, key)
  if (stroke) return act({ type: 'stroke', stroke })
  switch (key) {
    case 'Q':
      return act({ type: 'pending', which: 'server' })
    case 'R':
      return act({ type: 'pending', which: 'returner' })
    case 'X':
      return act({ type: 'serveOut' })
    case 'Z':
      return act({ type: 'returnOut' })
    case 'O':
      return act({ type: 'golden' })
    case 'Enter':
      return act({ type: 'confirm' })
    case 'ArrowRight':
      return act({ type: 'move', by: 1 })
    case 'ArrowLeft':
      return act({ type: 'move', by: -1 })
    case ' ':
      return { kind: 'video', command: 'playPause' }
    case 'P':
      return { kind: 'atTime', make: (at) => ({ type: 'split', at }) }
    case 'A':
      return { kind: 'atTime', make: (at) => ({ type: 'add', at }) }
    case '[':
      return { kind: 'atTime', make: (at) => ({ type: 'boundary', edge: 'start', at }) }
    case ']':
      return { kind: 'atTime', make: (at) => ({ type: 'boundary', edge: 'end', at }) }
    case 'Delete':
      return act({ type: 'remove' })
    case 'Backspace':
      return { kind: 'video', command: 'replay' }
    default:
      return null
  }
}

/** The console's help, in the order an analyst meets the keys. */
export const KEY_HELP: Array<{ keys: string; does: string }> = [
  { keys: 'W · F · N', does: 'como o ponto terminou: winner, erro forçado, erro não forçado' },
  {
    keys: 'S D V M B L C H K',
    does: 'último golpe: saque, devolução, voleio, smash, bandeja, lob, curtinha, forehand e backhand de fundo',
  },
  { keys: '1 a 4', does: 'quem deu o último golpe (J1 a J4)' },
  { keys: 'Enter', does: 'confirma o ponto aberto (ou o da lista em foco) e abre o próximo' },
  { keys: 'Q e 1 a 4', does: 'quem sacou (o console já prevê: o mesmo sacador no game todo)' },
  { keys: 'R e 1 a 4', does: 'quem devolveu (previsto: a dupla que recebe alterna)' },
  { keys: 'X', does: 'saque fora (o ponto fica completo: erro de quem sacou)' },
  { keys: 'Z', does: 'devolução fora' },
  { keys: 'O', does: 'ponto de ouro (já vem marcado no 40–40)' },
  { keys: '← →', does: 'ponto anterior e próximo' },
  { keys: 'Espaço · Backspace', does: 'pausa ou continua o vídeo; volta ao início do ponto' },
  { keys: '[ · ]', does: 'início e fim do ponto no momento do vídeo' },
  { keys: 'P · A', does: 'parte o trecho em dois no momento do vídeo; adiciona um ponto ali' },
  { keys: 'Delete', does: 'descarta o trecho (não foi um ponto)' },
]

/** Keys of a point whose server and returner were predicted: ending, stroke, player, Enter. */
export const TYPICAL_PRESSES = 4
