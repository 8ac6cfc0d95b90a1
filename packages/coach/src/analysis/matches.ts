import type { AnalysisFacts, MatchStatus } from '@areia/contracts'
import type { Said } from '../intents/said'
import { at } from '../text'
import type { PlayerProfile, Rng } from '../types'
import type { OwnTopic } from './ask'
import { noReportReply } from './no-report'
import { analysisReply, WILL_SHOW } from './reply'
import type { GameTopic } from './topic'

/** Dates and times as the player reads them, in Brazil's time (the product's only market). */
const TIME_ZONE = 'America/Sao_Paulo'

const dayMonth = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    timeZone: TIME_ZONE,
  }).format(new Date(iso))

/** "27/11 às 14h", "27/11 às 9h30". */
export function dueText(iso: string): string {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: TIME_ZONE,
  }).formatToParts(new Date(iso))
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? '0')
  const minute = parts.find((p) => p.type === 'minute')?.value ?? '00'
  return `${dayMonth(iso)} às ${hour}h${minute === '00' ? '' : minute}`
}

/** "o vídeo do jogo de 12/11", or by when it was sent when the player gave no date. */
function which(m: MatchStatus): string {
  const game = /^\d{4}-(\d{2})-(\d{2})/.exec(m.game_date ?? '')
  return game
    ? `o vídeo do jogo de ${game[2]}/${game[1]}`
    : `o vídeo que você enviou em ${dayMonth(m.uploaded_at)}`
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** Statuses in which a report is still to come. */
const PENDING = new Set(['AWAITING_IDENTIFICATION', 'QUEUED', 'ANALYZING', 'IN_REVIEW'])

export const isPending = (m: MatchStatus) => PENDING.has(m.status)

/** The match the player most likely means: the newest one still pending or refused, if any. */
export function openMatch(matches: readonly MatchStatus[]): MatchStatus | undefined {
  return matches.find((m) => isPending(m) || m.status === 'FAILED')
}

function dueSentence(m: MatchStatus, now: Date): string {
  if (!m.due_at) return ''
  return new Date(m.due_at) > now
    ? ` A previsão é ficar pronta até ${dueText(m.due_at)}, e você recebe o aviso quando sair.`
    : ` A previsão era até ${dueText(m.due_at)} e já passou; ela segue na revisão, e você recebe o aviso assim que sair.`
}

/** Where one match's analysis stands, in a sentence or two; nothing invented. */
export function matchStatusText(m: MatchStatus, now: Date): string {
  const subject = which(m)
  switch (m.status) {
    case 'AWAITING_IDENTIFICATION':
      return `${capital(subject)} ainda espera você dizer qual jogador é você (a pergunta está no chat, logo abaixo do vídeo); a análise começa assim que você responder.`
    case 'QUEUED':
      return `${capital(subject)} está na fila da análise.${dueSentence(m, now)}`
    case 'ANALYZING':
      return `${capital(subject)} está sendo processado pela visão computacional${
        m.percent !== null ? ` (${m.percent}%)` : ''
      }; depois um analista revisa antes de publicar.${dueSentence(m, now)}`
    case 'IN_REVIEW':
      return `${capital(subject)} já foi processado e está com um analista para revisão.${dueSentence(m, now)}`
    case 'FAILED':
      return `Não conseguimos analisar ${subject}${m.failure_reason ? `: ${m.failure_reason.replace(/\.$/, '')}` : ''}. Se quiser, envie outro pelo **Enviar Vídeo**.`
    case 'READY':
      return `A análise d${subject.slice(1)} foi publicada.`
    default:
      return ''
  }
}

/**
 * The statistical coach on a match whose report is not out: where it stands and when it is due,
 * and what the report will show. No figure is given before the report exists.
 */
export function pendingMatchReply(
  m: MatchStatus,
  opts: { now: Date; willShow: string; variant: number },
): string {
  const status = matchStatusText(m, opts.now)
  if (m.status === 'FAILED') return status
  const intro = at(
    [
      'Ainda não tenho os números desse jogo, e não vou chutar nenhum.',
      'Os números desse jogo ainda não saíram, então por enquanto eu não cito nenhum.',
    ],
    opts.variant,
  )
  return [intro, status, `Quando a análise for publicada, eu te mostro ${opts.willShow}.`].join(
    '\n\n',
  )
}

/** "quando fica pronta a análise?": the newest match's status, or that its report is out. */
export function matchesStatusReply(matches: readonly MatchStatus[], now: Date): string | null {
  const newest = matches[0]
  if (!newest) return null
  const open = openMatch(matches)
  if (open) {
    const others = matches.filter((m) => m !== open && isPending(m)).length
    return [
      matchStatusText(open, now),
      ...(others > 0
        ? [
            `${others === 1 ? 'Outro vídeo seu também está' : `Outros ${others} vídeos seus também estão`} a caminho; o status de cada um fica em **Meus Vídeos**.`,
          ]
        : []),
    ].join('\n\n')
  }
  if (newest.status === 'READY')
    return `A análise d${which(newest).slice(1)} já foi publicada: ela está em **Meus Vídeos**, e se você me perguntar "como foi meu último jogo?" eu passo os números com você.`
  return null
}

/** A match sent after the newest report (or before any) whose analysis is still on its way. */
export function newerMatch(
  facts: AnalysisFacts | null,
  matches: readonly MatchStatus[],
): MatchStatus | null {
  const open = openMatch(matches)
  const reported = facts ? matches.findIndex((m) => m.video_id === facts.video_id) : -1
  return open && (!facts || reported < 0 || matches.indexOf(open) < reported) ? open : null
}

/**
 * "como foi meu último jogo?": the published figures; before any, where the pending match stands
 * and when it is due; with figures and a newer match on its way, the figures and a word on it.
 */
export function gameReply(input: {
  topic: GameTopic
  /** The finer topic of a question about the player's own figures, when it is one. */
  own?: OwnTopic
  /** A figure no report holds (per stroke, the ball's speed or direction). */
  unmeasured?: string
  /** How many earlier replies already pointed to sending a video. */
  pointed?: number
  partnerGender?: 'MALE' | 'FEMALE' | null
  facts: AnalysisFacts | null
  matches: readonly MatchStatus[]
  now: Date
  profile: PlayerProfile
  body: string
  said: Said
  rng: Rng
}): string {
  const { facts, matches, now } = input
  const newer = newerMatch(facts, matches)
  if (!facts && !newer)
    return noReportReply({
      topic: input.own ?? input.topic,
      said: input.said,
      partnerGender: input.partnerGender ?? null,
      ...(input.unmeasured ? { unmeasured: input.unmeasured } : {}),
      pointed: input.pointed ?? 0,
    })
  // Asked again, the same answer comes in other words.
  let text = ''
  for (let variant = 0; variant < 6; variant++) {
    if (!facts) {
      text = pendingMatchReply(newer as MatchStatus, {
        now,
        willShow: WILL_SHOW[input.topic],
        variant,
      })
    } else {
      text = analysisReply({
        topic: input.topic,
        facts,
        profile: input.profile,
        text: input.body,
        variant,
        rng: input.rng,
      })
      if (newer) text = `${text}\n\n${matchStatusText(newer, now)}`
    }
    if (!input.said.has(text)) break
  }
  input.said.add(text)
  return text
}
