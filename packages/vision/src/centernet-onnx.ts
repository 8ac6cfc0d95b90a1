// centernet on onnxruntime's native CPU kernels, one thread: the weights human ships for TF.js,
// rewritten as an ONNX graph when the detector loads (tf-to-onnx.ts; nothing downloaded, nothing
// written to disk). The graph runs up to the head's two maps (person score, box sides); the peak
// search, top-k and box decoding that the TF graph does after them are done here, the same way,
// so both runtimes give the same boxes.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { InferenceSession, Tensor } from 'onnxruntime-node'
import {
  CLASS_HEAD,
  GRID_STRIDE,
  inputSize,
  TOP_K,
  toCallerPixels,
  type PersonModel,
  type RawBox,
} from './centernet.js'
import { readWeights, tfGraphToOnnx, type TfGraphJson } from './tf-to-onnx.js'

const require = createRequire(import.meta.url)

/** The head's outputs: per-class score after the sigmoid, and box sides in input pixels. */
const SCORES = 'tower_0/keypoints'
const SIDES = 'tower_0/wh'

interface Ort {
  InferenceSession: { create(model: Uint8Array, opts: object): Promise<InferenceSession> }
  Tensor: new (type: 'float32', data: Float32Array, dims: number[]) => Tensor
}

export class CenternetOnnx implements PersonModel {
  readonly runtime = 'onnx' as const
  /** the model's NCHW input, reused call after call */
  private planar: Float32Array | undefined

  private constructor(
    private readonly ort: Ort,
    private readonly session: InferenceSession,
    private readonly input: string,
    private readonly outputs: [string, string],
  ) {}

  /** Throws when onnxruntime cannot load here (the caller falls back to TF.js). */
  static async load(modelsDir: string): Promise<CenternetOnnx> {
    const ort = require('onnxruntime-node') as Ort
    const json = JSON.parse(
      fs.readFileSync(path.join(modelsDir, 'centernet.json'), 'utf8'),
    ) as TfGraphJson
    const weights = readWeights(json, fs.readFileSync(path.join(modelsDir, 'centernet.bin')))
    // COCO class 0 is person: the class head keeps only that channel.
    const w = weights.get(CLASS_HEAD.weights)
    const b = weights.get(CLASS_HEAD.biases)
    if (!w || !b || w.shape.length !== 4) throw new Error('centernet: unexpected class head')
    const classes = w.shape[3]!
    weights.set(CLASS_HEAD.weights, {
      shape: [...w.shape.slice(0, 3), 1],
      values: Float32Array.from(
        { length: w.values.length / classes },
        (_, i) => w.values[i * classes]!,
      ),
    })
    weights.set(CLASS_HEAD.biases, { shape: [1], values: Float32Array.of(b.values[0]!) })
    const model = tfGraphToOnnx(json, weights, [SCORES, SIDES])
    const session = await ort.InferenceSession.create(model.bytes, {
      // Chunks of one video already run in parallel processes: one thread each, judged on CPU.
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    })
    return new CenternetOnnx(ort, session, model.input, model.outputs as [string, string])
  }

  async detect(
    rgb: Uint8Array,
    h: number,
    w: number,
    minScore: number,
    resizeTo?: number,
  ): Promise<RawBox[]> {
    const [oh, ow] = inputSize(h, w, resizeTo)
    const n = oh * ow
    if (!this.planar || this.planar.length < 3 * n) this.planar = new Float32Array(3 * n)
    const planar = this.planar.subarray(0, 3 * n)
    toPlanar(rgb, h, w, planar, oh, ow)
    const result = await this.session.run({
      [this.input]: new this.ort.Tensor('float32', planar, [1, 3, oh, ow]),
    })
    const scores = result[this.outputs[0]]!.data as Float32Array
    const sides = result[this.outputs[1]]!.data as Float32Array
    const boxes = decodeBoxes(scores, sides, oh / GRID_STRIDE, ow / GRID_STRIDE, minScore)
    for (const t of Object.values(result)) t.dispose()
    return toCallerPixels(boxes, h / oh, w / ow)
  }
}

/**
 * Interleaved RGB of h × w → planar floats of oh × ow, resized bilinearly the way TF's
 * resizeBilinear does without corner alignment or half-pixel centres (source = target × scale).
 */
export function toPlanar(
  rgb: Uint8Array,
  h: number,
  w: number,
  out: Float32Array,
  oh: number,
  ow: number,
): void {
  const n = oh * ow
  if (oh === h && ow === w) {
    for (let i = 0, j = 0; i < n; i++, j += 3) {
      out[i] = rgb[j]!
      out[n + i] = rgb[j + 1]!
      out[2 * n + i] = rgb[j + 2]!
    }
    return
  }
  const fy = h / oh
  const fx = w / ow
  for (let y = 0; y < oh; y++) {
    const sy = y * fy
    const y0 = Math.floor(sy)
    const y1 = Math.min(y0 + 1, h - 1)
    const dy = sy - y0
    for (let x = 0; x < ow; x++) {
      const sx = x * fx
      const x0 = Math.floor(sx)
      const x1 = Math.min(x0 + 1, w - 1)
      const dx = sx - x0
      const a = (y0 * w + x0) * 3
      const b = (y0 * w + x1) * 3
      const c = (y1 * w + x0) * 3
      const d = (y1 * w + x1) * 3
      const o = y * ow + x
      for (let ch = 0; ch < 3; ch++) {
        const top = rgb[a + ch]! + (rgb[b + ch]! - rgb[a + ch]!) * dx
        const bottom = rgb[c + ch]! + (rgb[d + ch]! - rgb[c + ch]!) * dx
        out[ch * n + o] = top + (bottom - top) * dy
      }
    }
  }
}

/**
 * The TF graph's post-processing: a cell is a peak when no neighbour in its 3 × 3 scores higher
 * (max-pool equality), the best TOP_K peaks are kept, and a peak's box spans its sides (left,
 * top, right, bottom) around the cell's corner in input pixels.
 */
export function decodeBoxes(
  scores: Float32Array,
  sides: Float32Array,
  gh: number,
  gw: number,
  minScore: number,
): RawBox[] {
  const cells = gh * gw
  const found: RawBox[] = []
  for (let r = 0; r < gh; r++) {
    for (let c = 0; c < gw; c++) {
      const v = scores[r * gw + c]!
      if (!(v >= minScore)) continue
      let peak = true
      for (let dr = -1; dr <= 1 && peak; dr++) {
        const rr = r + dr
        if (rr < 0 || rr >= gh) continue
        for (let dc = -1; dc <= 1; dc++) {
          const cc = c + dc
          if (cc >= 0 && cc < gw && scores[rr * gw + cc]! > v) {
            peak = false
            break
          }
        }
      }
      if (!peak) continue
      const at = r * gw + c
      const x = c * GRID_STRIDE
      const y = r * GRID_STRIDE
      found.push({
        x1: x - sides[at]!,
        y1: y - sides[cells + at]!,
        x2: x + sides[2 * cells + at]!,
        y2: y + sides[3 * cells + at]!,
        score: v,
      })
    }
  }
  // Stable: equal scores stay in cell order, as the graph's top-k leaves them.
  return found.sort((a, b) => b.score - a.score).slice(0, TOP_K)
}
