import { ConversationMembersResponse } from '@areia/contracts/agents'
import { CheckForReportResponse } from '@areia/contracts/analysis'
import { ChatHistoryResponse } from '@areia/contracts/chat'
import { apiRequest } from '../../lib/api-client'

/** The latest page of the player's conversation, oldest first. */
export function fetchChatHistory(signal?: AbortSignal) {
  return apiRequest('/api/v1/chat/history?limit=200', { schema: ChatHistoryResponse, signal })
}

/** Who can be mentioned: the coaches, the partners added from the Agent Store and `equipe`. */
export function fetchConversationMembers(signal?: AbortSignal) {
  return apiRequest('/api/v1/agents/conversation', {
    schema: ConversationMembersResponse,
    signal,
  })
}

/**
 * SPEC §7: the newest published analysis report not yet handed out by this call (`{content,
 * created_at}`), or `{}`; the server marks it seen.
 */
export function checkForReport(signal?: AbortSignal) {
  return apiRequest('/api/v1/chat/check-for-report', {
    method: 'POST',
    schema: CheckForReportResponse,
    signal,
  })
}
