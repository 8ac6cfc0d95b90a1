import type { AnalysisFacts } from '@areia/contracts'
import { firstName } from '../profile'
import { at, normalize } from '../text'
import type { PlayerProfile, Rng } from '../types'
import { taggedHeadline, taggedStrokes } from './tagged'
import { type GameTopic, UNMEASURED } from './topic'

/**
 * The statistical coach's answer about the player's own analysed game: their figures, what they
 * mean in beach tennis (the ball never bounces, so the net is where points are won; a 16 × 8 m
 * court, each pair on an 8 × 8 m half), and one or two concrete things to train. Reference values
 * are heuristics of this coach and are always labelled as a general reference.
 */

export interface AnalysisReplyInput {
  topic: GameTopic
  /** The newest published analysis. */
  facts: AnalysisFacts
  profile: PlayerProfile
  /** What the player wrote (mentions removed). */
  text: string
  variant: number
  rng: Rng
}

const NET_LOW = 0.25
const NET_GOOD = 0.45
const BACK_HIGH = 0.35
/** Side by side on an 8 m wide court, partners usually keep about 3–4 m apart. */
const PARTNER_FAR_M = 5
const PARTNER_CLOSE_M = 2.5
/** A difference of net time that shows one partner up and the other back (a "escada"). */
const LADDER_GAP = 0.15

const decimal = (digits: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits })
export const num = (v: number, digits = 0) => decimal(digits).format(v)
/** Speeds in km/h, as the report page shows them. */
const kmh = (mps: number) => `${num(mps * 3.6, 1)} km/h`
export const pct = (share: number) => `${Math.round(share * 100)}%`

/** "3 min 10 s". */
export function duration(sec: number): string {
  const s = Math.round(sec)
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  const rest = s % 60
  return rest === 0 ? `${m} min` : `${m} min ${rest} s`
}

/** The date (dd/mm) and result the player gave for the game, as far as known. */
export function gameParts(facts: AnalysisFacts): string[] {
  const parts: string[] = []
  const date = /^\d{4}-(\d{2})-(\d{2})/.exec(facts.game_date ?? '')
  if (date) parts.push(`${date[2]}/${date[1]}`)
  const outcome =
    facts.game_outcome === 'WON' ? 'vitória' : facts.game_outcome === 'LOST' ? 'derrota' : null
  const result = [outcome, facts.game_score].filter(Boolean).join(' ')
  if (result) parts.push(result)
  return parts
}

/** "No seu último jogo (12/11, vitória 6/4)". */
export function gameLabel(facts: AnalysisFacts): string {
  const parts = gameParts(facts)
  return parts.length > 0
    ? `No seu último jogo (${parts.join(', ')})`
    : 'No seu último jogo analisado'
}

/** "meus números melhoraram?": one analysis is a snapshot, not a trend. */
const TREND = /\b(melhor(ei|ou|aram|ando)|evolu|piorou|pioraram|compar|tendencia)/

const OPENERS = [
  'Fui aos números da sua análise{n}.',
  'Abri a análise do seu jogo{n}.',
  'Vamos aos dados do seu vídeo{n}.',
  'Olhei com lupa o seu último jogo analisado{n}.',
]

const CLOSERS = [
  'No próximo vídeo eu comparo com estes números, para ver a tendência e não só um dia.',
  'Mande o próximo jogo pelo **Enviar Vídeo** e a gente vê se o número mexeu.',
  'Um jogo é uma fotografia; com dois ou três vídeos a gente enxerga a tendência.',
]

function netSentence(f: AnalysisFacts): string {
  return `você passou **${pct(f.net_share)} do tempo perto da rede** (até 3 m dela), ${pct(f.mid_share)} no meio e ${pct(f.back_share)} no fundo da quadra.`
}

