import {
  CouponValidateResponse,
  OrderResponse,
  PlansResponse,
  PublicKeyResponse,
  ReceiptsResponse,
  SubscriptionResponse,
  TokenizeCardResponse,
  UpgradeQuote,
  type ChangeCardBody,
  type OrderCreateBody,
  type PlanChangeBody,
  type TokenizeCardBody,
  type WaitlistJoinBody,
} from '@areia/contracts/billing'
import type { BillingCycle } from '@areia/contracts/enums'
import { MessageBody } from '@areia/contracts/errors'
import { LegalInfo } from '@areia/contracts/legal'
import { UserStatusResponse, type ProfileUpdateBody } from '@areia/contracts/users'
import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiBlob, apiRequest } from '../../lib/api-client'

/** A write whose answer is parsed by `schema`; `json` is the body, when the path alone is not enough. */
function write<S extends z.ZodType>(
  method: 'POST' | 'PUT',
  path: string,
  schema: S,
  json?: unknown,
) {
  return apiRequest(path, {
    method,
    ...(json === undefined ? {} : { body: { json } }),
    schema,
  })
}

export const billingKeys = {
  plans: ['billing', 'plans'] as const,
  subscription: ['billing', 'subscription'] as const,
  contact: ['billing', 'contact'] as const,
  receipts: ['billing', 'receipts'] as const,
}

export const plansQuery = () =>
  queryOptions({
    queryKey: billingKeys.plans,
    queryFn: () => apiRequest('/api/v1/subscriptions/plans', { schema: PlansResponse }),
    staleTime: 5 * 60_000,
  })

export function fetchSubscription() {
  return apiRequest('/api/v1/subscriptions/me', { schema: SubscriptionResponse })
}

export const subscriptionQuery = () =>
  queryOptions({ queryKey: billingKeys.subscription, queryFn: fetchSubscription })

/** Where the waiting-list e-mail will come from; null when the operator set none. */
export const contactQuery = () =>
  queryOptions({
    queryKey: billingKeys.contact,
    queryFn: async () =>
      (await apiRequest('/api/v1/public/legal', { auth: false, schema: LegalInfo })).contact_email,
    staleTime: Infinity,
  })

export function validateCoupon(code: string) {
  return write('POST', '/api/v1/subscriptions/coupons/validate', CouponValidateResponse, {
    coupon_code: code,
  })
}

export function joinWaitlist(body: WaitlistJoinBody) {
  return write('POST', '/api/v1/waitlist/join', MessageBody, body)
}

/** One key per checkout attempt: a double click or a retried request gets the same order. */
export function createOrder(body: OrderCreateBody, idempotencyKey: string) {
  return apiRequest('/api/v1/payments/orders', {
    method: 'POST',
    body: { json: body },
    headers: { 'X-Idempotency-Key': idempotencyKey },
    schema: OrderResponse,
  })
}

/** Embedded mode only: the simulator's "pay this PIX" control (our bearer token is not sent). */
export function simulatePixPayment(url: string) {
  return apiRequest(url, { method: 'POST', auth: false })
}

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ['billing', 'order', id] as const,
    queryFn: () =>
      apiRequest(`/api/v1/payments/orders/${encodeURIComponent(id)}`, { schema: OrderResponse }),
  })

export function cancelSubscription() {
  return write('POST', '/api/v1/subscriptions/me/cancel', MessageBody)
}

export function withdrawSubscription() {
  return write('POST', '/api/v1/subscriptions/me/withdraw', SubscriptionResponse)
}

export function fetchPublicKey() {
  return apiRequest('/api/v1/payments/public-key', { schema: PublicKeyResponse })
}

export function tokenizeCard(body: TokenizeCardBody) {
  return write('POST', '/api/v1/payments/tokenize-card', TokenizeCardResponse, body)
}

export function saveBillingProfile(body: ProfileUpdateBody) {
  return write('PUT', '/api/v1/profile/me', UserStatusResponse, body)
}

/** What moving up to `planId` costs now (the unused part of the current period credited). */
export const upgradeQuoteQuery = (planId: number, cycle: BillingCycle) =>
  queryOptions({
    queryKey: ['billing', 'upgrade', planId, cycle] as const,
    queryFn: () =>
      apiRequest(`/api/v1/subscriptions/me/upgrade?plan_id=${planId}&billing_cycle=${cycle}`, {
        schema: UpgradeQuote,
      }),
  })

/** A smaller plan (or the current one, to drop a change) from the next renewal. */
export function scheduleChange(body: PlanChangeBody) {
  return write('POST', '/api/v1/subscriptions/me/change', SubscriptionResponse, body)
}

export function reactivateSubscription() {
  return write('POST', '/api/v1/subscriptions/me/reactivate', SubscriptionResponse)
}

export function changeCard(body: ChangeCardBody) {
  return write('PUT', '/api/v1/subscriptions/me/card', SubscriptionResponse, body)
}

export const receiptsQuery = () =>
  queryOptions({
    queryKey: billingKeys.receipts,
    queryFn: () => apiRequest('/api/v1/payments/receipts', { schema: ReceiptsResponse }),
  })

/** A receipt's document (it needs the session, so it is fetched and then saved). */
export function downloadReceipt(url: string) {
  return apiBlob(url)
}
