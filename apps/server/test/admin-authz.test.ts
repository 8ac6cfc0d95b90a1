import type { TokenPair } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CliError, createAdmin, parseAdminArgs } from '../src/cli/admin-create'
import { auditLog, users } from '../src/db/schema'
import { PasswordHasher } from '../src/modules/auth/passwords'
import { bearer, createTestApp, login, signUpAndLogIn, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'

let app: TestApp
const db = async () => (await testDatabase({ reset: false })).db

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

/**
 * Every console route as Fastify registered it, read from its router (not from a list of ours):
 * `printRoutes` draws a tree whose children continue their parent's path, one indent per level.
 * The analysis console (`/api/v1/analyst`) is walked with the operations console.
 */
function adminRouteTable(): { method: string; url: string }[] {
  const stack: string[] = []
  const routes: { method: string; url: string }[] = []
  for (const line of app.server.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(line)
    if (!match) continue
    const depth = match[1]!.length / 4
    stack.length = depth
    stack.push(match[2]!)
    const url = stack.join('')
    const consoleRoute = url.startsWith('/api/v1/admin') || url.startsWith('/api/v1/analyst')
    if (!consoleRoute || !match[3]) continue
    for (const method of match[3].split(', ')) {
      if (method === 'HEAD' || method === '-') continue // HEAD: Fastify's automatic twin of GET
      // A well-formed value per parameter, so the refusal cannot come from param validation.
      const concrete = url.replace(/:id\b/, () =>
        url.startsWith('/api/v1/admin/players') ? '6b0c8f3e-1f7e-4a55-9a8e-2f4f2e7e9d10' : '1',
      )
      routes.push({ method, url: concrete })
    }
  }
  return routes
}

/** What ANALYST may open: two operations routes and the whole analysis console. */
const ANALYST_ROUTES = ['GET /api/v1/admin/overview', 'GET /api/v1/admin/videos/waiting']
const analystMayOpen = (key: string) =>
  ANALYST_ROUTES.includes(key) || key.split(' ')[1]!.startsWith('/api/v1/analyst/')

describe('authorization of the whole /api/v1/admin route table', () => {
  let playerTokens: TokenPair
  let analystTokens: TokenPair
  let adminTokens: TokenPair
  beforeAll(async () => {
    playerTokens = await signUpAndLogIn(app, 'jogador-authz@areia.test')
    analystTokens = await signUpAndLogIn(app, 'analista-authz@areia.test')
    adminTokens = await signUpAndLogIn(app, 'admin-authz@areia.test')
    const d = await db()
    await d
      .update(users)
      .set({ role: 'ANALYST' })
      .where(eq(users.email, 'analista-authz@areia.test'))
    await d.update(users).set({ role: 'ADMIN' }).where(eq(users.email, 'admin-authz@areia.test'))
  })

  it('finds the console routes in the router', () => {
    const table = adminRouteTable().map(
      (r) => `${r.method} ${r.url.replace(/\/(?:[0-9a-f-]{36}|1)(?=\/|$)/, '/:id')}`,
    )
    expect(table).toContain('POST /api/v1/admin/waitlist/open-spots')
    expect(table).toContain('PUT /api/v1/admin/players/:id/role')
    expect(table).toContain('GET /api/v1/admin/coupons/:id/redemptions')
    expect(table).toContain('GET /api/v1/analyst/queue')
    expect(table).toContain('POST /api/v1/analyst/videos/:id/publish')
    expect(table).toContain('PUT /api/v1/analyst/videos/:id/report')
    expect(table.length).toBeGreaterThanOrEqual(24)
    for (const route of ANALYST_ROUTES) expect(table).toContain(route)
  })

  const send = (route: { method: string; url: string }, tokens?: TokenPair) =>
    app.server.inject({
      method: route.method as 'GET',
      url: route.url,
      headers: tokens ? bearer(tokens.access_token) : {},
      // A body that would be invalid everywhere: a refusal must come before validation.
      ...(route.method === 'GET' ? {} : { payload: { nada: true } }),
    })

  it('answers 401 to a caller without a session on every route', async () => {
    for (const route of adminRouteTable()) {
      const res = await send(route)
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401)
      expect(res.json<{ detail: string }>().detail).toBe('Não autenticado.')
    }
  })

  it('answers 403 with a pt-BR detail to a player on every route', async () => {
    for (const route of adminRouteTable()) {
      const res = await send(route, playerTokens)
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403)
      expect(res.json<{ detail: string }>().detail).toBe(
        'Você não tem permissão para acessar esta área.',
      )
    }
  })

  it('lets an analyst open only the analyst part', async () => {
    for (const route of adminRouteTable()) {
      const res = await send(route, analystTokens)
      const key = `${route.method} ${route.url}`
      if (ANALYST_ROUTES.includes(key)) expect(res.statusCode, key).toBe(200)
      else if (analystMayOpen(key)) expect([200, 404, 422], key).toContain(res.statusCode)
      else expect(res.statusCode, key).toBe(403)
    }
  })

  it('lets an admin through the guard on every route (answers come from the handlers)', async () => {
    for (const route of adminRouteTable()) {
      const res = await send(route, adminTokens)
      expect([200, 404, 422], `${route.method} ${route.url}`).toContain(res.statusCode)
    }
  })
})

