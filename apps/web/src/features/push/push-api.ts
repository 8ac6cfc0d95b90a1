import { MessageBody } from '@areia/contracts/errors'
import { PushPublicKeyResponse, type PushSubscriptionInfo } from '@areia/contracts/notifications'
import { apiRequest } from '../../lib/api-client'

export async function fetchPublicKey(): Promise<string> {
  const { public_key } = await apiRequest('/api/v1/notifications/public-key', {
    auth: false,
    schema: PushPublicKeyResponse,
  })
  return public_key
}

export function saveSubscription(subscription: PushSubscriptionInfo) {
  return apiRequest('/api/v1/notifications/subscribe', {
    method: 'POST',
    body: { json: { subscription_info: subscription } },
    schema: MessageBody,
  })
}

export function deleteSubscription(endpoint: string) {
  return apiRequest('/api/v1/notifications/unsubscribe', {
    method: 'POST',
    body: { json: { endpoint } },
    schema: MessageBody,
  })
}
