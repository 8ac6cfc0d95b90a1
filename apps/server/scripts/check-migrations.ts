/**
 * Fails when src/db/schema.ts and the committed SQL migrations disagree: drizzle-kit generates
 * into a scratch copy of the migrations folder, and any new file there is a missing migration.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const migrations = path.join(root, 'src/db/migrations')
// drizzle-kit reads `out` relative to its working directory, so the scratch copy lives inside it.
const scratchRelative = `.tmp/migrations-check-${process.pid}`
const scratch = path.join(root, scratchRelative)

const list = (dir: string) =>
  fs.readdirSync(dir, { recursive: true, withFileTypes: false }).map(String).sort()

try {
  fs.mkdirSync(path.dirname(scratch), { recursive: true })
  fs.cpSync(migrations, scratch, { recursive: true })
  const before = list(scratch)
  const drizzleKit = path.join(root, 'node_modules/.bin/drizzle-kit')
  const bin = fs.existsSync(drizzleKit)
    ? drizzleKit
    : path.join(root, '../../node_modules/.bin/drizzle-kit')
  const output = execFileSync(bin, ['generate', '--name', 'drift-check'], {
    cwd: root,
    env: { ...process.env, DRIZZLE_OUT: `./${scratchRelative}` },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const added = list(scratch).filter((f) => !before.includes(f))
  if (added.length > 0) {
    const sqlFile = added.find((f) => f.endsWith('.sql'))
    console.error('O schema difere das migrações: rode `npm run db:generate` e faça commit.')
    if (sqlFile) console.error(fs.readFileSync(path.join(scratch, sqlFile), 'utf8'))
    process.exitCode = 1
  } else if (!/No schema changes/i.test(output)) {
    // drizzle-kit exits 0 on some failures; only its explicit verdict counts as a pass.
    console.error('Não foi possível verificar as migrações:')
    console.error(output)
    process.exitCode = 1
  } else {
    console.log('Migrações em dia com o schema.')
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true })
}
