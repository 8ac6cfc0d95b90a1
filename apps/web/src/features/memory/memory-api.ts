import {
  MemoryFact,
  MemoryResponse,
  type MemoryFactKind,
  type MemoryProfileBody,
} from '@areia/contracts/agents'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client'

export const memoryKeys = { all: ['memory'] as const }

export const memoryQuery = () =>
  queryOptions({
    queryKey: memoryKeys.all,
    queryFn: ({ signal }) => apiRequest('/api/v1/memory', { schema: MemoryResponse, signal }),
  })

export function saveProfile(body: MemoryProfileBody) {
  return apiRequest('/api/v1/memory/profile', {
    method: 'PATCH',
    body: { json: body },
    schema: MemoryResponse,
  })
}

export function addFact(text: string, kind: MemoryFactKind) {
  return apiRequest('/api/v1/memory/facts', {
    method: 'POST',
    body: { json: { text, kind } },
    schema: MemoryFact,
  })
}

export function editFact(id: number, text: string) {
  return apiRequest(`/api/v1/memory/facts/${id}`, {
    method: 'PATCH',
    body: { json: { text } },
    schema: MemoryFact,
  })
}

export function deleteFact(id: number) {
  return apiRequest(`/api/v1/memory/facts/${id}`, { method: 'DELETE' })
}

export function clearConversation() {
  return apiRequest('/api/v1/memory/conversation', { method: 'DELETE' })
}
