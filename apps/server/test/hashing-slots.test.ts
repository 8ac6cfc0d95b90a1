import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '../src/errors'
import { HashingSlots, SlotsBusy } from '../src/modules/auth/hashing-slots'
import { PasswordHasher } from '../src/modules/auth/passwords'
import { createTestApp, login, register } from './helpers/app'

/** A task that runs until the test lets it finish. */
function held() {
  let finish!: () => void
  let fail!: (err: Error) => void
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve('feito')
    fail = reject
  })
  return { task: () => done, finish, fail }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('hashing slots', () => {
  it('runs at most `size` tasks at once, the others in the order they came', async () => {
    const slots = new HashingSlots(2, 10_000, 1)
    const tasks = [held(), held(), held(), held()]
    const order: number[] = []
    const runs = tasks.map((t, i) =>
      slots.run(() => {
        order.push(i)
        return t.task()
      }),
    )
    await Promise.resolve()
    expect(slots.load).toEqual({ running: 2, waiting: 2 })
    expect(order).toEqual([0, 1])
    tasks[1]!.finish()
    await runs[1]
    await vi.waitFor(() => expect(order).toEqual([0, 1, 2]))
    expect(slots.load).toEqual({ running: 2, waiting: 1 })
    tasks[0]!.fail(new Error('falhou'))
    await expect(runs[0]).rejects.toThrow('falhou')
    await vi.waitFor(() => expect(order).toEqual([0, 1, 2, 3]))
    tasks[2]!.finish()
    tasks[3]!.finish()
    await expect(Promise.all([runs[2], runs[3]])).resolves.toEqual(['feito', 'feito'])
    expect(slots.load).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses a task still waiting at the deadline, and frees its place in the queue', async () => {
    vi.useFakeTimers()
    const slots = new HashingSlots(1, 2_000, 100)
    const first = held()
    const running = slots.run(first.task)
    const waiting = slots.run(() => Promise.resolve('tarde'))
    const refused = expect(waiting).rejects.toBeInstanceOf(SlotsBusy)
    expect(slots.load).toEqual({ running: 1, waiting: 1 })
    await vi.advanceTimersByTimeAsync(2_000)
    await refused
    expect(slots.load).toEqual({ running: 1, waiting: 0 })
    first.finish()
    await running
    expect(slots.load).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses at once a task that would wait past the deadline, saying when to come back', async () => {
    const slots = new HashingSlots(1, 2_500, 1_000)
    const first = held()
    const running = slots.run(first.task)
    const second = slots.run(() => Promise.resolve('na fila'))
    const third = slots.run(() => Promise.resolve('na fila'))
    // Three tasks ahead of it at about a second each: past the 2.5 s it may wait.
    const err = await slots.run(() => Promise.resolve('recusada')).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(SlotsBusy)
    expect((err as SlotsBusy).retryAfterSeconds).toBe(3)
    expect(slots.load).toEqual({ running: 1, waiting: 2 })
    first.finish()
    await expect(Promise.all([running, second, third])).resolves.toEqual([
      'feito',
      'na fila',
      'na fila',
    ])
  })
})

describe('password checks past the hashing queue', () => {
  it('are refused with 429, Retry-After and a code while every slot is taken', async () => {
    const hasher = new PasswordHasher({
      memoryKib: 19_456,
      timeCost: 2,
      concurrency: 1,
      queueSeconds: 0,
    })
    // The first hash takes the only slot at once; the check behind it may not wait at all.
    const first = hasher.hash('segredo123')
    const err = await hasher.verify(null, 'segredo123').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AppError)
    const refused = err as AppError
    expect(refused.statusCode).toBe(429)
    expect(refused.code).toBe('password_check_busy')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(refused.detail).toMatch(
      /^Muita gente entrando ao mesmo tempo\. Tente de novo em \d+ segundos?\.$/,
    )
    const stored = await first
    await expect(hasher.verify(stored, 'segredo123')).resolves.toBe(true)
    await expect(hasher.verify(stored, 'outra')).resolves.toBe(false)
  })

  it('answer a burst of logins with 200 or that 429, nothing else, and let the next one in', async () => {
    const app = await createTestApp({ ARGON2_CONCURRENCY: '1', ARGON2_QUEUE_SECONDS: '0' })
    try {
      expect((await register(app, 'fila@example.com')).statusCode).toBe(201)
      const burst = await Promise.all(
        Array.from({ length: 6 }, () => login(app, 'fila@example.com')),
      )
      for (const r of burst) {
        if (r.statusCode === 200) continue
        expect(r.statusCode).toBe(429)
        expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1)
        expect(r.json<{ code: string }>().code).toBe('password_check_busy')
      }
      expect((await login(app, 'fila@example.com')).statusCode).toBe(200)
    } finally {
      await app.close()
    }
    // A whole app built inside the test, and seven argon2id hashes in one slot on a busy machine.
  }, 120_000)
})
