import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../src/adapters/db'
import { createJobQueue, type QueuePolicy } from '../src/adapters/queue'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-abandoned-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

// An hour to expire: only a retry at start-up can run the job again within the test.
const policies: Partial<Record<'mail.send', QueuePolicy>> = {
  'mail.send': { retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 3600 },
}

describe('the embedded job queue after a crash', () => {
  it('runs again at once an attempt cut off by the death of the only process that ran it', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir })
    const dying = await createJobQueue(first, { pollingIntervalSeconds: 0.5, policies })
    let started = () => {}
    const running = new Promise<void>((r) => (started = r))
    await dying.work('mail.send', async () => {
      started()
      // The process dies during this attempt: it never ends, and nothing marks it failed.
      await new Promise(() => undefined)
    })
    await dying.send('mail.send', { to: 'jogadora@example.com', subject: 'Oi', text: 'Olá' })
    await running
    await first.close()

    const second = await openDatabase({ kind: 'pglite', dataDir })
    const queue = await createJobQueue(second, { pollingIntervalSeconds: 0.5, policies })
    try {
      const attempts: Array<{ to: string; attempt: number }> = []
      await queue.work('mail.send', async (data, meta) => {
        attempts.push({ to: data.to, attempt: meta.attempt })
      })
      await vi.waitFor(() => expect(attempts).not.toHaveLength(0), {
        timeout: 30_000,
        interval: 100,
      })
      expect(attempts).toEqual([{ to: 'jogadora@example.com', attempt: 2 }])
    } finally {
      await queue.stop()
      await second.close()
    }
  }, 60_000)
})
