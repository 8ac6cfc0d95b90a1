// `npm run dev`: the API in watch mode on PORT (3000) and, once the web app has a dev server,
// Vite with hot reload proxying /api to it. Ctrl+C stops both.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const children = []
const serverEnv = { NODE_ENV: 'development', SERVE_WEB: '0', ...process.env }
// OIDC_DEV=1: a local OpenID provider stands in for Google, so its sign-in works offline.
if (process.env.OIDC_DEV === '1') {
  const webOrigins = 'http://localhost:5173,http://localhost:3000'
  children.push(
    spawn('npx', ['tsx', 'src/dev/run-local-oidc.ts'], {
      cwd: path.join(root, 'apps/server'),
      stdio: 'inherit',
      env: { ...process.env, OIDC_DEV_WEB_ORIGINS: webOrigins },
    }),
  )
  Object.assign(serverEnv, {
    GOOGLE_CLIENT_ID: 'areia-dev',
    GOOGLE_CLIENT_SECRET: 'areia-dev-secret',
    OIDC_ISSUER: 'http://127.0.0.1:3999',
    OIDC_REDIRECT_URIS: webOrigins
      .split(',')
      .map((o) => `${o}/login`)
      .join(','),
  })
}
children.push(
  spawn('npx', ['tsx', 'watch', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
    env: serverEnv,
  }),
)
const webPackage = JSON.parse(fs.readFileSync(path.join(root, 'apps/web/package.json'), 'utf8'))
if (webPackage.scripts?.dev) {
  children.push(spawn('npm', ['run', 'dev', '-w', '@areia/web'], { cwd: root, stdio: 'inherit' }))
}
const stop = (signal) => {
  for (const child of children) child.kill(signal)
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM')
    process.exitCode = code ?? 0
  })
