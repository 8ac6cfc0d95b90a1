// areia-vision analyze <video> [--corners x1,y1,…,x4,y4] [--json out.json] [--out dir] [--clips]
// Writes the AnalysisResult JSON (stdout when --json is absent), and with --out the heatmap PNG
// per player and, with --clips, one MP4 per rally plus highlights.mp4.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { analyze } from './analyze.js'
import { cliOptions, parseCorners } from './cli-args.js'
import { cutClip, highlightsReel } from './clips.js'
import { heatmapPng } from './heatmap.js'

const USAGE =
  'Uso: areia-vision analyze <vídeo> [--corners x1,y1,x2,y2,x3,y3,x4,y4] [--json saida.json] ' +
  '[--out pasta] [--clips] [--start s] [--end s] [--fps n] [--detect-hz n]'

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      corners: { type: 'string' },
      json: { type: 'string' },
      out: { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      fps: { type: 'string' },
      'detect-hz': { type: 'string' },
      clips: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  })
  if (values.help || positionals[0] !== 'analyze') {
    process.stderr.write(USAGE + '\n')
    return values.help ? 0 : 2
  }
  const parsed = cliOptions.safeParse({
    ...values,
    detectHz: values['detect-hz'],
    input: positionals[1],
  })
  if (!parsed.success) {
    process.stderr.write(`${parsed.error.issues[0]?.message}\n${USAGE}\n`)
    return 2
  }
  const o = parsed.data
  const corners = o.corners ? parseCorners(o.corners) : null
  const ac = new AbortController()
  process.once('SIGINT', () => ac.abort())
  const result = await analyze(o.input, {
    corners,
    startSec: o.start,
    endSec: o.end,
    analysisFps: o.fps,
    detectHz: o.detectHz,
    signal: ac.signal,
    onProgress: (p) => process.stderr.write(`\r${p.stage} ${p.percent}%   `),
  })
  process.stderr.write('\n')
  const json = JSON.stringify(result, null, 2)
  if (o.json) {
    fs.mkdirSync(path.dirname(path.resolve(o.json)), { recursive: true })
    fs.writeFileSync(o.json, json)
  } else process.stdout.write(json + '\n')
  if (o.out) {
    fs.mkdirSync(o.out, { recursive: true })
    for (const p of result.players)
      fs.writeFileSync(path.join(o.out, `heatmap-${p.id}.png`), heatmapPng(p.heatmap))
    if (o.clips && result.rallies.items.length) {
      for (const r of result.rallies.items) {
        await cutClip(o.input, r, path.join(o.out, `rally-${r.index}.mp4`), {
          padSec: 0.5,
          signal: ac.signal,
        })
      }
      await highlightsReel(o.input, result.rallies.items, path.join(o.out, 'highlights.mp4'), {
        signal: ac.signal,
      })
    }
  }
  process.stderr.write(
    result.analysable
      ? `Análise concluída: ${result.rallies.count} ${result.rallies.count === 1 ? 'rali' : 'ralis'}, ${result.players.length} jogadores.\n`
      : `Vídeo não analisável: ${result.reason}\n`,
  )
  return 0
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`Erro: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  },
)
