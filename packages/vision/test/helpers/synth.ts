// Generates a match video with ground truth: a court drawn in perspective on sand, four real
// people (fixtures) walking known court paths during rallies and standing still in dead time,
// a spectator off court, and a ball flying between teams during play. Frames are rendered in JS
// and piped into ffmpeg, so every position in the truth is exactly what was drawn.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PNG } from 'pngjs'
import {
  courtToImage,
  mapCourt,
  pixelsPerMetre,
  type Corners,
  type CourtMapping,
  type Point,
} from '../../src/homography.js'

const here = path.dirname(fileURLToPath(import.meta.url))

interface Sprite {
  w: number
  h: number
  data: Uint8Array
}
function loadSprite(name: string): Sprite {
  const png = PNG.sync.read(fs.readFileSync(path.join(here, '..', 'fixtures', name)))
  const data = new Uint8Array(png.width * png.height * 3)
  for (let i = 0; i < png.width * png.height; i++) {
    data[i * 3] = png.data[i * 4]!
    data[i * 3 + 1] = png.data[i * 4 + 1]!
    data[i * 3 + 2] = png.data[i * 4 + 2]!
  }
  return { w: png.width, h: png.height, data }
}

export interface SynthOptions {
  width: number
  height: number
  fps: number
  durationSec: number
  corners: Corners
  /** [start, end] seconds of each rally; players stand still outside them */
  rallies: Array<[number, number]>
  seed?: number
  /** which of the four players to draw (default all): fewer makes an unanalysable match */
  players?: number[]
  /** time (s) at which the near partners start switching sides; they stay switched */
  crossAt?: number
  /** draw the court lines (default true) */
  lines?: boolean
}

export interface SynthTruth {
  /** per player, court position at any time */
  positionAt: (player: number, t: number) => Point
  /** true path length per player over the clip (m), integrated finely */
  distance: number[]
  rallies: Array<[number, number]>
  corners: Corners
}

/** How far into its play path each player is: time only advances during rallies. */
function playClock(rallies: Array<[number, number]>, t: number): number {
  let acc = 0
  for (const [s, e] of rallies) acc += Math.max(0, Math.min(t, e) - s)
  return acc
}

const BASES: Point[] = [
  { x: 2, y: 2.5 },
  { x: 6, y: 5.5 },
  { x: 6, y: 12.5 },
  { x: 2, y: 12.5 },
]

const smoothstep = (u: number) => (u <= 0 ? 0 : u >= 1 ? 1 : u * u * (3 - 2 * u))

export function makeTruth(opts: SynthOptions): SynthTruth {
  const cross = opts.crossAt
  const positionAt = (p: number, t: number): Point => {
    const tau = playClock(opts.rallies, t)
    const b = BASES[p]!
    const ph = p * 1.3
    // Slow loops (periods 6–9 s, ±1.3 m across; ±1 m in depth near, ±2 m far).
    const pos = {
      x: b.x + 1.3 * Math.sin((2 * Math.PI * tau) / (6 + p) + ph),
      y: b.y + (p < 2 ? 1 : 2) * Math.sin((2 * Math.PI * tau) / (9 - p * 0.5) + ph * 0.7),
    }
    // The near partners switch sides over three seconds (one passes behind the other).
    if (cross !== undefined && p < 2) pos.x += (p === 0 ? 4 : -4) * smoothstep((t - cross) / 3)
    return pos
  }
  const distance = [0, 1, 2, 3].map((p) => {
    let d = 0
    let prev = positionAt(p, 0)
    for (let t = 0.01; t <= opts.durationSec; t += 0.01) {
      const cur = positionAt(p, t)
      d += Math.hypot(cur.x - prev.x, cur.y - prev.y)
      prev = cur
    }
    return d
  })
  return { positionAt, distance, rallies: opts.rallies, corners: opts.corners }
}

function fillDisk(
  img: Uint8Array,
  w: number,
  h: number,
  cx: number,
  cy: number,
  r: number,
  rgb: number[],
) {
  for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
    for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
      if (x < 0 || y < 0 || x >= w || y >= h || (x - cx) ** 2 + (y - cy) ** 2 > r * r) continue
      img.set(rgb, (y * w + x) * 3)
    }
  }
}

function drawLine(
  img: Uint8Array,
  w: number,
  h: number,
  a: Point,
  b: Point,
  r: number,
  rgb: number[],
) {
  const n = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y))
  for (let i = 0; i <= n; i++) {
    fillDisk(img, w, h, a.x + ((b.x - a.x) * i) / n, a.y + ((b.y - a.y) * i) / n, r, rgb)
  }
}

/** Pastes a sprite scaled to `height` px with its bottom-centre at (fx, fy). */
function paste(
  img: Uint8Array,
  w: number,
  h: number,
  s: Sprite,
  fx: number,
  fy: number,
  height: number,
) {
  const scale = height / s.h
  const pw = Math.round(s.w * scale)
  const ph = Math.round(height)
  const x0 = Math.round(fx - pw / 2)
  const y0 = Math.round(fy - ph)
  for (let y = 0; y < ph; y++) {
    const sy = Math.min(s.h - 1, Math.floor(y / scale))
    const iy = y0 + y
    if (iy < 0 || iy >= h) continue
    for (let x = 0; x < pw; x++) {
      const ix = x0 + x
      if (ix < 0 || ix >= w) continue
      const sx = Math.min(s.w - 1, Math.floor(x / scale))
      const si = (sy * s.w + sx) * 3
      img.set(s.data.subarray(si, si + 3), (iy * w + ix) * 3)
    }
  }
}

