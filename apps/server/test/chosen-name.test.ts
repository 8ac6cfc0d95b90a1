import type { MemoryResponse, UserStatusResponse } from '@areia/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, signUpAndLogIn, status, type TestApp } from './helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

const BILLING = {
  name: 'Luciana Ferreira Souza',
  tax_id: '529.982.247-25',
  address_street: 'Av. Atlântica',
  address_number: '1702',
  address_city: 'Rio de Janeiro',
  address_region_code: 'RJ',
  address_postal_code: '22021-001',
}

const put = (token: string, payload: object) =>
  app.server.inject({ method: 'PUT', url: '/api/v1/profile/me', headers: bearer(token), payload })

describe('the name the player chose', () => {
  it('stays after the billing form sends the full name; billing keeps the full name', async () => {
    const tokens = await signUpAndLogIn(app, 'nome-escolhido@example.com')
    // Onboarding saves the name the player wants to be called by.
    expect((await put(tokens.access_token, { name: 'Lu' })).statusCode).toBe(200)
    const saved = await put(tokens.access_token, BILLING)
    expect(saved.statusCode).toBe(200)
    expect(saved.json<UserStatusResponse>()).toMatchObject({
      name: 'Lu',
      profile: { billing_name: 'Luciana Ferreira Souza', tax_id: '52998224725' },
    })
    expect((await status(app, tokens.access_token)).json<UserStatusResponse>().name).toBe('Lu')
    const memory = await app.server.inject({
      method: 'GET',
      url: '/api/v1/memory',
      headers: bearer(tokens.access_token),
    })
    expect(memory.json<MemoryResponse>().profile.name).toBe('Lu')

    // The player can still rename themself; the billing name is left alone.
    await put(tokens.access_token, { name: 'Luci' })
    expect((await status(app, tokens.access_token)).json<UserStatusResponse>()).toMatchObject({
      name: 'Luci',
      profile: { billing_name: 'Luciana Ferreira Souza' },
    })
  })

  it('names a player who never chose one after the billing form', async () => {
    const tokens = await signUpAndLogIn(app, 'sem-nome@example.com')
    expect((await status(app, tokens.access_token)).json<UserStatusResponse>().name).toBeNull()
    await put(tokens.access_token, BILLING)
    expect((await status(app, tokens.access_token)).json<UserStatusResponse>()).toMatchObject({
      name: 'Luciana Ferreira Souza',
      profile: { billing_name: 'Luciana Ferreira Souza' },
    })
  })
})
