/**
 * `npm run eval:vision`: the pipeline on the real clips in ../shared/footage (next to the
 * repository; never copied into it), measured as a new user's upload would be: corners as the
 * footage README gives them (in the video's own pixels), no tuning per clip.
 *
 * Prints per clip: players found by the detector, foot error (median / p90, metres on the court
 * plane) against the labelled feet, identity switches, per-track coverage, rallies against the
 * labelled play, and CPU-seconds (this process and its ffmpeg children) per video second. Skips
 * with a message when the folder is absent. `EVAL_CLIPS=name,name` picks clips; `EVAL_JSON=file`
 * also writes the figures as JSON; `EVAL_RESULTS=dir` writes each clip's whole result there (to
 * look into a figure); `EVAL_OPTIONS='{"follow":true}'` passes analysis options (to compare);
 * `EVAL_OPTIONS='{"pose":true}'` takes far players' feet from the pose model;
 * `EVAL_DETECTOR='{"mosaicCell":192}'` passes detector options (`{"runtime":"wasm"}` runs the
 * model on TF.js instead of onnxruntime); `EVAL_VERBOSE=1` names the rounds where a label's track
 * changes; `EVAL_JITTER=0.5 EVAL_SEED=2` moves every detector box by up to half a pixel (jitter.ts),
 * to see whether a figure rests on noise. Every clip is also run without its sound track
 * (`EVAL_VARIANTS` other than `mute` replaces that); `EVAL_LOOP=20` adds the ten-minute job (the
 * outdoor clip twenty times over, in the server's 60 s chunks, loop.ts), with and without sound.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { analyze, type AnalysisResult } from '../src/analyze.js'
import { PersonDetector } from '../src/detector.js'
import { PoseFeet } from '../src/feet.js'
import { probe, type VideoInfo } from '../src/ffmpeg.js'
import { imageToCourt, mapCourt, type Corners, type Point } from '../src/homography.js'
import { assign } from '../src/assign.js'
import { cpuSeconds } from './cpu.js'
import { CLIPS, type ClipSpec } from './clips.js'
import { jitterBoxes } from './jitter.js'
import { evaluateLoop, printLoop, type LoopFigures } from './loop.js'
import { VARIANT_KINDS, variantOf, type VariantKind } from './variants.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const FOOTAGE = path.resolve(here, '..', '..', '..', '..', 'shared', 'footage')

/** Labelled feet at one source frame: label name → foot point in source pixels. */
type FeetAt = Map<number, Map<string, Point>>

const pct = (v: number) => `${Math.round(v * 100)} %`
const m2 = (v: number | null) => (v === null ? '–' : `${v.toFixed(2)} m`)

function quantile(v: number[], q: number): number | null {
  if (!v.length) return null
  const s = [...v].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))]!
}

export interface ClipFigures {
  clip: string
  analysable: boolean
  reason: string | null
  videoSec: number
  cpuSec: number
  cpuPerVideoSec: number
  rounds: number
  labelledFeet: number
  playersFound: number
  within15: number
  footMedianM: number | null
  footP90M: number | null
  /** CLEAR MOT identity switches: a label keeps its track while within the gate */
  switches: number
  /** identity switches when every round is matched afresh */
  switchesRematched: number
  coverage: Record<string, number>
  /** coverage over the rounds in the reviewed frames, when the labels stop before the clip */
  reviewedCoverage?: Record<string, number>
  rallies: Array<[number, number]>
  rallyCheck: string
  /** the rallies whose serve was seen, and who served (null: the side was not told) */
  serves: Array<{ t: number; playerId: number | null; side: string | null }>
  /** whether the video had sound, and the cues play was told from */
  sound: boolean
  cues: string[]
}

