// `npm test`: every suite (unit, API against PGlite — and PostgreSQL/Redis when DATABASE_URL and
// REDIS_URL are set — web unit tests and Chromium journeys) in one Vitest run. The browser
// journeys need Debian's chromium; it is installed here when missing and possible.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)

// The server's video suites probe and generate MP4s with Debian's ffmpeg.
const ffmpeg = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-ffmpeg.mjs')], {
  stdio: 'inherit',
})
if (ffmpeg.status !== 0) process.exit(ffmpeg.status ?? 1)

if (fs.existsSync(path.join(root, 'e2e/vitest.config.ts'))) {
  const ensure = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-chromium.mjs')], {
    stdio: 'inherit',
  })
  if (ensure.status !== 0) process.exit(ensure.status ?? 1)
}

const report = path.join(root, '.tmp/vitest-report.json')
fs.rmSync(report, { force: true })
const vitest = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...args,
  ],
  { cwd: root, stdio: 'inherit' },
)
// One plain closing line that any CI can read, whatever reporter it knows.
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'))
  console.log(
    `\nTests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`,
  )
}
process.exit(vitest.status ?? 1)
