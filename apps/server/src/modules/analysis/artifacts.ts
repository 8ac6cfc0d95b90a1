import { execFile } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import {
  type AnalysisResult,
  cutClip,
  heatmapPng,
  highlightsReel,
  pickHighlights,
} from '@areia/vision'
import { analysisPrefix, type VideoStorage } from '../../adapters/storage'
import type { Artifacts } from './pipeline-store'

const run = promisify(execFile)
const FFMPEG = process.env.AREIA_FFMPEG ?? 'ffmpeg'

/** Rallies in the highlights reel. */
const HIGHLIGHT_RALLIES = 3
/** Context kept before and after each rally's clip (s). */
const CLIP_PAD_SEC = 1

/** One run's files, under the video's analysis prefix (removed with the video). */
export const runPrefix = (videoId: number, run: number) => `${analysisPrefix(videoId)}run-${run}/`

/** Writes a whole object through the resumable-upload interface every storage offers. */
export async function putFile(storage: VideoStorage, key: string, file: string): Promise<void> {
  const { size } = await fsp.stat(file)
  const session = await storage.begin(key)
  await storage.append(key, session, 0, fs.createReadStream(file), size)
  await storage.finish(key, session)
}

export async function putBuffer(storage: VideoStorage, key: string, data: Buffer) {
  await withTempDir(async (dir) => {
    const file = path.join(dir, path.basename(key))
    await fsp.writeFile(file, data)
    await putFile(storage, key, file)
  })
}

export async function withTempDir<T>(task: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'areia-analysis-'))
  try {
    return await task(dir)
  } finally {
    await fsp.rm(dir, { recursive: true, force: true })
  }
}

/** A JPEG of the frame at `atSec`, for the analyst to mark the court's corners on. */
export async function storeKeyframe(
  storage: VideoStorage,
  input: string,
  atSec: number,
  key: string,
  signal?: AbortSignal,
): Promise<void> {
  await withTempDir(async (dir) => {
    const out = path.join(dir, 'keyframe.jpg')
    await run(
      FFMPEG,
      ['-v', 'error', '-y', '-ss', String(atSec), '-i', input, '-frames:v', '1', '-q:v', '3', out],
      { signal },
    )
    await putFile(storage, key, out)
  })
}

/**
 * Heatmaps per tracked player, a clip per rally and the highlights reel, written under the run's
 * prefix with fixed names: a repeated attempt overwrites instead of adding files. `input` is
 * asked again for each cut: an S3 source is a presigned URL that may not outlive a long match.
 */
export async function storeMedia(
  storage: VideoStorage,
  input: () => Promise<string>,
  result: AnalysisResult,
  prefix: string,
  opts: { signal?: AbortSignal; onProgress?: (share: number) => void },
): Promise<Omit<Artifacts, 'keyframe'>> {
  const heatmaps: Record<string, string> = {}
  for (const player of result.players) {
    const key = `${prefix}heatmap-${player.id}.png`
    await putBuffer(storage, key, heatmapPng(player.heatmap))
    heatmaps[String(player.id)] = key
  }
  const rallies = result.rallies.items
  const clips: Record<string, string> = {}
  let highlights: string | null = null
  await withTempDir(async (dir) => {
    const steps = rallies.length + (rallies.length ? 1 : 0)
    let done = 0
    for (const rally of rallies) {
      const out = path.join(dir, `rally-${rally.index}.mp4`)
      await cutClip(await input(), rally, out, { padSec: CLIP_PAD_SEC, signal: opts.signal })
      const key = `${prefix}rally-${rally.index}.mp4`
      await putFile(storage, key, out)
      await fsp.rm(out, { force: true })
      clips[String(rally.index)] = key
      opts.onProgress?.(++done / steps)
    }
    if (rallies.length && pickHighlights(rallies, HIGHLIGHT_RALLIES).length) {
      const out = path.join(dir, 'highlights.mp4')
      await highlightsReel(await input(), rallies, out, {
        count: HIGHLIGHT_RALLIES,
        signal: opts.signal,
      })
      highlights = `${prefix}highlights.mp4`
      await putFile(storage, highlights, out)
      opts.onProgress?.(++done / steps)
    }
  })
  return { heatmaps, clips, highlights }
}
