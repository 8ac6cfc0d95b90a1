// Whether a result may show player numbers, and if not, why — in words that name the real cause,
// so the analyst knows what to fix (corners, camera, a longer video) instead of guessing.

/** Shortest video (s) whose figures mean anything: a few points of play. */
export const MIN_ANALYSABLE_SEC = 10
/** Share of detection rounds in which each of the four tracks must have a position. */
export const MIN_TRACK_SHARE = 0.5
/** Share of detection rounds that must show four players on court. */
export const MIN_FOUR_PLAYER_SHARE = 0.5

export interface VerdictInput {
  durationSec: number
  rounds: number
  /** rounds showing at least four people on court */
  fourRounds: number
  /** whether the tracker ever saw two people on each side of the net to start from */
  started: boolean
  /** rounds with a position, per track id 1–4 */
  trackRounds: number[]
  /** spans (s) where the camera moved away from the court mapping */
  cameraMoved?: Array<{ fromSec: number; toSec: number; cut?: boolean }>
}

const pct = (v: number) => `${Math.round(v * 100)}%`

export const fewPlayersReason = (share: number) =>
  `Menos de quatro jogadores encontrados na quadra na maior parte do vídeo (${pct(share)} dos quadros analisados).`

/** null when analysable; otherwise the pt-BR reason. */
export function verdict(v: VerdictInput): string | null {
  const moved = (v.cameraMoved ?? []).reduce((s, m) => s + (m.toSec - m.fromSec), 0)
  if (v.durationSec > 0 && moved > v.durationSec / 2) {
    const first = v.cameraMoved![0]!
    const what = v.cameraMoved!.some((m) => m.cut) ? 'mudou de imagem (corte)' : 'se moveu'
    return `A câmera ${what} durante a gravação (a partir de ${first.fromSec.toFixed(0)} s): a quadra marcada não vale para a maior parte do vídeo. Grave com o celular fixo em um tripé, sem cortes.`
  }
  const rounds = Math.max(1, v.rounds)
  const four = v.fourRounds / rounds
  if (four < MIN_FOUR_PLAYER_SHARE) return fewPlayersReason(four)
  if (!v.started)
    return 'Não foi possível identificar os jogadores: em nenhum momento havia dois jogadores de cada lado da rede dentro da quadra. Confira os cantos marcados.'
  if (v.durationSec < MIN_ANALYSABLE_SEC)
    return `O vídeo é curto demais para a análise (${v.durationSec.toFixed(1)} s; são necessários pelo menos ${MIN_ANALYSABLE_SEC} s de jogo).`
  const weak = v.trackRounds
    .map((n, i) => ({ id: i + 1, share: n / rounds }))
    .filter((t) => t.share < MIN_TRACK_SHARE)
  if (weak.length)
    return `${weak.map((t) => `O jogador ${t.id} foi acompanhado em apenas ${pct(t.share)}`).join('; ')} dos quadros analisados (mínimo ${pct(MIN_TRACK_SHARE)}): os números dele não seriam confiáveis.`
  return null
}