function netReading(f: AnalysisFacts): string[] {
  const why =
    'Como a bola nunca quica no beach tennis, quem domina a rede fecha os pontos no voleio e no smash; do fundo, quase sempre se defende.'
  const lines = [why]
  if (f.net_share < NET_LOW)
    lines.push(
      `Como referência geral, ${pct(f.net_share)} é pouco tempo na rede: você está deixando a frente para os adversários.`,
    )
  else if (f.net_share < NET_GOOD)
    lines.push(
      `Como referência geral, ${pct(f.net_share)} é um tempo razoável na rede, mas ainda dá para ganhar a frente mais vezes.`,
    )
  else
    lines.push(
      `Como referência geral, ${pct(f.net_share)} é bastante tempo na rede: é ali que se ganha ponto.`,
    )
  if (f.back_share >= BACK_HIGH)
    lines.push(
      `Os ${pct(f.back_share)} no fundo (a mais de 5,5 m da rede) pesam: de lá, a bola chega e você só consegue devolver.`,
    )
  return lines
}

function partnerNetLine(f: AnalysisFacts): string[] {
  if (f.partner_net_share === null) return []
  const gap = f.partner_net_share - f.net_share
  if (Math.abs(gap) >= LADDER_GAP)
    return [
      `Seu parceiro ficou ${pct(f.partner_net_share)} do tempo na rede${gap > 0 ? ', bem mais que você' : ', bem menos que você'}: vocês jogaram muito em escada (um na frente, outro atrás), o que abre o meio e a diagonal.`,
    ]
  return [
    `Seu parceiro ficou ${pct(f.partner_net_share)} do tempo na rede, parecido com você: a dupla andou junta.`,
  ]
}

function netAdvice(f: AnalysisFacts): string[] {
  if (f.net_share < NET_GOOD)
    return [
      'Depois de sacar ou devolver, dê dois ou três passos para a frente e faça o split-step quando o adversário for bater: é assim que se ganha a rede.',
      '**Exercício: Saca e sobe.** Jogue 20 pontos em que, depois do saque ou da devolução, você obrigatoriamente sobe; conte quantos você termina perto da rede.',
    ]
  return [
    'Mantenha a rede e proteja-se do lob: combine com o parceiro quem recua e quem cruza quando a bola passa por cima.',
    '**Exercício: Rede contra lob.** Comece na rede; o parceiro alterna bolas curtas e lobs; recue de lado, devolva e volte à rede: 3 séries de 10 bolas.',
  ]
}

function movementSentence(f: AnalysisFacts): string {
  return `você percorreu **${num(f.distance_m)} m**, com velocidade média de ${kmh(f.avg_speed_mps)} e pico de **${kmh(f.peak_speed_mps)}**.`
}

function movementReading(f: AnalysisFacts): string[] {
  const lines = [
    'A quadra tem 16 × 8 m e cada dupla cobre só a sua metade (8 × 8 m): no beach tennis, correr muito não é mérito por si só; o que vale é chegar cedo na bola com passos curtos.',
    `O pico de ${kmh(f.peak_speed_mps)} mostra a sua arrancada mais forte; a média diz quanto você ficou em movimento entre uma bola e outra.`,
  ]
  if (f.back_share >= BACK_HIGH)
    lines.push(
      `Parte desse deslocamento foi no fundo (${pct(f.back_share)} do tempo), correndo atrás de lobs: subir mais cedo encurta essas corridas.`,
    )
  return lines
}

const MOVEMENT_ADVICE = [
  'Faça o split-step (o pequeno salto de prontidão) toda vez que o adversário for bater: é ele que transforma velocidade em chegada na hora certa.',
  '**Exercício: Sombra de quatro cantos.** Sem bola, do centro da sua zona até cada canto simulando o golpe e voltando com split-step: 4 séries de 8 deslocamentos.',
]

