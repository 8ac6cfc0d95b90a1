import {
  AnalystQueue,
  AnalystVideo,
  type AnalystSwapBody,
  type CourtCorners,
} from '@areia/contracts/analysis'
import { AnalystTagsResponse, type AnalystTagsBody } from '@areia/contracts/match'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client'
import { isRunning, POLL_MS } from './analyst-rules'

const BASE = '/api/v1/analyst'

export const analystKeys = {
  all: ['analyst'] as const,
  queue: ['analyst', 'queue'] as const,
  video: (id: number) => ['analyst', 'video', id] as const,
  tags: (id: number) => ['analyst', 'tags', id] as const,
}

/** The queue polls while the pipeline works on any item, so stage and percent move on screen. */
export const queueQuery = () =>
  queryOptions({
    queryKey: analystKeys.queue,
    queryFn: () => apiRequest(`${BASE}/queue`, { schema: AnalystQueue }),
    refetchInterval: (query) =>
      query.state.data?.some((item) => isRunning(item.stage)) ? POLL_MS : false,
  })

export const videoQuery = (id: number) =>
  queryOptions({
    queryKey: analystKeys.video(id),
    queryFn: () => apiRequest(`${BASE}/videos/${id}`, { schema: AnalystVideo }),
    refetchInterval: (query) =>
      query.state.data && isRunning(query.state.data.stage) ? POLL_MS : false,
  })

export function saveCorners(id: number, corners: CourtCorners) {
  return apiRequest(`${BASE}/videos/${id}/corners`, { method: 'PUT', body: { json: { corners } } })
}

export function rerun(id: number) {
  return apiRequest(`${BASE}/videos/${id}/rerun`, { method: 'POST' })
}

export function swapPlayers(id: number, body: AnalystSwapBody) {
  return apiRequest(`${BASE}/videos/${id}/swap`, {
    method: 'POST',
    body: { json: body },
    schema: AnalystVideo,
  })
}

export function confirmPlayer(id: number, trackId: number) {
  return apiRequest(`${BASE}/videos/${id}/player`, {
    method: 'PUT',
    body: { json: { track_id: trackId } },
    schema: AnalystVideo,
  })
}

export function saveReport(id: number, markdown: string) {
  return apiRequest(`${BASE}/videos/${id}/report`, { method: 'PUT', body: { json: { markdown } } })
}

export function publish(id: number) {
  return apiRequest(`${BASE}/videos/${id}/publish`, { method: 'POST' })
}

export function reject(id: number, reason: string) {
  return apiRequest(`${BASE}/videos/${id}/reject`, { method: 'POST', body: { json: { reason } } })
}

/** The point-by-point tags; read once when the console opens (the console then owns them). */
export const tagsQuery = (id: number) =>
  queryOptions({
    queryKey: analystKeys.tags(id),
    queryFn: () => apiRequest(`${BASE}/videos/${id}/tags`, { schema: AnalystTagsResponse }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })

export function saveTags(id: number, body: AnalystTagsBody) {
  return apiRequest(`${BASE}/videos/${id}/tags`, {
    method: 'PUT',
    body: { json: body },
    schema: AnalystTagsResponse,
  })
}
