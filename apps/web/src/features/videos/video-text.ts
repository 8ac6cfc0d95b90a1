import type { AnalysisStage } from '@areia/contracts/analysis'
import type { LinkSource, VideoSource, VideoStatus } from '@areia/contracts/videos'

/** SPEC §5/§8 messages of the upload modal and "Meus Vídeos". */
export const NOT_A_VIDEO = 'Por favor, selecione um arquivo de vídeo.'
export const INVALID_URL = 'Por favor, insira uma URL válida.'
export const LINK_FAILED = 'Não foi possível enviar o link. Verifique a URL e tente novamente.'
export const LIST_FAILED = 'Não foi possível carregar seus vídeos. Tente novamente mais tarde.'
export const DELETE_FAILED = 'Ocorreu um erro ao excluir o vídeo.'
export const DELETE_CONFIRM =
  'Tem certeza que deseja excluir este vídeo? Esta ação não pode ser desfeita.'
export const NO_VIDEOS = 'Você ainda não enviou nenhum vídeo.'

/** SPEC §9: the modal resets about 200 ms after closing, once its exit is over. */
export const MODAL_RESET_MS = 200

export const STATUS_LABEL: Record<VideoStatus, string> = {
  UPLOADING: 'Enviando',
  AWAITING_IDENTIFICATION: 'Aguardando identificação',
  QUEUED: 'Na fila de análise',
  ANALYZING: 'Em análise',
  IN_REVIEW: 'Em revisão',
  READY: 'Análise pronta',
  FAILED: 'Não aceito',
  CANCELLED: 'Cancelado',
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

/** The filming guide (issue 6): what makes a video the analysis can read. */
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
