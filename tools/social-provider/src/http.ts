import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
}

/** Reads a request body of at most `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw new BodyTooLargeError(`request body over ${limit} bytes`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export function isFormRequest(req: IncomingMessage): boolean {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  return type === 'application/x-www-form-urlencoded'
}

export function send(
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: string,
): void {
  res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  send(
    res,
    status,
    { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    JSON.stringify(body),
  )
}

/**
 * The same request with another body, for oidc-provider to read after the stand-in has read (and
 * rewritten) the original one. Koa and oidc-provider use its method, URL, headers, socket and body
 * stream; the rest stays with the original.
 */
export function withBody(original: IncomingMessage, body: string): IncomingMessage {
  const bytes = Buffer.from(body, 'utf8')
  const replay = Readable.from([bytes], { objectMode: false })
  const headers = { ...original.headers, 'content-length': String(bytes.length) }
  delete headers['transfer-encoding']
  return Object.assign(replay, {
    method: original.method,
    url: original.url,
    headers,
    rawHeaders: Object.entries(headers).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [String(value)]).flatMap((one) => [name, one]),
    ),
    httpVersion: original.httpVersion,
    httpVersionMajor: original.httpVersionMajor,
    httpVersionMinor: original.httpVersionMinor,
    socket: original.socket,
    connection: original.socket,
    complete: true,
    aborted: false,
  }) as unknown as IncomingMessage
}
