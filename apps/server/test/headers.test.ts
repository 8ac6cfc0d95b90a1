import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, signUpAndLogIn, type TestApp } from './helpers/app'

/** A built web app in miniature: the shell, a hashed asset, a file at the root. */
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-web-'))
fs.mkdirSync(path.join(distDir, 'assets'))
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Areia</title>')
fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)')
// The build's brotli copy of it (vite.config.ts).
fs.writeFileSync(
  path.join(distDir, 'assets', 'index-abc123.js.br'),
  zlib.brotliCompressSync('console.log(1)'),
)
fs.writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"Areia"}')
// A page the build prerendered (apps/web/prerender-plugin.ts).
fs.mkdirSync(path.join(distDir, 'prerendered'))
fs.writeFileSync(
  path.join(distDir, 'prerendered', 'login.html'),
  '<!doctype html><title>Areia</title><div id="root"><form>Entrar</form></div>',
)

let app: TestApp
let token: string
beforeAll(async () => {
  app = await createTestApp({
    SERVE_WEB: '1',
    WEB_DIST_DIR: distDir,
    TRUST_PROXY: '1',
    API_DOCS: '1',
  })
  token = (await signUpAndLogIn(app, 'cabecalhos@areia.test')).access_token
})
afterAll(async () => {
  await app.close()
  fs.rmSync(distDir, { recursive: true, force: true })
})

/** Every kind of answer the server gives: API, its errors, the router's refusals, the web app. */
const ANSWERS: [string, () => InjectOptions][] = [
  ['API JSON', () => ({ method: 'GET', url: '/healthz' })],
  [
    'API JSON, signed in',
    () => ({ method: 'GET', url: '/api/v1/auth/me/status', headers: bearer(token) }),
  ],
  ['OpenAPI document', () => ({ method: 'GET', url: '/api/docs' })],
  ['401', () => ({ method: 'GET', url: '/api/v1/auth/me/status' })],
  ['404 of the API', () => ({ method: 'GET', url: '/api/v1/nao-existe' })],
  ['422', () => ({ method: 'POST', url: '/api/v1/auth/register/', payload: { email: 1 } })],
  [
    '400 bad JSON',
    () => ({
      method: 'POST',
      url: '/api/v1/auth/register/',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    }),
  ],
  [
    '413',
    () => ({
      method: 'POST',
      url: '/api/v1/auth/register/',
      payload: { email: 'x'.repeat(300 * 1024) },
    }),
  ],
  // With the web app served, its catch-all route takes what the router refuses for length.
  ['very long id', () => ({ method: 'GET', url: `/api/v1/payments/orders/${'a'.repeat(2_000)}` })],
  ['400 from the router', () => ({ method: 'GET', url: '/api/v1/payments/orders/%zz' })],
  ['static asset', () => ({ method: 'GET', url: '/assets/index-abc123.js' })],
  [
    'static asset, compressed',
    () => ({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    }),
  ],
  ['static file', () => ({ method: 'GET', url: '/manifest.webmanifest' })],
  ['the shell', () => ({ method: 'GET', url: '/' })],
  ['SPA fallback', () => ({ method: 'GET', url: '/chat' })],
  ['prerendered page', () => ({ method: 'GET', url: '/login' })],
  ['missing asset', () => ({ method: 'GET', url: '/assets/nao-existe.js' })],
]

function expectSecurityHeaders(res: LightMyRequestResponse, label: string) {
  const csp = String(res.headers['content-security-policy'] ?? '')
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  )
  const scripts = directives.get('script-src') ?? directives.get('default-src')
  expect(scripts, `${label}: script-src`).toBeDefined()
  expect(scripts, `${label}: script-src`).not.toContain("'unsafe-inline'")
  expect(scripts, `${label}: script-src`).not.toContain("'unsafe-eval'")
  expect(directives.get('frame-ancestors'), `${label}: frame-ancestors`).toEqual(["'none'"])
  expect(res.headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff')
  expect(res.headers['referrer-policy'], `${label}: referrer`).toBe(
    'strict-origin-when-cross-origin',
  )
  const permissions = String(res.headers['permissions-policy'] ?? '')
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) {
    expect(permissions, `${label}: permissions-policy`).toContain(`${feature}=()`)
  }
}