/** Feet per round of the result, by label, and the detections of that round. */
function labelledRounds(result: AnalysisResult, feet: FeetAt, fps: number) {
  const out: Array<{ round: AnalysisResult['detections'][number]; feet: Map<string, Point> }> = []
  const tol = Math.max(1, Math.round(fps * 0.05))
  for (const round of result.detections) {
    let best: Map<string, Point> | undefined
    for (let f = round.frame - tol; f <= round.frame + tol && !best; f++) best = feet.get(f)
    if (best) out.push({ round, feet: best })
  }
  return out
}

export function evaluate(
  spec: ClipSpec,
  result: AnalysisResult,
  feet: FeetAt,
  cpu: number,
): ClipFigures {
  const mapping = mapCourt(spec.corners)!
  const fps = result.video.fps
  const rounds = labelledRounds(result, feet, fps)
  const labels = [...new Set(rounds.flatMap((r) => [...r.feet.keys()]))].sort()
  const trackIds = [1, 2, 3, 4]
  // Per round: tracks matched to labels by court distance (gate 2 m) → majority identity.
  const votes = new Map<string, Map<number, number>>(labels.map((l) => [l, new Map()]))
  const perRound = rounds.map(({ round, feet: fr }) => {
    const truth = labels.map((l) => {
      const p = fr.get(l)
      return p ? imageToCourt(mapping, p) : null
    })
    const tracks = trackIds.map((id) => round.boxes.find((b) => b.playerId === id)?.court ?? null)
    const cost = labels.map((_, i) =>
      trackIds.map((_, k) => {
        const a = truth[i]
        const b = tracks[k]
        const d = a && b ? Math.hypot(a.x - b.x, a.y - b.y) : Infinity
        return d <= 2 ? d : Infinity
      }),
    )
    const pick = assign(cost, 2)
    pick.forEach((k, i) => {
      if (k === null) return
      const v = votes.get(labels[i]!)!
      v.set(trackIds[k]!, (v.get(trackIds[k]!) ?? 0) + 1)
    })
    return { round, truth, tracks, cost }
  })
  const owner = new Map<string, number>()
  {
    // The most votes in all, less each pair's: assign() prunes on partial sums, so its costs
    // must never be negative.
    const top = Math.max(0, ...labels.flatMap((l) => [...votes.get(l)!.values()]))
    const cost = labels.map((l) => trackIds.map((id) => top - (votes.get(l)!.get(id) ?? 0)))
    assign(cost, top + 1).forEach((k, i) => {
      if (k !== null) owner.set(labels[i]!, trackIds[k]!)
    })
  }
  // Identity switches, counted two ways (gaps ignored in both):
  // - CLEAR MOT's rule (Bernardin & Stiefelhagen, 2008): a label keeps the track it was matched
  //   to while that track is within the gate; only the others are matched afresh. A hidden
  //   player's label then cannot take the box of the partner standing in front of them.
  // - every round matched afresh (the stricter count this eval started with).
  const switchesWith = (keep: boolean, say: boolean) => {
    let n = 0
    const last = new Map<number, number>()
    for (const r of perRound) {
      const pick: Array<number | null> = labels.map(() => null)
      const taken = new Set<number>()
      if (keep) {
        // Kept pairs, nearest first, so two labels never keep one track.
        const kept = labels
          .flatMap((_, i) => {
            const k = last.get(i)
            const c = k === undefined ? Infinity : (r.cost[i]![k] ?? Infinity)
            return Number.isFinite(c) ? [{ i, k: k!, c }] : []
          })
          .sort((a, b) => a.c - b.c)
        for (const { i, k } of kept)
          if (!taken.has(k)) {
            pick[i] = k
            taken.add(k)
          }
      }
      const rest = labels.flatMap((_, i) => (pick[i] === null ? [i] : []))
      const fresh = assign(
        rest.map((i) => r.cost[i]!.map((c, k) => (taken.has(k) ? Infinity : c))),
        2,
      )
      fresh.forEach((k, j) => (pick[rest[j]!] = k))
      pick.forEach((k, i) => {
        if (k === null) return
        const before = last.get(i)
        if (before !== undefined && before !== k) {
          n++
          if (say)
            process.stdout.write(
              `  switch: label ${labels[i]} from track ${trackIds[before]} to ${trackIds[k]} at ${r.round.t.toFixed(1)} s (${r.round.look})\n`,
            )
        }
        last.set(i, k)
      })
    }
    return n
  }
  const verbose = Boolean(process.env.EVAL_VERBOSE)
  const switches = switchesWith(true, verbose)
  const switchesRematched = switchesWith(false, false)
  // Foot error: the label's own track (majority identity) against the labelled foot.
  const errors: number[] = []
  let labelled = 0
  let found = 0
  for (const r of perRound) {
    labels.forEach((l, i) => {
      const t = r.truth[i]
      if (!t) return
      labelled++
      // Found by the detector: a box placed by clothes (`hidden`) is the tracker's, not a find.
      const anyBox = r.round.boxes.some((b) => {
        if (b.hidden) return false
        const c = imageToCourt(mapping, { x: (b.x + b.w / 2) * 1, y: b.y + b.h })
        return Math.hypot(c.x - t.x, c.y - t.y) <= 1.5
      })
      if (anyBox) found++
      const id = owner.get(l)
      const p = id ? r.tracks[trackIds.indexOf(id)] : null
      errors.push(p ? Math.hypot(p.x - t.x, p.y - t.y) : Infinity)
    })
  }
  const finite = errors.filter(Number.isFinite)
  const coverageOf = (rounds: AnalysisResult['detections']) => {
    const out: Record<string, number> = {}
    for (const id of trackIds) {
      const n = rounds.filter((r) => r.boxes.some((b) => b.playerId === id)).length
      out[String(id)] = Math.round((n / Math.max(1, rounds.length)) * 1000) / 1000
    }
    return out
  }
  const coverage = coverageOf(result.detections)
  const reviewedCoverage =
    spec.reviewedTo !== undefined
      ? coverageOf(result.detections.filter((r) => r.frame <= spec.reviewedTo!))
      : undefined
  const videoSec = result.video.toSec - result.video.fromSec
  const rallies = result.rallies.items.map((r) => [r.startSec, r.endSec] as [number, number])
  return {
    clip: spec.name,
    analysable: result.analysable,
    reason: result.reason,
    videoSec,
    cpuSec: Math.round(cpu * 10) / 10,
    cpuPerVideoSec: Math.round((cpu / videoSec) * 100) / 100,
    rounds: result.detections.length,
    labelledFeet: labelled,
    playersFound: found,
    within15: errors.filter((e) => e <= 1.5).length,
    footMedianM: quantile(finite, 0.5),
    footP90M: quantile(errors, 0.9) === Infinity ? null : quantile(errors, 0.9),
    switches,
    switchesRematched,
    coverage,
    ...(reviewedCoverage ? { reviewedCoverage } : {}),
    rallies,
    rallyCheck: spec.rallyCheck(rallies, result),
    serves: result.rallies.items.flatMap((r) => (r.serve ? [r.serve] : [])),
    sound: result.rallies.sound ?? true,
    cues: result.rallies.cues ?? [],
  }
}

