// The ten-minute job: the labelled outdoor clip played LOOPS times over (the stream copied end to
// end, as the server's long footage test does), analysed in the server's 60 s chunks and merged.
// Each loop holds one labelled rally (3–12 s of its 30 s) and a walk between points; the serve
// at ≈ 29.5 s runs into the next loop's pictures, so the rally labelled in every loop is 3–12 s.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { analyze, type AnalysisResult } from '../src/analyze.js'
import type { PersonDetector } from '../src/detector.js'
import { FFMPEG, probe, run } from '../src/ffmpeg.js'
import type { Corners } from '../src/homography.js'
import { mergeAnalyses } from '../src/merge.js'
import { cpuSeconds } from './cpu.js'

const LOOP_SEC = 30
const RALLY: [number, number] = [3, 12]
/** how far (s) a detected boundary may lie from the labelled one */
const TOLERANCE_S = 1.5
/** the server's chunk length (s) */
const CHUNK_SEC = 60

export interface LoopFigures {
  variant: string
  loops: number
  found: number
  matched: number
  invented: number
  /** per loop: start and end error (s) of its rally, null when it was not found */
  errors: Array<[number, number] | null>
  within: number
  served: number
  /** the loops (from 1) whose rally was found without its serve */
  unserved: number[]
  /** who the serves seen were given to (player id, or '?'), and from which half: every loop's
   * serve is the same player's */
  servers: Record<string, number>
  cpuPerVideoSec: number
}

async function loopedClip(clip: string, loops: number, mute: boolean): Promise<string> {
  const dir = path.join(os.tmpdir(), 'areia-eval-variants')
  fs.mkdirSync(dir, { recursive: true })
  const stat = fs.statSync(clip)
  const out = path.join(
    dir,
    `${path.basename(clip, '.mp4')}-x${loops}${mute ? '-mute' : ''}-${stat.size}.mp4`,
  )
  if (!fs.existsSync(out)) {
    const tmp = `${out}.part.mp4`
    await run(FFMPEG, [
      ...['-v', 'error', '-y', '-stream_loop', String(loops - 1), '-i', clip],
      ...['-c', 'copy', ...(mute ? ['-an'] : []), '-t', String(loops * LOOP_SEC), tmp],
    ])
    fs.renameSync(tmp, out)
  }
  return out
}

export async function evaluateLoop(
  clip: string,
  corners: Corners,
  loops: number,
  detector: PersonDetector,
  mute: boolean,
): Promise<LoopFigures> {
  const file = await loopedClip(clip, loops, mute)
  const info = await probe(file)
  const before = cpuSeconds()
  const parts: AnalysisResult[] = []
  for (let from = 0; from < info.durationSec - 0.5; from += CHUNK_SEC)
    parts.push(
      await analyze(file, {
        corners,
        detector,
        startSec: from,
        endSec: Math.min(info.durationSec, from + CHUNK_SEC),
      }),
    )
  const cpu = cpuSeconds() - before
  const merged = mergeAnalyses(parts)
  if (process.env.EVAL_RESULTS) {
    fs.mkdirSync(process.env.EVAL_RESULTS, { recursive: true })
    const name = `loop-x${loops}${mute ? '-mute' : ''}.json`
    fs.writeFileSync(path.join(process.env.EVAL_RESULTS, name), JSON.stringify(merged))
  }
  const rallies = merged.rallies.items
  const used = new Set<number>()
  const errors: LoopFigures['errors'] = []
  let served = 0
  const unserved: number[] = []
  const servers: Record<string, number> = {}
  for (let k = 0; k < loops; k++) {
    const [a, b] = [k * LOOP_SEC + RALLY[0], k * LOOP_SEC + RALLY[1]]
    const i = rallies.findIndex((r, j) => !used.has(j) && r.startSec < b && r.endSec > a)
    if (i < 0) {
      errors.push(null)
      continue
    }
    used.add(i)
    const r = rallies[i]!
    errors.push([round1(r.startSec - a), round1(r.endSec - b)])
    if (r.serve) {
      served++
      const who = `${r.serve.playerId ?? '?'} (${r.serve.side ?? '?'})`
      servers[who] = (servers[who] ?? 0) + 1
    } else unserved.push(k + 1)
  }
  const within = errors.filter(
    (e) => e && Math.abs(e[0]) <= TOLERANCE_S && Math.abs(e[1]) <= TOLERANCE_S,
  ).length
  return {
    variant: mute ? 'without sound' : 'with sound',
    loops,
    found: rallies.length,
    matched: used.size,
    invented: rallies.length - used.size,
    errors,
    within,
    served,
    unserved,
    servers,
    cpuPerVideoSec: Math.round((cpu / info.durationSec) * 100) / 100,
  }
}

const round1 = (v: number) => Math.round(v * 10) / 10

export function printLoop(f: LoopFigures): void {
  const worst = Math.max(0, ...f.errors.flatMap((e) => (e ? e.map(Math.abs) : [])))
  process.stdout.write(
    [
      `outdoor clip ×${f.loops} in ${CHUNK_SEC} s chunks, ${f.variant}:`,
      `  rallies            ${f.found} found for ${f.loops} labelled; ${f.matched} matched, ${f.invented} invented; ${f.within} with both ends within ${TOLERANCE_S} s (worst ${worst.toFixed(1)} s)`,
      `  boundary errors    ${f.errors.map((e) => (e ? `${e[0]}/${e[1]}` : 'missed')).join(' ')}`,
      `  serves             ${f.served} of ${f.matched} matched rallies start with a serve seen${f.unserved.length ? ` (not in loops ${f.unserved.join(', ')})` : ''}; given to ${Object.entries(
        f.servers,
      )
        .map(([who, n]) => `${who} ×${n}`)
        .join(', ')}`,
      `  CPU                ${f.cpuPerVideoSec} CPU-s per video second`,
    ].join('\n') + '\n',
  )
}
