// Person detection with @vladmandic/human's bundled centernet model on the TF.js WASM backend.
// Everything loads from local files (see docs/decisions/009): the Node build is required by file
// path (its package exports block the subpath), wasm binaries come from tfjs-backend-wasm/dist
// and file:// model URLs are answered by a fetch wrapper because Node's fetch refuses them.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Centernet, type PersonModel, type Tf } from './centernet.js'
import { CenternetOnnx } from './centernet-onnx.js'
import type { Frame } from './ffmpeg.js'
import { fromMosaic, MOSAIC_CELL, mosaicSize, planMosaic, renderMosaic } from './mosaic.js'

const require = createRequire(import.meta.url)

export interface Box {
  x: number
  y: number
  w: number
  h: number
}

export interface Detection extends Box {
  score: number
}

export interface Tile {
  x: number
  y: number
  size: number
  /** the court half the tile was planned for (tiles are sized to the people there) */
  half?: 'near' | 'far'
}

interface HumanObject {
  label: string
  score: number
  box: [number, number, number, number]
}
export interface HumanKeypoint {
  part: string
  position: [number, number, ...number[]]
  score: number
}
export interface HumanLike {
  load(): Promise<void>
  detect(input: unknown): Promise<{
    object: HumanObject[]
    body: Array<{ score: number; keypoints: HumanKeypoint[] }>
    error?: string | null
  }>
  tf: {
    tensor4d(
      data: Float32Array,
      shape: [number, number, number, number],
      dtype: 'float32',
    ): TensorLike
    dispose(t: TensorLike): void
  }
}
interface TensorLike {
  dispose(): void
}

let fetchPatched = false
/** Lets TF.js fetch file:// URLs (model json and weights) from disk. */
function patchFetchForFiles(): void {
  if (fetchPatched) return
  fetchPatched = true
  const original = globalThis.fetch
  globalThis.fetch = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (url.startsWith('file://')) {
      return new Response(await fs.promises.readFile(fileURLToPath(url)))
    }
    return original(input, init)
  }
}

/**
 * One @vladmandic/human instance on the WASM backend with every model off except those `models`
 * turns on (person boxes here, body keypoints in feet.ts), loaded from local files.
 */
export async function loadHuman(models: Record<string, unknown>): Promise<HumanLike> {
  patchFetchForFiles()
  const humanDir = path.dirname(require.resolve('@vladmandic/human'))
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))
  const modelsDir = path.join(humanDir, '..', 'models')
  const mod = require(path.join(humanDir, 'human.node-wasm.js')) as {
    Human: new (config: unknown) => HumanLike
  }
  const human = new mod.Human({
    backend: 'wasm',
    wasmPath: pathToFileURL(wasmDir).pathname + '/',
    wasmPlatformFetch: false,
    modelBasePath: pathToFileURL(modelsDir).href + '/',
    debug: false,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: { enabled: false },
    hand: { enabled: false },
    body: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    object: { enabled: false },
    ...models,
  })
  await human.load()
  return human
}

export interface DetectorOptions {
  /** detections below this score are dropped (centernet scores people at 0.2–0.55 when small) */
  minScore?: number
  /** side of one player's cell in the mosaic (a multiple of 32; see mosaic.ts) */
  mosaicCell?: number
  /** side every tile is resized to for the model (a multiple of 32) */
  tileInput?: number
  /**
   * Where the model runs: 'onnx' (onnxruntime's native kernels; the default, falling back to
   * 'wasm' where onnxruntime cannot load) or 'wasm' (TF.js). Both give the same boxes.
   */
  runtime?: 'onnx' | 'wasm'
}

/** The side a tile is resized to for the model (centernet's own 512 when human ran it). */
export const TILE_INPUT = 512

export class PersonDetector {
  /** the mosaic's pixels, reused round after round */
  private mosaic: Uint8Array | undefined
  /** model calls made, the input pixels they took and their CPU seconds (this process) */
  readonly stats = { calls: 0, pixels: 0, cpuSec: 0 }

  private constructor(
    private readonly model: PersonModel,
    private readonly minScore: number,
    private readonly cell: number,
    private readonly tileInput: number,
  ) {}

  /** Loads centernet from the installed package's models folder; no network. */
  static async create(opts: DetectorOptions = {}): Promise<PersonDetector> {
    const minScore = opts.minScore ?? 0.2
    const cell = opts.mosaicCell ?? MOSAIC_CELL
    const tileInput = opts.tileInput ?? TILE_INPUT
    if (cell % 32 || tileInput % 32) throw new Error('model input sides must be multiples of 32')
    const modelsDir = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models')
    let model: PersonModel | null = null
    if ((opts.runtime ?? 'onnx') === 'onnx') {
      try {
        model = await CenternetOnnx.load(modelsDir)
      } catch (err) {
        process.emitWarning(
          `onnxruntime unavailable, person detection on TF.js WASM: ${err instanceof Error ? err.message : String(err)}`,
        )
      }
    }
    // human sets up the WASM backend; the model runs on its graph directly (centernet.ts).
    model ??= await Centernet.load((await loadHuman({})).tf as unknown as Tf, modelsDir)
    return new PersonDetector(model, minScore, cell, tileInput)
  }

