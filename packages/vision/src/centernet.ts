// centernet (the MobileNetV3 CenterNet bundled with @vladmandic/human) run directly on its graph,
// without human's detect(): the graph is fully convolutional, but its converted form froze the
// sizes that follow from a 512×512 input (the head's three upsampling sizes, the width of its
// output grid) and scores all 80 COCO classes. Here those constants are set for each input size
// (any multiple of 32, square or not: the cost follows the pixel count, so a small crop costs
// little) and the class head keeps only the person channel (the other 79 channels, their peaks
// and the top-k over all of them were most of the work after the backbone).
import fs from 'node:fs'
import path from 'node:path'

/** The few tfjs calls used here (from human's bundled tfjs, whose backend human set up). */
export interface Tf {
  io: { fromMemory(artifacts: unknown): unknown }
  loadGraphModel(handler: unknown): Promise<GraphModelLike>
  tensor1d(values: number[], dtype: 'int32'): TensorLike
  scalar(value: number, dtype: 'int32'): TensorLike
  tensor4d(
    data: Float32Array,
    shape: [number, number, number, number],
    dtype: 'float32',
  ): TensorLike
  slice(t: TensorLike, begin: number[], size: number[]): TensorLike
  image: { resizeBilinear(t: TensorLike, size: [number, number]): TensorLike }
  dispose(t: TensorLike | TensorLike[]): void
}
export interface TensorLike {
  data(): Promise<Float32Array | Int32Array | Uint8Array>
  dispose(): void
}
interface GraphModelLike {
  execute(input: TensorLike, outputs: string[]): TensorLike
  executor: {
    weightMap: Record<string, TensorLike[]>
    graph: { inputs: Array<{ attrParams: { shape: { value: number[] } } }> }
  }
}

/** Output grid cell (input pixels) and the graph's own top-k of peaks. */
const STRIDE = 4
const HEAD = 'tower_0/CenternetHead'
const SIZED = {
  up16: `${HEAD}/c5_upsample/up_sampling2d/mul`,
  up8: `${HEAD}/c4_upsample/up_sampling2d_1/mul`,
  up4: `${HEAD}/c3_upsample/up_sampling2d_2/mul`,
  cells: 'tower_0/BatchGather/concat',
  gridWidth: 'tower_0/strided_slice_6',
}
const CLASSES = 'tower_0/strided_slice_7'
const CLS_WEIGHTS = 'CenternetHead/centernet_cls_output/pointwise_weights'
const CLS_BIASES = 'CenternetHead/centernet_cls_output/biases'

export interface RawBox {
  x1: number
  y1: number
  x2: number
  y2: number
  score: number
}

/** centernet's person boxes on one of the runtimes it can run on. */
export interface PersonModel {
  /** 'onnx' (onnxruntime, native) or 'wasm' (TF.js) */
  readonly runtime: 'onnx' | 'wasm'
  /**
   * Person boxes (input pixels) with score ≥ minScore, best first, in an RGB image of h × w
   * (multiples of 32), or of `resizeTo` × `resizeTo` when given (bilinear, as human resized its
   * input). The graph's own top-k keeps at most 100.
   */
  detect(
    rgb: Uint8Array,
    h: number,
    w: number,
    minScore: number,
    resizeTo?: number,
  ): Promise<RawBox[]>
}

/** The class head's weights, sliced to the person channel on either runtime. */
export const CLASS_HEAD = { weights: CLS_WEIGHTS, biases: CLS_BIASES }
/** The graph's top-k of peaks, kept by both runtimes. */
export const TOP_K = 100
/** Output grid cell, in input pixels. */
export const GRID_STRIDE = STRIDE

export class Centernet implements PersonModel {
  readonly runtime = 'wasm' as const
  private size = ''
  /** the input as floats, reused call after call */
  private floats: Float32Array | undefined
  private readonly sized = new Map<string, Record<keyof typeof SIZED, TensorLike>>()

  private constructor(
    private readonly tf: Tf,
    private readonly model: GraphModelLike,
  ) {}

