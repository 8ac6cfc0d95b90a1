/**
 * `npm run bench`: every section in turn (each in its own process, so one's memory and sockets
 * don't weigh on the next), then one table of all figures with baselines, ratios and PASS/FAIL,
 * written as JSON to bench/results/latest.json. `BENCH_ONLY=http,ws` runs some sections only.
 * Exits non-zero when a target is missed.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { load, printRows, type Row } from './report'

const SECTIONS = ['http', 'start', 'ws', 'upload', 'analysis', 'web'] as const
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim())
const dir = path.resolve(import.meta.dirname, '..')
const results = path.join(dir, 'results')
fs.mkdirSync(results, { recursive: true })
const rowsFile = path.join(results, `rows-${process.pid}.json`)
fs.rmSync(rowsFile, { force: true })

const started = Date.now()
const loadBefore = load()
const failedSections: string[] = []
for (const section of SECTIONS) {
  if (only && !only.includes(section)) continue
  console.log(`\n== ${section} ==`)
  const run = spawnSync(process.execPath, ['--import', 'tsx', `src/${section}.ts`], {
    cwd: dir,
    env: { ...process.env, BENCH_ROWS: rowsFile },
    stdio: 'inherit',
  })
  if (run.status !== 0) failedSections.push(section)
}

const rows: Row[] = fs.existsSync(rowsFile)
  ? (JSON.parse(fs.readFileSync(rowsFile, 'utf8')) as Row[])
  : []
fs.rmSync(rowsFile, { force: true })
const minutes = (Date.now() - started) / 60_000
console.log(
  `\nAll figures (${os.cpus().length} cores, load average ${loadBefore} before, ${load()} after, ${minutes.toFixed(1)} min)`,
)
printRows(rows)
const failed = rows.filter((r) => r.pass === false)
const summary = {
  date: new Date().toISOString(),
  node: process.version,
  cores: os.cpus().length,
  loadAverageBefore: loadBefore,
  loadAverageAfter: load(),
  minutes: Number(minutes.toFixed(1)),
  sectionsThatFailedToRun: failedSections.filter(
    (s) => !rows.some((r) => r.section.startsWith(s === 'ws' ? 'websocket' : s)),
  ),
  rows,
}
fs.writeFileSync(path.join(results, 'latest.json'), `${JSON.stringify(summary, null, 2)}\n`)
const targets = rows.filter((r) => r.pass !== null)
console.log(
  `${targets.length - failed.length} of ${targets.length} targets met; results in bench/results/latest.json`,
)
if (failed.length > 0) console.log(`FAIL: ${failed.map((r) => r.figure).join('; ')}`)
if (summary.sectionsThatFailedToRun.length > 0) {
  console.log(
    `sections that stopped before reporting: ${summary.sectionsThatFailedToRun.join(', ')}`,
  )
}
process.exit(failed.length > 0 || summary.sectionsThatFailedToRun.length > 0 ? 1 : 0)