function ralliesSentence(f: AnalysisFacts): string {
  if (f.rallies === 0)
    return 'a análise não separou nenhum rali com segurança, então aqui eu não tenho número para te dar.'
  const average = f.total_play_sec / f.rallies
  return `foram **${f.rallies} ralis**, com ${duration(f.total_play_sec)} de bola em jogo, média de ${num(average, 1)} s por rali e o mais longo com **${num(f.longest_rally_sec, 1)} s**.`
}

function ralliesReading(f: AnalysisFacts): string[] {
  if (f.rallies === 0) return []
  return [
    'Como a bola nunca quica, os pontos do beach tennis costumam ser curtos, poucos golpes em alguns segundos; rali longo é sinal de que nenhuma dupla conseguiu fechar na rede.',
  ]
}

const RALLY_ADVICE = [
  'Tente decidir o ponto até a quarta bola: saque ou devolução com intenção e, na primeira chance, subir e atacar no meio.',
  '**Exercício: Ponto em quatro bolas.** Pontos de treino que só valem se terminarem até a quarta bola da sua dupla: 15 pontos, contando quantos vocês fecharam.',
]

function partnerSentence(f: AnalysisFacts): string {
  return `você e seu parceiro ficaram, em média, a **${num(f.avg_partner_distance_m, 1)} m** um do outro.`
}

function partnerReading(f: AnalysisFacts): string[] {
  const base =
    'Numa quadra de 8 m de largura, a referência geral para uma dupla lado a lado é uns 3 a 4 m de distância, como se estivessem ligados por uma corda.'
  const d = f.avg_partner_distance_m
  const verdict =
    d > PARTNER_FAR_M
      ? `Com ${num(d, 1)} m, vocês ficaram longe: o meio fica aberto, e bola no meio é o alvo preferido dos adversários.`
      : d < PARTNER_CLOSE_M
        ? `Com ${num(d, 1)} m, vocês ficaram colados: as laterais ficam livres para as paralelas.`
        : `Com ${num(d, 1)} m, a distância da dupla está boa.`
  return [base, verdict, ...partnerNetLine(f)]
}

const PARTNER_ADVICE = [
  'Combinem antes do jogo quem fica com o meio e andem juntos: um avança, o outro avança; um recua, o outro acompanha.',
  '**Exercício: Corda invisível.** Sem bola, com alguém apontando direções, a dupla se desloca mantendo 3 a 4 m entre si: 4 séries de 1 minuto.',
]

/** The weakest area of the game, to lead the summary's reading and advice. */
function focusOf(f: AnalysisFacts): 'NET' | 'PARTNER' | 'RALLIES' {
  if (f.net_share < NET_GOOD) return 'NET'
  if (f.avg_partner_distance_m > PARTNER_FAR_M || f.avg_partner_distance_m < PARTNER_CLOSE_M)
    return 'PARTNER'
  return 'RALLIES'
}

function summary(f: AnalysisFacts): string[] {
  const list = [
    `- **Rede:** ${pct(f.net_share)} do tempo perto da rede, ${pct(f.mid_share)} no meio e ${pct(f.back_share)} no fundo`,
    `- **Deslocamento:** ${num(f.distance_m)} m percorridos, média de ${kmh(f.avg_speed_mps)} e pico de ${kmh(f.peak_speed_mps)}`,
    f.rallies > 0
      ? `- **Ralis:** ${f.rallies}, o mais longo com ${num(f.longest_rally_sec, 1)} s, ${duration(f.total_play_sec)} de bola em jogo`
      : '- **Ralis:** a análise não separou ralis com segurança',
    `- **Dupla:** em média ${num(f.avg_partner_distance_m, 1)} m entre você e seu parceiro${f.partner_net_share === null ? '' : `, que ficou ${pct(f.partner_net_share)} do tempo na rede`}`,
  ]
  const focus = focusOf(f)
  const reading =
    focus === 'NET'
      ? netReading(f)
      : focus === 'PARTNER'
        ? partnerReading(f)
        : [
            `Como referência geral, tempo na rede (${pct(f.net_share)}) e distância da dupla (${num(f.avg_partner_distance_m, 1)} m) estão bons: a base está lá.`,
            ...ralliesReading(f),
          ]
  const advice =
    focus === 'NET' ? netAdvice(f) : focus === 'PARTNER' ? PARTNER_ADVICE : RALLY_ADVICE
  return [
    `esses são os seus números:\n${list.join('\n')}`,
    `**O que isso mostra:** ${reading.join(' ')}`,
    `**Para o próximo treino:**\n${advice.map((a) => `- ${a}`).join('\n')}`,
  ]
}

