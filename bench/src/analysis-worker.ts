// A child process of the analysis bench, like the server's analysis children: it loads the
// detector once ('warm', not timed: the server keeps its children warm) and then times what it is
// asked to do on its slice of the video, wall clock and this process's own CPU.
import {
  analyze,
  decodeFrames,
  PersonDetector,
  probe,
  proposeFromVideo,
  type Corners,
} from '@areia/vision'

export type WorkerTask =
  | { op: 'warm' }
  | { op: 'decode'; file: string; startSec: number; endSec: number; fps: number; width: number }
  | { op: 'propose'; file: string }
  | { op: 'analyze'; file: string; corners: Corners; startSec: number; endSec: number }

export interface Timed<T> {
  value: T
  wallS: number
  /** user + system CPU of this Node process (ffmpeg's own CPU not included) */
  cpuS: number
}

process.on('disconnect', () => process.exit(0))

let detector: PersonDetector | null = null

async function perform(task: WorkerTask): Promise<unknown> {
  switch (task.op) {
    case 'warm':
      detector ??= await PersonDetector.create()
      return null
    case 'decode': {
      const info = await probe(task.file)
      let frames = 0
      for await (const frame of decodeFrames(task.file, info, task)) frames = frame.index + 1
      return frames
    }
    case 'propose': {
      const info = await probe(task.file)
      return proposeFromVideo(task.file, info, Math.min(info.width, 1280), 0, info.durationSec)
    }
    case 'analyze':
      detector ??= await PersonDetector.create()
      return analyze(task.file, { ...task, detector })
  }
}

process.on('message', (task: WorkerTask) => {
  const cpu = process.cpuUsage()
  const started = performance.now()
  perform(task).then(
    (value) => {
      const used = process.cpuUsage(cpu)
      const timed: Timed<unknown> = {
        value,
        wallS: (performance.now() - started) / 1000,
        cpuS: (used.user + used.system) / 1e6,
      }
      process.send?.({ ok: true, timed })
    },
    (err: unknown) => process.send?.({ ok: false, error: String(err) }),
  )
})
process.send?.({ ready: true })
