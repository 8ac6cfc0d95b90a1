// `npm start`: builds the server and the web app when their sources are newer than their last
// builds, then runs the built server (plain JavaScript, no TypeScript loader) in this same process
// (so signals reach it directly) in whatever mode the env selects.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const web = path.join(root, 'apps/web')
const server = path.join(root, 'apps/server')

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

// The server's sources: its own, the workspace packages it bundles, and the build script.
const serverSources = Math.max(
  newestMtime(path.join(server, 'src')),
  newestMtime(path.join(server, 'scripts/build.mjs')),
  ...['contracts', 'coach', 'vision'].map((p) =>
    newestMtime(path.join(root, 'packages', p, 'src')),
  ),
)
if (serverSources > newestMtime(path.join(server, 'dist/built-at'))) {
  console.log('Compilando o servidor…')
  execFileSync(process.execPath, [path.join(server, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  })
}

// A configuration the server would refuse stops here, before minutes of building the web app.
const { ConfigError, loadConfig } = await import(
  pathToFileURL(path.join(server, 'dist/config.js')).href
)
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

process.setSourceMapsEnabled(true)
await import(pathToFileURL(path.join(server, 'dist/main.js')).href)
