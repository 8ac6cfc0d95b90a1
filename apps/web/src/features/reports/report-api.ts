import { VideoReport } from '@areia/contracts/analysis'
import { apiRequest } from '../../lib/api-client'

export const reportKeys = { video: (id: number) => ['videos', id, 'report'] as const }

/** The published report of one of the player's videos (404 until the analyst publishes it). */
export function fetchVideoReport(id: number, signal?: AbortSignal) {
  return apiRequest(`/api/v1/videos/${id}/report`, { schema: VideoReport, signal })
}
