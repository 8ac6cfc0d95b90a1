import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileTypeFromBuffer } from 'file-type'

const run = promisify(execFile)

export interface ProbeResult {
  container: string
  codec: string
  durationSeconds: number
  width: number
  height: number
  fps: number
}

/** Bytes file-type needs to recognise any container it knows. */
export const SNIFF_BYTES = 4100

/** ffprobe/ffmpeg are not on this machine: an operator problem, not the player's file. */
export class ProbeUnavailableError extends Error {}

/** The container by its first bytes, whatever type the client declared; null when not a video. */
export async function sniffVideo(head: Uint8Array): Promise<string | null> {
  const type = await fileTypeFromBuffer(head)
  return type?.mime.startsWith('video/') ? type.mime : null
}

const rate = (text: string | undefined): number => {
  if (!text) return 0
  const [num, den] = text.split('/').map(Number)
  if (!num || !den) return 0
  return num / den
}

const PROBE_TIMEOUT_MS = 60_000

/**
 * Container, codec, duration, resolution and frame rate of the first video stream (ffprobe),
 * and proof that its first frame decodes (ffmpeg). Null when it is not a decodable video.
 */
export async function probeVideo(target: string): Promise<ProbeResult | null> {
  let stdout: string
  try {
    ;({ stdout } = await run(
      'ffprobe',
      [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        '-select_streams',
        'v:0',
        target,
      ],
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
    ))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new ProbeUnavailableError('ffprobe not found: install ffmpeg')
    }
    return null
  }
  const info = JSON.parse(stdout) as {
    streams?: Array<{
      codec_name?: string
      width?: number
      height?: number
      avg_frame_rate?: string
      r_frame_rate?: string
      duration?: string
    }>
    format?: { format_name?: string; duration?: string }
  }
  const stream = info.streams?.[0]
  if (!stream?.codec_name || !stream.width || !stream.height) return null
  const durationSeconds = Number(info.format?.duration ?? stream.duration)
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return null
  try {
    await run(
      'ffmpeg',
      ['-v', 'error', '-i', target, '-map', '0:v:0', '-frames:v', '1', '-f', 'null', '-'],
      {
        timeout: PROBE_TIMEOUT_MS,
      },
    )
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new ProbeUnavailableError('ffmpeg not found: install ffmpeg')
    }
    return null
  }
  return {
    container: info.format?.format_name ?? 'unknown',
    codec: stream.codec_name,
    durationSeconds,
    width: stream.width,
    height: stream.height,
    fps: rate(stream.avg_frame_rate) || rate(stream.r_frame_rate),
  }
}
