import { ChatHistoryResponse } from '@areia/contracts'
import { apiRequest } from '../../lib/api-client'

/** The latest page of the player's conversation, oldest first. */
export function fetchChatHistory(signal?: AbortSignal) {
  return apiRequest('/api/v1/chat/history?limit=200', { schema: ChatHistoryResponse, signal })
}
