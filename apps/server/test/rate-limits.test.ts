import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, login, refresh, register, type TestApp } from './helpers/app'

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
  it('locks an account after repeated failures, even for the right password, from any address', async () => {
    await register(app, 'alvo@example.com', 'certa123')
    for (let i = 0; i < 5; i++) {
      expect((await login(app, 'alvo@example.com', `errada${i}`, `10.1.0.${i}`)).statusCode).toBe(
        401,
      )
    }
    const res = await login(app, 'alvo@example.com', 'certa123', '10.1.0.99')
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBeDefined()
    expect(res.json<{ detail: string }>().detail).toMatch(
      /^Muitas tentativas sem sucesso para esta conta\. Tente novamente em \d+ minutos\.$/,
    )
  })

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
