/**
 * `npm run bench` (third part): match-video analysis speed, as the server runs it.
 *
 * A 5-minute 1280×720 30 fps match drawn by @areia/vision/synth (cached under bench/.cache) is
 * cut into two chunks analysed in parallel by two warm child processes (analyze with
 * startSec/endSec, after one corner proposal over the whole video, then mergeAnalyses), as the
 * server's pipeline does. Measured in the same run, with the same two processes: decode-only
 * (ffmpeg → Node at the analysis settings, nothing else), the baseline no analysis can beat.
 *
 * Prints real-time multiples (video seconds per wall second), analysis time as a multiple of
 * decode-only time, each child's own CPU (what the figure would be on idle cores: this 2-core
 * machine is shared, so the load average is recorded beside), and accuracy against the synthetic
 * truth with the vision suite's limits. Target: ≥ 2× real time with two processes, accuracy
 * within limits; exits non-zero otherwise. BENCH_ANALYSIS_SECONDS shortens the clip for a quick
 * look (the target is only judged on the full 300 s).
 */
import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { mergeAnalyses, probe, type AnalysisResult, type Corners } from '@areia/vision'
import { accuracy } from './analysis-accuracy.js'
import { benchClip, clipOptions } from './analysis-clip.js'
import type { Timed, WorkerTask } from './analysis-worker.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const DURATION_S = Number(process.env.BENCH_ANALYSIS_SECONDS ?? 300)
const WORKERS = 2
const TARGET_MULTIPLE = 2
/** analyze's own defaults: 10 fps decoded, at most 1280 px wide */
const DECODE = { fps: 10, width: 1280 }
const RESULTS = path.join(here, '..', 'results', 'analysis.json')

interface Worker {
  proc: ChildProcess
  run<T>(task: WorkerTask): Promise<Timed<T>>
}

async function startWorker(): Promise<Worker> {
  // TypeScript through tsx, as the server's analysis children (decision 004).
  const tsx = createRequire(import.meta.url).resolve('tsx')
  const proc = fork(path.join(here, 'analysis-worker.ts'), [], { execArgv: ['--import', tsx] })
  await new Promise<void>((resolve, reject) => {
    proc.once('message', () => resolve())
    proc.once('exit', (code) => reject(new Error(`bench worker exited with ${code}`)))
  })
  return {
    proc,
    run: <T>(task: WorkerTask) =>
      new Promise<Timed<T>>((resolve, reject) => {
        proc.once('message', (m: { ok: boolean; timed?: Timed<T>; error?: string }) =>
          m.ok && m.timed ? resolve(m.timed) : reject(new Error(m.error)),
        )
        proc.send(task)
      }),
  }
}

const loadAvg = () => os.loadavg().map((v) => Math.round(v * 100) / 100)
const fixed = (v: number, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : String(v))

