import {
  AwaitingIdentificationList,
  IdentificationFrame,
  type FrameBox,
  FromLinkResponse,
  IdentifyResponse,
  UploadUrlResponse,
  VideoList,
  type LinkSource,
} from '@areia/contracts/videos'
import { apiRequest } from './api-client'

/**
 * The video API calls. They live in lib because three places use them: the upload modal and
 * "Meus Vídeos" (videos feature) and the chat's action chips (chat feature).
 */
export const videoKeys = { mine: ['videos', 'me'] as const }

export function fetchMyVideos(signal?: AbortSignal) {
  return apiRequest('/api/v1/videos/me', { schema: VideoList, signal })
}

export function fetchAwaitingIdentification(signal?: AbortSignal) {
  return apiRequest('/api/v1/videos/awaiting-identification', {
    schema: AwaitingIdentificationList,
    signal,
  })
}

export function createUploadUrl(contentType: string) {
  return apiRequest('/api/v1/videos/upload-url', {
    method: 'POST',
    body: { json: { content_type: contentType } },
    schema: UploadUrlResponse,
  })
}

export function sendVideoLink(url: string, source: LinkSource) {
  return apiRequest('/api/v1/videos/from-link', {
    method: 'POST',
    body: { json: { url, source } },
    schema: FromLinkResponse,
  })
}

export function deleteVideo(id: number) {
  return apiRequest(`/api/v1/videos/${id}`, { method: 'DELETE' })
}

/**
 * A chip sends its label (order of the first touch); a tap on the picture sends the person's
 * number there and the box tapped.
 */
export function identifyPlayer(id: number, playerIdentifier: string, pickedBox?: FrameBox) {
  return apiRequest(`/api/v1/videos/${id}/identify`, {
    method: 'PATCH',
    body: {
      json: {
        player_identifier: playerIdentifier,
        ...(pickedBox ? { picked_box: pickedBox } : {}),
      },
    },
    schema: IdentifyResponse,
  })
}

/** The picture with the players numbered (made in the background after the upload). */
export function fetchIdentification(id: number, signal?: AbortSignal) {
  return apiRequest(`/api/v1/videos/${id}/identification`, {
    schema: IdentificationFrame,
    signal,
  })
}
