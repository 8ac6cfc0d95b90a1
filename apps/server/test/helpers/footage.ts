import fs from 'node:fs'
import path from 'node:path'
import type { Database } from '../../src/adapters/db'
import { analysisState } from './pipeline'
import { until } from './videos'

/**
 * The labelled real clips sit next to the repository and are never copied into it;
 * AREIA_FOOTAGE_DIR names their folder for a checkout that sits elsewhere (a git worktree).
 */
const FOOTAGE =
  process.env.AREIA_FOOTAGE_DIR ??
  path.resolve(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'footage')
export const OUTDOOR_CLIP = path.join(FOOTAGE, 'pickleball_outdoor_doubles_30s.mp4')

/** The footage README's corners for the outdoor clip, in its 1920 × 1080 pixels. */
export const OUTDOOR_CORNERS = [
  { x: 211.1, y: 788.9 },
  { x: 1710.6, y: 788.1 },
  { x: 1312.7, y: 303.5 },
  { x: 604.1, y: 306.0 },
]

/** Minutes of CPU per run: asked for with AREIA_FOOTAGE_TESTS=1, not part of every `npm test`. */
export const footageWanted = () =>
  process.env.AREIA_FOOTAGE_TESTS === '1' && fs.existsSync(OUTDOOR_CLIP)

/**
 * The analysis state once the given run has reached review (or failed); `each` runs at every
 * look before it (to record what the player sees meanwhile).
 */
export const settledRun = (
  database: Database,
  id: number,
  run: number,
  timeoutMs: number,
  each?: () => Promise<void>,
) =>
  until(async () => {
    await each?.()
    const s = await analysisState(database, id)
    return s.analysis?.run === run && ['REVIEW', 'FAILED'].includes(s.analysis.stage)
      ? s
      : undefined
  }, timeoutMs)
