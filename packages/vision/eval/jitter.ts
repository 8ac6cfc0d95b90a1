// A robustness probe for the eval: the detector's boxes moved by a fraction of a pixel, as another
// CPU's arithmetic or another encode of the same video would move them. A pipeline whose figures
// change with that is deciding on noise somewhere; `EVAL_JITTER=0.5 EVAL_SEED=1..n` shows how much.
import type { PersonModel, RawBox } from '../src/centernet.js'
import type { PersonDetector } from '../src/detector.js'

/**
 * Moves every box side by up to `px` model pixels. Returns what restarts the noise: each clip is
 * moved the same way on every run with the same seed, whichever clips run before it.
 */
export function jitterBoxes(detector: PersonDetector, px: number): (seed: number) => void {
  let s = 0
  // Numerical Recipes' LCG: repeatable, no dependency.
  const noise = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1
  const holder = detector as unknown as { model: PersonModel }
  const model = holder.model
  holder.model = {
    runtime: model.runtime,
    detect: async (...args: Parameters<PersonModel['detect']>): Promise<RawBox[]> =>
      (await model.detect(...args)).map((b) => ({
        ...b,
        x1: b.x1 + px * noise(),
        y1: b.y1 + px * noise(),
        x2: b.x2 + px * noise(),
        y2: b.y2 + px * noise(),
      })),
  }
  return (seed) => {
    s = seed >>> 0
  }
}
