import type { LoginChallengeRequired } from '@areia/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requiredDifficulty, solves } from '../src/modules/auth/login-challenge'
import { createTestApp, login, refresh, register, type TestApp } from './helpers/app'

/** What the web app does in the browser: the first nonce whose hash has enough zero bits. */
function solve(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) if (solves(challenge, String(n), difficulty)) return String(n)
}

const loginWith = (
  app: TestApp,
  username: string,
  password: string,
  proof: { challenge: string; nonce: string },
  ip = '10.7.0.1',
) =>
  app.server.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password, ...proof }).toString(),
    remoteAddress: ip,
  })

let app: TestApp
beforeAll(async () => {
  app = await createTestApp({
    RATE_LIMIT_LOGIN_PER_IP: '8',
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '5',
    RATE_LIMIT_REGISTER_PER_IP: '3',
    RATE_LIMIT_REFRESH_PER_IP: '4',
  })
})
afterAll(() => app.close())

describe('abuse limits', () => {
  it('after repeated failures the account asks for a proof of work, from any address; the right password with it still signs in', async () => {
    await register(app, 'alvo@example.com', 'certa123')
    for (let i = 0; i < 5; i++) {
      expect((await login(app, 'alvo@example.com', `errada${i}`, `10.1.0.${i}`)).statusCode).toBe(
        401,
      )
    }
    const res = await login(app, 'alvo@example.com', 'certa123', '10.1.0.99')
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBeDefined()
    const body = res.json<LoginChallengeRequired>()
    expect(body.detail).toBe(
      'Muitas tentativas sem sucesso para esta conta. Confirme que é você resolvendo o desafio de verificação.',
    )
    expect(body.code).toBe('login_challenge')
    expect(body.challenge.difficulty).toBeGreaterThanOrEqual(16)
    // A wrong answer is no answer.
    const wrong = await loginWith(app, 'alvo@example.com', 'certa123', {
      challenge: body.challenge.challenge,
      nonce: 'nao-resolve',
    })
    expect(wrong.statusCode).toBe(429)
    const nonce = solve(body.challenge.challenge, body.challenge.difficulty)
    const proven = await loginWith(app, 'alvo@example.com', 'certa123', {
      challenge: body.challenge.challenge,
      nonce,
    })
    expect(proven.statusCode).toBe(200)
    // Each challenge works once, and only for the account it was made for.
    const again = await loginWith(app, 'alvo@example.com', 'certa123', {
      challenge: body.challenge.challenge,
      nonce,
    })
    expect(again.statusCode).toBe(200) // the success cleared the failures: no proof asked
  })

  it('a solved challenge does not carry further guesses, nor serve another account', async () => {
    // From another network: sign-ups per address have their own limit below.
    for (const email of ['cofre@example.com', 'vizinho@example.com']) {
      const created = await app.server.inject({
        method: 'POST',
        url: '/api/v1/auth/register/',
        payload: { email, password: 'certa123' },
        remoteAddress: '10.8.0.1',
      })
      expect(created.statusCode).toBe(201)
    }
    for (const email of ['cofre@example.com', 'vizinho@example.com']) {
      for (let i = 0; i < 5; i++) await login(app, email, `errada${i}`, `10.6.0.${i}`)
    }
    const asked = (
      await login(app, 'cofre@example.com', 'chute1', '10.6.1.1')
    ).json<LoginChallengeRequired>()
    const nonce = solve(asked.challenge.challenge, asked.challenge.difficulty)
    const proof = { challenge: asked.challenge.challenge, nonce }
    expect((await loginWith(app, 'vizinho@example.com', 'certa123', proof)).statusCode).toBe(429)
    expect((await loginWith(app, 'cofre@example.com', 'chute2', proof)).statusCode).toBe(401)
    expect((await loginWith(app, 'cofre@example.com', 'chute3', proof)).statusCode).toBe(429)
  })

  it('forty guesses at once from forty addresses: only the limit is checked without a proof, the rest are asked for harder ones', async () => {
    const email = 'enxame@example.com'
    const created = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/register/',
      payload: { email, password: 'certa123' },
      remoteAddress: '10.9.0.1',
    })
    expect(created.statusCode).toBe(201)
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(app, email, `chute${i}`, `10.20.${i}.1`)),
    )
    const checked = guesses.filter((r) => r.statusCode === 401)
    const challenged = guesses.filter((r) => r.statusCode === 429)
    // RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT is 5 here: five passwords are checked, no more.
    expect(checked).toHaveLength(5)
    expect(challenged).toHaveLength(35)
    // None of them tried a password: they ask for a proof (harder when refusals overlap).
    for (const r of challenged) {
      expect(r.json<LoginChallengeRequired>().challenge.difficulty).toBeGreaterThanOrEqual(16)
    }

    // Challenges gathered while the account was calm, solved offline and sent at once: only the
    // first step's worth is checked; the others are sent back for a harder proof.
    const gathered: string[] = []
    for (let i = 0; i < 25; i++) {
      const asked = await login(app, email, 'sem-prova', `10.21.${i}.1`)
      expect(asked.statusCode).toBe(429)
      const { challenge } = asked.json<LoginChallengeRequired>()
      expect(challenge.difficulty).toBe(16)
      gathered.push(challenge.challenge)
    }
    const burst = await Promise.all(
      gathered.map((challenge, i) =>
        loginWith(
          app,
          email,
          `chute-provado${i}`,
          { challenge, nonce: solve(challenge, 16) },
          `10.22.${i}.1`,
        ),
      ),
    )
    const provenGuesses = burst.filter((r) => r.statusCode === 401).length
    expect(provenGuesses).toBeGreaterThan(0)
    expect(provenGuesses).toBeLessThanOrEqual(10)
    const harder = burst.filter((r) => r.statusCode === 429)
    expect(harder).toHaveLength(25 - provenGuesses)
    for (const r of harder) {
      expect(r.json<LoginChallengeRequired>().challenge.difficulty).toBeGreaterThan(16)
    }

    // The failures past the limit set the next proof, whoever asks for it.
    const asked = (await login(app, email, 'certa123', '10.23.0.1')).json<LoginChallengeRequired>()
    expect(asked.challenge.difficulty).toBe(requiredDifficulty(provenGuesses + 1))
    // The owner, from yet another address, still signs in with a solved challenge.
    const proven = await loginWith(
      app,
      email,
      'certa123',
      {
        challenge: asked.challenge.challenge,
        nonce: solve(asked.challenge.challenge, asked.challenge.difficulty),
      },
      '10.23.0.2',
    )
    expect(proven.statusCode).toBe(200)
  }, 60_000)

  it('a success clears the failure count', async () => {
    await register(app, 'esquece@example.com', 'certa123')
    for (let i = 0; i < 4; i++) await login(app, 'esquece@example.com', 'errada', '10.2.0.1')
    expect((await login(app, 'esquece@example.com', 'certa123', '10.2.0.2')).statusCode).toBe(200)
    for (let i = 0; i < 4; i++) await login(app, 'esquece@example.com', 'errada', '10.2.0.3')
    expect((await login(app, 'esquece@example.com', 'certa123', '10.2.0.4')).statusCode).toBe(200)
  })

  it('limits login attempts per address across accounts', async () => {
    for (let i = 0; i < 8; i++) await login(app, `varios${i}@example.com`, 'x', '10.3.0.1')
    const res = await login(app, 'outro@example.com', 'x', '10.3.0.1')
    expect(res.statusCode).toBe(429)
    expect(res.json<{ detail: string }>().detail).toMatch(/^Muitas tentativas de login\./)
    expect(res.json<{ code: string }>().code).toBe('rate_limited')
    expect((await login(app, 'outro@example.com', 'x', '10.3.0.2')).statusCode).toBe(401)
  })

  it('limits sign-ups and refreshes per address', async () => {
    const registerFrom = (n: number) =>
      app.server.inject({
        method: 'POST',
        url: '/api/v1/auth/register/',
        payload: { email: `cadastro${n}@example.com`, password: 'segredo123' },
        remoteAddress: '10.4.0.1',
      })
    for (let i = 0; i < 3; i++) expect((await registerFrom(i)).statusCode).toBe(201)
    expect((await registerFrom(3)).statusCode).toBe(429)
    const refreshes = []
    for (let i = 0; i < 5; i++) refreshes.push((await refresh(app, 'qualquer')).statusCode)
    expect(refreshes).toEqual([401, 401, 401, 401, 429])
  })
})
