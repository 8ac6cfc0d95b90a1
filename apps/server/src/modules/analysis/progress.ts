import type { AnalysisStage, ServerFrame } from '@areia/contracts'

/** Persists a run's percent and pushes it to the player's sockets. */
export type ProgressSink = (stage: AnalysisStage, percent: number) => Promise<void>

/** Percent of the whole job at which each stage starts (PLAYERS spans the chunks). */
export const STAGE_START: Record<'PROBE' | 'COURT' | 'PLAYERS' | 'MERGE' | 'CLIPS', number> = {
  PROBE: 1,
  COURT: 5,
  PLAYERS: 10,
  MERGE: 85,
  CLIPS: 90,
}

/** Minimum change (points) or time (ms) between two progress writes of one step. */
const MIN_STEP = 2
const MIN_INTERVAL_MS = 2000

/**
 * Throttles one step's progress reports: a write every 2 points or 2 seconds at most, so a
 * detector reporting every frame does not turn into a database write per frame. Reports are
 * chained, never concurrent, and a failed write is not fatal to the analysis.
 */
export class ProgressThrottle {
  private lastPercent = -Infinity
  private lastAt = 0
  private chain: Promise<void> = Promise.resolve()

  constructor(
    private readonly stage: AnalysisStage,
    private readonly sink: ProgressSink,
    private readonly onError: (err: unknown) => void,
  ) {}

  report(percent: number): void {
    const p = Math.max(0, Math.min(100, Math.floor(percent)))
    const now = Date.now()
    if (p <= this.lastPercent) return
    if (p - this.lastPercent < MIN_STEP && now - this.lastAt < MIN_INTERVAL_MS) return
    this.lastPercent = p
    this.lastAt = now
    this.chain = this.chain.then(() => this.sink(this.stage, p)).catch(this.onError)
  }

  /** Waits for the writes already started. */
  flush(): Promise<void> {
    return this.chain
  }
}

export const progressFrame = (
  videoId: number,
  stage: AnalysisStage,
  percent: number,
  at: Date,
): ServerFrame => ({
  type: 'SYSTEM',
  event: 'analysis_progress',
  timestamp: at.toISOString(),
  video_id: videoId,
  stage,
  percent,
})