/** Deterministic pseudo-random numbers, so videos are identical run to run. */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

const PERSON_M = 1.75

/**
 * Where the ball is drawn (image pixels) at time t, or null in dead time: it crosses the net
 * every 1.2 s between a near and a far player, arcing up.
 */
export function ballAt(
  truth: Pick<SynthTruth, 'positionAt'>,
  m: CourtMapping,
  rallies: Array<[number, number]>,
  t: number,
): Point | null {
  const rally = rallies.find(([s, e]) => t >= s && t < e)
  if (!rally) return null
  const k = (t - rally[0]) / 1.2
  const leg = Math.floor(k)
  const u = k - leg
  const from = truth.positionAt(
    leg % 2 === 0 ? (leg % 4 === 0 ? 0 : 1) : 2 + (leg % 4 === 1 ? 0 : 1),
    t,
  )
  const to = truth.positionAt(
    leg % 2 === 0 ? 2 + (leg % 4 === 0 ? 0 : 1) : leg % 4 === 1 ? 1 : 0,
    t,
  )
  const g = courtToImage(m, { x: from.x + (to.x - from.x) * u, y: from.y + (to.y - from.y) * u })
  const lift = pixelsPerMetre(m, to) * (1.5 + 3 * Math.sin(Math.PI * u))
  return { x: g.x, y: g.y - lift }
}

export async function renderMatch(file: string, opts: SynthOptions): Promise<SynthTruth> {
  const truth = makeTruth(opts)
  const m = mapCourt(opts.corners)
  if (!m) throw new Error('bad synthetic corners')
  const { width: w, height: h } = opts
  const rand = rng(opts.seed ?? 7)
  // Background: textured sand, court lines, net tape and posts.
  const bg = new Uint8Array(w * h * 3)
  for (let i = 0; i < w * h; i++) {
    const n = (rand() - 0.5) * 18
    bg[i * 3] = 214 + n
    bg[i * 3 + 1] = 190 + n
    bg[i * 3 + 2] = 140 + n
  }
  const c = (x: number, y: number) => courtToImage(m, { x, y })
  const white = [245, 245, 240]
  const lines: Array<[Point, Point]> = [
    [c(0, 0), c(8, 0)],
    [c(8, 0), c(8, 16)],
    [c(8, 16), c(0, 16)],
    [c(0, 16), c(0, 0)],
  ]
  if (opts.lines !== false) for (const [a, b] of lines) drawLine(bg, w, h, a, b, 1.6, white)
  const netPx = (x: number) => pixelsPerMetre(m, { x, y: 8 }) * 1.7
  const postL = c(-0.5, 8)
  const postR = c(8.5, 8)
  drawLine(bg, w, h, postL, { x: postL.x, y: postL.y - netPx(-0.5) }, 1.5, [60, 60, 60])
  drawLine(bg, w, h, postR, { x: postR.x, y: postR.y - netPx(8.5) }, 1.5, [60, 60, 60])
  drawLine(
    bg,
    w,
    h,
    { x: postL.x, y: postL.y - netPx(-0.5) },
    { x: postR.x, y: postR.y - netPx(8.5) },
    1,
    white,
  )

  const sprites = ['person-a.png', 'person-b.png', 'person-c.png', 'person-d.png'].map(loadSprite)
  const spectator = { x: -3.2, y: 10 }

  const ff = spawn(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${w}x${h}`,
      '-r',
      String(opts.fps),
      '-i',
      'pipe:0',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      file,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  )
  let err = ''
  ff.stderr.on('data', (d: Buffer) => (err += d.toString()))
  const done = new Promise<void>((resolve, reject) =>
    ff.on('close', (code) => (code === 0 ? resolve() : reject(new Error(err)))),
  )
  const frames = Math.round(opts.durationSec * opts.fps)
  for (let f = 0; f < frames; f++) {
    const t = f / opts.fps
    const img = new Uint8Array(bg)
    const people = (opts.players ?? [0, 1, 2, 3]).map((p) => ({
      s: sprites[p]!,
      at: truth.positionAt(p, t),
    }))
    people.push({ s: sprites[2]!, at: spectator })
    // Far first so nearer people overlap them, as a camera sees it.
    people.sort((a, b) => b.at.y - a.at.y)
    for (const { s, at } of people) {
      const foot = c(at.x, at.y)
      paste(img, w, h, s, foot.x, foot.y, pixelsPerMetre(m, at) * PERSON_M)
    }
    const ball = ballAt(truth, m, opts.rallies, t)
    if (ball) fillDisk(img, w, h, ball.x, ball.y, 3, [235, 250, 60])
    if (!ff.stdin.write(img)) await new Promise((r) => ff.stdin.once('drain', r))
  }
  ff.stdin.end()
  await done
  return truth
}
