import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { REPO_ROOT, WEB_DIR, WEB_DIST } from './paths'

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0
  const stat = fs.statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)))
  }
  return newest
}

/** Builds apps/web unless dist/ is newer than every input of the build. */
export function buildWebIfStale(): void {
  const inputs = [
    path.join(WEB_DIR, 'src'),
    path.join(WEB_DIR, 'public'),
    path.join(WEB_DIR, 'index.html'),
    path.join(WEB_DIR, 'vite.config.ts'),
    path.join(WEB_DIR, 'package.json'),
    path.join(REPO_ROOT, 'packages/contracts/src'),
  ]
  const builtAt = newestMtime(path.join(WEB_DIST, 'index.html'))
  const changedAt = Math.max(...inputs.map(newestMtime))
  if (builtAt > changedAt && process.env.E2E_FORCE_BUILD !== '1') return
  // The web workspace's own Vite, whichever node_modules npm placed it in.
  const vitePackage = createRequire(path.join(WEB_DIR, 'package.json')).resolve('vite/package.json')
  const viteBin = path.join(path.dirname(vitePackage), 'bin/vite.js')
  const result = spawnSync(process.execPath, [viteBin, 'build'], {
    cwd: WEB_DIR,
    // Vitest runs under NODE_ENV=test, which would ship React's development build: journeys
    // exercise the bundle players get.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    throw new Error(`vite build of apps/web failed:\n${result.stderr}`)
  }
}
