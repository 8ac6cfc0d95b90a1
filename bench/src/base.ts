/**
 * The ref `npm run bench` compares this build with: `BENCH_BASE=<ref>`, by default the last
 * release tag and otherwise the commit before HEAD; `BENCH_BASE=none` compares with nothing. Its
 * tree is taken with `git archive` (no worktree, nothing checked out here) into a folder under
 * the system's temporary directory, installed with `npm ci` once, and kept for the next run.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim()

export interface BaseRef {
  /** As asked for, or as found. */
  ref: string
  sha: string
  /** Its server's folder (`apps/server` of the extracted tree). */
  serverDir: string
}

function defaultRef(): string {
  try {
    return git('describe', '--tags', '--abbrev=0', 'HEAD')
  } catch {
    return 'HEAD~1'
  }
}

/** The base ref's tree, ready to run; undefined when `BENCH_BASE=none`. */
export function prepareBase(): BaseRef | undefined {
  const asked = process.env.BENCH_BASE?.trim()
  if (asked === 'none') return undefined
  const ref = asked || defaultRef()
  const sha = git('rev-parse', '--verify', `${ref}^{commit}`)
  const dir = path.join(os.tmpdir(), 'areia-bench-base', sha)
  const ready = path.join(dir, '.bench-ready')
  if (!fs.existsSync(ready)) {
    console.log(`  preparing the base ${ref} (${sha.slice(0, 10)}) in ${dir}`)
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir, { recursive: true })
    const archive = spawnSync('sh', ['-c', `git archive ${sha} | tar -x -C "${dir}"`], {
      cwd: root,
      stdio: 'inherit',
    })
    if (archive.status !== 0) throw new Error(`git archive of ${ref} failed`)
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'inherit',
    })
    if (install.status !== 0) throw new Error(`npm ci of the base ${ref} failed`)
    fs.writeFileSync(ready, `${new Date().toISOString()}\n`)
  }
  return { ref, sha, serverDir: path.join(dir, 'apps/server') }
}
