import { COMMENTARY_HEADING, resultInWords, type VideoReport } from '@areia/contracts'
import type { AnalysisResult, PlayerMetrics } from '@areia/vision'

export { COMMENTARY_HEADING, commentaryOf } from '@areia/contracts'

export interface DraftInput {
  player: PlayerMetrics
  rallies: AnalysisResult['rallies']
  game: VideoReport['game']
  /** The plan's `human_review`: a person writes commentary (Ultra). */
  humanReview: boolean
  /** Spans in which the camera had moved away from the marked court (no figures there). */
  camera?: AnalysisResult['camera']
}

export interface Shares {
  net: number
  mid: number
  back: number
  tracked: number
}

/** Time at the net / mid / back as shares of the time the player was tracked on court. */
export function sharesOf(p: PlayerMetrics): Shares {
  const tracked = p.timeNearNetSec.value + p.timeMidSec.value + p.timeBackSec.value
  if (tracked <= 0) return { net: 0, mid: 0, back: 0, tracked: 0 }
  return {
    net: p.timeNearNetSec.value / tracked,
    mid: p.timeMidSec.value / tracked,
    back: p.timeBackSec.value / tracked,
    tracked,
  }
}

const num = (v: number, digits = 1) =>
  v.toLocaleString('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: digits })
/** Speeds are shown in km/h, as on the report page and in the coaches' answers. */
const kmh = (mps: number) => `${num(mps * 3.6)} km/h`
const pct = (share: number) => `${Math.round(share * 100)}%`
const seconds = (s: number) =>
  s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${num(s, 0)} s`

const dayMonthYear = (isoDate: string) => isoDate.split('-').reverse().join('/')

function gameLine(game: DraftInput['game']): string | null {
  const parts: string[] = []
  if (game.date) parts.push(`Jogo de ${dayMonthYear(game.date)}`)
  else if (game.week) parts.push(`Jogo da semana de ${dayMonthYear(game.week)}`)
  const result = resultInWords(game.outcome, game.score)
  if (result) parts.push(result)
  if (parts.length === 0) return null
  const line = parts.join(' — ')
  return `${line.charAt(0).toUpperCase()}${line.slice(1)}.`
}

interface Drill {
  title: string
  text: string
}

/**
 * Two or three things to train, chosen from the figures. The order is the priority: what costs
 * most points in beach tennis (being away from the net, a badly spaced pair) comes first.
 */
export function chooseDrills(p: PlayerMetrics, rallies: AnalysisResult['rallies']): Drill[] {
  const s = sharesOf(p)
  const drills: Drill[] = []
  if (s.tracked > 0 && s.net < 0.35) {
    drills.push({
      title: 'Transição para a rede',
      text: `${s.net < 0.05 ? 'Você quase não subiu à rede' : `Você passou só ${pct(s.net)} do tempo perto da rede`}. Treine sacar ou devolver e subir em seguida: 3 séries de 10 bolas em que você ataca a rede depois de cada devolução, parando em posição de voleio.`,
    })
  }
  if (s.tracked > 0 && s.back >= 0.4) {
    drills.push({
      title: 'Sair do fundo da quadra',
      text: `${pct(s.back)} do tempo no fundo deixa a dupla exposta a bolas curtas. Faça o exercício de lob e avanço: após cada lob defensivo, dê três passos à frente e recupere a posição intermediária.`,
    })
  }
  const gap = p.avgPartnerDistanceM.value
  if (gap > 5) {
    drills.push({
      title: 'Espaçamento da dupla',
      text: `Você e seu parceiro ficaram em média a ${num(gap)} m um do outro, e o meio da quadra fica aberto. Treinem deslocamentos juntos, como se estivessem ligados por uma corda de 3 m.`,
    })
  } else if (gap > 0 && gap < 2) {
    drills.push({
      title: 'Espaçamento da dupla',
      text: `Vocês ficaram muito próximos (${num(gap)} m em média), o que abre as laterais. Combinem quem cobre cada lado e treinem a troca de posições após o lob.`,
    })
  }
  if (s.tracked > 0 && s.net >= 0.5) {
    drills.push({
      title: 'Defesa do lob na rede',
      text: `Você joga muito na rede (${pct(s.net)} do tempo): treine o recuo rápido para o smash e o voleio alto de fundo, 3 séries de 8 lobs alternando os lados.`,
    })
  }
  if (p.peakSpeedMps.value > 0 && p.peakSpeedMps.value < 3) {
    drills.push({
      title: 'Explosão nos primeiros passos',
      text: `Seu pico de velocidade foi ${kmh(p.peakSpeedMps.value)}. Saídas curtas de 3 a 5 m reagindo a um sinal, em 4 séries de 6, melhoram a chegada nas bolas curtas.`,
    })
  }
  if (rallies.longestSec >= 20) {
    drills.push({
      title: 'Resistência em ralis longos',
      text: `O rali mais longo durou ${seconds(rallies.longestSec)}. Treine blocos de 30 s de troca contínua com 30 s de pausa para manter a qualidade até o fim dos pontos longos.`,
    })
  }
  const fallback: Drill[] = [
    {
      title: 'Deslocamento lateral',
      text: 'Em beach tennis a bola não quica: cada passo conta. Faça 4 séries de 30 s de deslocamento lateral na areia, tocando os cones das laterais.',
    },
    {
      title: 'Saque e primeira bola',
      text: 'Treine 20 saques seguidos de uma bola de ataque, buscando ganhar a rede já na primeira troca.',
    },
  ]
  for (const f of fallback) if (drills.length < 2) drills.push(f)
  return drills.slice(0, 3)
}

/** The stretches left out because the camera moved, so no one reads the figures as the whole game. */
function cameraLines(camera: DraftInput['camera']): string[] {
  const moved = camera?.moved ?? []
  if (!moved.length) return []
  const spans = moved.map((m) => `${seconds(m.fromSec)} a ${seconds(m.toSec)}`).join(', ')
  return [
    `- **Câmera:** a câmera se moveu durante o vídeo (${spans}); esse trecho ficou fora dos números`,
  ]
}

/** The pt-BR report pre-written from the player's own figures; the analyst edits it. */
export function draftReport(input: DraftInput): string {
  const { player: p, rallies } = input
  const s = sharesOf(p)
  const lines: string[] = ['# Relatório do seu jogo', '']
  const game = gameLine(input.game)
  if (game) lines.push(game, '')
  lines.push(
    '## Seus números',
    '',
    `- **Distância percorrida:** ${num(p.distanceM.value, 0)} m`,
    `- **Velocidade média:** ${kmh(p.avgSpeedMps.value)} · **pico:** ${kmh(p.peakSpeedMps.value)}`,
    s.tracked > 0
      ? `- **Posição:** ${pct(s.net)} do tempo perto da rede, ${pct(s.mid)} no meio e ${pct(s.back)} no fundo (do tempo em que você foi acompanhado em quadra)`
      : '- **Posição:** não houve tempo suficiente de acompanhamento para medir',
    `- **Distância média para o parceiro:** ${num(p.avgPartnerDistanceM.value)} m`,
    // No contrast between play and pauses is not "0 rallies": say it was not measured.
    rallies.note
      ? '- **Ralis:** não foi possível separar os pontos das pausas neste vídeo'
      : `- **Ralis:** ${rallies.count}${rallies.count > 0 ? ` · **mais longo:** ${seconds(rallies.longestSec)}` : ''}`,
    ...cameraLines(input.camera),
    '',
    '## O que isso quer dizer',
    '',
    'A quadra de beach tennis tem 16 × 8 m e a bola não pode quicar: quem ocupa a rede fecha os ângulos e decide a maioria dos pontos, enquanto o fundo serve para defender lobs.',
  )
  if (s.tracked > 0) {
    lines.push(
      '',
      s.net >= 0.5
        ? `Com ${pct(s.net)} do tempo perto da rede, você jogou de forma ofensiva; o ponto de atenção é a cobertura do lob.`
        : s.net >= 0.35
          ? `Você equilibrou rede (${pct(s.net)}) e meio de quadra (${pct(s.mid)}); subir um pouco mais cedo deve render mais pontos.`
          : `Você ficou pouco na rede (${pct(s.net)}) e muito tempo no meio e no fundo, onde é mais difícil finalizar pontos.`,
    )
  }
  lines.push('', '## O que treinar', '')
  chooseDrills(p, rallies).forEach((d, i) => lines.push(`${i + 1}. **${d.title}:** ${d.text}`))
  if (input.humanReview) lines.push('', COMMENTARY_HEADING, '')
  return `${lines.join('\n').trimEnd()}\n`
}
