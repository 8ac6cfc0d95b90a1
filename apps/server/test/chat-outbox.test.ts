import type { ChatHistoryItem, TokenPair } from '@areia/contracts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CoachingStore } from '../src/modules/coaching/store'
import { bearer, createTestApp, listen, signUpAndLogIn, type TestApp } from './helpers/app'
import { answerOnboarding, chatSocketUrl, chatSockets, introduceTeam } from './helpers/socket'

/**
 * A device keeps the messages typed without a connection in its outbox and sends them again
 * when the connection returns, with the id it gave each one: the server stores each once.
 */
let app: TestApp
let base: string
const connect = chatSockets(() => base)

beforeAll(async () => {
  app = await createTestApp()
  base = chatSocketUrl(await listen(app))
})
afterAll(() => app.close())

async function onboardedPlayer(email: string) {
  const tokens = await signUpAndLogIn(app, email)
  const socket = await connect(tokens)
  await answerOnboarding(socket)
  await introduceTeam(socket)
  return { tokens, socket }
}

async function history(tokens: TokenPair): Promise<ChatHistoryItem[]> {
  const res = await app.server.inject({
    method: 'GET',
    url: '/api/v1/chat/history',
    headers: bearer(tokens.access_token),
  })
  return res.json<ChatHistoryItem[]>()
}

describe("the device's outbox", () => {
  it('a message sent again with its id is stored and answered once, and echoed to the device again', async () => {
    const { tokens, socket } = await onboardedPlayer('reenvio@example.com')
    socket.send({ type: 'message', text: 'como treinar o saque?', client_id: 'caixa-1' })
    await socket.until(() =>
      socket.messages().some((m) => m.content === 'Rafa responde: como treinar o saque?'),
    )
    const first = socket.messages().find((m) => m.client_id === 'caixa-1')
    expect(first?.content).toBe('como treinar o saque?')

    // The device never saw that echo (the connection fell): it connects again and resends.
    const again = await connect(tokens, `&after=${first!.id}`)
    again.send({ type: 'message', text: 'como treinar o saque?', client_id: 'caixa-1' })
    await again.until(() => again.messages().some((m) => m.client_id === 'caixa-1'))
    expect(again.messages().find((m) => m.client_id === 'caixa-1')?.id).toBe(first!.id)
    await app.services.coaching.settled()

    const stored = await history(tokens)
    expect(stored.filter((m) => m.content === 'como treinar o saque?')).toHaveLength(1)
    expect(stored.filter((m) => m.content === 'Rafa responde: como treinar o saque?')).toHaveLength(
      1,
    )
    // The history says which of the device's messages arrived, for a device that reloaded.
    expect(stored.find((m) => m.id === first!.id)?.client_id).toBe('caixa-1')
  })

  it('a catch-up after a reconnect carries the device id of the messages it replays', async () => {
    const { tokens, socket } = await onboardedPlayer('alcance@example.com')
    const last = socket.messages().at(-1)!.id
    socket.send({ type: 'message', text: 'e a devolução?', client_id: 'caixa-2' })
    await socket.until(() => socket.messages().some((m) => m.client_id === 'caixa-2'))
    await app.services.coaching.settled()
    const later = await connect(tokens, `&after=${last}`)
    await later.until(() => later.messages().some((m) => m.content === 'e a devolução?'))
    expect(later.messages().find((m) => m.content === 'e a devolução?')?.client_id).toBe('caixa-2')
  })

  it('a refused message is named in the error, so the device offers to send it again', async () => {
    const { tokens, socket } = await onboardedPlayer('recusa@example.com')
    socket.send({ type: 'message', text: 'oi\u0000', client_id: 'caixa-3' })
    await socket.until((frames) => frames.some((f) => f.type === 'error'))
    expect(socket.frames.find((f) => f.type === 'error')).toEqual({
      type: 'error',
      detail: 'A mensagem contém caracteres inválidos.',
      client_id: 'caixa-3',
    })
    expect((await history(tokens)).some((m) => m.client_id === 'caixa-3')).toBe(false)
  })

  it('a message the database could not store is refused by name, and is stored when sent again', async () => {
    const { tokens, socket } = await onboardedPlayer('sem-banco@example.com')
    const spy = vi
      .spyOn(CoachingStore.prototype, 'insertPlayerMessage')
      .mockRejectedValueOnce(new Error('database unavailable'))
    try {
      socket.send({ type: 'message', text: 'e o smash?', client_id: 'caixa-4' })
      await socket.until((frames) => frames.some((f) => f.type === 'error'))
    } finally {
      spy.mockRestore()
    }
    expect(socket.frames.find((f) => f.type === 'error')).toMatchObject({ client_id: 'caixa-4' })
    socket.send({ type: 'message', text: 'e o smash?', client_id: 'caixa-4' })
    await socket.until(() => socket.messages().some((m) => m.client_id === 'caixa-4'))
    await app.services.coaching.settled()
    expect((await history(tokens)).filter((m) => m.content === 'e o smash?')).toHaveLength(1)
  })
})
