import { AnalysisStage, type AnalystQueue, type AnalystVideo } from '@areia/contracts/analysis'
import type { ServerFrame } from '@areia/contracts/chat'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useChatSocket } from '../../lib/use-chat-socket'
import { analystKeys } from './analyst-api'

/**
 * The console follows every video's analysis live: the server pushes each progress frame to the
 * analysts' feed, which moves the bars in place; a new stage (or a video the queue does not
 * list yet) refreshes the data, since status, problem and figures come with it.
 */
export function useAnalysisLive(): void {
  const queryClient = useQueryClient()
  const onFrame = useCallback(
    (frame: ServerFrame) => applyAnalystFrame(queryClient, frame),
    [queryClient],
  )
  useChatSocket({ ready: true, startAfter: 0, onFrame, catchUp: false, watch: 'analysis' })
}

/** One frame of the analysts' feed applied to the console's cached data. */
export function applyAnalystFrame(queryClient: QueryClient, frame: ServerFrame): void {
  if (frame.type !== 'SYSTEM' || frame.event !== 'analysis_progress') return
  const id = frame.video_id
  const stage = AnalysisStage.safeParse(frame.stage)
  if (id === undefined || !stage.success) return
  const percent = Math.max(0, Math.min(100, Math.round(frame.percent ?? 0)))
  let refresh = false
  queryClient.setQueryData<AnalystQueue>(analystKeys.queue, (queue) => {
    if (!queue) return queue
    if (!queue.some((item) => item.video_id === id)) refresh = true
    return queue.map((item) => {
      if (item.video_id !== id) return item
      if (item.stage !== stage.data) refresh = true
      return { ...item, stage: stage.data, percent }
    })
  })
  queryClient.setQueryData<AnalystVideo>(analystKeys.video(id), (video) => {
    if (!video) return video
    if (video.stage !== stage.data) refresh = true
    return { ...video, stage: stage.data, percent }
  })
  if (refresh) void queryClient.invalidateQueries({ queryKey: analystKeys.all })
}
