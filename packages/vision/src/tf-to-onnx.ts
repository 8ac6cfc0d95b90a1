// A TF.js graph model (model.json + weights, as @vladmandic/human ships centernet) rewritten as an
// ONNX graph in memory, so the same weights run on onnxruntime's native kernels instead of TF.js
// WASM. Only the operations centernet's backbone and head use are covered; any other operation
// stops the conversion with its name rather than guessing. TF works in NHWC and ONNX in NCHW: the
// input is taken as NCHW, convolution weights are transposed once, and axes are remapped.
import onnxProto from 'onnx-proto'

const { onnx } = onnxProto
const AttrType = onnx.AttributeProto.AttributeType
const FLOAT = 1

export interface TfGraphJson {
  modelTopology: { node: TfNode[] }
  weightsManifest: Array<{ weights: WeightSpec[] }>
}
interface TfNode {
  name: string
  op: string
  input?: string[]
  attr?: Record<string, TfAttr>
}
interface TfAttr {
  s?: string
  b?: boolean
  i?: string
  list?: { i?: string[]; s?: string[] }
}
interface WeightSpec {
  name: string
  shape: number[]
  dtype: string
  quantization?: { dtype: string }
}
export interface Weight {
  shape: number[]
  values: Float32Array | Int32Array
}

/** IEEE half precision → number (human stores centernet's weights as float16). */
function half(h: number): number {
  const sign = h & 0x8000 ? -1 : 1
  const exp = (h >> 10) & 0x1f
  const frac = h & 0x3ff
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024)
  if (exp === 31) return frac ? NaN : sign * Infinity
  return sign * 2 ** (exp - 15) * (1 + frac / 1024)
}

/** The weights file split by the manifest, float16 widened to float32. */
export function readWeights(json: TfGraphJson, bin: Buffer): Map<string, Weight> {
  const out = new Map<string, Weight>()
  let at = 0
  for (const spec of json.weightsManifest.flatMap((g) => g.weights)) {
    const n = spec.shape.reduce((a, b) => a * b, 1)
    let values: Float32Array | Int32Array
    if (spec.quantization?.dtype === 'float16') {
      values = new Float32Array(n)
      for (let i = 0; i < n; i++) values[i] = half(bin.readUInt16LE(at + 2 * i))
      at += 2 * n
    } else if (spec.quantization) {
      throw new Error(`weights: quantization ${spec.quantization.dtype} is not supported`)
    } else {
      const bytes = Uint8Array.prototype.slice.call(bin, at, at + 4 * n).buffer
      values = spec.dtype === 'int32' ? new Int32Array(bytes) : new Float32Array(bytes)
      at += 4 * n
    }
    out.set(spec.name, { shape: spec.shape, values })
  }
  return out
}

/** NHWC axis → NCHW axis. */
const AXIS = [0, 2, 3, 1]

const decode = (s: string) => Buffer.from(s, 'base64').toString()

export interface OnnxModel {
  /** the serialized ModelProto */
  bytes: Uint8Array
  input: string
  /** the ONNX names of the requested outputs, in order */
  outputs: string[]
}

/**
 * The ONNX model computing `outputs` of the TF graph from its one placeholder, whose input
 * becomes NCHW float with dynamic height and width. `weights` may have been edited (e.g. a head
 * sliced to the one class wanted).
 */
