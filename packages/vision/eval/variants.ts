// The labelled clips as other uploads would bring them, to check that the figures are not
// particular to two files: the same match filmed from the other side (mirrored); as a phone sends
// it (a lower resolution and frame rate, heavier compression); as a phone held upside down stores
// it (the pixels turned half a turn, a display rotation to turn them back); and as a recent phone
// records it (4K HEVC in a QuickTime file). Corners and labels follow the transformation, in the
// pixels the video is displayed in. The variants are written to the system's temporary folder
// once, never next to the footage or into the repository.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { FFMPEG, run, type VideoInfo } from '../src/ffmpeg.js'
import type { Corners, Point } from '../src/homography.js'
import type { ClipSpec } from './clips.js'

export type VariantKind = 'mute' | 'mirror' | 'phone' | 'upsidedown' | 'hevc4k'

export const VARIANT_KINDS: VariantKind[] = ['mute', 'mirror', 'phone', 'upsidedown', 'hevc4k']

/** A phone's upload: 720 px high at 30 fps (a 720p source goes to 480 px at 25 fps). */
function phoneFormat(info: VideoInfo): { height: number; fps: number } {
  return info.height > 720 ? { height: 720, fps: 30 } : { height: 480, fps: 25 }
}

const X264 = ['-c:v', 'libx264', '-preset', 'veryfast']

interface Recipe {
  /** how the variant is named in the eval's output */
  label: string
  ext: 'mp4' | 'mov'
  /** ffmpeg's video options */
  video: string[]
  /** the variant's displayed pixels per clip pixel */
  scale: number
  /** the variant's frame rate, when it differs from the clip's */
  fps: number | null
  /** a display rotation (clockwise degrees) written into the file */
  rotate?: number
  /** ffmpeg's audio options (default: the sound re-encoded as AAC) */
  audio?: string[]
}

/** How each variant is made from the clip, and how its displayed pixels relate to the clip's. */
function recipe(kind: VariantKind, info: VideoInfo): Recipe {
  const phone = phoneFormat(info)
  switch (kind) {
    case 'mute':
      // The same pictures, no audio track: a screen recording or a camera without sound.
      return {
        label: 'without sound',
        ext: 'mp4',
        video: ['-c:v', 'copy'],
        audio: ['-an'],
        scale: 1,
        fps: null,
      }
    case 'mirror':
      return {
        label: 'mirrored',
        ext: 'mp4',
        video: ['-vf', 'hflip', ...X264, '-crf', '18'],
        scale: 1,
        fps: null,
      }
    case 'phone':
      return {
        ext: 'mp4',
        video: ['-vf', `scale=-2:${phone.height},fps=${phone.fps}`, ...X264, '-crf', '28'],
        scale: (Math.round((info.width * phone.height) / info.height / 2) * 2) / info.width,
        fps: phone.fps,
        label: `as a phone sends it (${phone.height}p${phone.fps})`,
      }
    case 'upsidedown':
      // Stored turned half a turn; the rotation tag (written on a second pass, when the stream
      // is copied) tells players and ffmpeg to turn it back, so it is displayed as the clip is.
      return {
        ext: 'mp4',
        video: ['-vf', 'hflip,vflip', ...X264, '-crf', '18'],
        scale: 1,
        fps: null,
        rotate: 180,
        label: 'stored upside down with a display rotation',
      }
    case 'hevc4k':
      return {
        ext: 'mov',
        video: [
          '-vf',
          'scale=iw*2:ih*2',
          '-c:v',
          'libx265',
          '-preset',
          'ultrafast',
          '-crf',
          '26',
          '-tag:v',
          'hvc1',
        ],
        scale: 2,
        fps: null,
        label: 'as 4K HEVC in a QuickTime file',
      }
  }
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
  const r = recipe(kind, info)
  const out = path.join(
    dir,
    `${path.basename(file, path.extname(file))}-${kind}-${stat.size}-${Math.round(stat.mtimeMs)}.${r.ext}`,
  )
  const W = info.width
  const fpsRatio = r.fps ? r.fps / info.fps : 1
  if (!fs.existsSync(out)) {
    const tmp = `${out}.part.${r.ext}`
    const audio = r.audio ?? ['-c:a', 'aac', '-b:a', '96k']
    await run(FFMPEG, ['-v', 'error', '-y', '-i', file, ...r.video, ...audio, tmp])
    if (r.rotate) {
      const turned = `${out}.turned.${r.ext}`
      await run(FFMPEG, [
        '-v',
        'error',
        '-y',
        '-i',
        tmp,
        '-c',
        'copy',
        '-metadata:s:v:0',
        `rotate=${r.rotate}`,
        turned,
      ])
      fs.renameSync(turned, tmp)
    }
    fs.renameSync(tmp, out)
  }
  const move = (p: Point): Point =>
    kind === 'mirror' ? { x: W - p.x, y: p.y } : { x: p.x * r.scale, y: p.y * r.scale }
  const moved = spec.corners.map(move)
  // Mirrored, the near-left corner is the old near-right one (and so on): the order stays
  // near-left, near-right, far-right, far-left.
  const corners = (kind === 'mirror' ? [moved[1], moved[0], moved[3], moved[2]] : moved) as Corners
  const frameOf = (f: number) => Math.round(f * fpsRatio)
  return {
    file: out,
    spec: {
      ...spec,
      name: `${spec.name}, ${r.label}`,
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
