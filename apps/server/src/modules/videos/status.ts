import type { VideoStatus } from '@areia/contracts'
import type { Db, DbOrTx } from '../../adapters/db'
import type { VideosStore } from './store'

/** Where the analysis takes a video; a refused one gives back its place in the month's allowance. */
export type VideoStatusChange =
  | { status: 'ANALYZING' | 'IN_REVIEW' | 'READY'; at?: Date }
  | { status: 'FAILED'; reason: string; at?: Date }

/**
 * How another module moves a video along: only from one of `from`, so a change that came first
 * (a cancel, another worker) wins; true when this call moved it. `db` is the caller's transaction
 * when the move belongs to one.
 */
export interface VideoStatusPort {
  move(
    videoId: number,
    change: VideoStatusChange,
    from: VideoStatus[],
    db?: DbOrTx,
  ): Promise<boolean>
}

export class VideoStatusService implements VideoStatusPort {
  constructor(
    private readonly db: Db,
    private readonly store: VideosStore,
  ) {}

  async move(
    videoId: number,
    change: VideoStatusChange,
    from: VideoStatus[],
    db: DbOrTx = this.db,
  ): Promise<boolean> {
    const patch =
      change.status === 'FAILED'
        ? { status: change.status, failureReason: change.reason, acceptedAt: null }
        : { status: change.status }
    const row = await this.store.update(db, videoId, { ...patch, updatedAt: change.at }, from)
    return row !== undefined
  }
}
