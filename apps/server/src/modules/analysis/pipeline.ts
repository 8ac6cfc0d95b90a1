import { createHash } from 'node:crypto'
import type { AnalysisStage, CourtCorners, JobName, ServerFrame } from '@areia/contracts'
import { type AnalysisResult, type Corners, probe } from '@areia/vision'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import type { Config } from '../../config'
import type { JobMeta, JobQueue, QueuePolicy } from '../../adapters/queue'
import { analysisPrefix, type VideoStorage } from '../../adapters/storage'
import { runPrefix, storeKeyframe, storeMedia } from './artifacts'
import { type AnalysisRow, type Artifacts, PipelineStore } from './pipeline-store'
import { progressFrame, ProgressThrottle, STAGE_START } from './progress'
import type { AnalysisRunner } from './runner'
import { ANALYSIS_ROOM } from '../coaching/hub'
import { job, type ModuleJob } from '../module'
import type { VideoStatusPort } from '../videos/status'

/** The analysis settings of the configuration; whether this process runs it is decided elsewhere. */
export type PipelineSettings = Omit<Config['analysis'], 'run'>

export interface PipelineLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** Retries with back-off and a dead letter for the three steps; expiries are set per job. */
export function analysisPolicies(s: PipelineSettings): Partial<Record<JobName, QueuePolicy>> {
  const step: QueuePolicy = {
    retryLimit: s.retryLimit,
    retryDelaySeconds: s.retryDelaySeconds,
    expireInSeconds: s.attemptMinSeconds,
    deadLetter: 'analysis.failed',
  }
  return {
    'analysis.run': step,
    'analysis.chunk': step,
    'analysis.finish': step,
    'analysis.failed': { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 120 },
  }
}

/**
 * A UUID fixed by the step it names: the queue ignores a second send with the same id, so a
 * step that runs twice (a retry after a crash) cannot enqueue its follow-up twice.
 */
/** A QUEUED video younger than this is still on its way into the queue. */
const SWEEP_GRACE_MS = 2 * 60_000

