import { AgentsResponse, AgentTryResponse, type PartnerCategory } from '@areia/contracts/agents'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client'

export const agentsKeys = {
  all: ['agents'] as const,
  list: (q: string, category: PartnerCategory | null) => ['agents', 'list', q, category] as const,
}

/** The catalogue with the player's allowance; the server searches and filters. */
export const agentsQuery = (q: string, category: PartnerCategory | null) =>
  queryOptions({
    queryKey: agentsKeys.list(q, category),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams()
      if (q.trim()) params.set('q', q.trim())
      if (category) params.set('category', category)
      const query = params.toString()
      return apiRequest(`/api/v1/agents${query ? `?${query}` : ''}`, {
        schema: AgentsResponse,
        signal,
      })
    },
    placeholderData: (previous) => previous,
  })

export function addAgent(slug: string) {
  return apiRequest('/api/v1/agents/conversation', {
    method: 'POST',
    body: { json: { slug } },
    schema: AgentsResponse,
  })
}

export function removeAgent(slug: string) {
  return apiRequest(`/api/v1/agents/conversation/${encodeURIComponent(slug)}`, {
    method: 'DELETE',
    schema: AgentsResponse,
  })
}

export function tryAgent(slug: string, text: string) {
  return apiRequest(`/api/v1/agents/${encodeURIComponent(slug)}/try`, {
    method: 'POST',
    body: { json: { text } },
    schema: AgentTryResponse,
  })
}
