import { randomUUID } from 'node:crypto'
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

export interface RedisBusOptions {
  /** Told once when Redis goes away and once when it is back (a clear line in the logs). */
  onStateChange?: (state: 'down' | 'up', err?: unknown) => void
}

/**
 * Every event is delivered to this node's own subscribers directly and relayed through Redis to
 * the other nodes (which skip their own echo). So when Redis goes away, this node's players keep
 * receiving everything; only the other nodes miss events until it is back.
 */
export async function createRedisBus(
  url: string,
  prefix: string,
  opts: RedisBusOptions = {},
): Promise<Bus> {
  const node = randomUUID()
  const local = createMemoryBus()
  // A connection in subscriber mode cannot publish, hence two. Publishing fails fast while Redis
  // is away instead of queueing events that would reach the other nodes late.
  const pub = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  })
  const sub = new Redis(url, { maxRetriesPerRequest: 3 })
  let down = false
  const setDown = (value: boolean, err?: unknown) => {
    if (down === value) return
    down = value
    opts.onStateChange?.(value ? 'down' : 'up', err)
  }
  for (const conn of [pub, sub]) conn.on('error', (err: unknown) => setDown(true, err))
  pub.on('ready', () => setDown(false))
  const subscribed = new Set<string>()
  sub.on('message', (channel: string, raw: string) => {
    const at = raw.indexOf('|')
    if (at < 0 || raw.slice(0, at) === node) return
    void local.publish(channel.slice(prefix.length + 1), raw.slice(at + 1))
  })
  await pub.connect()
  await Promise.all([pub.ping(), sub.ping()])
  return {
    publish: async (channel, message) => {
      await local.publish(channel, message)
      try {
        await pub.publish(`${prefix}:${channel}`, `${node}|${message}`)
      } catch (err) {
        setDown(true, err)
      }
    },
    subscribe: async (channel, handler) => {
      await local.subscribe(channel, handler)
      const full = `${prefix}:${channel}`
      if (subscribed.has(full)) return
      subscribed.add(full)
      // ioredis re-subscribes by itself after a reconnect.
      await sub.subscribe(full)
    },
    close: async () => {
      await local.close()
      await Promise.all([
        pub.quit().catch(() => pub.disconnect()),
        sub.quit().catch(() => sub.disconnect()),
      ])
    },
  }
}
