// Sharp sounds on the audio track: a ball struck by a racket or paddle is a short broadband
// crack that stands well above the sound just before it. We decode mono 16 kHz PCM (cheap next to
// the video), take the energy of its second difference (a high-pass: voices and crowd hum are
// mostly low) in 5 ms hops, and keep local peaks that rise far above the median of the half
// second before them, at most one every 0.2 s.
import { spawn } from 'node:child_process'
import { FFMPEG } from './ffmpeg.js'

const RATE = 16_000
const HOP = 80 // 5 ms
/** dB above the preceding half second for a peak to count as a strike */
export const ONSET_RISE_DB = 15
const LOOKBACK = 100 // hops (0.5 s)
const REFRACTORY = 40 // hops (0.2 s)

export interface Onset {
  /** seconds from the start of the video */
  t: number
  /** dB above the preceding half second */
  rise: number
}

/** Onsets of sharp sounds, or null when the video has no audio. */
export async function audioOnsets(
  file: string,
  opts: { startSec?: number; endSec?: number; signal?: AbortSignal } = {},
): Promise<Onset[] | null> {
  // A sound is judged against the half second before it: inside a longer video that half second
  // is read too, so a strike just after a chunk's start counts as it would in one piece.
  const from = opts.startSec ?? 0
  const start = Math.max(0, from - LOOKBACK * (HOP / RATE))
  const args = ['-v', 'error', '-nostdin']
  if (start > 0) args.push('-ss', String(start))
  args.push('-i', file)
  if (opts.endSec !== undefined) args.push('-t', String(Math.max(0, opts.endSec - start)))
  args.push('-vn', '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1')
  const child = spawn(FFMPEG, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal })
  const chunks: Buffer[] = []
  let err = ''
  child.stdout.on('data', (d: Buffer) => chunks.push(d))
  child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-500)))
  const code = await new Promise<number | null>((resolve) => {
    child.on('close', resolve)
    child.on('error', () => resolve(-1))
  })
  opts.signal?.throwIfAborted()
  const buf = Buffer.concat(chunks)
  // No audio stream: ffmpeg fails with "does not contain any stream" or outputs nothing.
  if (code !== 0 || buf.length < RATE) return err && code !== 0 ? null : buf.length ? [] : null
  const pcm = new Int16Array(buf.buffer, buf.byteOffset, buf.length >> 1)
  return onsetsOf(pcm)
    .map((o) => ({ ...o, t: Math.round((start + o.t) * 100) / 100 }))
    .filter((o) => o.t >= from)
}

/** Onsets (s from the first sample) in 16 kHz mono PCM. */
export function onsetsOf(pcm: Int16Array): Onset[] {
  const n = Math.floor(pcm.length / HOP)
  const level = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    let s = 0
    for (let k = Math.max(2, i * HOP); k < (i + 1) * HOP; k++) {
      const d = pcm[k]! - 2 * pcm[k - 1]! + pcm[k - 2]!
      s += d * d
    }
    level[i] = 10 * Math.log10(s / HOP + 1)
  }
  const out: Onset[] = []
  let last = -Infinity
  const window: number[] = []
  for (let i = LOOKBACK; i < n - 1; i++) {
    if (level[i]! < level[i - 1]! || level[i]! < level[i + 1]! || i - last < REFRACTORY) continue
    window.length = 0
    for (let k = i - LOOKBACK; k < i - 4; k++) window.push(level[k]!)
    window.sort((a, b) => a - b)
    const rise = level[i]! - window[window.length >> 1]!
    if (rise < ONSET_RISE_DB) continue
    out.push({ t: (i * HOP) / RATE, rise: Math.round(rise * 10) / 10 })
    last = i
  }
  return out
}

/** Longest pause (s) between two strikes of one rally. */
export const MAX_STRIKE_GAP_S = 2.2
/** Fewest strikes that make a rally (a serve, a return and a few more). */
export const MIN_STRIKES = 5

/**
 * Spans where the ball is being struck back and forth: chains of the louder half of the onsets
 * (relative to this recording, whose level we do not know), no more than MAX_STRIKE_GAP_S apart
 * and at least MIN_STRIKES long. A player bouncing the ball before serving, a shout or a clap
 * between points does not make such a chain.
 */
export function strikeSpans(onsets: Onset[]): Array<[number, number]> {
  if (!onsets.length) return []
  const rises = onsets.map((o) => o.rise).sort((a, b) => a - b)
  const cut = rises[rises.length >> 1]!
  const strikes = onsets.filter((o) => o.rise >= cut).map((o) => o.t)
  const spans: Array<[number, number]> = []
  let first = 0
  for (let i = 1; i <= strikes.length; i++) {
    if (i < strikes.length && strikes[i]! - strikes[i - 1]! <= MAX_STRIKE_GAP_S) continue
    if (i - first >= MIN_STRIKES) spans.push([strikes[first]!, strikes[i - 1]!])
    first = i
  }
  return spans
}
