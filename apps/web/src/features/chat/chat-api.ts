import { ConversationMembersResponse } from '@areia/contracts/agents'
import { CheckForReportResponse } from '@areia/contracts/analysis'
import { ChatHistoryResponse } from '@areia/contracts/chat'
import { apiRequest } from '../../lib/api-client'
import { startEarly, takeEarly } from '../../lib/early-requests'

/** The latest page of the player's conversation, oldest first. */
export function fetchChatHistory(signal?: AbortSignal) {
  return apiRequest('/api/v1/chat/history?limit=200', { schema: ChatHistoryResponse, signal })
}

/** Starts loading the history while the chat's code downloads (a route's `prefetch`). */
export function prefetchChatHistory() {
  startEarly('chat-history', () => fetchChatHistory())
}

/** The history prefetched at boot, the first time; then a fresh request. */
export function loadChatHistory(signal: AbortSignal) {
  return takeEarly('chat-history', () => fetchChatHistory(signal))
}

/** Who can be mentioned: the coaches, the partners added from the Agent Store and `equipe`. */
export function fetchConversationMembers(signal?: AbortSignal) {
  return apiRequest('/api/v1/agents/conversation', {
    schema: ConversationMembersResponse,
    signal,
  })
}

/**
 * The newest published analysis report not yet handed out by this call (`{content,
 * created_at}`), or `{}`; the server marks it seen.
 */
export function checkForReport(signal?: AbortSignal) {
  return apiRequest('/api/v1/chat/check-for-report', {
    method: 'POST',
    schema: CheckForReportResponse,
    signal,
  })
}
