import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { cutClip, highlightsReel } from '../src/clips.js'
import { decodeFrames, probe, yuvToRgb, type Frame } from '../src/ffmpeg.js'
import { toGray } from '../src/motion.js'
import { scratchDir } from './helpers/scratch'

const file = scratchDir('areia-vision-ff-')
let plain: string
let rotated: string

beforeAll(() => {
  plain = file('plain.mp4')
  rotated = file('rotated.mp4')
  const ff = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args])
  ff(
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25:duration=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=10',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    plain,
  )
  // A phone filmed in portrait: landscape pixels plus a display-matrix rotation.
  ff('-i', plain, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', rotated)
})

async function collect(it: AsyncIterable<Frame>): Promise<Frame[]> {
  const out: Frame[] = []
  for await (const f of it) out.push(f)
  return out
}

describe('probe and decode', () => {
  it('reads duration, fps, codec and size', async () => {
    const info = await probe(plain)
    expect(info).toMatchObject({ width: 320, height: 240, fps: 25, codec: 'h264', rotation: 0 })
    expect(info.durationSec).toBeCloseTo(10, 1)
  })

  it('reports rotation and decodes upright frames of the displayed size', async () => {
    const info = await probe(rotated)
    expect([90, 270]).toContain(info.rotation)
    expect([info.width, info.height]).toEqual([240, 320])
    const frames = await collect(decodeFrames(rotated, info, { fps: 5, endSec: 1 }))
    expect(frames).toHaveLength(5)
    expect(frames[0]!.data.length).toBe(240 * 320 * 3)
  })

  it('decodes a chunk at a chosen rate and scale with correct timestamps', async () => {
    const info = await probe(plain)
    const frames = await collect(
      decodeFrames(plain, info, { fps: 5, width: 160, startSec: 4, endSec: 6 }),
    )
    expect(frames).toHaveLength(10)
    expect(frames[0]).toMatchObject({ width: 160, height: 120, timeSec: 4 })
    expect(frames[9]!.timeSec).toBeCloseTo(5.8, 5)
    // testsrc draws different pictures over time: frames are real, not a repeated buffer.
    expect(Buffer.compare(Buffer.from(frames[0]!.data), Buffer.from(frames[9]!.data))).not.toBe(0)
  })

  it('decodes YUV frames whose grey and colour match the RGB decode', async () => {
    const info = await probe(plain)
    const opts = { fps: 5, startSec: 2, endSec: 2.4, oneThread: true }
    const rgb = await collect(decodeFrames(plain, info, opts))
    const yuv = await collect(decodeFrames(plain, info, { ...opts, yuv: true }))
    expect(yuv).toHaveLength(rgb.length)
    expect(yuv[0]).toMatchObject({ format: 'yuv420p', width: 320, height: 240 })
    expect(yuv[0]!.data.length).toBe((320 * 240 * 3) / 2)
    const meanDiff = (a: Uint8Array, b: Uint8Array) => {
      let s = 0
      for (let i = 0; i < a.length; i++) s += Math.abs(a[i]! - b[i]!)
      return s / a.length
    }
    for (let k = 0; k < rgb.length; k++) {
      // testsrc is untagged: BT.601, as ffmpeg converts it. Grey levels and colours within a few
      // levels (rounding and chroma upsampling differ).
      const colour = yuvToRgb(yuv[k]!, undefined, info.colorMatrix)
      expect(meanDiff(colour.data, rgb[k]!.data)).toBeLessThan(4)
      expect(meanDiff(toGray(yuv[k]!, 2).data, toGray(rgb[k]!, 2).data)).toBeLessThan(4)
    }
    // The same comparison fails for a picture that is not the same one (mirrored).
    expect(meanDiff(yuvToRgb(yuv[0]!).data, rgb[0]!.data.slice().reverse())).toBeGreaterThan(10)
  })

  it('fails with the reason when the file is not a video', async () => {
    const bogus = file('bogus.mp4')
    fs.writeFileSync(bogus, 'not a video')
    await expect(probe(bogus)).rejects.toThrow(/ffprobe/)
  })
})

describe('clips', () => {
  it('cuts a rally clip of the right length', async () => {
    const out = file('rally.mp4')
    await cutClip(plain, { startSec: 2, endSec: 5 }, out, { padSec: 0.5 })
    const info = await probe(out)
    expect(info.durationSec).toBeGreaterThan(3.8)
    expect(info.durationSec).toBeLessThan(4.3)
  })

  it('joins the longest rallies into a highlights reel without the dead time', async () => {
    const out = file('highlights.mp4')
    const picked = await highlightsReel(
      plain,
      [
        { startSec: 0.5, endSec: 1.5 },
        { startSec: 2, endSec: 5 },
        { startSec: 6, endSec: 9 },
      ],
      out,
      { count: 2 },
    )
    expect(picked.map((p) => p.startSec)).toEqual([2, 6])
    const info = await probe(out)
    expect(info.durationSec).toBeGreaterThan(5.8)
    expect(info.durationSec).toBeLessThan(6.3)
  })
})