export function stepJobId(...parts: Array<string | number>): string {
  const h = createHash('sha256')
    .update(`areia-analysis:${parts.join(':')}`)
    .digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** Equal chunks of about `chunkSeconds` on whole seconds; a short video is one chunk. */
export function planChunks(durationSec: number, chunkSeconds: number) {
  const end = Math.ceil(durationSec)
  const n = Math.max(1, Math.round(durationSec / chunkSeconds))
  return Array.from({ length: n }, (_, i) => ({
    fromSec: Math.round((i * end) / n),
    toSec: i === n - 1 ? end : Math.round(((i + 1) * end) / n),
  }))
}

const failureMessage = (output: unknown): string => {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null
  const msg = o?.message ?? o?.value?.message
  return typeof msg === 'string' && msg ? msg : 'erro desconhecido'
}

export interface AnalysisPipelineDeps {
  db: Db
  store: PipelineStore
  storage: VideoStorage
  queue: JobQueue
  runner: AnalysisRunner
  publish: (userId: string, frame: ServerFrame) => Promise<void>
  clock: Clock
  settings: PipelineSettings
  /** The videos module's: the video follows its analysis (analysing, then review). */
  videos: VideoStatusPort
  log: PipelineLog
}

/**
 * The analysis of an identified video, as durable jobs: `analysis.run` (probe, keyframe, court
 * corners, chunk plan) → one `analysis.chunk` per slice, each analysed in a warm child process →
 * `analysis.finish` (merge, heatmaps, clips, highlights) → the analyst's review. Every step
 * re-reads the state, acts only for the current run and only on what is still to do; the stage
 * moves by conditional updates, so exactly one attempt ends a run.
 */
export class AnalysisPipeline {
  private readonly db: Db
  private readonly store: PipelineStore
  private readonly storage: VideoStorage
  private readonly queue: JobQueue
  private readonly runner: AnalysisRunner
  private readonly publish: (userId: string, frame: ServerFrame) => Promise<void>
  private readonly clock: Clock
  private readonly settings: PipelineSettings
  private readonly videos: VideoStatusPort
  private readonly log: PipelineLog

  constructor(deps: AnalysisPipelineDeps) {
    ;({
      db: this.db,
      store: this.store,
      storage: this.storage,
      queue: this.queue,
      runner: this.runner,
      publish: this.publish,
      clock: this.clock,
      settings: this.settings,
      videos: this.videos,
      log: this.log,
    } = deps)
  }

  private readonly pushes = new Map<number, Promise<void>>()

  /** The consumers of this process (embedded server or `npm run worker`). */
  jobs(): ModuleJob[] {
    return [
      job('analysis.run', (d, m) => this.runStep(d.video_id, d.run, m)),
      job('analysis.chunk', (d, m) => this.chunkStep(d.video_id, d.run, d.index, m), {
        concurrency: this.settings.concurrency,
      }),
      job('analysis.finish', (d, m) => this.finishStep(d.video_id, d.run, m)),
      job('analysis.failed', (d, m) => this.failed(d.video_id, d.run, d.index, m)),
      job(
        'analysis.sweep',
        async () => {
          await this.sweep()
        },
        { schedule: { cron: '*/5 * * * *', data: {} } },
      ),
    ]
  }

  /**
   * Starts what a crash left behind: a QUEUED video with no analysis row is enqueued; a run still
   * QUEUED is sent again under its own job id, which the queue ignores when the job exists.
   */
  async sweep(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - SWEEP_GRACE_MS)
    const stalled = await this.store.stalled(this.db, before)
    for (const s of stalled) {
      if (s.run === null) await this.enqueue(s.videoId)
      else {
        await this.queue.send(
          'analysis.run',
          { video_id: s.videoId, run: s.run },
          { id: stepJobId('run', s.videoId, s.run) },
        )
      }
    }
    if (stalled.length > 0) this.log.warn({ videos: stalled }, 'analysis: stalled runs restarted')
    return stalled.length
  }

  /**
   * A video to analyse (first run or re-run: run + 1, back to QUEUED). Corners given by a person
   * are used as they are instead of being proposed.
   */
  async enqueue(videoId: number, opts: { corners?: CourtCorners } = {}): Promise<void> {
    const row = await this.store.queue(this.db, videoId, opts.corners ?? null, this.clock.now())
    // Told before the job can start, so the player's screen never sees QUEUED after PROBE.
    await this.notify(videoId)
    await this.queue.send(
      'analysis.run',
      { video_id: videoId, run: row.run },
      { id: stepJobId('run', videoId, row.run) },
    )
  }

  deleteFiles(videoId: number): Promise<void> {
    return this.storage.deletePrefix(analysisPrefix(videoId))
  }

  private async current(videoId: number, run: number, stages: AnalysisStage[]) {
    const analysis = await this.store.analysis(this.db, videoId)
    if (!analysis || analysis.run !== run || !stages.includes(analysis.stage)) return null
    const video = await this.store.video(this.db, videoId)
    if (!video || !PipelineStore.analysable(video.status)) return null
    return { analysis, video }
  }

  private async runStep(videoId: number, run: number, meta: JobMeta): Promise<void> {
    const state = await this.current(videoId, run, ['QUEUED', 'PROBE', 'COURT', 'PLAYERS'])
    if (!state) return
    const { analysis } = state
    const file = await this.storage.probeTarget(state.video.storageKey)
    if (analysis.stage !== 'PLAYERS') {
      await this.store.advance(this.db, videoId, run, 'PROBE', STAGE_START.PROBE, [
        'QUEUED',
        'PROBE',
        'COURT',
      ])
      await this.videos.move(videoId, { status: 'ANALYZING' }, ['QUEUED', 'IN_REVIEW'])
      await this.notify(videoId)
      const info = await probe(file, meta.signal)
      const keyframe = `${runPrefix(videoId, run)}keyframe.jpg`
      await storeKeyframe(
        this.storage,
        file,
        Math.min(2, info.durationSec / 2),
        keyframe,
        meta.signal,
      )
      const artifacts: Artifacts = { ...(analysis.artifacts as Artifacts), keyframe }
      await this.store.advance(
        this.db,
        videoId,
        run,
        'COURT',
        STAGE_START.COURT,
        ['PROBE', 'COURT'],
        {
          artifacts,
        },
      )
      await this.notify(videoId)
      let corners = analysis.corners
      let source = analysis.cornersSource
      if (!corners) {
        corners = await this.runner.run<Corners | null>(
          { op: 'propose', file },
          { signal: meta.signal },
        )
        source = corners ? 'proposed' : null
      }
      const spans = planChunks(info.durationSec, this.settings.chunkSeconds)
      const moved = await this.db.transaction(async (tx) => {
        await this.store.insertChunks(tx, videoId, run, spans)
        return this.store.advance(tx, videoId, run, 'PLAYERS', STAGE_START.PLAYERS, ['COURT'], {
          corners: corners,
          cornersSource: source,
        })
      })
      if (!moved) return
      await this.notify(videoId)
    }
    // Also on a retry after a crash between the plan and the sends: fixed ids, no duplicates.
    for (const chunk of await this.store.chunks(this.db, videoId, run)) {
      if (chunk.doneAt) continue
      await this.queue.send(
        'analysis.chunk',
        { video_id: videoId, run, index: chunk.index },
        {
          id: stepJobId('chunk', videoId, run, chunk.index),
          expireInSeconds: Math.ceil(
            this.settings.attemptMinSeconds +
              this.settings.attemptSecondsPerVideoSecond * (chunk.toSec - chunk.fromSec),
          ),
        },
      )
    }
  }

  private async chunkStep(videoId: number, run: number, index: number, meta: JobMeta) {
    const state = await this.current(videoId, run, ['PLAYERS'])
    if (!state) return
    const chunks = await this.store.chunks(this.db, videoId, run)
    const chunk = chunks.find((c) => c.index === index)
    if (!chunk) return
    if (!chunk.doneAt) {
      const total = chunks.reduce((s, c) => s + (c.toSec - c.fromSec), 0) || 1
      const doneSec = chunks.reduce((s, c) => s + (c.doneAt ? c.toSec - c.fromSec : 0), 0)
      const span = STAGE_START.MERGE - STAGE_START.PLAYERS
      const progress = new ProgressThrottle('PLAYERS', this.sink(videoId, run), (err) =>
        this.log.warn({ err, videoId }, 'analysis: progress not saved'),
      )
      const file = await this.storage.probeTarget(state.video.storageKey)
      const result = await this.runner.run<AnalysisResult>(
        {
          op: 'analyze',
          file,
          corners: state.analysis.corners,
          startSec: chunk.fromSec,
          endSec: chunk.toSec,
        },
        {
          signal: meta.signal,
          onStart: (pid) =>
            this.log.info(
              { videoId, run, index, pid, attempt: meta.attempt },
              'analysis chunk running',
            ),
          onProgress: (p) =>
            progress.report(
              STAGE_START.PLAYERS +
                (span * (doneSec + ((chunk.toSec - chunk.fromSec) * p) / 100)) / total,
            ),
        },
      )
      await progress.flush()
      await this.store.completeChunk(
        this.db,
        videoId,
        run,
        index,
        result as unknown as Record<string, unknown>,
      )
    }
    const after = await this.store.chunks(this.db, videoId, run)
    if (after.every((c) => c.doneAt)) {
      await this.queue.send(
        'analysis.finish',
        { video_id: videoId, run },
        {
          id: stepJobId('finish', videoId, run),
          expireInSeconds: Math.ceil(
            this.settings.attemptMinSeconds + 3 * (after.at(-1)?.toSec ?? 0),
          ),
        },
      )
    }
  }

  private async finishStep(videoId: number, run: number, meta: JobMeta): Promise<void> {
    const state = await this.current(videoId, run, ['PLAYERS', 'MERGE', 'CLIPS'])
    if (!state) return
    const chunks = await this.store.chunks(this.db, videoId, run)
    if (!chunks.length || chunks.some((c) => !c.doneAt)) return
    if (state.analysis.stage === 'PLAYERS') {
      const claimed = await this.store.advance(this.db, videoId, run, 'MERGE', STAGE_START.MERGE, [
        'PLAYERS',
      ])
      if (!claimed) return
    }
    await this.notify(videoId)
    const merged = await this.runner.run<AnalysisResult>(
      { op: 'merge', parts: chunks.map((c) => c.result) },
      { signal: meta.signal },
    )
    await this.store.advance(this.db, videoId, run, 'CLIPS', STAGE_START.CLIPS, ['MERGE', 'CLIPS'])
    await this.notify(videoId)
    const source = () => this.storage.probeTarget(state.video.storageKey)
    const progress = new ProgressThrottle('CLIPS', this.sink(videoId, run), (err) =>
      this.log.warn({ err, videoId }, 'analysis: progress not saved'),
    )
    const media = await storeMedia(this.storage, source, merged, runPrefix(videoId, run), {
      signal: meta.signal,
      onProgress: (share) => progress.report(STAGE_START.CLIPS + 9 * share),
    })
    await progress.flush()
    const keyframe = (state.analysis.artifacts as Artifacts).keyframe
    const artifacts: Artifacts = { ...(keyframe ? { keyframe } : {}), ...media }
    const done = await this.db.transaction(async (tx) => {
      const row = await this.store.advance(tx, videoId, run, 'REVIEW', 100, ['CLIPS'], {
        result: merged as unknown as Record<string, unknown>,
        artifacts,
        problem: merged.analysable ? null : (merged.reason ?? 'Vídeo não analisável.'),
      })
      if (!row) return null
      await this.videos.move(videoId, { status: 'IN_REVIEW' }, ['ANALYZING', 'QUEUED'], tx)
      await this.store.dropOlderChunks(tx, videoId, run)
      return row
    })
    if (!done) return
    this.log.info({ videoId, run, analysable: merged.analysable }, 'analysis ready for review')
    await this.notify(videoId)
    await this.cleanUp(videoId, run)
  }

  /** Files of earlier runs go; everything goes if the video was cancelled meanwhile. */
  private async cleanUp(videoId: number, run: number): Promise<void> {
    const video = await this.store.video(this.db, videoId)
    if (!video || video.status === 'CANCELLED') {
      await this.deleteFiles(videoId)
      return
    }
    for (let k = 1; k < run; k++) await this.storage.deletePrefix(runPrefix(videoId, k))
  }

  /** Dead letter: a step failed after all its retries. */
  private async failed(videoId: number, run: number, index: number | undefined, meta: JobMeta) {
    const where = index === undefined ? '' : ` (trecho ${index + 1})`
    const failure = `A análise falhou depois de todas as tentativas${where}: ${failureMessage(meta.output)}`
    // The run ends FAILED and the video goes to the analyst's review, together.
    const failed = await this.db.transaction(async (tx) => {
      if (!(await this.store.fail(tx, videoId, run, failure))) return false
      await this.videos.move(videoId, { status: 'IN_REVIEW' }, ['QUEUED', 'ANALYZING'], tx)
      return true
    })
    if (!failed) return
    this.log.error({ videoId, run, index, failure }, 'analysis failed')
    await this.notify(videoId)
  }

  private sink(videoId: number, run: number) {
    return async (stage: AnalysisStage, percent: number) => {
      if (await this.store.progress(this.db, videoId, run, stage, percent)) {
        await this.notify(videoId)
      }
    }
  }

  /**
   * Pushes the run's stage and percent as stored, so screens never see them go back; one push
   * at a time per video in this process (two chunks report side by side).
   */
  private notify(videoId: number): Promise<void> {
    const previous = this.pushes.get(videoId) ?? Promise.resolve()
    const next = previous.catch(() => undefined).then(() => this.push(videoId))
    this.pushes.set(videoId, next)
    return next.finally(() => {
      if (this.pushes.get(videoId) === next) this.pushes.delete(videoId)
    })
  }

  private async push(videoId: number): Promise<void> {
    const analysis = await this.store.analysis(this.db, videoId)
    const video = await this.store.video(this.db, videoId)
    if (!analysis || !video) return
    const frame = progressFrame(videoId, analysis.stage, analysis.percent, this.clock.now())
    try {
      await this.publish(video.userId, frame)
      // The analysts' console follows every video.
      await this.publish(ANALYSIS_ROOM, frame)
    } catch (err) {
      this.log.warn({ err, videoId }, 'analysis: progress not pushed')
    }
  }
}

export type { AnalysisRow }