function print(f: ClipFigures): void {
  const lines = [
    `${f.clip}: ${f.analysable ? 'analysable' : `NOT analysable: ${f.reason}`}`,
    `  players found      ${f.playersFound}/${f.labelledFeet} labelled (${pct(f.playersFound / Math.max(1, f.labelledFeet))})`,
    `  foot error         ${f.within15}/${f.labelledFeet} within 1.5 m, median ${m2(f.footMedianM)}, p90 ${m2(f.footP90M)}`,
    `  identity switches  ${f.switches} (CLEAR MOT: a label keeps its track while within 2 m); ${f.switchesRematched} when every round is matched afresh`,
    `  coverage per track ${Object.entries(f.coverage)
      .map(([id, v]) => `${id}: ${pct(v)}`)
      .join(', ')} of ${f.rounds} rounds${
      f.reviewedCoverage
        ? `; in the reviewed frames ${Object.entries(f.reviewedCoverage)
            .map(([id, v]) => `${id}: ${pct(v)}`)
            .join(', ')}`
        : ''
    }`,
    `  rallies            ${f.rallies.map(([a, b]) => `${a.toFixed(1)}–${b.toFixed(1)} s`).join(', ') || 'none'}; ${f.rallyCheck}`,
    `  play cues          ${f.cues.join(', ') || 'none'}${f.sound ? '' : ' (the video has no sound)'}; serves seen ${f.serves.length} of ${f.rallies.length} rallies${f.serves.map((s) => `: ${s.t.toFixed(1)} s by ${s.playerId ?? '?'} (${s.side ?? '?'})`).join('')}`,
    `  CPU                ${f.cpuSec} s for ${f.videoSec.toFixed(1)} s of video = ${f.cpuPerVideoSec} CPU-s per video second`,
  ]
  process.stdout.write(lines.join('\n') + '\n')
}

