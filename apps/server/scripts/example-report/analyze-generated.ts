/**
 * One-off: renders a generated match (the vision tests' generator) and runs the vision pipeline
 * on it, writing the result next to this file. `build.ts` turns it, with the hand-made tags, into
 * the example report the web app ships. Slow (the detector); run again only to change the match.
 *
 *   npx tsx apps/server/scripts/example-report/analyze-generated.ts
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { analyze } from '@areia/vision'
import { renderMatch } from '../../../../packages/vision/test/helpers/synth'
import { SHORT_MATCH } from '../../test/helpers/pipeline'

const RALLIES: Array<[number, number]> = [
  [3, 9],
  [12, 17.5],
  [20, 28],
  [31, 35],
  [38, 45],
  [48, 52.5],
  [55, 63],
  [66, 70],
  [73, 79.5],
  [82, 86],
  [89, 97],
  [100, 104],
  [107, 112],
  [115, 121],
]

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-example-'))
const video = path.join(dir, 'match.mp4')
// The server suites' 960×540 camera and court, for two minutes of play.
await renderMatch(video, { ...SHORT_MATCH, durationSec: 124, rallies: RALLIES, seed: 7 })
const result = await analyze(video, {
  detectHz: 2,
  analysisFps: 10,
  onProgress: (p) => process.stderr.write(`\r${p.percent}%`),
})
fs.writeFileSync(path.join(import.meta.dirname, 'analysis.json'), `${JSON.stringify(result)}\n`)
fs.rmSync(dir, { recursive: true, force: true })
process.stderr.write('\nanalysis.json escrito\n')
