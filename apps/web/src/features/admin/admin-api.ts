import {
  AdminAuditLog,
  AdminCoupon,
  AdminCouponRedemptions,
  AdminCoupons,
  AdminMailbox,
  AdminOpenSpotsResponse,
  AdminOutbox,
  AdminOverview,
  AdminPartner,
  AdminPartners,
  AdminPlan,
  AdminPlans,
  AdminPlayer,
  AdminPlayersPage,
  AdminWaitingVideos,
  AdminWaitlist,
  type AdminCouponCreateBody,
  type AdminPartnerCreateBody,
  type AdminPartnerUpdateBody,
  type AdminPlanUpdateBody,
} from '@areia/contracts/admin'
import type { Role } from '@areia/contracts/enums'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client'

const BASE = '/api/v1/admin'

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  videos: ['admin', 'videos'] as const,
  players: (q: string, page: number) => ['admin', 'players', q, page] as const,
  plans: ['admin', 'plans'] as const,
  coupons: ['admin', 'coupons'] as const,
  redemptions: (id: number) => ['admin', 'coupons', id, 'redemptions'] as const,
  waitlist: ['admin', 'waitlist'] as const,
  outbox: ['admin', 'outbox'] as const,
  mailbox: ['admin', 'mailbox'] as const,
  audit: ['admin', 'audit'] as const,
  partners: ['admin', 'partners'] as const,
}

export const PAGE_SIZE = 20

export const overviewQuery = () =>
  queryOptions({
    queryKey: adminKeys.overview,
    queryFn: () => apiRequest(`${BASE}/overview`, { schema: AdminOverview }),
  })

export const waitingVideosQuery = () =>
  queryOptions({
    queryKey: adminKeys.videos,
    queryFn: () => apiRequest(`${BASE}/videos/waiting`, { schema: AdminWaitingVideos }),
  })

export const playersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.players(q, page),
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) })
      if (q) params.set('q', q)
      return apiRequest(`${BASE}/players?${params.toString()}`, { schema: AdminPlayersPage })
    },
    // The table keeps its rows while the next page or search loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  })

export function changeRole(id: string, role: Role) {
  return apiRequest(`${BASE}/players/${encodeURIComponent(id)}/role`, {
    method: 'PUT',
    body: { json: { role } },
    schema: AdminPlayer,
  })
}

export const plansQuery = () =>
  queryOptions({
    queryKey: adminKeys.plans,
    queryFn: () => apiRequest(`${BASE}/plans`, { schema: AdminPlans }),
  })

export function updatePlan(id: number, body: AdminPlanUpdateBody) {
  return apiRequest(`${BASE}/plans/${id}`, {
    method: 'PATCH',
    body: { json: body },
    schema: AdminPlan,
  })
}

export const couponsQuery = () =>
  queryOptions({
    queryKey: adminKeys.coupons,
    queryFn: () => apiRequest(`${BASE}/coupons`, { schema: AdminCoupons }),
  })

export function createCoupon(body: AdminCouponCreateBody) {
  return apiRequest(`${BASE}/coupons`, {
    method: 'POST',
    body: { json: body },
    schema: AdminCoupon,
  })
}

export function expireCoupon(id: number) {
  return apiRequest(`${BASE}/coupons/${id}/expire`, { method: 'POST', schema: AdminCoupon })
}

export const redemptionsQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.redemptions(id),
    queryFn: () =>
      apiRequest(`${BASE}/coupons/${id}/redemptions`, { schema: AdminCouponRedemptions }),
  })

export const waitlistQuery = () =>
  queryOptions({
    queryKey: adminKeys.waitlist,
    queryFn: () => apiRequest(`${BASE}/waitlist`, { schema: AdminWaitlist }),
  })

export function openSpots(count: number) {
  return apiRequest(`${BASE}/waitlist/open-spots`, {
    method: 'POST',
    body: { json: { count } },
    schema: AdminOpenSpotsResponse,
  })
}

/** While an e-mail waits in the queue the console looks again: it usually goes within seconds. */
export const OUTBOX_POLL_MS = 3_000

export const outboxQuery = () =>
  queryOptions({
    queryKey: adminKeys.outbox,
    queryFn: () => apiRequest(`${BASE}/outbox`, { schema: AdminOutbox }),
    refetchInterval: (query) =>
      query.state.data?.some((m) => m.status === 'QUEUED') ? OUTBOX_POLL_MS : false,
  })

/**
 * The local mailbox receives what the outbox sends: keyed by when the outbox last saw a mail go
 * out, it is read again each time another one has gone, and not otherwise.
 */
export const mailboxQuery = (lastSentAt: string | null) =>
  queryOptions({
    queryKey: [...adminKeys.mailbox, lastSentAt] as const,
    queryFn: () => apiRequest(`${BASE}/mailbox`, { schema: AdminMailbox }),
    placeholderData: keepPreviousData,
  })

export const auditQuery = () =>
  queryOptions({
    queryKey: adminKeys.audit,
    queryFn: () => apiRequest(`${BASE}/audit`, { schema: AdminAuditLog }),
  })

export const partnersQuery = () =>
  queryOptions({
    queryKey: adminKeys.partners,
    queryFn: () => apiRequest(`${BASE}/partners`, { schema: AdminPartners }),
  })

/** Knowledge and category as the operator typed them: the server checks their shape. */
type Loose<T> = Omit<T, 'knowledge' | 'category'> & { knowledge?: unknown; category?: string }

export function createPartner(body: Loose<AdminPartnerCreateBody>) {
  return apiRequest(`${BASE}/partners`, {
    method: 'POST',
    body: { json: body },
    schema: AdminPartner,
  })
}

export function updatePartner(id: number, body: Loose<AdminPartnerUpdateBody>) {
  return apiRequest(`${BASE}/partners/${id}`, {
    method: 'PATCH',
    body: { json: body },
    schema: AdminPartner,
  })
}
