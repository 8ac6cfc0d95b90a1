import { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import type { RateLimiterAbstract } from 'rate-limiter-flexible'

export interface Decision {
  allowed: boolean
  retryAfterSeconds: number
  /** Events counted past the limit in this window, this one included (0 while allowed). */
  over?: number
}

/** A fixed-window counter per key. */
export interface Limiter {
  /**
   * Counts one event and says whether it was still within the limit. The count is atomic (one
   * increment in Redis, or in this process), so requests racing each other each see their own
   * place in the window.
   */
  hit(key: string): Promise<Decision>
  /** Takes back one event counted by `hit` (an attempt that turned out not to count). */
  refund(key: string): Promise<void>
  reset(key: string): Promise<void>
}

export interface RateLimitStore {
  limiter(name: string, points: number, windowSeconds: number): Limiter
  close(): Promise<void>
}

const ALLOWED: Decision = { allowed: true, retryAfterSeconds: 0 }

function wrap(impl: RateLimiterAbstract, points: number): Limiter {
  const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000))
  return {
    async hit(key) {
      try {
        await impl.consume(key)
        return ALLOWED
      } catch (err) {
        if (err instanceof RateLimiterRes)
          return {
            allowed: false,
            retryAfterSeconds: retryAfter(err),
            over: Math.max(1, err.consumedPoints - points),
          }
        throw err
      }
    },
    async refund(key) {
      await impl.reward(key, 1)
    },
    async reset(key) {
      await impl.delete(key)
    },
  }
}

/** In-process counters, or Redis when several nodes must share them. */
export function createRateLimitStore(opts: {
  redisUrl?: string | undefined
  keyPrefix: string
}): RateLimitStore {
  if (!opts.redisUrl) {
    return {
      limiter: (name, points, duration) =>
        wrap(
          new RateLimiterMemory({ keyPrefix: `${opts.keyPrefix}:${name}`, points, duration }),
          points,
        ),
      close: async () => undefined,
    }
  }
  const redis = new Redis(opts.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  })
  // Connection errors surface on each call; an unhandled 'error' event would crash the process.
  redis.on('error', () => undefined)
  return {
    limiter: (name, points, duration) =>
      wrap(
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${opts.keyPrefix}:${name}`,
          points,
          duration,
          // If Redis is down, keep limiting per process rather than failing every login.
          insuranceLimiter: new RateLimiterMemory({ points, duration }),
        }),
        points,
      ),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
