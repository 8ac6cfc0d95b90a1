// One row per figure, from every section of `npm run bench`. A section run alone prints its own
// rows; under `run.ts` (BENCH_ROWS set) it also appends them to a file the runner prints as one
// table and writes as JSON.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'

export interface Row {
  section: string
  figure: string
  /** The measured value, formatted with its unit. */
  value: string
  /** What it is compared with in the same run, when anything. */
  baseline?: string
  ratio?: number
  target?: string
  /** null: reported, no target. */
  pass: boolean | null
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

export function load(): string {
  const [one, five] = os.loadavg()
  return `${one!.toFixed(2)} / ${five!.toFixed(2)}`
}

export function printRows(rows: Row[]): void {
  console.table(
    rows.map((r) => ({
      section: r.section,
      figure: r.figure,
      value: r.value,
      baseline: r.baseline ?? '',
      ratio: r.ratio === undefined ? '' : r.ratio.toFixed(2),
      target: r.target ?? '',
      result: r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL',
    })),
  )
}

/** Prints the rows, hands them to the runner when there is one, and sets the exit code. */
export function report(rows: Row[]): void {
  printRows(rows)
  const file = process.env.BENCH_ROWS
  if (file) {
    const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Row[]) : []
    fs.writeFileSync(file, JSON.stringify([...previous, ...rows], null, 2))
  }
  if (rows.some((r) => r.pass === false)) process.exitCode = 1
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

export const median = (values: number[]) => percentile(values, 50)

/**
 * Pins a process (all its threads) to one core, so the load generator and the server it measures
 * do not take turns on the same one. No-op where `taskset` is missing or there is one core.
 */
export function pin(pid: number, core: number): boolean {
  if (os.cpus().length < 2) return false
  const r = spawnSync('taskset', ['-a', '-cp', String(core), String(pid)], { stdio: 'ignore' })
  return r.status === 0
}

/** The core the measured servers get; the bench's own process (the load generator) takes 0. */
export const SERVER_CORE = 1

/** The machine's CPU counters since boot (jiffies), from /proc/stat; undefined elsewhere. */
export function cpuTimes(): { steal: number; total: number } | undefined {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!
    // cpu user nice system idle iowait irq softirq steal guest guest_nice
    const fields = line.trim().split(/\s+/).slice(1).map(Number)
    return { steal: fields[7] ?? 0, total: fields.slice(0, 8).reduce((a, b) => a + b, 0) }
  } catch {
    return undefined
  }
}

/**
 * What else was using the machine over a stretch of the bench: the share of CPU time the
 * hypervisor gave to other guests (steal) and the load average at its end.
 */
export function machineSince(before: ReturnType<typeof cpuTimes>): string {
  const after = cpuTimes()
  const steal =
    before && after && after.total > before.total
      ? `steal ${((100 * (after.steal - before.steal)) / (after.total - before.total)).toFixed(1)} %`
      : 'steal n/a'
  return `${steal}, load ${load()}`
}
