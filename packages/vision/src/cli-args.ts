// Command-line input is a boundary like any other: parsed with zod, errors in pt-BR.
import { z } from 'zod'
import type { Corners } from './homography.js'

const num = z.coerce.number().refine(Number.isFinite, 'número inválido')

/** "x1,y1,x2,y2,x3,y3,x4,y4" (near-left, near-right, far-right, far-left) → Corners. */
export function parseCorners(text: string): Corners {
  const parts = z
    .array(num)
    .length(8, 'Informe oito números: x1,y1,x2,y2,x3,y3,x4,y4.')
    .safeParse(text.split(',').map((s) => s.trim()))
  if (!parts.success) throw new Error(parts.error.issues[0]?.message ?? 'Cantos inválidos.')
  const v = parts.data
  return [0, 1, 2, 3].map((i) => ({ x: v[2 * i]!, y: v[2 * i + 1]! })) as Corners
}

export const cliOptions = z.object({
  input: z.string().min(1, 'Informe o vídeo.'),
  corners: z.string().optional(),
  json: z.string().optional(),
  out: z.string().optional(),
  start: num.nonnegative().optional(),
  end: num.positive().optional(),
  fps: num.min(1).max(60).optional(),
  detectHz: num.min(0.2).max(5).optional(),
  clips: z.boolean().optional(),
})
export type CliOptions = z.infer<typeof cliOptions>
