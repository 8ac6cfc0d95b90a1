import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJobQueue, type JobQueue } from '../src/adapters/queue'
import { testDatabase } from './helpers/database'
import { waitUntil } from './helpers/wait'

let queue: JobQueue
beforeAll(async () => {
  queue = await createJobQueue(await testDatabase(), {
    pollingIntervalSeconds: 0.5,
    policies: { 'mail.send': { retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 30 } },
  })
}, 60_000)
afterAll(() => queue.stop())

describe('job queue', () => {
  it('runs each job once, retrying a failed attempt', { timeout: 60_000 }, async () => {
    const attempts: Array<{ to: string; attempt: number }> = []
    await queue.work('mail.send', async (data, meta) => {
      attempts.push({ to: data.to, attempt: meta.attempt })
      if (data.to === 'falha@example.com' && meta.attempt === 1) throw new Error('SMTP fora do ar')
    })
    await queue.send('mail.send', { to: 'ok@example.com', subject: 'Oi', text: 'Olá' })
    await queue.send('mail.send', { to: 'falha@example.com', subject: 'Oi', text: 'Olá' })
    await waitUntil(
      () =>
        attempts.filter((a) => a.to === 'falha@example.com').length === 2 && attempts.length === 3,
      // A poll plus the retry's back-off.
      50_000,
    )
    expect(attempts.filter((a) => a.to === 'ok@example.com')).toEqual([
      { to: 'ok@example.com', attempt: 1 },
    ])
    expect(attempts.filter((a) => a.to === 'falha@example.com').map((a) => a.attempt)).toEqual([
      1, 2,
    ])
  })

  it('refuses a payload that does not match the job schema, before queueing', async () => {
    await expect(
      queue.send('mail.send', { to: 'não é e-mail', subject: 'x', text: 'y' }),
    ).rejects.toThrow()
  })

  it('drains a backlog without waiting a polling interval between jobs', async () => {
    // A minute between polls: only a worker that looks again after each job finishes in time.
    const slow = await createJobQueue(await testDatabase({ reset: false }), {
      pollingIntervalSeconds: 60,
    })
    try {
      const ids = [900_001, 900_002, 900_003, 900_004, 900_005]
      for (const outbox_id of ids) await slow.send('mail.deliver', { outbox_id })
      const done: number[] = []
      await slow.work('mail.deliver', async ({ outbox_id }) => {
        if (ids.includes(outbox_id)) done.push(outbox_id)
      })
      await waitUntil(() => done.length === ids.length, 30_000)
      expect(done.sort()).toEqual(ids)
    } finally {
      await slow.stop()
    }
  }, 60_000)
  it('counts the jobs not finished yet, by payload, and wakes its own idle worker', async () => {
    // A minute between polls: only the wake-up can start the job in time.
    const slow = await createJobQueue(await testDatabase({ reset: false }), {
      pollingIntervalSeconds: 60,
    })
    try {
      const player = '7a1c4b9e-3f20-4d6a-9c55-0e8b2d1f6a70'
      const other = '0d5e8f13-6b7a-4c2e-8a91-3f4d5c6b7e80'
      let release = () => {}
      const held = new Promise<void>((r) => (release = r))
      const ran: string[] = []
      await slow.work('chat.reply', async (turn) => {
        ran.push(turn.user_id)
        await held
      })
      // The worker has polled once and sleeps now.
      await new Promise((r) => setTimeout(r, 500))
      await slow.send('chat.reply', { turn: 'connected', user_id: player }, { wake: true })
      await slow.send('chat.reply', { turn: 'connected', user_id: other })
      await waitUntil(() => ran.length === 1, 10_000)
      expect(ran).toEqual([player])
      // One running, one waiting.
      expect(await slow.pending('chat.reply')).toBe(2)
      expect(await slow.pending('chat.reply', { user_id: player })).toBe(1)
      release()
      await waitUntil(() => ran.length === 2, 10_000)
      await expect.poll(() => slow.pending('chat.reply', { user_id: player })).toBe(0)
    } finally {
      await slow.stop()
    }
  }, 60_000)
})
