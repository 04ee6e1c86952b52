import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
import proxyAddr from '@fastify/proxy-addr'
import { ConfigError } from '../errors.ts'

/**
 * Which `X-Forwarded-For` hops to believe: `false` none (the socket address is the client), a hop
 * count (`1`: one proxy in front, the right-most entry is the client), or the addresses / CIDR
 * ranges of the proxies (`10.0.0.0/8`, `loopback`, …). `true` means one hop, never "every hop":
 * the left-most entries are whatever the client sent.
 */
export type TrustProxy = boolean | number | string | readonly string[]

/** Names `proxy-addr` (Fastify's `trustProxy`) knows for address ranges. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** A `FOYER_TRUST_PROXY` value: off, a hop count, or a comma list of proxy addresses / CIDRs. */
export function parseTrustProxy(
  name: string,
  value: string | undefined,
): false | number | string[] {
  const trimmed = value?.trim().toLowerCase() ?? ''
  if (trimmed === '' || trimmed === '0' || trimmed === 'false') return false
  if (trimmed === 'true') return 1
  if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed)
  const entries = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const entry of entries) {
    if (!isProxyAddress(entry))
      throw new ConfigError(
        `${name} must be a hop count (1 = one proxy in front), or a comma list of proxy addresses or CIDR ranges such as 10.0.0.0/8; got "${value}"`,
      )
  }
  return entries
}

function isProxyAddress(entry: string): boolean {
  if (namedRanges.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * Fastify's `trustProxy` for an option. `true` becomes one hop: Fastify's `true` trusts every hop,
 * so a client could name any address in a forged left-most entry. A hop count becomes a function
 * trusting that many hops from the socket (Fastify 5 ignores a bare number); `1` means the
 * right-most `X-Forwarded-For` entry, the one the proxy added, is the client.
 */
export function toFastifyTrustProxy(
  trustProxy: TrustProxy | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trustProxy === undefined || trustProxy === false) return false
  const hops = trustProxy === true ? 1 : trustProxy
  if (typeof hops === 'number') {
    if (!Number.isInteger(hops) || hops < 0)
      throw new ConfigError(`trustProxy must be a whole number of hops, got ${hops}`)
    return hops === 0 ? false : (_address, hop) => hop < hops
  }
  const parsed = parseTrustProxy('trustProxy', typeof hops === 'string' ? hops : hops.join(','))
  return typeof parsed === 'number' ? toFastifyTrustProxy(parsed) : parsed
}

export type RequestAddress = {
  /** The client's address, as Fastify's `request.ip` gives it under the same `trustProxy`. */
  clientIp: (request: IncomingMessage) => string | undefined
  /** The host the client asked for, as Fastify's `request.host` gives it. */
  host: (request: IncomingMessage) => string
}

/**
 * The client address and host of a raw request under a `trustProxy` option, the way Fastify
 * derives `request.ip` and `request.host` from it: the fast lane (see `createFastLane`) keys the
 * per-IP limit and logs requests before any Fastify request exists, and must name the same client.
 */
export function createRequestAddress(trustProxy: TrustProxy | undefined): RequestAddress {
  const trust = toFastifyTrustProxy(trustProxy)
  if (trust === false)
    return {
      clientIp: (request) => request.socket?.remoteAddress,
      host: (request) => request.headers.host ?? (request.headers[':authority'] as string) ?? '',
    }
  const isTrusted = typeof trust === 'function' ? trust : proxyAddr.compile(trust)
  return {
    clientIp(request) {
      const addresses = proxyAddr.all(request, isTrusted)
      return addresses[addresses.length - 1]
    },
    host(request) {
      // Node joins a repeated `X-Forwarded-Host` into one string.
      const forwarded = request.headers['x-forwarded-host'] as string | undefined
      const socket = request.socket
      if (forwarded && socket != null && isTrusted(socket.remoteAddress as string, 0))
        return lastEntry(forwarded)
      return request.headers.host ?? (request.headers[':authority'] as string) ?? ''
    },
  }
}

/** The right-most value of a comma list header (the one the nearest proxy added). */
function lastEntry(value: string): string {
  const index = value.lastIndexOf(',')
  return index === -1 ? value.trim() : value.slice(index + 1).trim()
}