export function tfGraphToOnnx(
  json: TfGraphJson,
  weights: Map<string, Weight>,
  outputs: string[],
): OnnxModel {
  const nodes = json.modelTopology.node
  const byName = new Map(nodes.map((n) => [n.name, n]))
  const base = (ref: string) => ref.split(':')[0]!
  // Only what the outputs depend on (the graph's own post-processing is left out).
  const needed = new Set<string>()
  const stack = [...outputs]
  while (stack.length) {
    const name = base(stack.pop()!)
    if (needed.has(name)) continue
    needed.add(name)
    stack.push(...(byName.get(name)?.input ?? []))
  }
  const graphNodes: Array<Record<string, unknown>> = []
  const initializers = new Map<string, Record<string, unknown>>()
  const alias = new Map<string, string>()
  let input = ''
  const ref = (name: string) => alias.get(base(name)) ?? base(name)
  const floats = (name: string, dims: number[], values: ArrayLike<number>) => {
    if (initializers.has(name)) return name
    const f = Float32Array.from(values)
    initializers.set(name, {
      name,
      dims,
      dataType: FLOAT,
      rawData: new Uint8Array(f.buffer, f.byteOffset, f.byteLength),
    })
    return name
  }
  const weight = (name: string) => {
    const w = weights.get(base(name))
    if (!w) throw new Error(`tf-to-onnx: ${name} is not a weight`)
    return w
  }
  const constant = (name: string) => floats(base(name), weight(name).shape, weight(name).values)
  const add = (op: string, name: string, inputs: string[], attribute: unknown[] = []) =>
    graphNodes.push({ opType: op, name, input: inputs, output: [name], attribute })
  const ints = (name: string, v: number[]) => ({ name, type: AttrType.INTS, ints: v })
  const int = (name: string, v: number) => ({ name, type: AttrType.INT, i: v })
  const str = (name: string, v: string) => ({ name, type: AttrType.STRING, s: Buffer.from(v) })
  const flt = (name: string, v: number) => ({ name, type: AttrType.FLOAT, f: v })

  const { replaced, skipped, scaled } = hardActivations(nodes, weights, needed)

  for (const n of nodes) {
    if (!needed.has(n.name) || n.op === 'Const' || skipped.has(n.name)) continue
    const hard = replaced.get(n.name)
    if (hard) {
      // TF's constants are float16: its 1/6 is 0.16663, so relu6(x + 3) · 1/6 tops out at
      // 0.99976 rather than 1. ONNX's operations use the exact 1/6; scaling by six times TF's
      // constant gives back TF's own values, in the weights of the convolutions reading a
      // hard-swish or else by a multiply (without it, boxes moved enough to change which player a
      // box went to on real footage).
      const attrs = hard.swish ? [] : [flt('alpha', 1 / 6), flt('beta', 0.5)]
      if (hard.folded) {
        add('HardSwish', n.name, [ref(hard.x)])
        continue
      }
      add(hard.swish ? 'HardSwish' : 'HardSigmoid', `${n.name}/hard`, [ref(hard.x)], attrs)
      add('Mul', n.name, [`${n.name}/hard`, floats(`${n.name}/scale`, [], [6 * hard.sixth])])
      continue
    }
    const a = n.attr ?? {}
    const ins = n.input ?? []
    switch (n.op) {
      case 'Placeholder':
        input = n.name
        break
      case 'Identity':
        alias.set(n.name, ref(ins[0]!))
        break
      case 'Conv2D':
      case '_FusedConv2D':
      case 'DepthwiseConv2dNative':
      case 'FusedDepthwiseConv2dNative': {
        const depthwise = n.op.includes('Depthwise')
        const fused = (a.fused_ops?.list?.s ?? []).map(decode)
        if (fused.some((f) => f !== 'BiasAdd' && f !== 'Relu'))
          throw new Error(`tf-to-onnx: ${n.name} fuses ${fused.join(', ')}`)
        const [kh, kw, cin, cout] = weight(ins[1]!).shape as [number, number, number, number]
        const w = weight(ins[1]!).values
        // The scale of a hard-swish feeding only convolutions, folded into their weights.
        const k = scaled.get(base(ins[1]!)) ?? 1
        // TF: [kh, kw, in, out] (depthwise: [kh, kw, in, multiplier]); ONNX: [out, in/group, kh, kw].
        const t = new Float32Array(w.length)
        for (let y = 0; y < kh; y++)
          for (let x = 0; x < kw; x++)
            for (let i = 0; i < cin; i++)
              for (let o = 0; o < cout; o++) {
                const to = depthwise
                  ? (i * cout + o) * kh * kw + y * kw + x
                  : ((o * cin + i) * kh + y) * kw + x
                t[to] = w[((y * kw + x) * cin + i) * cout + o]! * k
              }
        const dims = depthwise ? [cin * cout, 1, kh, kw] : [cout, cin, kh, kw]
        const inputs = [ref(ins[0]!), floats(`${n.name}/weights`, dims, t)]
        if (fused.includes('BiasAdd')) inputs.push(constant(ins[2]!))
        const strides = (a.strides?.list?.i ?? ['1', '1', '1', '1']).map(Number)
        const dilations = (a.dilations?.list?.i ?? ['1', '1', '1', '1']).map(Number)
        const relu = fused.includes('Relu')
        const convName = relu ? `${n.name}/conv` : n.name
        add('Conv', convName, inputs, [
          ints('strides', [strides[1]!, strides[2]!]),
          ints('dilations', [dilations[1]!, dilations[2]!]),
          int('group', depthwise ? cin : 1),
          // TF's SAME puts the odd pixel of padding after, as ONNX's SAME_UPPER does.
          str('auto_pad', decode(a.padding?.s ?? '') === 'SAME' ? 'SAME_UPPER' : 'VALID'),
        ])
        if (relu) add('Relu', n.name, [convName])
        break
      }
      case 'Add':
      case 'Mul':
      case 'Sub':
        add(
          n.op,
          n.name,
          ins.map((i) => (weights.has(base(i)) ? constant(i) : ref(i))),
        )
        break
      case 'Relu':
      case 'Sigmoid':
        add(n.op, n.name, [ref(ins[0]!)])
        break
      case 'Relu6':
        add('Clip', n.name, [
          ref(ins[0]!),
          floats('relu6/min', [], [0]),
          floats('relu6/max', [], [6]),
        ])
        break
      case 'Mean': {
        const axes = Array.from(weight(ins[1]!).values, (x) => AXIS[x < 0 ? 4 + x : x]!)
        // A mean over the whole image is the pooling onnxruntime keeps in its blocked layout;
        // ReduceMean made it convert the tensor out of that layout and back.
        if (a.keep_dims?.b && axes.length === 2 && axes.includes(2) && axes.includes(3)) {
          add('GlobalAveragePool', n.name, [ref(ins[0]!)])
          break
        }
        add(
          'ReduceMean',
          n.name,
          [ref(ins[0]!)],
          [ints('axes', axes), int('keepdims', a.keep_dims?.b ? 1 : 0)],
        )
        break
      }
      case 'ResizeBilinear': {
        // The head doubles each map to the size of the next finer one.
        const mode = a.half_pixel_centers?.b
          ? 'half_pixel'
          : a.align_corners?.b
            ? 'align_corners'
            : 'asymmetric'
        add(
          'Resize',
          n.name,
          [ref(ins[0]!), '', floats('resize/double', [4], [1, 1, 2, 2])],
          [str('mode', 'linear'), str('coordinate_transformation_mode', mode)],
        )
        break
      }
      case 'ConcatV2': {
        const axis = weight(ins.at(-1)!).values[0]!
        add('Concat', n.name, ins.slice(0, -1).map(ref), [
          int('axis', AXIS[axis < 0 ? 4 + axis : axis]!),
        ])
        break
      }
      default:
        throw new Error(`tf-to-onnx: operation ${n.op} (${n.name}) is not supported`)
    }
  }
  if (!input) throw new Error('tf-to-onnx: the graph has no input')
  const tensorType = (dims: Array<number | string>) => ({
    tensorType: {
      elemType: FLOAT,
      shape: { dim: dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })) },
    },
  })
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 14 }],
    producerName: 'areia-vision',
    graph: {
      name: 'converted',
      node: graphNodes,
      initializer: [...initializers.values()],
      input: [{ name: input, type: tensorType([1, 3, 'height', 'width']) }],
      output: outputs.map((o) => ({ name: ref(o), type: tensorType([1, 'c', 'h', 'w']) })),
    },
  })
  return { bytes: onnx.ModelProto.encode(model).finish(), input, outputs: outputs.map(ref) }
}

