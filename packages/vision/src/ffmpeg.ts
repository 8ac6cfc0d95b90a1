// ffprobe / ffmpeg wrappers. We shell out to the binaries (Debian's at /usr/bin, installed by
// scripts/ensure-ffmpeg.mjs) and stream raw RGB through a pipe: no native addon, no temp frames.
import { spawn } from 'node:child_process'

export const FFMPEG = process.env.AREIA_FFMPEG ?? 'ffmpeg'
export const FFPROBE = process.env.AREIA_FFPROBE ?? 'ffprobe'

export class VisionError extends Error {
  override name = 'VisionError'
}

/** Runs a command to completion; rejects with its stderr tail on a non-zero exit. */
export function run(
  cmd: string,
  args: string[],
  opts: { signal?: AbortSignal; stdin?: Buffer } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'], signal: opts.signal })
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', (d: Buffer) => out.push(d))
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-2000)
    })
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out))
      else reject(new VisionError(`${cmd} exited with ${code}: ${err.trim()}`))
    })
    child.stdin.end(opts.stdin)
  })
}

export interface VideoInfo {
  durationSec: number
  fps: number
  width: number
  height: number
  /** clockwise degrees the player must rotate the stored frames by (phone videos) */
  rotation: number
  codec: string
  frameCount: number | null
  /** the matrix its YUV is stored with (ffmpeg's RGB uses it; untagged video is taken as BT.601) */
  colorMatrix?: 'bt709' | 'bt601'
}

const parseRate = (r: string | undefined): number => {
  if (!r) return 0
  const [n, d] = r.split('/').map(Number)
  return d ? n! / d : (n ?? 0)
}

/** ffprobe JSON → the few facts the pipeline needs; width/height are as displayed (rotation applied). */
export async function probe(file: string, signal?: AbortSignal): Promise<VideoInfo> {
  const out = await run(
    FFPROBE,
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file],
    { signal },
  )
  const json = JSON.parse(out.toString()) as {
    streams?: Array<Record<string, unknown>>
    format?: { duration?: string }
  }
  const v = json.streams?.find((s) => s.codec_type === 'video')
  if (!v) throw new VisionError('O arquivo não tem uma faixa de vídeo.')
  const tags = (v.tags ?? {}) as Record<string, string>
  const sideData = (v.side_data_list ?? []) as Array<{ rotation?: number }>
  // Older files carry a clockwise `rotate` tag; newer ffprobe reports the display matrix's
  // counter-clockwise `rotation`. Both become clockwise degrees here.
  const sideRot = sideData.find((s) => s.rotation !== undefined)?.rotation
  const clockwise = tags.rotate !== undefined ? Number(tags.rotate) : -(sideRot ?? 0)
  const rotation = ((Math.round(clockwise) % 360) + 360) % 360
  const w = Number(v.width)
  const h = Number(v.height)
  const swap = rotation === 90 || rotation === 270
  const fps = parseRate(v.avg_frame_rate as string) || parseRate(v.r_frame_rate as string)
  const durationSec = Number(v.duration ?? json.format?.duration ?? 0)
  const nb = Number(v.nb_frames)
  return {
    durationSec,
    fps,
    width: swap ? h : w,
    height: swap ? w : h,
    rotation,
    codec: typeof v.codec_name === 'string' ? v.codec_name : 'unknown',
    frameCount: Number.isFinite(nb) && nb > 0 ? nb : null,
    colorMatrix: v.color_space === 'bt709' ? 'bt709' : 'bt601',
  }
}

export interface Frame {
  /** index in the decoded (resampled) stream, from 0 at startSec */
  index: number
  /** seconds from the start of the video */
  timeSec: number
  width: number
  height: number
  /**
   * packed RGB, width*height*3 bytes; or, when `format` is 'yuv420p', the planes Y (width*height),
   * U and V (a quarter of that each) as ffmpeg writes them (limited range, BT.601)
   */
  data: Uint8Array
  format?: 'rgb24' | 'yuv420p'
}

export interface DecodeOptions {
  fps: number
  /** output width; height follows the aspect ratio (even). Defaults to the source size. */
  width?: number
  startSec?: number
  endSec?: number
  signal?: AbortSignal
  /** decode keyframes only (cheap; for thumbnails and court lines) */
  keyframesOnly?: boolean
  /**
   * Every frame reuses one buffer, overwritten when the next frame is asked for: for consumers
   * done with a frame before taking the next (a fresh 2.7 MB array per 720p frame kept the
   * garbage collector busy). Off by default: callers that keep frames get their own copies.
   */
  recycle?: boolean
  /**
   * Decode only the frames other frames refer to (skips non-reference B-frames): at a sampled
   * rate (10 of 60 frames a second) most skipped frames would be thrown away anyway, and the
   * nearest reference frame is at most a frame or two away.
   */
  referenceOnly?: boolean
  /**
   * One decoding thread: less CPU in all for the same frames (threads cost their own
   * coordination), for callers judged on CPU time rather than wall time (chunks of one video
   * already run in parallel processes).
   */
  oneThread?: boolean
  /**
   * Frames as ffmpeg's planar YUV 4:2:0 instead of RGB (half the bytes, no colour conversion):
   * for consumers that need grey for every frame and colour for a few (see yuvToRgb). Only for
   * even output sizes; odd ones stay RGB.
   */
  yuv?: boolean
}

