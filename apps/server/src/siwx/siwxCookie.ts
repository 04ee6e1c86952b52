import { siwxCookieName } from '@foyer/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** A token this server issues: 32 bytes, base64url. Anything else in the cookie is ignored. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/

/**
 * The `foyer_siwx` tokens the request carries (a browser may hold two, e.g. one host-only and
 * one for a parent Domain; at most 4 are read). Values this server never issues (a broken or
 * oversized value) are skipped: they are no session, and never an error.
 */
export function readSiwxTokens(request: FastifyRequest): string[] {
  return readSiwxTokensFromHeader(request.headers.cookie)
}

/** The same, from a `Cookie` header's text. */
export function readSiwxTokensFromHeader(header: string | undefined): string[] {
  if (!header) return []
  const tokens: string[] = []
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index <= 0 || part.slice(0, index).trim() !== siwxCookieName) continue
    const value = part.slice(index + 1).trim()
    if (tokenPattern.test(value) && !tokens.includes(value)) tokens.push(value)
    if (tokens.length === 4) break
  }
  return tokens
}

/** How the cookie is set for one request (see `siwxCookiePolicy`). */
export type SiwxCookiePolicy = {
  secure: boolean
  sameSite: 'None' | 'Lax'
  /** `Domain=` for a cookie shared with the app's backend on a sibling host; host-only without. */
  domain: string | undefined
}

export type SiwxCookiePolicyParameters = {
  request: FastifyRequest
  /** The server's public URL (`FOYER_PUBLIC_URL`). */
  publicUrl: string
  /** `serve --dev` (the local world): the only case a cookie may go without `Secure`. */
  dev: boolean
  domain: string | undefined
}

/**
 * The cookie is read by the API from the app's pages, which are usually another origin and
 * often another site, so it is `SameSite=None`, which browsers accept only with `Secure`. Like
 * the embedded session cookie (`Secure` when the frame's public URL is https), it is `Secure`
 * when this server is reached over https (the request itself, or behind a trusted proxy's
 * `X-Forwarded-Proto`, or `FOYER_PUBLIC_URL`), and always in production (without `--dev`). Over
 * plain http a browser keeps a `Secure` cookie only from a loopback host (`localhost`,
 * `127.0.0.1`, `[::1]`), so the local world is `Secure` too. Only `--dev` on plain http from
 * another host (a phone on the LAN) falls back to `SameSite=Lax` without `Secure`: it then works
 * when the app is same-site with the server.
 */
export function siwxCookiePolicy({
  request,
  publicUrl,
  dev,
  domain,
}: SiwxCookiePolicyParameters): SiwxCookiePolicy {
  const secure =
    !dev ||
    request.protocol === 'https' ||
    publicUrl.startsWith('https:') ||
    isLoopbackHost(request.hostname)
  return { secure, sameSite: secure ? 'None' : 'Lax', domain }
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  )
}

/** Sets `foyer_siwx`: HttpOnly, Path=/, the policy's SameSite/Secure/Domain, Max-Age. */
export function setSiwxCookie(
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
  policy: SiwxCookiePolicy,
): void {
  const attributes = [
    `${siwxCookieName}=${token}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    `SameSite=${policy.sameSite}`,
  ]
  if (policy.secure) attributes.push('Secure')
  if (policy.domain) attributes.push(`Domain=${policy.domain}`)
  const existing = reply.getHeader('set-cookie')
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)]
  reply.header('set-cookie', [...list, attributes.join('; ')])
}

/** Expires `foyer_siwx` (with the same attributes, so the browser matches the cookie). */
export function clearSiwxCookie(reply: FastifyReply, policy: SiwxCookiePolicy): void {
  setSiwxCookie(reply, '', 0, policy)
}
