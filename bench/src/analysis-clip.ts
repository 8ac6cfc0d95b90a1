// The bench's match video: 5 minutes of 1280×720 at 30 fps drawn by @areia/vision/synth, with its
// ground truth. Rendering takes minutes, so the file is cached under bench/.cache, named by a hash
// of the options (the truth is recomputed from the same options, it costs nothing).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { makeTruth, renderMatch, type SynthOptions, type SynthTruth } from '@areia/vision/synth'

const here = path.dirname(fileURLToPath(import.meta.url))
export const CACHE_DIR = path.join(here, '..', '.cache')

/** Rallies of 6–13 s with 4–6 s of dead time between them, deterministic. */
function rallies(durationSec: number): Array<[number, number]> {
  const out: Array<[number, number]> = []
  let t = 3
  for (let i = 0; ; i++) {
    const len = 6 + ((i * 7) % 8)
    const gap = 4 + ((i * 3) % 3)
    if (t + len > durationSec - 2) break
    out.push([t, t + len])
    t += len + gap
  }
  return out
}

export function clipOptions(durationSec = 300): SynthOptions {
  return {
    width: 1280,
    height: 720,
    fps: 30,
    durationSec,
    // The vision suite's court (960×540) scaled to 720p: a phone behind the near baseline.
    corners: [
      { x: 173, y: 693 },
      { x: 1107, y: 693 },
      { x: 880, y: 253 },
      { x: 400, y: 253 },
    ],
    rallies: rallies(durationSec),
    // The near partners switch sides once, as in the suite, so identities are put to the test.
    crossAt: Math.round(durationSec * 0.4),
  }
}

/** The cached clip for these options (rendered on first use) and its ground truth. */
export async function benchClip(
  opts: SynthOptions,
): Promise<{ file: string; truth: SynthTruth; rendered: boolean; renderS: number }> {
  const key = createHash('sha256').update(JSON.stringify(opts)).digest('hex').slice(0, 12)
  const file = path.join(
    CACHE_DIR,
    `match-${opts.width}x${opts.height}-${opts.durationSec}s-${key}.mp4`,
  )
  if (fs.existsSync(file)) return { file, truth: makeTruth(opts), rendered: false, renderS: 0 }
  fs.mkdirSync(CACHE_DIR, { recursive: true })
  const started = performance.now()
  // Rendered to a temporary name first: an interrupted run must not leave a truncated "cache".
  const partial = `${file}.${process.pid}.partial.mp4`
  try {
    const truth = await renderMatch(partial, opts)
    fs.renameSync(partial, file)
    return { file, truth, rendered: true, renderS: (performance.now() - started) / 1000 }
  } finally {
    fs.rmSync(partial, { force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await benchClip(clipOptions(Number(process.argv[2] ?? 300)))
  console.log(r.file, r.rendered ? `rendered in ${r.renderS.toFixed(0)} s` : 'cached')
}
