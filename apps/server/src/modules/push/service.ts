import { createHash, timingSafeEqual } from 'node:crypto'
import type { JobPayload, PushPayload, PushSubscriptionInfo } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import {
  PushEndpointBlocked,
  type PushSender,
  PushSubscriptionGone,
  PushTemporaryFailure,
} from '../../adapters/push'
import type { JobQueue } from '../../adapters/queue'
import { notFound } from '../../errors'
import type { PushEndpoints } from './endpoints'
import type { PushStore } from './store'

/** A notification nobody saw within a day is stale (a coach reply, a report ready…). */
const TTL_SECONDS = 24 * 60 * 60

export interface NotifyOptions {
  /**
   * For what the player must not miss (analysis ready, payment events): with no browser
   * subscribed, the same message goes by e-mail instead.
   */
  emailFallback?: boolean
}

/** Who the e-mail fallback writes to, and where its link points. */
export interface PushMailDeps {
  findUser(userId: string): Promise<{ email: string; name: string | null } | undefined>
  /** Origin of the web app (https://areia.app.br), for the link in the e-mail. */
  appOrigin(): string
}

/** RFC 8030 topics are at most 32 base64url characters; a tag of any length maps to one. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32)

export interface PushServiceDeps {
  db: Db
  store: PushStore
  sender: PushSender
  queue: JobQueue
  clock: Clock
  log: { warn(obj: object, msg: string): void }
  mail: PushMailDeps
  endpoints: PushEndpoints
}

export class PushService {
  private readonly db: Db
  private readonly store: PushStore
  private readonly sender: PushSender
  private readonly queue: JobQueue
  private readonly clock: Clock
  private readonly log: { warn(obj: object, msg: string): void }
  private readonly mail: PushMailDeps
  private readonly endpoints: PushEndpoints

  constructor(deps: PushServiceDeps) {
    ;({
      db: this.db,
      store: this.store,
      sender: this.sender,
      queue: this.queue,
      clock: this.clock,
      log: this.log,
      mail: this.mail,
      endpoints: this.endpoints,
    } = deps)
  }

  get publicKey(): string {
    return this.sender.publicKey
  }

  async subscribe(
    userId: string,
    info: PushSubscriptionInfo,
    userAgent: string | null,
  ): Promise<void> {
    await this.endpoints.check(info.endpoint)
    await this.store.upsert(this.db, {
      userId,
      endpoint: info.endpoint,
      p256dh: info.keys.p256dh,
      auth: info.keys.auth,
      userAgent: userAgent?.slice(0, 400) ?? null,
    })
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    if (!(await this.store.deleteForUser(this.db, userId, endpoint))) {
      throw notFound('Inscrição de notificações não encontrada.')
    }
  }

  /**
   * `pushsubscriptionchange` in the service worker: the browser replaced a subscription. The
   * worker proves it held the old one with its `auth` secret; the row moves to the new endpoint.
   */
  async resubscribe(
    oldEndpoint: string,
    oldAuth: string,
    info: PushSubscriptionInfo,
    userAgent: string | null,
  ): Promise<void> {
    const old = await this.store.findByEndpoint(this.db, oldEndpoint)
    const given = Buffer.from(oldAuth, 'base64url')
    const known = old ? Buffer.from(old.auth, 'base64url') : Buffer.alloc(given.length)
    const proven =
      old !== undefined && known.length === given.length && timingSafeEqual(known, given)
    if (!old || !proven) throw notFound('Inscrição de notificações não encontrada.')
    await this.endpoints.check(info.endpoint)
    await this.db.transaction(async (tx) => {
      await this.store.deleteById(tx, old.id)
      await this.store.upsert(tx, {
        userId: old.userId,
        endpoint: info.endpoint,
        p256dh: info.keys.p256dh,
        auth: info.keys.auth,
        userAgent: userAgent?.slice(0, 400) ?? old.userAgent,
      })
    })
  }

  /**
   * Queues one delivery per browser of the player and returns how many. 0 means push cannot
   * reach the player; with `emailFallback` the message is then queued as an e-mail.
   */
  async notify(userId: string, payload: PushPayload, opts: NotifyOptions = {}): Promise<number> {
    const subs = await this.store.listForUser(this.db, userId)
    for (const sub of subs) {
      await this.queue.send('push.send', { subscription_id: sub.id, payload })
    }
    if (subs.length === 0 && opts.emailFallback) await this.email(userId, payload)
    return subs.length
  }

  private async email(userId: string, payload: PushPayload): Promise<void> {
    const user = await this.mail.findUser(userId)
    if (!user) return
    const link = new URL(payload.url, this.mail.appOrigin()).href
    await this.queue.send('mail.send', {
      to: user.email,
      subject: payload.title,
      text: [
        `Olá${user.name ? `, ${user.name}` : ''}!`,
        '',
        payload.body,
        '',
        `Abra o Areia: ${link}`,
        '',
        'Você recebeu este e-mail porque as notificações do Areia não estão ativadas em nenhum',
        'aparelho seu. Ative-as no menu do app para receber os avisos na hora.',
        '',
        'Equipe Areia',
      ].join('\n'),
    })
  }

  /** The `push.send` job. Throws only for failures worth retrying. */
  async deliver(job: JobPayload<'push.send'>): Promise<void> {
    const sub = await this.store.findById(this.db, job.subscription_id)
    if (!sub) return
    // Kept from before the guard, or an allowed host since removed: never connected to.
    if (!this.endpoints.deliverable(sub.endpoint)) {
      await this.store.deleteById(this.db, sub.id)
      this.log.warn({ subscription: sub.id }, 'push: endpoint not allowed, subscription removed')
      return
    }
    try {
      await this.sender.send(sub, JSON.stringify(job.payload), {
        ttlSeconds: TTL_SECONDS,
        urgency: 'normal',
        topic: topicOf(job.payload.tag),
      })
      await this.store.markDelivered(this.db, sub.id, this.clock.now())
    } catch (err) {
      if (err instanceof PushSubscriptionGone || err instanceof PushEndpointBlocked) {
        await this.store.deleteById(this.db, sub.id)
        return
      }
      if (err instanceof PushTemporaryFailure) throw err
      this.log.warn({ err, subscription: sub.id }, 'push: delivery refused for good')
    }
  }
}