  /** Loads centernet.json and its weights from `modelsDir` (no network) and adapts the graph. */
  static async load(tf: Tf, modelsDir: string): Promise<Centernet> {
    const json = JSON.parse(fs.readFileSync(path.join(modelsDir, 'centernet.json'), 'utf8')) as {
      modelTopology: unknown
      format?: string
      generatedBy?: string
      convertedBy?: string
      signature?: unknown
      weightsManifest: Array<{ paths: string[]; weights: unknown[] }>
    }
    const files = json.weightsManifest.flatMap((g) => g.paths)
    const bytes = Buffer.concat(files.map((f) => fs.readFileSync(path.join(modelsDir, f))))
    const model = await tf.loadGraphModel(
      tf.io.fromMemory({
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
        weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
        weightData: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      }),
    )
    const wm = model.executor.weightMap
    const weights = wm[CLS_WEIGHTS]?.[0]
    const biases = wm[CLS_BIASES]?.[0]
    if (!weights || !biases || !wm[CLASSES] || Object.values(SIZED).some((k) => !wm[k]))
      throw new Error('centernet: the graph is not the one this code adapts')
    // COCO class 0 is person.
    wm[CLS_WEIGHTS] = [tf.slice(weights, [0, 0, 0, 0], [-1, -1, -1, 1])]
    wm[CLS_BIASES] = [tf.slice(biases, [0], [1])]
    wm[CLASSES] = [tf.scalar(1, 'int32')]
    tf.dispose([weights, biases])
    model.executor.graph.inputs[0]!.attrParams.shape.value = [1, -1, -1, 3]
    return new Centernet(tf, model)
  }

  private setSize(h: number, w: number): void {
    const key = `${h}x${w}`
    if (this.size === key) return
    let t = this.sized.get(key)
    if (!t) {
      const tf = this.tf
      t = {
        up16: tf.tensor1d([h / 16, w / 16], 'int32'),
        up8: tf.tensor1d([h / 8, w / 8], 'int32'),
        up4: tf.tensor1d([h / STRIDE, w / STRIDE], 'int32'),
        cells: tf.tensor1d([(h / STRIDE) * (w / STRIDE), 4], 'int32'),
        gridWidth: tf.scalar(w / STRIDE, 'int32'),
      }
      this.sized.set(key, t)
    }
    const wm = this.model.executor.weightMap
    for (const k of Object.keys(SIZED) as Array<keyof typeof SIZED>) wm[SIZED[k]] = [t[k]]
    this.size = key
  }

  async detect(
    rgb: Uint8Array,
    h: number,
    w: number,
    minScore: number,
    resizeTo?: number,
  ): Promise<RawBox[]> {
    const tf = this.tf
    // Straight to the model's float input, through one reused array: an int32 tensor cast to
    // float made two more full-size copies a call for the garbage collector.
    const n = h * w * 3
    if (!this.floats || this.floats.length < n) this.floats = new Float32Array(n)
    const floats = this.floats.subarray(0, n)
    for (let i = 0; i < n; i++) floats[i] = rgb[i]!
    const [oh, ow] = inputSize(h, w, resizeTo)
    const input = tf.tensor4d(floats, [1, h, w, 3], 'float32')
    const sized = resizeTo ? tf.image.resizeBilinear(input, [oh, ow]) : input
    this.setSize(oh, ow)
    const out = this.model.execute(sized, ['tower_0/detections'])
    try {
      const v = await out.data()
      const boxes: RawBox[] = []
      // Rows of x1, y1, x2, y2, score, class, best first.
      for (let i = 0; i + 5 < v.length; i += 6) {
        const score = v[i + 4]!
        if (!(score >= minScore)) continue
        boxes.push({ x1: v[i]!, y1: v[i + 1]!, x2: v[i + 2]!, y2: v[i + 3]!, score })
      }
      return toCallerPixels(boxes, h / oh, w / ow)
    } finally {
      tf.dispose(sized === input ? [input, out] : [input, sized, out])
    }
  }
}

/** The model's input size (height, width) for an image of h × w, resized to a square if asked. */
export function inputSize(h: number, w: number, resizeTo?: number): [number, number] {
  const oh = resizeTo ?? h
  const ow = resizeTo ?? w
  if (oh % 32 || ow % 32) throw new Error(`centernet: ${oh}×${ow} is not a multiple of 32`)
  return [oh, ow]
}

/** Boxes found on a resized copy, back in the caller's pixels (sy, sx: caller ÷ model). */
export function toCallerPixels(boxes: RawBox[], sy: number, sx: number): RawBox[] {
  return sx === 1 && sy === 1
    ? boxes
    : boxes.map((b) => ({ ...b, x1: b.x1 * sx, x2: b.x2 * sx, y1: b.y1 * sy, y2: b.y2 * sy }))
}
