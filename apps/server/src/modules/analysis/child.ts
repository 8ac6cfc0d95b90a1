/**
 * An analysis child process (forked by runner.ts). The TF.js WASM detector and the court-line
 * search are synchronous CPU work: here they block only this process, never the API's event
 * loop. The detector is loaded once and kept warm across tasks. A child lives only as long as
 * its parent: when the IPC channel closes (parent exited or was killed), it exits.
 */
import {
  analyze,
  mergeAnalyses,
  peopleInStill,
  PersonDetector,
  placeOnCourt,
  probe,
  proposeFromVideo,
  scaleCorners,
} from '@areia/vision'
import type { AnalysisResult } from '@areia/vision'
import type { ChildReply, ChildTask } from './runner'

process.on('disconnect', () => process.exit(0))

/** Seconds of video the court corners are proposed from. */
const PROPOSE_WINDOW_SEC = 90

let detector: Promise<PersonDetector> | null = null
const loadDetector = () => (detector ??= PersonDetector.create())

const reply = (msg: ChildReply) => {
  process.send?.(msg)
}

async function perform(task: ChildTask): Promise<unknown> {
  switch (task.op) {
    case 'warm':
      await loadDetector()
      return null
    case 'propose': {
      // A window mid-match: the median of its frames loses the players, and a long video is
      // not decoded end to end just to sample seven frames.
      const info = await probe(task.file)
      const span = Math.min(info.durationSec, PROPOSE_WINDOW_SEC)
      const from = Math.max(0, info.durationSec / 2 - span / 2)
      return proposeFromVideo(task.file, info, Math.min(info.width, 1280), from, from + span)
    }
    case 'analyze':
      return analyze(task.file, {
        corners: task.corners,
        startSec: task.startSec,
        endSec: task.endSec,
        detector: await loadDetector(),
        onProgress: (p) => reply({ id: task.id, kind: 'progress', percent: p.percent }),
      })
    case 'merge':
      return mergeAnalyses(task.parts as AnalysisResult[])
    case 'still': {
      const found = await peopleInStill(task.file, await loadDetector())
      if (!task.video) return found
      // The court's lines around the picture's moment, in the picture's pixels.
      const info = await probe(task.video)
      const span = Math.min(info.durationSec, PROPOSE_WINDOW_SEC)
      const at = task.atSec ?? info.durationSec / 2
      const from = Math.max(0, Math.min(at - span / 2, info.durationSec - span))
      const width = Math.min(info.width, 1280)
      const corners = await proposeFromVideo(task.video, info, width, from, from + span)
      if (!corners) return { ...found, corners: null, court: null }
      const inStill = scaleCorners(corners, found.width / info.width, found.height / info.height)
      return { ...found, corners: inStill, court: placeOnCourt(found.people, inStill) }
    }
  }
}

process.on('message', (task: ChildTask) => {
  perform(task).then(
    (value) => reply({ id: task.id, kind: 'done', value }),
    (err: unknown) =>
      reply({
        id: task.id,
        kind: 'error',
        message: err instanceof Error ? err.message : String(err),
      }),
  )
})

reply({ id: 0, kind: 'ready' })