  /** Where the model runs ('onnx' or 'wasm'). */
  get runtime(): 'onnx' | 'wasm' {
    return this.model.runtime
  }

  /** Runs centernet on one square crop of the frame; boxes come back in frame pixels. */
  async detectTile(frame: Frame, tile: Tile): Promise<Detection[]> {
    const size = Math.min(tile.size, frame.width - tile.x, frame.height - tile.y)
    const crop = new Uint8Array(size * size * 3)
    for (let row = 0; row < size; row++) {
      const from = ((tile.y + row) * frame.width + tile.x) * 3
      crop.set(frame.data.subarray(from, from + size * 3), row * size * 3)
    }
    return (await this.run(crop, size, size, this.tileInput)).map((d) => ({
      ...d,
      x: d.x + tile.x,
      y: d.y + tile.y,
    }))
  }

  /**
   * One call for up to four expected player boxes (a mosaic of crops around them, see
   * mosaic.ts); boxes come back in frame pixels, people cut by a crop's edge left out.
   */
  async detectMosaic(
    frame: Frame,
    boxes: Box[],
    keep: (d: Detection) => boolean = () => true,
  ): Promise<Detection[]> {
    if (!boxes.length) return []
    const cells = planMosaic(boxes, frame.width, frame.height, this.cell)
    const { width, height } = mosaicSize(cells)
    this.mosaic = renderMosaic(frame, cells, this.mosaic)
    const found = fromMosaic(
      await this.run(this.mosaic, height, width),
      cells,
      frame.width,
      frame.height,
    )
    return nonMaxSuppression(found.filter(keep), 0.45)
  }

  /**
   * centernet on an RGB image of h × w (resized to `resizeTo` square first when given); person
   * boxes in the image's pixels, after the same non-maximum suppression human applied (IoU 0.4,
   * at most 20 boxes), with scores to two decimals as human gave them.
   */
  private async run(
    rgb: Uint8Array,
    h: number,
    w: number,
    resizeTo?: number,
  ): Promise<Detection[]> {
    const before = process.cpuUsage()
    try {
      const raw = await this.model.detect(rgb, h, w, this.minScore, resizeTo)
      const kept: Detection[] = []
      for (const r of raw) {
        const d = {
          x: Math.trunc(r.x1),
          y: Math.trunc(r.y1),
          w: Math.trunc(r.x2 - r.x1),
          h: Math.trunc(r.y2 - r.y1),
          score: Math.trunc(100 * r.score) / 100,
        }
        if (kept.length < MAX_BOXES && !kept.some((k) => iou(k, d) > MODEL_IOU)) kept.push(d)
      }
      return kept
    } finally {
      const used = process.cpuUsage(before)
      this.stats.calls++
      this.stats.pixels += resizeTo ? resizeTo * resizeTo : h * w
      this.stats.cpuSec += (used.user + used.system) / 1e6
    }
  }

  /**
   * Runs every tile and merges duplicates found in overlapping tiles. `keep` drops boxes that
   * cannot be what the caller looks for before duplicates are merged: a box holding two people
   * one behind the other must not swallow the box of the one behind.
   */
  async detect(
    frame: Frame,
    tiles: Tile[],
    keep: (d: Detection) => boolean = () => true,
  ): Promise<Detection[]> {
    const all: Detection[] = []
    for (const t of tiles) all.push(...(await this.detectTile(frame, t)))
    return nonMaxSuppression(all.filter(keep), 0.45)
  }
}

/** The model's own duplicate suppression, as human configured it for us. */
const MODEL_IOU = 0.4
const MAX_BOXES = 20

export function iou(a: Box, b: Box): number {
  const x1 = Math.max(a.x, b.x)
  const y1 = Math.max(a.y, b.y)
  const x2 = Math.min(a.x + a.w, b.x + b.w)
  const y2 = Math.min(a.y + a.h, b.y + b.h)
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1)
  const union = a.w * a.h + b.w * b.h - inter
  return union > 0 ? inter / union : 0
}

/** Overlap measured against the smaller box: a half-body seen at a tile edge vs the whole body. */
function containment(a: Box, b: Box): number {
  const x1 = Math.max(a.x, b.x)
  const y1 = Math.max(a.y, b.y)
  const x2 = Math.min(a.x + a.w, b.x + b.w)
  const y2 = Math.min(a.y + a.h, b.y + b.h)
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1)
  return inter / Math.max(1, Math.min(a.w * a.h, b.w * b.h))
}

/** Greedy NMS, best score first; also drops boxes mostly inside a kept, larger one. */
export function nonMaxSuppression(dets: Detection[], threshold: number): Detection[] {
  const sorted = [...dets].sort((a, b) => b.score * b.h - a.score * a.h)
  const kept: Detection[] = []
  for (const d of sorted) {
    if (kept.some((k) => iou(k, d) > threshold || containment(k, d) > 0.6)) continue
    kept.push(d)
  }
  return kept
}