const opts = clipOptions(DURATION_S)
const loadAtStart = loadAvg()
const clip = await benchClip(opts)
const info = await probe(clip.file)
const mid = Math.round(info.durationSec / 2)
const chunks = [
  { startSec: 0, endSec: mid },
  { startSec: mid, endSec: info.durationSec },
]
const workers = await Promise.all(Array.from({ length: WORKERS }, startWorker))
try {
  await Promise.all(workers.map((w) => w.run({ op: 'warm' })))

  // Decode-only: the same two processes, the same slices, the same fps and size as analyze.
  const decodeStarted = performance.now()
  const decoded = await Promise.all(
    chunks.map((c, i) =>
      workers[i]!.run<number>({ op: 'decode', file: clip.file, ...c, ...DECODE }),
    ),
  )
  const decodeWallS = (performance.now() - decodeStarted) / 1000

  // The analysis: corners proposed once for the whole video, chunks in parallel, one merge.
  const analysisStarted = performance.now()
  const proposed = await workers[0]!.run<Corners | null>({ op: 'propose', file: clip.file })
  const corners = proposed.value ?? opts.corners
  const parts = await Promise.all(
    chunks.map((c, i) =>
      workers[i]!.run<AnalysisResult>({ op: 'analyze', file: clip.file, corners, ...c }),
    ),
  )
  const mergeStarted = performance.now()
  const result = mergeAnalyses(parts.map((p) => p.value))
  const mergeS = (performance.now() - mergeStarted) / 1000
  const analysisWallS = (performance.now() - analysisStarted) / 1000
  const loadAtEnd = loadAvg()

  const acc = accuracy(result, clip.truth, opts.corners, info.durationSec)
  // The true corners stand in so the rest can still be measured, but that is not a pass.
  if (!proposed.value) {
    acc.failures.push('no corners proposed from the court lines')
    acc.pass = false
  }
  const multiple = info.durationSec / analysisWallS
  const decodeMultiple = info.durationSec / decodeWallS
  const judged = DURATION_S >= 300
  const speedOk = multiple >= TARGET_MULTIPLE
  const rounds = parts.map((p) => p.value.coverage.rounds)

  console.log(
    `\nmatch analysis, ${info.durationSec.toFixed(0)} s ${info.width}×${info.height} ${fixed(info.fps, 0)} fps generated clip` +
      ` (${clip.rendered ? `rendered in ${clip.renderS.toFixed(0)} s` : 'cached'}), ${WORKERS} processes, ${os.cpus().length} cores`,
  )
  console.table([
    {
      measure: 'load average at start / end (1, 5, 15 min)',
      value: `${loadAtStart.join(' ')} / ${loadAtEnd.join(' ')}`,
    },
    {
      measure: 'decode-only, 2 processes (wall s, × real time)',
      value: `${fixed(decodeWallS, 1)} s, ${fixed(decodeMultiple, 1)}× (${decoded.map((d) => d.value).join(' + ')} frames)`,
    },
    {
      measure: 'analysis, 2 processes (wall s, × real time)',
      value: `${fixed(analysisWallS, 1)} s, ${fixed(multiple)}×`,
    },
    {
      measure: 'analysis time / decode-only time',
      value: `${fixed(analysisWallS / decodeWallS, 1)}×`,
    },
    {
      measure: 'corner proposal (wall s)',
      value: `${fixed(proposed.wallS, 1)} s (${proposed.value ? 'found' : 'none, truth used'})`,
    },
    ...parts.map((p, i) => ({
      measure: `chunk ${i + 1}: ${chunks[i]!.startSec}–${fixed(chunks[i]!.endSec, 0)} s (wall, node CPU, rounds)`,
      value: `${fixed(p.wallS, 1)} s = ${fixed((chunks[i]!.endSec - chunks[i]!.startSec) / p.wallS)}×; CPU ${fixed(p.cpuS, 1)} s = ${fixed((chunks[i]!.endSec - chunks[i]!.startSec) / p.cpuS)}×; ${rounds[i]} rounds`,
    })),
    { measure: 'merge (s)', value: fixed(mergeS, 3) },
    {
      measure: 'corners (max error, m)',
      value: acc.cornerErrorM === null ? '-' : fixed(acc.cornerErrorM),
    },
    {
      measure: 'positions (median error, m)',
      value: `${fixed(acc.positionMedianM)} over ${acc.samples} samples`,
    },
    { measure: 'identity swaps', value: `${acc.swaps} (${fixed(acc.swapsPerMin)}/min)` },
    {
      measure: 'distance covered (worst player error)',
      value: `${fixed(acc.distanceErrorShare * 100, 1)} %`,
    },
    {
      measure: 'rallies (found / true, worst boundary s)',
      value: `${acc.ralliesFound} / ${acc.ralliesTrue}, ${fixed(acc.rallyBoundaryMaxS)} s`,
    },
  ])
  console.log(
    `${acc.pass ? 'PASS' : 'FAIL'} accuracy within the vision suite's limits` +
      (acc.pass ? '' : `: ${acc.failures.join('; ')}`),
  )
  console.log(
    judged
      ? `${speedOk ? 'PASS' : 'FAIL'} analysis ${fixed(multiple)}× real time with ${WORKERS} processes (target ≥ ${TARGET_MULTIPLE}×)`
      : `(speed not judged on a ${DURATION_S} s clip: ${fixed(multiple)}× real time)`,
  )

  fs.mkdirSync(path.dirname(RESULTS), { recursive: true })
  fs.writeFileSync(
    RESULTS,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        cores: os.cpus().length,
        loadAverage: { start: loadAtStart, end: loadAtEnd },
        clip: {
          file: path.basename(clip.file),
          durationSec: info.durationSec,
          width: info.width,
          height: info.height,
          fps: info.fps,
        },
        workers: WORKERS,
        decodeOnly: { wallS: decodeWallS, multiple: decodeMultiple, chunks: decoded },
        analysis: {
          wallS: analysisWallS,
          multiple,
          ratioToDecodeOnly: analysisWallS / decodeWallS,
          proposeS: proposed.wallS,
          mergeS,
          settings: result.settings,
          chunks: parts.map((p, i) => ({
            ...chunks[i],
            wallS: p.wallS,
            cpuS: p.cpuS,
            rounds: rounds[i],
          })),
        },
        accuracy: acc,
        target: { multiple: TARGET_MULTIPLE, judged, pass: judged ? speedOk : null },
      },
      null,
      2,
    ),
  )
  console.log(`written to ${path.relative(process.cwd(), RESULTS)}`)
  // Under the bench runner (BENCH_ROWS names its file), the headline figures join its one table,
  // in its row format (section, figure, value, baseline, ratio, target, pass).
  const rowsFile = process.env.BENCH_ROWS
  if (rowsFile) {
    const section = 'analysis'
    const rows = [
      {
        section,
        figure: `${fixed(info.durationSec, 0)} s 720p match, ${WORKERS} processes (× real time)`,
        value: `${fixed(multiple)}×`,
        baseline: `decode-only ${fixed(decodeMultiple, 1)}×`,
        ratio: multiple / decodeMultiple,
        target: `≥ ${TARGET_MULTIPLE}×`,
        pass: judged ? speedOk : null,
      },
      {
        section,
        figure: 'node CPU per process (× real time; idle-core figure)',
        value: parts
          .map((p, i) => `${fixed((chunks[i]!.endSec - chunks[i]!.startSec) / p.cpuS)}×`)
          .join(' / '),
        pass: null,
      },
      {
        section,
        figure: 'accuracy vs synthetic truth',
        value: `pos ${fixed(acc.positionMedianM)} m, dist ${fixed(acc.distanceErrorShare * 100, 1)} %, ${acc.swaps} swaps, rallies ${acc.ralliesFound}/${acc.ralliesTrue}`,
        target: 'vision suite limits',
        pass: acc.pass,
      },
      {
        section,
        figure: 'load average start / end (1 min)',
        value: `${loadAtStart[0]} / ${loadAtEnd[0]}`,
        pass: null,
      },
    ]
    const previous = fs.existsSync(rowsFile)
      ? (JSON.parse(fs.readFileSync(rowsFile, 'utf8')) as unknown[])
      : []
    fs.writeFileSync(rowsFile, JSON.stringify([...previous, ...rows], null, 2))
  }
  process.exitCode = acc.pass && (!judged || speedOk) ? 0 : 1
} finally {
  for (const w of workers) w.proc.kill()
}
