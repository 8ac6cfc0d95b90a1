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
  }
}

export interface Frame {
  /** index in the decoded (resampled) stream, from 0 at startSec */
  index: number
  /** seconds from the start of the video */
  timeSec: number
  width: number
  height: number
  /** packed RGB, width*height*3 bytes */
  data: Uint8Array
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
   * nearest reference frame is at most a frame or two away. One decoding thread: the analysis
   * is judged on CPU time, and chunks already run in parallel processes.
   */
  referenceOnly?: boolean
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
  if (opts.keyframesOnly) args.push('-skip_frame', 'nokey')
  else if (opts.referenceOnly) args.push('-threads', '1', '-skip_frame', 'noref')
  if (start > 0) args.push('-ss', String(start))
  args.push('-i', file)
  if (opts.endSec !== undefined) args.push('-t', String(Math.max(0, opts.endSec - start)))
  const filters = opts.keyframesOnly ? [] : [`fps=${opts.fps}`]
  filters.push(`scale=${width}:${height}:flags=fast_bilinear`)
  args.push('-vf', filters.join(','))
  if (opts.keyframesOnly) args.push('-fps_mode', 'vfr')
  args.push('-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1')

  const child = spawn(FFMPEG, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  const onAbort = () => child.kill('SIGKILL')
  opts.signal?.addEventListener('abort', onAbort, { once: true })
  let err = ''
  child.stderr.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-2000)
  })
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  const frameBytes = width * height * 3
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
          yield { index, timeSec: start + index / opts.fps, width, height, data }
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
