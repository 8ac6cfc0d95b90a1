import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const serverDir = path.resolve(import.meta.dirname, '..')

/** A process with the guard installed that rejects a promise nobody awaits, then exits 0. */
function run(error: string) {
  const script = `
    import { survivesDatabaseOutages } from './src/bootstrap.ts'
    survivesDatabaseOutages({ error: (o, m) => console.log('logged:', m) })
    void Promise.reject(${error})
    setTimeout(() => process.exit(0), 200)
  `
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: serverDir,
    encoding: 'utf8',
    timeout: 30_000,
  })
}

describe('unhandled rejections', () => {
  it('a database that went away while a job was settled is logged, and the process goes on', () => {
    const res = run(
      `Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })`,
    )
    expect(res.status).toBe(0)
    expect(res.stdout).toContain('logged: database unavailable while settling a job')
  })

  it('any other unhandled rejection still ends the process', () => {
    const res = run(`new TypeError('a bug')`)
    expect(res.status).not.toBe(0)
    expect(res.stderr).toContain('a bug')
  })
})
