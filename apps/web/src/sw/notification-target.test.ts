import { describe, expect, it, vi } from 'vitest'
import { notificationTarget, openTarget } from './notification-target'

const ORIGIN = 'https://areia.app.br'

describe('notificationTarget', () => {
  it('keeps routes of the app and sends anything else to /chat', () => {
    expect(notificationTarget('/videos', ORIGIN)).toBe(`${ORIGIN}/videos`)
    expect(notificationTarget('/meu-plano?x=1', ORIGIN)).toBe(`${ORIGIN}/meu-plano?x=1`)
    expect(notificationTarget('//evil.example/chat', ORIGIN)).toBe(`${ORIGIN}/chat`)
    expect(notificationTarget('https://evil.example/', ORIGIN)).toBe(`${ORIGIN}/chat`)
    expect(notificationTarget(undefined, ORIGIN)).toBe(`${ORIGIN}/chat`)
  })
})

function fakeWindow(url: string, controlled = true) {
  const win = {
    url,
    focus: vi.fn(async () => win),
    navigate: vi.fn(async (to: string) => {
      if (!controlled) throw new TypeError('not controlled')
      win.url = to
      return win
    }),
  }
  return win
}

function fakeClients(windows: ReturnType<typeof fakeWindow>[]) {
  return { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) }
}

describe('openTarget', () => {
  it('focuses a window already on the route', async () => {
    const chat = fakeWindow(`${ORIGIN}/chat`)
    const clients = fakeClients([fakeWindow(`${ORIGIN}/videos`), chat])
    await openTarget(clients, `${ORIGIN}/chat`)
    expect(chat.focus).toHaveBeenCalled()
    expect(clients.openWindow).not.toHaveBeenCalled()
  })

  it('brings an open window of the app to the route', async () => {
    const other = fakeWindow(`${ORIGIN}/password`)
    const clients = fakeClients([other])
    await openTarget(clients, `${ORIGIN}/meu-plano`)
    expect(other.focus).toHaveBeenCalled()
    expect(other.url).toBe(`${ORIGIN}/meu-plano`)
    expect(clients.openWindow).not.toHaveBeenCalled()
  })

  it('opens a window when none can be brought there', async () => {
    const uncontrolled = fakeWindow(`${ORIGIN}/password`, false)
    const clients = fakeClients([uncontrolled])
    await openTarget(clients, `${ORIGIN}/videos`)
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/videos`)

    const none = fakeClients([])
    await openTarget(none, `${ORIGIN}/chat`)
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/chat`)
  })
})
