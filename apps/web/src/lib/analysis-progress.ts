import { AnalysisStage } from '@areia/contracts/analysis'
import type { ServerFrame } from '@areia/contracts/chat'
import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { videoKeys } from './videos-api'

/**
 * How far each video's analysis is, from the SYSTEM `analysis_progress` frames of whichever
 * socket is open (the chat's, or Meus Vídeos' own). In lib because both features feed it.
 */
export type AnalysisProgressEntry = { stage: AnalysisStage; percent: number }

let progress: ReadonlyMap<number, AnalysisProgressEntry> = new Map()
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Applies one socket frame: progress is kept for Meus Vídeos; a new stage or `analysis_ready`
 * refreshes the video list (and the report, once published).
 */
export function applyAnalysisFrame(frame: ServerFrame, queryClient: QueryClient): void {
  if (frame.type !== 'SYSTEM' || frame.video_id === undefined) return
  const videoId = frame.video_id
  if (frame.event === 'analysis_ready') {
    void queryClient.invalidateQueries({ queryKey: videoKeys.mine })
    void queryClient.invalidateQueries({ queryKey: ['videos', videoId, 'report'] })
    return
  }
  if (frame.event !== 'analysis_progress') return
  const stage = AnalysisStage.safeParse(frame.stage)
  if (!stage.success) return
  const percent = Math.max(0, Math.min(100, Math.round(frame.percent ?? 0)))
  const before = progress.get(videoId)
  const next = new Map(progress)
  next.set(videoId, { stage: stage.data, percent })
  progress = next
  for (const listener of listeners) listener()
  // A new stage may come with a new video status (QUEUED → ANALYZING → IN_REVIEW): a few
  // refreshes per analysis, never one per percent.
  if (before?.stage !== stage.data) void queryClient.invalidateQueries({ queryKey: videoKeys.mine })
}

export function useAnalysisProgress(): ReadonlyMap<number, AnalysisProgressEntry> {
  return useSyncExternalStore(subscribe, () => progress)
}

export const analysisProgressForTests = {
  reset() {
    progress = new Map()
    for (const listener of listeners) listener()
  },
}