/**
 * MobileNetV3's hard activations as TF spells them, four elementwise operations each: hard-swish
 * `(x · 1/6) · relu6(x + 3)` and hard-sigmoid `relu6(x + 3) · 1/6`. ONNX has each as one
 * operation, which onnxruntime fuses into the convolution before it, and the elementwise
 * operations it left made onnxruntime move tensors in and out of its blocked layout. Returns the
 * last node of each pattern (emitted as that operation of `x`, with TF's own scale), the nodes it
 * absorbs, and the weights of convolutions that take the scale instead (a hard-swish read only by
 * convolutions: a convolution of s·x is one of x with s·W); a pattern whose intermediate results
 * are used elsewhere is left as it is.
 */
function hardActivations(
  nodes: TfNode[],
  weights: Map<string, Weight>,
  needed: Set<string>,
): {
  replaced: Map<string, Hard>
  skipped: Set<string>
  scaled: Map<string, number>
} {
  const base = (ref: string) => ref.split(':')[0]!
  const byName = new Map(nodes.map((n) => [n.name, n]))
  const consumers = new Map<string, TfNode[]>()
  for (const n of nodes)
    if (needed.has(n.name))
      for (const i of n.input ?? []) consumers.set(base(i), [...(consumers.get(base(i)) ?? []), n])
  const only = (name: string) => {
    const c = consumers.get(name) ?? []
    return c.length === 1 ? c[0]! : null
  }
  const scalar = (name: string) => {
    const w = weights.get(base(name))
    return w && w.values.length === 1 ? w.values[0]! : null
  }
  // The constants are stored as float16: 1/6 arrives as 0.16663.
  const near = (v: number | null, want: number) => v !== null && Math.abs(v - want) < 1e-3
  /** the other input of a two-input node, when one of them is `known` */
  const other = (n: TfNode, known: (i: string) => boolean) => {
    const [p, q] = n.input ?? []
    if (p === undefined || q === undefined) return null
    return known(p) ? q : known(q) ? p : null
  }
  const replaced = new Map<string, Hard>()
  const skipped = new Set<string>()
  const scaled = new Map<string, number>()
  const CONV = ['Conv2D', '_FusedConv2D', 'DepthwiseConv2dNative', 'FusedDepthwiseConv2dNative']
  /** weights read by more than one node cannot take one consumer's scale */
  const readers = (w: string) => consumers.get(base(w))?.length ?? 0
  for (const relu6 of nodes) {
    if (relu6.op !== 'Relu6' || !needed.has(relu6.name)) continue
    const plus3 = byName.get(base(relu6.input![0]!))
    const mul = only(relu6.name)
    if (plus3?.op !== 'Add' || only(plus3.name) !== relu6 || mul?.op !== 'Mul') continue
    const x = other(plus3, (i) => near(scalar(i), 3))
    const factor = other(mul, (i) => base(i) === relu6.name)
    if (!x || !factor) continue
    const sixth = scalar(factor)
    if (sixth !== null && near(sixth, 1 / 6)) {
      replaced.set(mul.name, { x, swish: false, sixth, folded: false })
      skipped.add(plus3.name).add(relu6.name)
      continue
    }
    const timesSixth = byName.get(base(factor))
    if (timesSixth?.op !== 'Mul' || only(timesSixth.name) !== mul) continue
    const c = (timesSixth.input ?? []).find((i) => near(scalar(i), 1 / 6))
    if (!c || other(timesSixth, (i) => i === c) !== x) continue
    const users = consumers.get(mul.name) ?? []
    const folded = users.every(
      (u) => CONV.includes(u.op) && base(u.input![0]!) === mul.name && readers(u.input![1]!) === 1,
    )
    if (folded) for (const u of users) scaled.set(base(u.input![1]!), 6 * scalar(c)!)
    replaced.set(mul.name, { x, swish: true, sixth: scalar(c)!, folded })
    skipped.add(plus3.name).add(relu6.name).add(timesSixth.name)
  }
  return { replaced, skipped, scaled }
}

/** A hard activation to emit in one operation (see hardActivations). */
interface Hard {
  x: string
  swish: boolean
  /** TF's 1/6, as stored */
  sixth: number
  /** its scale went into the weights of the convolutions reading it */
  folded: boolean
}
