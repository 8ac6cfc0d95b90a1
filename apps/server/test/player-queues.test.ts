import { describe, expect, it } from 'vitest'
import { PlayerQueues, settled } from '../src/modules/coaching/player-queues'

const tick = () => new Promise((r) => setTimeout(r, 5))

describe('per-player queues', () => {
  it("runs one player's tasks in order, past a failure, and other players' beside them", async () => {
    const queues = new PlayerQueues()
    const log: string[] = []
    const a1 = queues.run('a', async () => {
      await tick()
      log.push('a1')
      throw new Error('falhou')
    })
    const a2 = queues.run('a', async () => {
      log.push('a2')
      return 2
    })
    const b1 = queues.run('b', async () => {
      log.push('b1')
    })
    await expect(a1).rejects.toThrow('falhou')
    expect(await a2).toBe(2)
    await b1
    expect(log).toEqual(['b1', 'a1', 'a2'])
    expect(queues.pending()).toEqual([])
  })

  it('settles only after work queued while it waited, for one player or for all', async () => {
    const ingest = new PlayerQueues()
    const work = new PlayerQueues()
    const done: string[] = []
    void ingest.run('a', async () => {
      await tick()
      // Work that queues more work on another queue, as a stored message queues its reply.
      void work.run('a', async () => {
        await tick()
        done.push('reply a')
      })
    })
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    void work.run('b', async () => {
      await gate
      done.push('reply b')
    })
    await settled([ingest, work], 'a')
    expect(done).toEqual(['reply a'])
    release()
    await settled([ingest, work])
    expect(done).toEqual(['reply a', 'reply b'])
  })
})