async function main(): Promise<number> {
  if (!fs.existsSync(FOOTAGE)) {
    process.stdout.write(`eval:vision: ${FOOTAGE} not found; nothing to evaluate (skipped).\n`)
    return 0
  }
  const only = process.env.EVAL_CLIPS?.split(',').filter(Boolean)
  const specs = CLIPS.filter((c) => !only || only.some((o) => c.name.includes(o)))
  const detector = await PersonDetector.create(
    process.env.EVAL_DETECTOR ? (JSON.parse(process.env.EVAL_DETECTOR) as object) : {},
  )
  const poseFeet = await PoseFeet.create()
  const jitter = Number(process.env.EVAL_JITTER ?? 0)
  const reseed = jitter > 0 ? jitterBoxes(detector, jitter) : null
  // Every clip is also judged without its sound track, unless other variants are asked for.
  const kinds = (process.env.EVAL_VARIANTS ?? 'mute')
    .split(',')
    .filter((k): k is VariantKind => (VARIANT_KINDS as string[]).includes(k))
  const runs: Array<{ spec: ClipSpec; file: string; info: VideoInfo }> = []
  for (const spec of specs) {
    const file = path.join(FOOTAGE, spec.file)
    if (!fs.existsSync(file)) {
      process.stdout.write(`${spec.name}: ${spec.file} absent (skipped)\n`)
      continue
    }
    const info = await probe(file)
    runs.push({ spec, file, info })
    // Variants of the labelled clips only: a refusal case is about the corners, not the file.
    if (spec.refusal) continue
    for (const kind of kinds) {
      const variant = await variantOf(spec, file, info, kind)
      runs.push({ ...variant, info: await probe(variant.file) })
    }
  }
  const all: ClipFigures[] = []
  for (const { spec, file, info } of runs) {
    const feet = spec.feet(FOOTAGE, info.fps)
    reseed?.(Number(process.env.EVAL_SEED ?? 1))
    const before = cpuSeconds()
    const calls = { ...detector.stats }
    const poses = { ...poseFeet.stats }
    const extra = process.env.EVAL_OPTIONS ? (JSON.parse(process.env.EVAL_OPTIONS) as object) : {}
    const result = await analyze(file, {
      corners: spec.corners,
      detector,
      poseFeet,
      ...spec.options,
      ...extra,
    })
    const cpu = cpuSeconds() - before
    if (process.env.EVAL_RESULTS) {
      fs.mkdirSync(process.env.EVAL_RESULTS, { recursive: true })
      const out = path.join(process.env.EVAL_RESULTS, `${spec.name.replace(/[^\w-]+/g, '_')}.json`)
      fs.writeFileSync(out, JSON.stringify(result))
    }
    if (spec.refusal) {
      const right = !result.analysable && spec.refusal.test(result.reason ?? '')
      process.stdout.write(
        `${spec.name}: ${right ? 'refused' : 'NOT refused as expected'} after ${cpu.toFixed(1)} CPU-s, ${result.detections.length} rounds: ${result.reason}\n`,
      )
      all.push({ ...evaluate(spec, result, feet, cpu), rallyCheck: right ? 'refused' : 'wrong' })
      continue
    }
    const figures = evaluate(spec, result, feet, cpu)
    print(figures)
    if (spec.decodeCorners) {
      // The corners the pipeline worked with on its decoded frames, against the README's.
      const s = result.settings.frameWidth / result.video.width
      const gap = Math.max(
        ...spec.corners.map((c, i) =>
          Math.hypot(c.x * s - spec.decodeCorners![i]!.x, c.y * s - spec.decodeCorners![i]!.y),
        ),
      )
      process.stdout.write(
        `  corners            given in ${result.video.width}-px pixels, used on the ${result.settings.frameWidth}-px decode: within ${gap.toFixed(2)} px of the README's ${result.settings.frameWidth}-px corners\n`,
      )
    }
    const n = detector.stats.calls - calls.calls
    const dcpu = detector.stats.cpuSec - calls.cpuSec
    // Input pixels in units of one 512×512 call: what the calls cost, whatever the load.
    const units = (detector.stats.pixels - calls.pixels) / (512 * 512)
    const rounds = result.detections.length
    const followed = result.detections.filter((r) => r.look === 'follow').length
    process.stdout.write(
      `  detector           ${detector.runtime}: ${n} calls for ${rounds} rounds (${(n / Math.max(1, rounds)).toFixed(2)} a round; ${followed} rounds followed without it) = ${units.toFixed(1)} 512×512 inputs, ${dcpu.toFixed(1)} CPU-s (${((1000 * dcpu) / Math.max(1, units)).toFixed(0)} ms a 512×512 input); the rest ${(cpu - dcpu).toFixed(1)} CPU-s\n`,
    )
    const pn = poseFeet.stats.calls - poses.calls
    process.stdout.write(
      `  pose (feet)        ${pn} calls, ${(poseFeet.stats.cpuSec - poses.cpuSec).toFixed(1)} CPU-s\n`,
    )
    if (spec.decodeCorners) {
      const s = result.settings.frameWidth / result.video.width
      // The same clip with the README's decode-size corners (a rounding of the same court): every
      // figure a player reads should stay where it was.
      const other = await analyze(file, {
        corners: spec.decodeCorners.map((c) => ({ x: c.x / s, y: c.y / s })) as Corners,
        detector,
        poseFeet,
        ...spec.options,
        ...extra,
      })
      const dist = (r: AnalysisResult) => r.players.map((p) => p.distanceM.value)
      const [a, b] = [dist(result), dist(other)]
      const worst = Math.max(...a.map((v, i) => Math.abs(v - (b[i] ?? 0)) / Math.max(v, 1e-9)))
      process.stdout.write(
        `  corners rounded    distance per player ${a.map((v) => v.toFixed(1)).join(', ')} m with ${result.video.width}-px corners, ${b.map((v) => v.toFixed(1)).join(', ')} m with ${result.settings.frameWidth}-px ones: within ${(100 * worst).toFixed(1)} %\n`,
      )
    }
    all.push(figures)
  }
  // The ten-minute job, with and without its sound: EVAL_LOOP=20 (loops of the outdoor clip).
  const loops = Number(process.env.EVAL_LOOP ?? 0)
  const outdoor = runs.find((r) => r.spec.name === 'pickleball_outdoor_doubles_30s')
  const loopFigures: LoopFigures[] = []
  if (loops > 0 && outdoor)
    for (const mute of [false, true]) {
      const f = await evaluateLoop(outdoor.file, outdoor.spec.corners, loops, detector, mute)
      printLoop(f)
      loopFigures.push(f)
    }
  if (process.env.EVAL_JSON)
    fs.writeFileSync(
      process.env.EVAL_JSON,
      JSON.stringify({ clips: all, loops: loopFigures }, null, 2),
    )
  return 0
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`eval:vision failed: ${err instanceof Error ? err.stack : String(err)}\n`)
    process.exit(1)
  },
)

export type { Corners }
