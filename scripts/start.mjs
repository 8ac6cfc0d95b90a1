// `npm start`: builds the web app when its sources are newer than the last build, then runs the
// server in this same process (so signals reach it directly) in whatever mode the env selects.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const web = path.join(root, 'apps/web')

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0
  const stat = fs.statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const child of fs.readdirSync(entry)) {
    if (child === 'node_modules' || child === 'dist') continue
    newest = Math.max(newest, newestMtime(path.join(entry, child)))
  }
  return newest
}

const { register } = await import('tsx/esm/api')
register()

// A configuration the server would refuse stops here, before minutes of building the web app.
const { ConfigError, loadConfig } = await import(path.join(root, 'apps/server/src/config.ts'))
try {
  loadConfig(process.env)
} catch (err) {
  if (!(err instanceof ConfigError)) throw err
  console.error(err.message)
  process.exit(1)
}

const webPackage = JSON.parse(fs.readFileSync(path.join(web, 'package.json'), 'utf8'))
if (webPackage.scripts?.build && process.env.SERVE_WEB !== '0') {
  const built = newestMtime(path.join(web, 'dist/index.html'))
  const sources = Math.max(newestMtime(web), newestMtime(path.join(root, 'packages/contracts/src')))
  if (sources > built) {
    console.log('Compilando o app web…')
    execFileSync('npm', ['run', 'build', '-w', '@areia/web'], { cwd: root, stdio: 'inherit' })
  }
}

await import(path.join(root, 'apps/server/src/main.ts'))
