import type { ServerFrame } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { DbOrTx } from '../../adapters/db'
import type { PushService } from '../push/service'

export const READY_PUSH_TITLE = 'Sua análise está pronta'
export const REJECTED_PUSH_TITLE = 'Não foi possível analisar seu vídeo'

export const heatmapPath = (videoId: number) => `/api/v1/videos/${videoId}/report/heatmap.png`
export const reportPagePath = (videoId: number) => `/videos/${videoId}`

/** What the statistical coach posts (and check-for-report hands out): the text, heatmap, link. */
export function deliveryMarkdown(videoId: number, report: string): string {
  return [
    report.trim(),
    '',
    `![Mapa de calor](${heatmapPath(videoId)})`,
    '',
    `[Ver relatório completo e lances](${reportPagePath(videoId)})`,
  ].join('\n')
}

export function rejectionMarkdown(reason: string): string {
  return [
    'Não conseguimos analisar o seu vídeo.',
    '',
    `**Motivo:** ${reason.trim()}`,
    '',
    'Este vídeo não conta no limite de vídeos do mês: você pode enviar outro jogo quando quiser.',
  ].join('\n')
}

/** What delivery needs of the chat: its lower part, which coaching builds first. */
export interface ChatDelivery {
  storeCoachMessage(tx: DbOrTx, userId: string, text: string): Promise<number>
  publishMessage(db: DbOrTx, userId: string, messageId: number): Promise<void>
  publish(userId: string, frame: ServerFrame): Promise<void>
}

export interface AnalysisDeliveryDeps {
  chat: ChatDelivery
  push: Pick<PushService, 'notify'>
  clock: Clock
  /** A report reached the player: the coaches' comparison with the match before is queued. */
  reported: (userId: string, videoId: number) => Promise<void>
}

/**
 * How a review reaches the player. The chat message is inserted in the same transaction as the
 * state change that allows it (so it exists exactly once, even if publish is called twice or the
 * process dies right after commit); the socket frames and the push go out after commit.
 */
export class AnalysisDelivery {
  private readonly chat: ChatDelivery
  private readonly push: Pick<PushService, 'notify'>
  private readonly clock: Clock
  private readonly reported: AnalysisDeliveryDeps['reported']

  constructor(deps: AnalysisDeliveryDeps) {
    ;({ chat: this.chat, push: this.push, clock: this.clock, reported: this.reported } = deps)
  }

  /** Stores a message of the player's statistical coach (the host when they have no team). */
  storeCoachMessage(tx: DbOrTx, userId: string, text: string): Promise<number> {
    return this.chat.storeCoachMessage(tx, userId, text)
  }

  /** After commit: the stored message to the player's sockets. */
  publishMessage(db: DbOrTx, userId: string, messageId: number): Promise<void> {
    return this.chat.publishMessage(db, userId, messageId)
  }

  async ready(db: DbOrTx, userId: string, videoId: number, messageId: number): Promise<void> {
    await this.publishMessage(db, userId, messageId)
    await this.reported(userId, videoId)
    await this.chat.publish(userId, {
      type: 'SYSTEM',
      event: 'analysis_ready',
      video_id: videoId,
      timestamp: this.clock.now().toISOString(),
    })
    await this.push.notify(
      userId,
      {
        title: READY_PUSH_TITLE,
        body: 'O relatório do seu jogo chegou: seus números, o mapa de calor e os lances.',
        url: reportPagePath(videoId),
        tag: `analysis-${videoId}`,
      },
      { emailFallback: true },
    )
  }

  async rejected(db: DbOrTx, userId: string, videoId: number, messageId: number): Promise<void> {
    await this.publishMessage(db, userId, messageId)
    await this.push.notify(userId, {
      title: REJECTED_PUSH_TITLE,
      body: 'Veja o motivo no chat. Este vídeo não conta no seu limite do mês.',
      url: '/chat',
      tag: `analysis-${videoId}`,
    })
  }
}
