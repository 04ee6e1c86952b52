import type { FastifyReply, FastifyRequest } from 'fastify'
import { EmbeddedApiError } from './errors.ts'

/**
 * A cookie whose value is not valid percent-encoding (`%E0%A4%A`): never one the server set. The
 * frame answers 400 and expires the cookie, so the next request starts signed out.
 */
export class MalformedCookieError extends EmbeddedApiError {
  override name = 'MalformedCookieError'
  readonly cookieName: string

  constructor(cookieName: string) {
    super(
      400,
      'invalid_cookie',
      `The ${cookieName} cookie is not validly encoded; it was cleared, sign in again`,
    )
    this.cookieName = cookieName
  }
}

/**
 * Reads one cookie of the request (no cookie plugin: two cookies, plain values). Throws
 * `MalformedCookieError` when its value is not valid percent-encoding.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim())
      } catch {
        throw new MalformedCookieError(name)
      }
    }
  }
  return undefined
}

/** Expires a cookie on every path the frame sets cookies on (`/` and `/v1/embedded`). */
export function expireCookie(reply: FastifyReply, name: string, secure: boolean): void {
  for (const path of ['/', '/v1/embedded'])
    appendCookie(reply, name, '', { maxAgeSeconds: 0, path, secure })
}

export type CookieOptions = { maxAgeSeconds: number; path: string; secure: boolean }

/** httpOnly, SameSite=Strict; Secure when the frame is served over https. */
export function appendCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  { maxAgeSeconds, path, secure }: CookieOptions,
): void {
  const attributes = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${path}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
  ]
  if (secure) attributes.push('Secure')
  const existing = reply.getHeader('set-cookie')
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)]
  reply.header('set-cookie', [...list, attributes.join('; ')])
}
