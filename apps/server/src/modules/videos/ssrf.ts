import dns from 'node:dns'
import net from 'node:net'
import ipaddr from 'ipaddr.js'

/** A link that must not be fetched: it leads into our own network. */
export class BlockedAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused to connect to non-public address ${address}`)
    this.name = 'BlockedAddressError'
  }
}

/**
 * Only globally routable unicast addresses: loopback, private (10/8, 172.16/12, 192.168/16),
 * link-local (169.254/16, fe80::/10), unique-local (fc00::/7), CGNAT, multicast and the rest
 * are refused. IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void

/**
 * A `lookup` for http(s).request that resolves the name and refuses it when any address is not
 * public; the connection then goes to the very address that was checked, so a DNS answer that
 * changes between check and connect (rebinding) cannot slip through.
 */
export function guardedLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  lookupWithGuard(hostname, options, callback, true)
}

/** `guardedLookup`, except for the hosts an operator allowed on a private network. */
export function guardedLookupExcept(allowed: ReadonlySet<string>): typeof guardedLookup {
  return (hostname, options, callback) =>
    lookupWithGuard(hostname, options, callback, !allowed.has(hostname.toLowerCase()))
}

function lookupWithGuard(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
  guard: boolean,
): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, [])
    const blocked = guard && addresses.find((a) => !isPublicAddress(a.address))
    if (blocked) return callback(new BlockedAddressError(blocked.address), [])
    if (options.all) return callback(null, addresses)
    const first = addresses[0]
    if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), [])
    callback(null, first.address, first.family)
  })
}

/** Literal IPs never reach `lookup`, so they are checked before connecting. */
export function checkLiteralHost(hostname: string): void {
  const bare = hostname.replace(/^\[|\]$/g, '')
  if (net.isIP(bare) && !isPublicAddress(bare)) throw new BlockedAddressError(bare)
}