/** Output size for a requested width, keeping the aspect ratio with even dimensions. */
export function outputSize(info: VideoInfo, width?: number): { width: number; height: number } {
  if (!width || width >= info.width) return { width: info.width, height: info.height }
  const w = Math.round(width / 2) * 2
  return { width: w, height: Math.round((info.height * w) / info.width / 2) * 2 }
}

/**
 * Streams frames as RGB. ffmpeg applies rotation (autorotate), resampling (fps filter) and
 * scaling; frames arrive in order on stdout and are sliced into fixed-size buffers.
 */
export async function* decodeFrames(
  file: string,
  info: VideoInfo,
  opts: DecodeOptions,
): AsyncGenerator<Frame> {
  const { width, height } = outputSize(info, opts.width)
  const start = opts.startSec ?? 0
  const args = ['-v', 'error', '-nostdin']
  if (opts.oneThread) args.push('-threads', '1')
  if (opts.keyframesOnly) args.push('-skip_frame', 'nokey')
  else if (opts.referenceOnly) args.push('-skip_frame', 'noref')
  if (start > 0) args.push('-ss', String(start))
  args.push('-i', file)
  if (opts.endSec !== undefined) args.push('-t', String(Math.max(0, opts.endSec - start)))
  const filters = opts.keyframesOnly ? [] : [`fps=${opts.fps}`]
  filters.push(`scale=${width}:${height}:flags=fast_bilinear`)
  args.push('-vf', filters.join(','))
  if (opts.keyframesOnly) args.push('-fps_mode', 'vfr')
  const yuv = opts.yuv === true && width % 2 === 0 && height % 2 === 0
  args.push('-f', 'rawvideo', '-pix_fmt', yuv ? 'yuv420p' : 'rgb24', 'pipe:1')

  const child = spawn(FFMPEG, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  const onAbort = () => child.kill('SIGKILL')
  opts.signal?.addEventListener('abort', onAbort, { once: true })
  let err = ''
  child.stderr.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-2000)
  })
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  const frameBytes = yuv ? (width * height * 3) / 2 : width * height * 3
  const format = yuv ? ('yuv420p' as const) : ('rgb24' as const)
  // Chunks (64 KiB pipe reads) are copied once into the frame being filled: concatenating them
  // into a growing buffer cost more than ffmpeg's whole decode.
  let data = new Uint8Array(frameBytes)
  let filled = 0
  let index = 0
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let offset = 0
      while (offset < chunk.length) {
        const n = Math.min(frameBytes - filled, chunk.length - offset)
        data.set(chunk.subarray(offset, offset + n), filled)
        filled += n
        offset += n
        if (filled === frameBytes) {
          yield { index, timeSec: start + index / opts.fps, width, height, data, format }
          index++
          if (!opts.recycle) data = new Uint8Array(frameBytes)
          filled = 0
        }
      }
    }
    const code = await exited
    opts.signal?.throwIfAborted()
    if (code !== 0) throw new VisionError(`ffmpeg falhou ao decodificar: ${err.trim()}`)
  } finally {
    opts.signal?.removeEventListener('abort', onAbort)
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}

/** Limited-range YUV → RGB coefficients ×256: luma, V to red, U and V to green, U to blue. */
const MATRIX = {
  bt601: [298, 409, 100, 208, 516],
  bt709: [298, 459, 55, 136, 541],
} as const

/**
 * A YUV 4:2:0 frame (limited range, as ffmpeg writes it) as packed RGB with the video's matrix,
 * as ffmpeg's own RGB output would be; into `out` when it is large enough. An RGB frame is
 * returned as it is.
 */
export function yuvToRgb(
  frame: Frame,
  out?: Uint8Array,
  matrix: 'bt709' | 'bt601' = 'bt601',
): Frame {
  if (frame.format !== 'yuv420p') return frame
  const { width: w, height: h, data } = frame
  const rgb = out && out.length === w * h * 3 ? out : new Uint8Array(w * h * 3)
  const uOff = w * h
  const vOff = uOff + (w >> 1) * (h >> 1)
  const cw = w >> 1
  const [ky, kr, kgu, kgv, kb] = MATRIX[matrix]
  // Integers ×256, written through a clamped view of the same bytes.
  const px = new Uint8ClampedArray(rgb.buffer, rgb.byteOffset, rgb.length)
  for (let y = 0; y < h; y++) {
    let o = y * w * 3
    let yi = y * w
    const ci = (y >> 1) * cw
    for (let x = 0; x < w; x += 2) {
      const c = ci + (x >> 1)
      const d = data[uOff + c]! - 128
      const e = data[vOff + c]! - 128
      const r = kr * e
      const g = -kgu * d - kgv * e
      const b = kb * d
      for (let k = 0; k < 2; k++, yi++, o += 3) {
        const l = ky * (data[yi]! - 16)
        px[o] = (l + r) >> 8
        px[o + 1] = (l + g) >> 8
        px[o + 2] = (l + b) >> 8
      }
    }
  }
  return { ...frame, data: rgb, format: 'rgb24' }
}