describe('npm run admin:create', () => {
  const hasher = new PasswordHasher({
    memoryKib: 19_456,
    timeCost: 2,
    concurrency: 1,
    queueSeconds: 5,
  })

  it('validates its arguments in pt-BR', () => {
    expect(() => parseAdminArgs([])).toThrow(/Informe o e-mail/)
    expect(() => parseAdminArgs(['--email', 'nao-e-email'])).toThrow('Informe um e-mail válido.')
    expect(() => parseAdminArgs(['--email', 'a@b.co', '--password', '123'])).toThrow(CliError)
    expect(() => parseAdminArgs(['--email', 'a@b.co', '--senha', 'x'])).toThrow(
      /Argumentos inválidos/,
    )
    expect(parseAdminArgs(['--email', ' Dona@Areia.Test ', '--password', 'segredo123'])).toEqual({
      email: 'dona@areia.test',
      password: 'segredo123',
    })
  })

  it('creates the first admin, who can sign in and open the console; running again changes nothing', async () => {
    const d = await db()
    const args = { email: 'primeira@areia.test', password: 'segredo123' }
    expect(await createAdmin(d, hasher, args)).toBe('created')
    expect(await createAdmin(d, hasher, args)).toBe('already-admin')
    const res = await login(app, args.email, args.password)
    expect(res.statusCode).toBe(200)
    const overview = await app.server.inject({
      method: 'GET',
      url: '/api/v1/admin/overview',
      headers: bearer(res.json<TokenPair>().access_token),
    })
    expect(overview.statusCode).toBe(200)
    const rows = await d
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, 'npm run admin:create'))
    expect(rows.map((r) => r.action)).toEqual(['admin.create'])
  })

  it('promotes an existing player without touching the password, and needs one for a new account', async () => {
    const d = await db()
    await signUpAndLogIn(app, 'promovida@areia.test', 'senha-antiga-1')
    expect(
      await createAdmin(d, hasher, { email: 'promovida@areia.test', password: 'outra-senha-2' }),
    ).toBe('promoted')
    const [row] = await d.select().from(users).where(eq(users.email, 'promovida@areia.test'))
    expect(row?.role).toBe('ADMIN')
    expect((await login(app, 'promovida@areia.test', 'senha-antiga-1')).statusCode).toBe(200)
    await expect(
      createAdmin(d, hasher, { email: 'sem-senha@areia.test', password: undefined }),
    ).rejects.toThrow('Conta nova: informe também a senha com --password <senha>.')
  })
})