function withFacts(input: AnalysisReplyInput, f: AnalysisFacts): string {
  const { topic, variant, rng } = input
  const name = firstName(input.profile)
  const opener = at(OPENERS, variant + Math.floor(rng() * OPENERS.length)).replace(
    '{n}',
    name && rng() < 0.6 ? `, ${name}` : '',
  )
  const label = gameLabel(f)
  const parts = [opener]
  if (UNMEASURED.test(normalize(input.text)))
    parts.push(
      f.tagged
        ? taggedStrokes(f.tagged)
        : 'Golpe a golpe (saques, smashes, erros, pontos) a análise ainda não conta, e eu não vou chutar; o que ela mede é posição em quadra, deslocamento, ralis e a distância da dupla.',
    )
  if (TREND.test(normalize(input.text)))
    parts.push(
      'Evolução eu leio comparando jogos analisados, não um só; aqui estão os números do mais recente, a base da próxima comparação.',
    )
  switch (topic) {
    case 'NET':
      parts.push(
        `${label}, ${netSentence(f)}`,
        [...netReading(f), ...partnerNetLine(f)].join(' '),
        ...(f.tagged ? [taggedHeadline(f.tagged)] : []),
        `**Para o próximo treino:**\n${netAdvice(f)
          .map((a) => `- ${a}`)
          .join('\n')}`,
      )
      break
    case 'MOVEMENT':
      parts.push(
        `${label}, ${movementSentence(f)}`,
        movementReading(f).join(' '),
        `**Para o próximo treino:**\n${MOVEMENT_ADVICE.map((a) => `- ${a}`).join('\n')}`,
      )
      break
    case 'RALLIES':
      parts.push(`${label}, ${ralliesSentence(f)}`, ...ralliesReading(f))
      if (f.rallies > 0)
        parts.push(`**Para o próximo treino:**\n${RALLY_ADVICE.map((a) => `- ${a}`).join('\n')}`)
      break
    case 'PARTNER':
      parts.push(
        `${label}, ${partnerSentence(f)}`,
        partnerReading(f).join(' '),
        `**Para o próximo treino:**\n${PARTNER_ADVICE.map((a) => `- ${a}`).join('\n')}`,
      )
      break
    case 'GAME': {
      const [numbers, ...rest] = summary(f)
      parts.push(
        `${label}, ${numbers ?? ''}`,
        ...(f.tagged ? [taggedHeadline(f.tagged)] : []),
        ...rest,
      )
      break
    }
  }
  parts.push(at(CLOSERS, variant + Math.floor(rng() * CLOSERS.length)))
  return parts.join('\n\n')
}

export const WILL_SHOW: Record<GameTopic, string> = {
  GAME: 'o tempo na rede, no meio e no fundo, a distância percorrida, os ralis e a distância da dupla',
  NET: 'a porcentagem do tempo que você fica perto da rede, no meio e no fundo, comparada com a do seu parceiro',
  MOVEMENT: 'a distância percorrida e as suas velocidades média e de pico',
  RALLIES: 'quantos ralis teve, quanto tempo de bola em jogo e qual foi o mais longo',
  PARTNER: 'a distância média entre você e seu parceiro e quem subiu mais à rede',
}

export function analysisReply(input: AnalysisReplyInput): string {
  return withFacts(input, input.facts)
}
