import type { TokenPair } from '@areia/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountDeletion, type DeletionStep } from '../src/modules/users/deletion'
import { UsersStore } from '../src/modules/users/store'
import {
  bearer,
  createTestApp,
  login,
  refresh,
  signUpAndLogIn,
  status,
  type TestApp,
  deleteAccount,
} from './helpers/app'
import { testDatabase } from './helpers/database'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

const changePassword = (token: string, payload: Record<string, unknown>) =>
  app.server.inject({
    method: 'PATCH',
    url: '/api/v1/users/me/password',
    headers: bearer(token),
    payload,
  })

describe('PATCH /api/v1/users/me/password', () => {
  it('changes the password, ends every session, and only the new password logs in', async () => {
    const tokens = await signUpAndLogIn(app, 'troca@example.com', 'antiga123')
    const otherDevice = (await login(app, 'troca@example.com', 'antiga123')).json<TokenPair>()
    const res = await changePassword(tokens.access_token, {
      current_password: 'antiga123',
      new_password: 'nova1234',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Senha alterada com sucesso!' })
    for (const t of [tokens, otherDevice]) {
      expect((await status(app, t.access_token)).statusCode).toBe(401)
      expect((await refresh(app, t.refresh_token)).statusCode).toBe(401)
    }
    expect((await login(app, 'troca@example.com', 'antiga123')).statusCode).toBe(401)
    expect((await login(app, 'troca@example.com', 'nova1234')).statusCode).toBe(200)
  })

  it.each([
    [
      'a wrong current password',
      'errada@example.com',
      { current_password: 'outra123', new_password: 'nova1234' },
      { detail: 'A senha atual está incorreta.', code: 'wrong_password' },
    ],
    [
      'the same password as the current one',
      'igual@example.com',
      { current_password: 'certa123', new_password: 'certa123' },
      { detail: 'A nova senha deve ser diferente da senha atual.', code: 'password_unchanged' },
    ],
  ])('refuses %s and changes nothing', async (_case, email, payload, body) => {
    const tokens = await signUpAndLogIn(app, email, 'certa123')
    const res = await changePassword(tokens.access_token, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(body)
    expect((await status(app, tokens.access_token)).statusCode).toBe(200)
    expect((await login(app, email, 'certa123')).statusCode).toBe(200)
  })

  it.each([
    [
      { current_password: 'certa123', new_password: '12345' },
      'A nova senha deve ter pelo menos 6 caracteres.',
    ],
    [{ new_password: 'nova1234' }, 'Informe a senha atual.'],
    [{ current_password: 'certa123' }, 'Informe a nova senha.'],
  ])('validates %o', async (payload, message) => {
    const tokens = await signUpAndLogIn(app, `valida${Math.random()}@example.com`, 'certa123')
    const res = await changePassword(tokens.access_token, payload)
    expect(res.statusCode).toBe(422)
    expect(res.json<{ detail: string }>().detail).toContain(message)
  })

  it('needs a signed-in user', async () => {
    const res = await app.server.inject({
      method: 'PATCH',
      url: '/api/v1/users/me/password',
      payload: { current_password: 'a', new_password: 'bbbbbb' },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('DELETE /api/v1/users/me', () => {
  it('deletes the account at once: old tokens are refused and login fails', async () => {
    const tokens = await signUpAndLogIn(app, 'apagar@example.com')
    const res = await deleteAccount(app, tokens.access_token)
    expect(res.statusCode).toBe(204)
    expect((await status(app, tokens.access_token)).statusCode).toBe(401)
    expect((await refresh(app, tokens.refresh_token)).statusCode).toBe(401)
    const again = await login(app, 'apagar@example.com')
    expect(again.statusCode).toBe(401)
    expect(again.json()).toEqual({
      detail: 'Email ou senha inválidos.',
      code: 'invalid_credentials',
    })
    // The e-mail is free again.
    expect((await signUpAndLogIn(app, 'apagar@example.com')).access_token).toBeTruthy()
  })

  it('asks for the typed phrase and the password: an access token alone deletes nothing', async () => {
    const tokens = await signUpAndLogIn(app, 'protege@example.com')
    const attempt = (payload?: object) =>
      app.server.inject({
        method: 'DELETE',
        url: '/api/v1/users/me',
        headers: bearer(tokens.access_token),
        ...(payload ? { payload } : {}),
      })
    const bare = await attempt()
    expect(bare.statusCode).toBe(422)
    const phrase = await attempt({ confirmation: 'excluir conta', password: 'segredo123' })
    expect(phrase.statusCode).toBe(422)
    expect(phrase.json<{ detail: string }>().detail).toMatch(/^Digite “excluir minha conta”/)
    const noPassword = await attempt({ confirmation: 'excluir minha conta' })
    expect(noPassword.statusCode).toBe(400)
    expect(noPassword.json()).toEqual({
      detail: 'Digite a sua senha para confirmar a exclusão.',
      code: 'password_required',
    })
    const wrong = await attempt({ confirmation: 'excluir minha conta', password: 'chute' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json<{ code: string }>().code).toBe('wrong_password')
    expect((await status(app, tokens.access_token)).statusCode).toBe(200)
    // The phrase, as typed on the page: case does not matter.
    const done = await attempt({ confirmation: 'Excluir Minha CONTA', password: 'segredo123' })
    expect(done.statusCode).toBe(204)
    expect((await status(app, tokens.access_token)).statusCode).toBe(401)
  })

  it('counts wrong passwords with the failed logins: past the limit none is checked', async () => {
    const tokens = await signUpAndLogIn(app, 'adivinha-exclusao@example.com')
    const limited = await createTestApp(
      { RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '3' },
      {},
      { resetDatabase: false },
    )
    try {
      const codes: number[] = []
      for (let i = 0; i < 4; i++) {
        codes.push((await deleteAccount(limited, tokens.access_token, `chute${i}`)).statusCode)
      }
      expect(codes).toEqual([400, 400, 400, 429])
      expect((await deleteAccount(limited, tokens.access_token)).statusCode).toBe(429)
      expect((await status(app, tokens.access_token)).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('runs every module clean-up, in the transaction and after commit, and each name once', async () => {
    const seen: string[] = []
    const { db } = await testDatabase({ reset: false })
    const step: DeletionStep = {
      name: 'test',
      inTransaction: async (tx, userId) => {
        // The user row still exists while modules delete their rows.
        expect(await app.services.users.findById(userId, tx)).toBeDefined()
        seen.push(`tx:${userId}`)
      },
      afterCommit: async (userId) => {
        expect(await app.services.users.findById(userId)).toBeUndefined()
        seen.push(`after:${userId}`)
      },
    }
    const deletion = (steps: DeletionStep[]) =>
      new AccountDeletion({
        db,
        steps,
        deleteUserRow: (tx, userId) => new UsersStore().delete(tx, userId),
        onAfterCommitError: (name, err) => seen.push(`failed:${name}:${String(err)}`),
      })
    expect(() => deletion([step, step])).toThrow(/test registered twice/)
    const tokens = await signUpAndLogIn(app, 'modulos@example.com')
    const { id } = (await status(app, tokens.access_token)).json<{ id: string }>()
    expect(await deletion([step]).deleteAccount(id)).toBe(true)
    expect(seen).toEqual([`tx:${id}`, `after:${id}`])
    expect(await deletion([]).deleteAccount(id)).toBe(false)
  })
})

describe('PUT /api/v1/profile/me', () => {
  const put = (token: string, payload: Record<string, unknown>) =>
    app.server.inject({ method: 'PUT', url: '/api/v1/profile/me', headers: bearer(token), payload })

  it('saves billing and coaching fields, normalised, and keeps what was left out', async () => {
    const tokens = await signUpAndLogIn(app, 'perfil@example.com')
    const first = await put(tokens.access_token, {
      name: 'Maria Souza',
      tax_id: '529.982.247-25',
      address_street: 'Av. Atlântica',
      address_number: '1702',
      address_city: 'Rio de Janeiro',
      address_region_code: 'rj',
      address_postal_code: '22021-001',
      category: 'C',
      height_cm: 168,
      dominant_hand: 'LEFT',
      gender: 'FEMALE',
    })
    expect(first.statusCode).toBe(200)
    const second = await put(tokens.access_token, {
      address_complement: 'Apto 301',
      category: null,
    })
    expect(second.statusCode).toBe(200)
    expect(second.json()).toMatchObject({
      name: 'Maria Souza',
      profile: {
        tax_id: '52998224725',
        address_region_code: 'RJ',
        address_postal_code: '22021001',
        address_complement: 'Apto 301',
        address_city: 'Rio de Janeiro',
        category: null,
        height_cm: 168,
        dominant_hand: 'LEFT',
      },
    })
  })

  it.each([
    [{ tax_id: '111.111.111-11' }, 'CPF inválido.'],
    [{ address_region_code: 'São Paulo' }, 'UF'],
    [{ address_postal_code: '123' }, 'CEP'],
    [{ height_cm: 300 }, 'Altura'],
    [{ category: 'SUPER' }, ''],
    [{ role: 'ADMIN' }, ''],
  ])('refuses %o and changes nothing', async (payload, message) => {
    const tokens = await signUpAndLogIn(app, `invalido${Math.random()}@example.com`)
    await put(tokens.access_token, { name: 'Antes' })
    const res = await put(tokens.access_token, { name: 'Depois', ...payload })
    expect(res.statusCode).toBe(422)
    expect(res.json<{ detail: string }>().detail).toContain(message)
    const after = (await status(app, tokens.access_token)).json<{ name: string; role: string }>()
    expect(after).toMatchObject({ name: 'Antes', role: 'USER' })
  })

  it('each player only ever sees and edits their own profile', async () => {
    const a = await signUpAndLogIn(app, 'a-perfil@example.com')
    const b = await signUpAndLogIn(app, 'b-perfil@example.com')
    await put(a.access_token, { name: 'Jogador A' })
    await put(b.access_token, { name: 'Jogador B' })
    expect((await status(app, a.access_token)).json()).toMatchObject({
      name: 'Jogador A',
      email: 'a-perfil@example.com',
    })
    expect((await status(app, b.access_token)).json()).toMatchObject({
      name: 'Jogador B',
      email: 'b-perfil@example.com',
    })
  })
})
