import type { IncomingMessage, ServerResponse } from 'node:http'
import { OnRampApiError } from './errors.ts'

/** Largest request body read (JSON or form); 413 beyond. */
export const maxBodyBytes = 64 * 1024

/** The request's body as text, at most `maxBodyBytes`. */
export async function readBody(request: IncomingMessage): Promise<string> {
  const tooLarge = () =>
    new OnRampApiError(413, 'invalid_request', `The body must be at most ${maxBodyBytes} bytes`)
  if (Number(request.headers['content-length'] ?? 0) > maxBodyBytes) {
    request.resume()
    throw tooLarge()
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBodyBytes) throw tooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The JSON object of a request body; 400 unless the body is one. */
export async function readJsonObject(request: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(request)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new OnRampApiError(400, 'invalid_request', 'The body must be JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new OnRampApiError(400, 'invalid_request', 'The body must be a JSON object')
  }
  return value as Record<string, unknown>
}

/** The fields of an `application/x-www-form-urlencoded` body (the browser's form post). */
export async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  const text = await readBody(request)
  if (type !== 'application/x-www-form-urlencoded') {
    throw new OnRampApiError(
      415,
      'invalid_request',
      'The form must be posted as application/x-www-form-urlencoded',
    )
  }
  return new URLSearchParams(text)
}

export function send(
  response: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: string,
): void {
  response.writeHead(status, {
    ...headers,
    'content-length': String(Buffer.byteLength(body)),
    // A body left unread (too large) must not be taken as the next request.
    ...(status === 413 ? { connection: 'close' } : {}),
  })
  response.end(body)
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  send(
    response,
    status,
    { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    JSON.stringify(body),
  )
}
