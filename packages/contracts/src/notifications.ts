import { z } from 'zod'

const base64url = (bytes: number, label: string) =>
  z
    .string({ error: `${label} ausente.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `${label} inválida.` })
    // Decoded length from the text alone: this module also runs in the browser, without Buffer.
    .refine((v) => Math.floor((v.replace(/=+$/, '').length * 6) / 8) === bytes, {
      error: `${label} inválida.`,
    })

/** `PushSubscription.toJSON()` as the browser serialises it. */
export const PushSubscriptionInfo = z.object({
  endpoint: z
    .url({ error: 'Endpoint de notificação inválido.' })
    .max(2048)
    .refine((u) => u.startsWith('https://'), {
      error: 'O endpoint de notificação precisa ser HTTPS.',
    }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65, 'Chave p256dh'), auth: base64url(16, 'Chave auth') }),
})
export type PushSubscriptionInfo = z.infer<typeof PushSubscriptionInfo>

export const PushSubscribeBody = z.object({ subscription_info: PushSubscriptionInfo })
export type PushSubscribeBody = z.infer<typeof PushSubscribeBody>

/**
 * The service worker's `pushsubscriptionchange`: it has no access token, so it proves it held the
 * old subscription with that subscription's `auth` secret (known only to the browser and us).
 */
export const PushResubscribeBody = z.object({
  old_endpoint: z.string().min(1).max(2048),
  old_auth: base64url(16, 'Chave auth'),
  subscription_info: PushSubscriptionInfo,
})
export type PushResubscribeBody = z.infer<typeof PushResubscribeBody>

export const PushUnsubscribeBody = z.object({ endpoint: z.string().min(1).max(2048) })
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>

export const PushPublicKeyResponse = z.object({ public_key: z.string() })

/** What the service worker receives and shows. */
export const PushPayload = z.object({
  title: z.string().min(1).max(120),
  body: z.string().max(400),
  /** Route to open on click: /chat, /videos, /meu-plano… */
  url: z.string().startsWith('/').max(300),
  /** Notifications with one tag replace each other (one per conversation, not per message). */
  tag: z.string().max(64),
})
export type PushPayload = z.infer<typeof PushPayload>
