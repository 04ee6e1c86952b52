import type { FastifyReply, FastifyRequest } from 'fastify'

/** Reads one cookie of the request (no cookie plugin: two cookies, plain values). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index > 0 && part.slice(0, index).trim() === name)
      return decodeURIComponent(part.slice(index + 1).trim())
  }
  return undefined
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
