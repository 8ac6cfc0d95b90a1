import type { AnalystQueue } from '@areia/contracts/analysis'
import type { ServerFrame } from '@areia/contracts/chat'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { analystKeys } from './analyst-api'
import { queueItem } from './analyst-fixtures'
import { applyAnalystFrame } from './use-analysis-live'

const progress = (videoId: number, stage: string, percent: number): ServerFrame => ({
  type: 'SYSTEM',
  event: 'analysis_progress',
  timestamp: '2026-11-23T15:00:00.000Z',
  video_id: videoId,
  stage,
  percent,
})

function setup() {
  const client = new QueryClient()
  client.setQueryData<AnalystQueue>(analystKeys.queue, [
    queueItem({ video_id: 7, status: 'ANALYZING', stage: 'PLAYERS', percent: 20 }),
    queueItem({ video_id: 8 }),
  ])
  const invalidate = vi.spyOn(client, 'invalidateQueries')
  return { client, invalidate, queue: () => client.getQueryData<AnalystQueue>(analystKeys.queue)! }
}

describe("the analysts' live feed", () => {
  it('moves a bar in place within a stage, without asking the server again', () => {
    const { client, invalidate, queue } = setup()
    applyAnalystFrame(client, progress(7, 'PLAYERS', 45.6))
    expect(queue()[0]).toMatchObject({ stage: 'PLAYERS', percent: 46 })
    expect(queue()[1]).toMatchObject({ video_id: 8, stage: 'REVIEW', percent: 100 })
    expect(invalidate).not.toHaveBeenCalled()
  })

  it('refreshes on a new stage and on a video the queue does not list yet', () => {
    const { client, invalidate, queue } = setup()
    applyAnalystFrame(client, progress(7, 'REVIEW', 100))
    expect(queue()[0]).toMatchObject({ stage: 'REVIEW', percent: 100 })
    expect(invalidate).toHaveBeenCalledTimes(1)
    applyAnalystFrame(client, progress(99, 'QUEUED', 0))
    expect(invalidate).toHaveBeenCalledTimes(2)
  })

  it('ignores other frames and unknown stages', () => {
    const { client, invalidate, queue } = setup()
    applyAnalystFrame(client, { type: 'pong' })
    applyAnalystFrame(client, progress(7, 'DANCING', 50))
    expect(queue()[0]).toMatchObject({ stage: 'PLAYERS', percent: 20 })
    expect(invalidate).not.toHaveBeenCalled()
  })
})
