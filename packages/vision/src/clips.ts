// Rally clips and the highlights reel, cut with ffmpeg. Clips are re-encoded (not stream-copied)
// so they start exactly at the rally instead of at the previous keyframe; H.264 + AAC in MP4 with
// faststart plays in every browser the web app supports.
import { run, FFMPEG, VisionError } from './ffmpeg.js'

export interface Span {
  startSec: number
  endSec: number
}

const ENCODE = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-movflags',
  '+faststart',
]

/** Cuts [start−pad, end+pad] of the input into `out` (MP4). */
export async function cutClip(
  input: string,
  span: Span,
  out: string,
  opts: { padSec?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const pad = opts.padSec ?? 0
  const start = Math.max(0, span.startSec - pad)
  const dur = span.endSec + pad - start
  if (!(dur > 0)) throw new VisionError('Trecho de vídeo vazio.')
  await run(
    FFMPEG,
    [
      '-v',
      'error',
      '-y',
      '-ss',
      String(start),
      '-i',
      input,
      '-t',
      String(dur),
      ...ENCODE,
      '-c:a',
      'aac',
      out,
    ],
    { signal: opts.signal },
  )
}

/** The longest rallies (at most `count`), in match order, joined without the dead time between. */
export function pickHighlights<T extends Span>(rallies: T[], count: number): T[] {
  return [...rallies]
    .sort((a, b) => b.endSec - b.startSec - (a.endSec - a.startSec))
    .slice(0, count)
    .sort((a, b) => a.startSec - b.startSec)
}

export async function highlightsReel(
  input: string,
  rallies: Span[],
  out: string,
  opts: { count?: number; signal?: AbortSignal } = {},
): Promise<Span[]> {
  const picked = pickHighlights(rallies, opts.count ?? 3)
  if (!picked.length) throw new VisionError('Nenhum rali para o resumo.')
  // trim/setpts per segment then concat: one decode, frame-accurate joins. Audio is left out:
  // inputs without an audio track would break an audio concat, and the reel is watched muted.
  const parts = picked.map(
    (r, i) => `[0:v]trim=start=${r.startSec}:end=${r.endSec},setpts=PTS-STARTPTS[v${i}]`,
  )
  const filter = `${parts.join(';')};${picked.map((_, i) => `[v${i}]`).join('')}concat=n=${picked.length}:v=1:a=0[out]`
  await run(
    FFMPEG,
    ['-v', 'error', '-y', '-i', input, '-filter_complex', filter, '-map', '[out]', ...ENCODE, out],
    {
      signal: opts.signal,
    },
  )
  return picked
}
