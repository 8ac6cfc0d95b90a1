import { EventEmitter } from 'node:events'
import { Redis } from 'ioredis'

export type BusHandler = (message: string) => void

/**
 * Fan-out of realtime events between server processes. In-process when one node runs; Redis
 * pub/sub when several do, so a player's sockets on any node receive every event.
 */
export interface Bus {
  publish(channel: string, message: string): Promise<void>
  subscribe(channel: string, handler: BusHandler): Promise<void>
  close(): Promise<void>
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  return {
    publish: async (channel, message) => {
      emitter.emit(channel, message)
    },
    subscribe: async (channel, handler) => {
      emitter.on(channel, handler)
    },
    close: async () => {
      emitter.removeAllListeners()
    },
  }
}

export async function createRedisBus(url: string, prefix: string): Promise<Bus> {
  // A connection in subscriber mode cannot publish, hence two.
  const pub = new Redis(url, { maxRetriesPerRequest: 3 })
  const sub = new Redis(url, { maxRetriesPerRequest: 3 })
  for (const conn of [pub, sub]) conn.on('error', () => undefined)
  const handlers = new Map<string, BusHandler[]>()
  sub.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message)
  })
  await Promise.all([pub.ping(), sub.ping()])
  return {
    publish: async (channel, message) => {
      await pub.publish(`${prefix}:${channel}`, message)
    },
    subscribe: async (channel, handler) => {
      const full = `${prefix}:${channel}`
      const list = handlers.get(full)
      if (list) list.push(handler)
      else {
        handlers.set(full, [handler])
        await sub.subscribe(full)
      }
    },
    close: async () => {
      handlers.clear()
      await Promise.all([
        pub.quit().catch(() => pub.disconnect()),
        sub.quit().catch(() => sub.disconnect()),
      ])
    },
  }
}
