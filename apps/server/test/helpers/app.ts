import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TokenPair } from '@areia/contracts'
import { ManualClock } from '../../src/adapters/clock'
import { type App, type AppDeps, buildApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { testDatabase } from './database'
import { scriptedEngine } from './scripted-engine'

export interface TestApp extends App {
  clock: ManualClock
  close(): Promise<void>
}

/** Keys and files the app writes go to a scratch folder per test worker, never the repository. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-test-'))

/** This worker's namespace in Redis, shared by the apps it builds (nodes of one test cluster). */
export const TEST_REDIS_PREFIX = `areia-test-${process.pid}`

/** The real app on the worker's database, with a clock the test moves and its own rate-limit namespace. */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Partial<AppDeps> = {},
  { resetDatabase = true } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: '0',
    DATA_DIR: dataDir,
    JOB_POLL_SECONDS: '0.5',
    // Identified videos would be analysed in the background (children, CPU); the analysis
    // suites turn it on.
    RUN_ANALYSIS: '0',
    REDIS_URL: process.env.REDIS_URL ?? '',
    // Test workers run side by side on one Redis: each one's apps talk only among themselves.
    REDIS_PREFIX: TEST_REDIS_PREFIX,
    // Suites sign many users up from one address; the limits have their own suite.
    RATE_LIMIT_REGISTER_PER_IP: '10000',
    RATE_LIMIT_LOGIN_PER_IP: '10000',
    COACH_TYPING_MIN_MS: '0',
    COACH_TYPING_PER_CHAR_MS: '0',
    COACH_TYPING_MAX_MS: '0',
    ...env,
  })
  config.rateLimits.keyPrefix = `test:${randomBytes(6).toString('hex')}`
  const clock = new ManualClock()
  const app = await buildApp(config, {
    database: await testDatabase({ reset: resetDatabase }),
    clock,
    coachEngine: scriptedEngine(),
    ...deps,
  })
  await app.server.ready()
  return { ...app, clock, close: () => app.server.close() }
}

/** Starts the app on a free loopback port (sockets and the payment simulator need real HTTP). */
export async function listen(app: App): Promise<string> {
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A request as the signed-in player makes it. */
export const callAs = (
  app: App,
  tokens: TokenPair,
  method: Method,
  url: string,
  payload?: object,
) =>
  app.server.inject({
    method,
    url,
    headers: bearer(tokens.access_token),
    ...(payload ? { payload } : {}),
  })

export async function register(app: App, email: string, password = 'segredo123') {
  return app.server.inject({
    method: 'POST',
    url: '/api/v1/auth/register/',
    payload: { email, password },
  })
}

export async function login(app: App, username: string, password = 'segredo123', ip = '127.0.0.1') {
  return app.server.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
    remoteAddress: ip,
  })
}

export async function signUpAndLogIn(
  app: App,
  email: string,
  password = 'segredo123',
): Promise<TokenPair> {
  const created = await register(app, email, password)
  if (created.statusCode !== 201) throw new Error(`register failed: ${created.body}`)
  const res = await login(app, email, password)
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`)
  return res.json<TokenPair>()
}

export async function refresh(app: App, refreshToken: string) {
  return app.server.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh/',
    payload: { refresh_token: refreshToken },
  })
}

/** The player's id, as the access token names it. */
export function userIdOf(tokens: TokenPair): string {
  const payload = tokens.access_token.split('.')[1] ?? ''
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }).sub
}

export async function status(app: App, accessToken: string) {
  return app.server.inject({
    method: 'GET',
    url: '/api/v1/auth/me/status',
    headers: bearer(accessToken),
  })
}

/** The player deletes their account as the page does: the phrase and their password. */
export function deleteAccount(app: App, accessToken: string, password = 'segredo123') {
  return app.server.inject({
    method: 'DELETE',
    url: '/api/v1/users/me',
    headers: bearer(accessToken),
    payload: { confirmation: 'excluir minha conta', password },
  })
}
