import { byGender, type Gender, PLAYER_LABELS, playerOrdinal } from '@areia/contracts'
import type { PostedMessage } from '../coaching/service'
import type { LinkFailure } from './link'
import type { ProbeResult } from './probe'

/** Errors the API answers (pt-BR `detail`). */
export const ERRORS = {
  notFound: 'Vídeo não encontrado.',
  notPaying:
    'O envio de vídeos é exclusivo para assinantes. Escolha um plano para enviar seus jogos.',
  planHasNoVideos: 'O seu plano não inclui análise de vídeos. Escolha um plano com vídeos.',
  monthlyLimit: (limit: number) =>
    `Você já usou ${limit === 1 ? 'o vídeo' : `os ${limit} vídeos`} do seu plano neste mês. O limite renova no dia 1º.`,
  notVideoType: 'Envie um arquivo de vídeo (o tipo do arquivo deve começar com video/).',
  tooLarge: (maxBytes: number) =>
    `O vídeo passa do limite de ${formatBytes(maxBytes)} por arquivo.`,
  badUploadUrl: 'Link de envio inválido. Comece um novo envio.',
  expiredUploadUrl: 'Este link de envio expirou. Comece um novo envio.',
  uploadClosed: 'Este envio já foi concluído ou cancelado.',
  badContentRange: 'Cabeçalho Content-Range inválido.',
  beyondContentRange:
    'O trecho enviado é maior que o declarado no Content-Range. Consulte o que chegou e continue dali.',
  lengthRequired: 'Informe o tamanho do trecho (Content-Length).',
  notAwaitingIdentification: 'Este vídeo não está aguardando a identificação do jogador.',
  pickNotInFrame: 'Essa marcação não corresponde a nenhum jogador da foto deste vídeo.',
  badFrameUrl: 'Link da foto inválido. Recarregue o chat.',
  expiredFrameUrl: 'Este link da foto expirou. Recarregue o chat.',
} as const

export function formatBytes(bytes: number): string {
  const gb = bytes / 1024 ** 3
  if (gb >= 1) return `${Number.isInteger(gb) ? gb : gb.toFixed(1).replace('.', ',')} GB`
  return `${Math.round(bytes / 1024 ** 2)} MB`
}

export function formatDuration(seconds: number): string {
  const s = Math.round(seconds)
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = s % 60
  if (h > 0) return `${h}h${String(m).padStart(2, '0')}min`
  if (m > 0) return `${m}min${sec ? ` ${sec}s` : ''}`
  return `${sec} segundos`
}

/** Why the quality gate or a link import refused a video: the end of "Não conseguimos…: …". */
export const REFUSALS = {
  notVideo: 'o arquivo não é um vídeo que conseguimos abrir.',
  tooShort: (d: number) =>
    `ele tem ${formatDuration(d)}, e precisamos de pelo menos 30 segundos de jogo.`,
  tooLong: (d: number) =>
    `ele tem ${formatDuration(d)}, e o limite é de 3 horas (um jogo por vídeo).`,
  tooLarge: (maxBytes: number) => `o arquivo passa do limite de ${formatBytes(maxBytes)}.`,
  linkBlocked: 'o link aponta para um endereço que não podemos acessar.',
  linkUnreachable: 'não conseguimos baixar o arquivo desse link.',
  linkStatus: (status: number) =>
    status === 404
      ? 'o link não foi encontrado (erro 404). Confira se ele está certo.'
      : status === 401 || status === 403
        ? 'o link não está público. Compartilhe como "qualquer pessoa com o link" e tente de novo.'
        : `o servidor do link respondeu com erro ${status}.`,
  linkPage:
    'o link abre uma página, não o arquivo do vídeo. Use o link de download ou envie o arquivo pelo dispositivo.',
  linkTimeout: 'o servidor do link demorou demais para responder.',
  linkRedirects: 'o link redireciona vezes demais.',
  checkFailed: 'não conseguimos verificar o arquivo agora. Tente enviar de novo em instantes.',
} as const

/** Why a link could not be imported, as the end of the refusal. */
export const linkRefusal = (f: LinkFailure, maxBytes: number): string => {
  switch (f.kind) {
    case 'blocked':
      return REFUSALS.linkBlocked
    case 'status':
      return REFUSALS.linkStatus(f.status)
    case 'too_large':
      return REFUSALS.tooLarge(maxBytes)
    case 'timeout':
      return REFUSALS.linkTimeout
    case 'redirects':
      return REFUSALS.linkRedirects
    case 'page':
      return REFUSALS.linkPage
    case 'unreachable':
      return REFUSALS.linkUnreachable
  }
}

export const WARNINGS = {
  lowResolution: (p: ProbeResult) =>
    `A resolução é baixa (${p.width}×${p.height}); abaixo de 720p a análise pode perder detalhes da bola e dos jogadores.`,
  lowFps: (p: ProbeResult) =>
    `O vídeo tem só ${formatFps(p.fps)} quadros por segundo; lances rápidos podem ficar de fora da análise.`,
} as const

const formatFps = (fps: number) => String(Math.round(fps * 10) / 10).replace('.', ',')

export const CANCELLED_TEXT = 'O envio do vídeo foi cancelado.'

/**
 * The receipt and the request to say which player is the user. The receipt offers no
 * `Cancelar Envio`: every byte has arrived and the video counts in the month's allowance, so
 * there is no send left to cancel (Meus Vídeos still deletes it).
 */
export function acceptedMessages(
  videoId: number,
  probe: ProbeResult,
  warnings: string[],
): PostedMessage[] {
  const summary = `Recebemos o seu vídeo! 🎾 ${formatDuration(probe.durationSeconds)} de jogo, ${Math.min(probe.width, probe.height)}p a ${formatFps(probe.fps)} fps.`
  return [
    {
      text: [summary, ...warnings.map((w) => `⚠️ ${w}`)].join('\n\n'),
    },
    {
      text: 'Para analisarmos o jogo do jeito certo: qual jogador é você? Conte a partir de quem dá o primeiro toque na bola.',
      actions: PLAYER_LABELS.map((label) => ({
        type: 'identify_player' as const,
        label,
        value: label,
        videoId,
      })),
    },
  ]
}

export const refusedMessage = (reason: string): PostedMessage => ({
  text: `Não conseguimos aceitar o seu vídeo: ${reason} Quando quiser, envie outro.`,
})

/** The chips' answer (order of the first touch); the wording agrees with the player's gender. */
export const identifiedText = (position: number, gender: Gender | null) =>
  `Obrigado! Registramos que você é ${playerOrdinal(position, gender)}.`

/** A person of the picture (tapped, or their number's chip), not a first-touch place. */
export const pickedText = (number: number, gender: Gender | null) =>
  `Obrigado! Registramos que você é ${byGender(gender, 'o jogador', 'a jogadora')} ${number} da foto.`
