// The labelled clips as other uploads would bring them, to check that the figures are not
// particular to two files: the same match filmed from the other side (mirrored), and as a phone
// sends it (a lower resolution and frame rate, heavier compression). Corners and labels follow the
// transformation. The variants are written to the system's temporary folder once, never next to
// the footage or into the repository.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { FFMPEG, run, type VideoInfo } from '../src/ffmpeg.js'
import type { Corners, Point } from '../src/homography.js'
import type { ClipSpec } from './clips.js'

export type VariantKind = 'mirror' | 'phone'

export const VARIANT_KINDS: VariantKind[] = ['mirror', 'phone']

/** A phone's upload: 720 px high at 30 fps (a 720p source goes to 480 px at 25 fps). */
function phoneFormat(info: VideoInfo): { height: number; fps: number } {
  return info.height > 720 ? { height: 720, fps: 30 } : { height: 480, fps: 25 }
}

/**
 * The variant's video (made when missing) and its spec: corners, labels and reviewed frames moved
 * to the variant's pixels and frame numbers.
 */
export async function variantOf(
  spec: ClipSpec,
  file: string,
  info: VideoInfo,
  kind: VariantKind,
): Promise<{ spec: ClipSpec; file: string }> {
  const dir = path.join(os.tmpdir(), 'areia-eval-variants')
  fs.mkdirSync(dir, { recursive: true })
  const stat = fs.statSync(file)
  const out = path.join(
    dir,
    `${path.basename(file, path.extname(file))}-${kind}-${stat.size}-${Math.round(stat.mtimeMs)}.mp4`,
  )
  const W = info.width
  const phone = phoneFormat(info)
  const scale = kind === 'phone' ? (Math.round((W * phone.height) / info.height / 2) * 2) / W : 1
  const fpsRatio = kind === 'phone' ? phone.fps / info.fps : 1
  if (!fs.existsSync(out)) {
    const tmp = `${out}.part.mp4`
    const video =
      kind === 'mirror'
        ? ['-vf', 'hflip', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18']
        : [
            '-vf',
            `scale=-2:${phone.height},fps=${phone.fps}`,
            '-c:v',
            'libx264',
            '-preset',
            'veryfast',
            '-crf',
            '28',
          ]
    await run(FFMPEG, [
      '-v',
      'error',
      '-y',
      '-i',
      file,
      ...video,
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      tmp,
    ])
    fs.renameSync(tmp, out)
  }
  const move = (p: Point): Point =>
    kind === 'mirror' ? { x: W - p.x, y: p.y } : { x: p.x * scale, y: p.y * scale }
  const moved = spec.corners.map(move)
  // Mirrored, the near-left corner is the old near-right one (and so on): the order stays
  // near-left, near-right, far-right, far-left.
  const corners = (kind === 'mirror' ? [moved[1], moved[0], moved[3], moved[2]] : moved) as Corners
  const frameOf = (f: number) => Math.round(f * fpsRatio)
  return {
    file: out,
    spec: {
      ...spec,
      name: `${spec.name}, ${kind === 'mirror' ? 'mirrored' : `as a phone sends it (${phone.height}p${phone.fps})`}`,
      corners,
      decodeCorners: undefined,
      reviewedTo: spec.reviewedTo === undefined ? undefined : frameOf(spec.reviewedTo),
      feet(footage, fps) {
        const out = new Map<number, Map<string, Point>>()
        for (const [f, labels] of spec.feet(footage, fps / fpsRatio)) {
          const g = frameOf(f)
          // Two source frames falling on one variant frame: the first one's labels.
          if (!out.has(g)) out.set(g, new Map([...labels].map(([k, p]) => [k, move(p)] as const)))
        }
        return out
      },
    },
  }
}
