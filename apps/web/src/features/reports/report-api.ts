import { VideoReport } from '@areia/contracts/analysis'
import { ReportShareResponse, ReportShareStatus, SharedReport } from '@areia/contracts/report-share'
import { apiBlob, apiRequest } from '../../lib/api-client'

export const reportKeys = {
  video: (id: number) => ['videos', id, 'report'] as const,
  share: (id: number) => ['videos', id, 'report', 'share'] as const,
  card: (id: number, format: string) => ['videos', id, 'report', 'card', format] as const,
  shared: (token: string) => ['shared-reports', token] as const,
}

/** The published report of one of the player's videos (404 until the analyst publishes it). */
export function fetchVideoReport(id: number, signal?: AbortSignal) {
  return apiRequest(`/api/v1/videos/${id}/report`, { schema: VideoReport, signal })
}

/** The report's live share link, if any. */
export function fetchReportShare(id: number, signal?: AbortSignal) {
  return apiRequest(`/api/v1/videos/${id}/report/share`, { schema: ReportShareStatus, signal })
}

/** The match as an image to post (PNG), in a story's or a square's size. */
export function fetchReportCard(id: number, format: 'story' | 'square', signal?: AbortSignal) {
  return apiBlob(`/api/v1/videos/${id}/report/card.png?format=${format}`, signal)
}

/** Makes a new link (any earlier one stops working); the partner's numbers only if chosen. */
export function createReportShare(id: number, includePartner: boolean) {
  return apiRequest(`/api/v1/videos/${id}/report/share`, {
    method: 'POST',
    body: { json: { include_partner: includePartner } },
    schema: ReportShareResponse,
  })
}

export function revokeReportShare(id: number) {
  return apiRequest(`/api/v1/videos/${id}/report/share`, { method: 'DELETE' })
}

/** A report opened through its link: no account, no token. */
export function fetchSharedReport(token: string, signal?: AbortSignal) {
  return apiRequest(`/api/v1/shared-reports/${encodeURIComponent(token)}`, {
    schema: SharedReport,
    signal,
    auth: false,
  })
}
