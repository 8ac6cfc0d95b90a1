// A video the pipeline cannot analyse must say so, with the reason, and carry no invented numbers.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { analyze, type AnalysisResult } from '../src/analyze.js'
import type { Corners } from '../src/homography.js'
import { renderMatch } from './helpers/synth.js'
import { scratchDir } from './helpers/scratch'

const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'areia-vision.mjs')
const CORNERS: Corners = [
  { x: 130, y: 520 },
  { x: 830, y: 520 },
  { x: 660, y: 190 },
  { x: 300, y: 190 },
]
const base = {
  width: 960,
  height: 540,
  fps: 10,
  corners: CORNERS,
  rallies: [[1, 4]] as Array<[number, number]>,
}

const file = scratchDir('areia-vision-h-')
let sand: string
let twoPlayers: string

beforeAll(async () => {
  sand = file('sand.mp4')
  twoPlayers = file('two.mp4')
  await renderMatch(sand, { ...base, durationSec: 3, players: [], lines: false })
  await renderMatch(twoPlayers, { ...base, durationSec: 5, players: [0, 2] })
})

function cli(...args: string[]) {
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' })
}

describe('honesty', () => {
  it('CLI: no court lines and no corners → not analysable, with the reason', () => {
    const out = file('sand.json')
    const res = cli('analyze', sand, '--json', out)
    expect(res.status).toBe(0)
    const r = JSON.parse(fs.readFileSync(out, 'utf8')) as AnalysisResult
    expect(r.analysable).toBe(false)
    expect(r.reason).toMatch(/Não foi possível mapear a quadra/)
    expect(r.players).toEqual([])
    expect(r.court).toBeNull()
    expect(res.stderr).toMatch(/Vídeo não analisável/)
  })

  it('CLI: malformed corners are refused in pt-BR', () => {
    const res = cli('analyze', sand, '--corners', '1,2,3')
    expect(res.status).toBe(1)
    expect(res.stderr).toMatch(/Informe oito números/)
    expect(cli('analyze').status).toBe(2)
  })

  it('corners that are not a quadrilateral → not analysable', async () => {
    const crossed: Corners = [CORNERS[0], CORNERS[2], CORNERS[1], CORNERS[3]]
    const r = await analyze(sand, { corners: crossed })
    expect(r.analysable).toBe(false)
    expect(r.reason).toMatch(/não formam uma quadra/)
  })

  it('only two players on court → not analysable, no player metrics', async () => {
    const r = await analyze(twoPlayers, { corners: CORNERS, detectHz: 1 })
    expect(r.analysable).toBe(false)
    expect(r.reason).toMatch(/Menos de quatro jogadores/)
    expect(r.players).toEqual([])
    // The raw detections stay available for the analyst to look at.
    expect(r.detections.length).toBeGreaterThanOrEqual(4)
    expect(r.coverage.share).toBe(0)
  })
})
