import dns from 'node:dns'
import net from 'node:net'
import { AppError } from '../../errors'
import { guardedLookupExcept, isPublicAddress } from '../videos/ssrf'

/**
 * The browsers' push services. Their names are accepted at subscription without asking DNS
 * (whose answer here proves nothing about the answer at delivery); every delivery still
 * connects only to the public addresses the guarded lookup checks.
 */
const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  '.push.apple.com',
  '.notify.windows.com',
]

const isKnownPushHost = (host: string) =>
  KNOWN_PUSH_HOSTS.some((known) => (known.startsWith('.') ? host.endsWith(known) : host === known))

const refused = () =>
  new AppError(422, 'Endpoint de notificação não permitido: use o serviço de push do navegador.', {
    code: 'push_endpoint_refused',
  })

/**
 * Who a push delivery may reach. A subscription names a URL the server will POST to, so it gets
 * the link import's SSRF guard: HTTPS on the default port, public addresses only. `allowedHosts`
 * (PUSH_ALLOWED_HOSTS) names push services on a private network the operator trusts.
 */
export class PushEndpoints {
  private readonly allowed: Set<string>
  /** The `lookup` of the delivery agent: allowed hosts resolve freely, the rest must be public. */
  readonly lookup: ReturnType<typeof guardedLookupExcept>

  constructor(allowedHosts: readonly string[]) {
    this.allowed = new Set(allowedHosts.map((h) => h.toLowerCase()))
    this.lookup = guardedLookupExcept(this.allowed)
  }

  /** Whether a delivery to this URL may be attempted at all (no DNS: that is the lookup's job). */
  deliverable(endpoint: string): boolean {
    let url: URL
    try {
      url = new URL(endpoint)
    } catch {
      return false
    }
    const host = hostOf(url)
    if (this.allowed.has(host)) return true
    if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false
    if (net.isIP(host)) return isPublicAddress(host)
    return host !== 'localhost' && !host.endsWith('.localhost') && host.includes('.')
  }

  /** At subscription: refuses what can never be delivered, and names resolving to our network. */
  async check(endpoint: string): Promise<void> {
    if (!this.deliverable(endpoint)) throw refused()
    const host = hostOf(new URL(endpoint))
    if (this.allowed.has(host) || net.isIP(host) || isKnownPushHost(host)) return
    const addresses = await dns.promises.lookup(host, { all: true }).catch(() => [])
    // A name that does not resolve now is judged again by the guarded lookup of each delivery.
    if (addresses.some((a) => !isPublicAddress(a.address))) throw refused()
  }
}

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '')
