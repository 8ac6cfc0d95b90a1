import {
  ProgressPreferences,
  ProgressResponse,
  type ProgressFigureKey,
} from '@areia/contracts/progress'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client'

export const progressKeys = {
  mine: ['progress'] as const,
}

/** The player's figures across their analysed matches, oldest first. */
export function fetchProgress(signal?: AbortSignal) {
  return apiRequest('/api/v1/progress', { schema: ProgressResponse, signal })
}

export const progressQueryOptions = () =>
  queryOptions({
    queryKey: progressKeys.mine,
    queryFn: ({ signal }) => fetchProgress(signal),
    retry: 1,
    // A report published while the page is open shows on the next visit, not mid-reading.
    staleTime: 60_000,
  })

/** The one or two figures the player follows their goal with; answers the whole progress. */
export function chooseGoalFigures(figures: ProgressFigureKey[]) {
  return apiRequest('/api/v1/progress/goal', {
    method: 'PUT',
    body: { json: { figures } },
    schema: ProgressResponse,
  })
}

export const preferencesKeys = {
  mine: ['progress', 'preferences'] as const,
}

/** Which unprompted messages of the coaches the player wants. */
export function fetchPreferences(signal?: AbortSignal) {
  return apiRequest('/api/v1/progress/preferences', { schema: ProgressPreferences, signal })
}

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferencesKeys.mine,
    queryFn: ({ signal }) => fetchPreferences(signal),
    retry: 1,
  })

/** One switch changed; answers every switch as it now stands. */
export function setPreference(change: Partial<ProgressPreferences>) {
  return apiRequest('/api/v1/progress/preferences', {
    method: 'PATCH',
    body: { json: change },
    schema: ProgressPreferences,
  })
}
