import type { Video, VideoStatus } from '@areia/contracts/videos'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { applyAnalysisFrame } from '../../lib/analysis-progress'
import { useChatSocket } from '../../lib/use-chat-socket'

/** Statuses whose analysis moves on its own, which Meus Vídeos follows live. */
const FOLLOWED: readonly VideoStatus[] = ['QUEUED', 'ANALYZING', 'IN_REVIEW']

/**
 * While some video is being analysed, Meus Vídeos listens to the player's socket for live
 * events only (no replay of messages): `analysis_progress` moves the row's bar, a new stage or
 * `analysis_ready` refreshes the list. The 15 s poll stays as the fallback.
 */
export function useAnalysisFollow(videos: readonly Video[] | undefined): void {
  const queryClient = useQueryClient()
  const active = videos?.some((v) => FOLLOWED.includes(v.status)) ?? false
  const onFrame = useCallback(
    (frame: Parameters<typeof applyAnalysisFrame>[0]) => applyAnalysisFrame(frame, queryClient),
    [queryClient],
  )
  useChatSocket({ ready: active, startAfter: 0, onFrame, catchUp: false })
}