describe('caching of what a signed-in player reads', () => {
  it('every authenticated API answer says no-store; public ones are left alone', async () => {
    const signedIn: [string, string][] = [
      ['/api/v1/auth/me/status', token],
      ['/api/v1/chat/history', token],
      ['/api/v1/videos/me', token],
      ['/api/v1/auth/me/status', 'expirado'],
      ['/api/v1/nao-existe', token],
    ]
    for (const [url, bearerToken] of signedIn) {
      const res = await app.server.inject({ method: 'GET', url, headers: bearer(bearerToken) })
      expect(res.headers['cache-control'], `${url} ${res.statusCode}`).toBe('no-store')
    }
    const web = await app.server.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(web.headers['cache-control']).not.toBe('no-store')
  })
})

describe('the web app', () => {
  it('sends the build’s compressed copy of an asset to a browser that accepts it', async () => {
    const res = await app.server.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i)
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)')
    const plain = await app.server.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe('console.log(1)')
  })

  it('answers a prerendered page with its HTML, and every other route with the shell', async () => {
    const login = await app.server.inject({ method: 'GET', url: '/login' })
    expect(login.statusCode).toBe(200)
    expect(login.headers['content-type']).toMatch(/^text\/html/)
    expect(login.headers['cache-control']).toBe('no-cache')
    expect(login.body).toContain('<form>Entrar</form>')
    // Google's return (?code=…) renders a spinner first: the plain shell, not the form.
    const google = await app.server.inject({ method: 'GET', url: '/login?code=abc&state=x' })
    expect(google.body).toBe('<!doctype html><title>Areia</title>')
    for (const url of ['/', '/register', '/chat', '/login/extra']) {
      const res = await app.server.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toBe('<!doctype html><title>Areia</title>')
    }
  })
})

describe('security headers on every kind of answer', () => {
  it.each(ANSWERS)('%s', async (label, make) => {
    const res = await app.server.inject(make())
    expectSecurityHeaders(res, label)
    // Plain HTTP: HSTS would mean nothing here and is left out.
    expect(res.headers['strict-transport-security'], label).toBeUndefined()
  })

  it('the answers are the ones named (so the headers were checked on each kind)', async () => {
    const codes = await Promise.all(
      ANSWERS.map(async ([label, make]) => [label, (await app.server.inject(make())).statusCode]),
    )
    expect(Object.fromEntries(codes)).toMatchObject({
      'API JSON': 200,
      'OpenAPI document': 200,
      401: 401,
      '404 of the API': 404,
      422: 422,
      '400 bad JSON': 400,
      413: 413,
      'very long id': 404,
      '400 from the router': 400,
      'static asset': 200,
      'static asset, compressed': 200,
      'the shell': 200,
      'SPA fallback': 200,
      'prerendered page': 200,
      'missing asset': 404,
    })
  })

  it.each(ANSWERS)('%s behind an HTTPS proxy carries HSTS', async (label, make) => {
    const options = make()
    const res = await app.server.inject({
      ...options,
      headers: { ...options.headers, 'x-forwarded-proto': 'https' },
    })
    expectSecurityHeaders(res, label)
    expect(res.headers['strict-transport-security'], label).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })
})

describe('HSTS without a trusted proxy', () => {
  let direct: TestApp
  beforeAll(async () => {
    direct = await createTestApp({ TRUST_PROXY: '0' }, {}, { resetDatabase: false })
  })
  afterAll(() => direct.close())

  it('ignores a client claiming X-Forwarded-Proto: https', async () => {
    for (const url of ['/healthz', '/api/v1/nao-existe', `/api/v1/videos/${'a'.repeat(2_000)}`]) {
      const res = await direct.server.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-proto': 'https' },
      })
      expect(res.headers['strict-transport-security'], url).toBeUndefined()
      expectSecurityHeaders(res, url)
      expect(res.statusCode, url).toBe(url.length > 1_000 ? 414 : url === '/healthz' ? 200 : 404)
    }
  })
})
