// The person model runs on onnxruntime (the weights rewritten as an ONNX graph) or on TF.js WASM:
// on real photographs both must give the same boxes, at the model's own size, at the other sizes
// the mosaics use, and on a tile resized to the model's input.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { Centernet, type RawBox, type Tf } from '../src/centernet.js'
import { CenternetOnnx } from '../src/centernet-onnx.js'
import { loadHuman } from '../src/detector.js'
import { FFMPEG } from '../src/ffmpeg.js'

const require = createRequire(import.meta.url)
const humanDir = path.join(path.dirname(require.resolve('@vladmandic/human')), '..')
const MODELS = path.join(humanDir, 'models')
/** people photographed at many sizes (human's own sample strip, shipped in its package) */
const SAMPLES = path.join(humanDir, 'assets', 'samples.jpg')
const WIDTH = 1280
const HEIGHT = 1158

let image: Uint8Array
let onnx: CenternetOnnx
let wasm: Centernet

function crop(x: number, y: number, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h * 3)
  for (let r = 0; r < h; r++)
    out.set(image.subarray(((y + r) * WIDTH + x) * 3, ((y + r) * WIDTH + x + w) * 3), r * w * 3)
  return out
}

function expectSame(a: RawBox[], b: RawBox[]) {
  expect(a.length).toBeGreaterThan(0)
  expect(a.length).toBe(b.length)
  a.forEach((box, i) => {
    const other = b[i]!
    for (const k of ['x1', 'y1', 'x2', 'y2'] as const)
      expect(Math.abs(box[k] - other[k])).toBeLessThan(0.5)
    expect(Math.abs(box.score - other.score)).toBeLessThan(0.005)
  })
}

describe('person model runtimes', () => {
  beforeAll(async () => {
    image = execFileSync(
      FFMPEG,
      ['-v', 'error', '-i', SAMPLES, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
      { maxBuffer: 2 * WIDTH * HEIGHT * 3 },
    )
    expect(image.length).toBe(WIDTH * HEIGHT * 3)
    onnx = await CenternetOnnx.load(MODELS)
    wasm = await Centernet.load((await loadHuman({})).tf as unknown as Tf, MODELS)
  }, 60_000)

  it.each([
    { what: 'a 512 × 512 crop', x: 0, y: 0, w: 512, h: 512 },
    { what: 'a mosaic-sized 192 × 384 crop', x: 500, y: 0, w: 384, h: 192 },
    { what: 'a 384 × 384 crop of a crowd', x: 200, y: 600, w: 384, h: 384 },
  ])('give the same boxes on $what', async ({ x, y, w, h }) => {
    const rgb = crop(x, y, w, h)
    expectSame(await onnx.detect(rgb, h, w, 0.2), await wasm.detect(rgb, h, w, 0.2))
  })

  it('give the same boxes on a tile resized to the model input', async () => {
    const rgb = crop(100, 100, 700, 700)
    expectSame(
      await onnx.detect(rgb, 700, 700, 0.2, 512),
      await wasm.detect(rgb, 700, 700, 0.2, 512),
    )
  })
})
