import type { AnalysisStage } from '@areia/contracts/analysis'
import { capitalize, resultInWords } from '@areia/contracts/game-result'
import { type LinkSource, type VideoSource, type VideoStatus } from '@areia/contracts/videos'

/** What the upload modal and "Meus Vídeos" say when input is wrong or a call fails. */
export const NOT_A_VIDEO = 'Por favor, selecione um arquivo de vídeo.'
export const INVALID_URL = 'Por favor, insira uma URL válida.'
export const LINK_FAILED = 'Não foi possível enviar o link. Verifique a URL e tente novamente.'
export const LIST_FAILED = 'Não foi possível carregar seus vídeos. Tente novamente mais tarde.'
export const DELETE_FAILED = 'Ocorreu um erro ao excluir o vídeo.'
export const DELETE_CONFIRM =
  'Tem certeza que deseja excluir este vídeo? Esta ação não pode ser desfeita.'
export const NO_VIDEOS = 'Você ainda não enviou nenhum vídeo.'

/** The modal resets about 200 ms after closing, once its exit is over. */
export const MODAL_RESET_MS = 200

/** The stage of a match's analysis, in words. */
export const STATUS_LABEL: Record<VideoStatus, string> = {
  UPLOADING: 'Enviando',
  AWAITING_IDENTIFICATION: 'Aguardando identificação',
  QUEUED: 'Na fila de análise',
  ANALYZING: 'Em análise pela visão computacional',
  IN_REVIEW: 'Em revisão pelo analista',
  READY: 'Pronto',
  FAILED: 'Recusado',
  CANCELLED: 'Cancelado',
}

/** What each stage means for the player, under its name. */
export const STATUS_HINT: Partial<Record<VideoStatus, string>> = {
  AWAITING_IDENTIFICATION: 'Diga no chat qual jogador você é para a análise começar.',
  QUEUED: 'A análise começa assim que chegar a vez do seu vídeo.',
  IN_REVIEW: 'Um analista está conferindo os números antes de publicar o relatório.',
}

export const SEND_ANOTHER = 'Você pode enviar outro vídeo do jogo pelo chat.'
export const ALLOWANCE_RETURNED = 'Este envio não conta no limite de vídeos do mês.'
export const EXAMPLE_REPORT = 'Ver um relatório de exemplo'
export const NO_GAME_INFO = 'Data e resultado do jogo não informados'

// Made on first use: the chat imports this module, and a date format built at load is a long
// task for a slow phone before the chat's first paint.
let dueParts: Intl.DateTimeFormat | undefined
const makeDueParts = () =>
  new Intl.DateTimeFormat('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'America/Sao_Paulo',
  })

/** "27/11 às 12h" or "27/11 às 12h30", in São Paulo time whatever the device's zone. */
export function formatDue(iso: string): string {
  const parts = Object.fromEntries(
    (dueParts ??= makeDueParts()).formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
  ) as Record<string, string>
  const minute = parts.minute === '00' ? '' : parts.minute
  return `${parts.day}/${parts.month} às ${parts.hour}h${minute}`
}

/** Under the status when the automatic pass could not read the video on its own. */
export const NEEDS_ANALYST_HINT = 'A leitura automática não deu conta deste vídeo sozinha.'

/**
 * "Previsão: até 27/11 às 12h" (the promise the analysts' queue holds too), or, once that moment
 * passed, that it is running late; with the automatic pass refused, that an analyst adjusts it.
 */
export function dueText(iso: string, now: Date, needsAnalyst = false): string {
  const when = formatDue(iso)
  const ahead = new Date(iso).getTime() > now.getTime()
  if (needsAnalyst) {
    return ahead
      ? `Um analista vai ajustar a quadra; previsão: até ${when}.`
      : `Um analista vai ajustar a quadra; estava previsto para ${when} e está levando mais que o normal.`
  }
  return ahead
    ? `Previsão: até ${when}`
    : `Previsto para ${when}: está levando mais que o normal, mas o relatório sai assim que o analista terminar.`
}

/** A YYYY-MM-DD game date as 12/10/2025 (no time zone moves a calendar date). */
export function formatGameDate(date: string): string {
  const [y, m, d] = date.split('-')
  return `${d}/${m}/${y}`
}

/**
 * "Jogo de 05/12/2026 · Derrota por 4/6 6/3 e 4/10 no super tie-break": what the player
 * confirmed in the chat, and only that; null when nothing.
 */
export function gameText(video: {
  game_date: string | null
  game_week: string | null
  game_outcome: 'WON' | 'LOST' | null
  game_score: string | null
}): string | null {
  const parts: string[] = []
  if (video.game_date) parts.push(`Jogo de ${formatGameDate(video.game_date)}`)
  else if (video.game_week) parts.push(`Jogo da semana de ${formatGameDate(video.game_week)}`)
  const result = resultInWords(video.game_outcome, video.game_score)
  if (result) parts.push(capitalize(result))
  return parts.length > 0 ? parts.join(' · ') : null
}

export const SOURCE_LABEL: Record<VideoSource, string> = {
  GCS: 'Dispositivo',
  GOOGLE_DRIVE: 'Google Drive',
  GOOGLE_PHOTOS: 'Google Fotos',
  DROPBOX: 'Dropbox',
  ICLOUD: 'iCloud',
}

/** How to get a share link that the server can download, per provider. */
export const LINK_HELP: Record<LinkSource, string> = {
  GOOGLE_DRIVE:
    'No Google Drive, toque em Compartilhar, deixe o acesso como "Qualquer pessoa com o link" e copie o link.',
  GOOGLE_PHOTOS:
    'No Google Fotos, abra o vídeo, toque em Compartilhar e depois em Criar link. Cole o link aqui.',
  DROPBOX: 'No Dropbox, toque em Compartilhar e depois em Copiar link. Cole o link aqui.',
  ICLOUD:
    'No app Fotos, toque em Compartilhar e depois em Copiar link do iCloud. Cole o link aqui.',
}

export const LINK_SOURCES: LinkSource[] = ['GOOGLE_DRIVE', 'GOOGLE_PHOTOS', 'DROPBOX', 'ICLOUD']

/** The filming guide: what makes a video the analysis can read. */
export const FILMING_GUIDE = [
  'Câmera atrás da linha de fundo, centralizada',
  'No alto (2 a 3 metros), num tripé ou apoio firme',
  'A quadra inteira no quadro, com as quatro linhas',
  'Celular na horizontal (paisagem)',
  'Sem zoom e sem mexer a câmera durante o jogo',
]

/** Where the analysis is, as Meus Vídeos says it while it runs (SYSTEM `analysis_progress`). */
export const STAGE_LABEL: Record<AnalysisStage, string> = {
  QUEUED: 'Na fila de análise',
  PROBE: 'Preparando o vídeo',
  COURT: 'Mapeando a quadra',
  PLAYERS: 'Acompanhando os jogadores',
  MERGE: 'Juntando os resultados',
  CLIPS: 'Cortando os lances',
  REVIEW: 'Com o analista',
  PUBLISHED: 'Análise publicada',
  FAILED: 'Com o analista',
}
