import fs from 'node:fs'
import { Agent, type AgentOptions } from 'node:https'
import path from 'node:path'
import webpush from 'web-push'

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

export interface PushSendOptions {
  ttlSeconds: number
  urgency: 'very-low' | 'low' | 'normal' | 'high'
  /** Replaces an undelivered message with the same topic (≤ 32 base64url characters). */
  topic?: string | undefined
}

/** The push service says this subscription no longer exists (404/410): delete it. */
export class PushSubscriptionGone extends Error {}
/** Worth trying again later: throttled, push service down, network trouble. */
export class PushTemporaryFailure extends Error {}
/** Refused for good (bad payload, bad VAPID…): retrying will not help. */
export class PushRejected extends Error {}
/** The endpoint leads into a non-public network: never connected to, never worth keeping. */
export class PushEndpointBlocked extends PushRejected {}

export interface PushSender {
  readonly publicKey: string
  send(target: PushTarget, payload: string, opts: PushSendOptions): Promise<void>
}

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

/** VAPID keys from the environment, or generated once and kept under DATA_DIR (mode 600). */
export function loadOrCreateVapidKeys(dataDir: string, configured?: VapidKeys): VapidKeys {
  if (configured) return configured
  const file = path.join(dataDir, 'secrets', 'vapid.json')
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys
  const keys = webpush.generateVAPIDKeys()
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  // 'wx' so two processes starting at once cannot overwrite each other's keys.
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' })
    return keys
  } catch {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys
  }
}

/** RFC 8291 encryption and RFC 8292 VAPID through the `web-push` library. */
export function createWebPushSender(opts: {
  keys: VapidKeys
  subject: string
  /** Tests point this at a local push service with its own certificate authority. */
  agent?: Agent
  /** How the default agent resolves names: the SSRF guard refusing non-public addresses. */
  lookup?: AgentOptions['lookup']
  timeoutMs?: number
}): PushSender {
  const agent =
    opts.agent ?? new Agent({ keepAlive: true, ...(opts.lookup ? { lookup: opts.lookup } : {}) })
  return {
    publicKey: opts.keys.publicKey,
    async send(target, payload, sendOpts) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            TTL: sendOpts.ttlSeconds,
            urgency: sendOpts.urgency,
            ...(sendOpts.topic ? { topic: sendOpts.topic } : {}),
            vapidDetails: {
              subject: opts.subject,
              publicKey: opts.keys.publicKey,
              privateKey: opts.keys.privateKey,
            },
            timeout: opts.timeoutMs ?? 10_000,
            agent,
          },
        )
      } catch (err) {
        if (isBlocked(err)) {
          throw new PushEndpointBlocked('push endpoint resolves to a non-public address')
        }
        const status = (err as { statusCode?: number }).statusCode
        if (status === 404 || status === 410)
          throw new PushSubscriptionGone(`push service: ${status}`)
        if (status === undefined || status === 429 || status >= 500) {
          throw new PushTemporaryFailure(`push service: ${status ?? (err as Error).message}`)
        }
        throw new PushRejected(`push service refused: ${status}`)
      }
    },
  }
}

/** The guarded lookup's refusal, however the HTTP stack wrapped it. */
function isBlocked(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 4; depth++) {
    if ((e as Error).name === 'BlockedAddressError') return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
