import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { AuthApiError } from '../errors.ts'
import { createHttpAuthApi } from './authApi.ts'
import { leadingZeroBits } from './proofOfWork.ts'

type Seen = {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
  contentType?: string
}

let server: Server | undefined
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

/** A loopback server that records each request and answers with `respond`. */
async function listen(respond: (seen: Seen) => { status: number; json: unknown }) {
  const seen: Seen[] = []
  server = createServer(async (request: IncomingMessage, response) => {
    let raw = ''
    for await (const chunk of request) raw += chunk
    const url = new URL(request.url ?? '/', 'http://x')
    const entry: Seen = {
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      body: raw ? JSON.parse(raw) : undefined,
      ...(request.headers['content-type'] ? { contentType: request.headers['content-type'] } : {}),
    }
    seen.push(entry)
    const { status, json } = respond(entry)
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json))
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { seen, authApi: createHttpAuthApi({ baseUrl, projectId: 'demo' }) }
}

describe('createHttpAuthApi', () => {
  it('posts the validated body to the contract route with the project id', async () => {
    const { seen, authApi } = await listen(() => ({ status: 200, json: { action: 'VERIFY_OTP' } }))
    expect(
      await authApi.startEmailLogin({
        email: 'ada@example.com',
        deviceId: 'device-123456',
        projectId: 'demo',
      }),
    ).toEqual({ action: 'VERIFY_OTP' })
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/v1/embedded/email/start',
      body: { email: 'ada@example.com', deviceId: 'device-123456', projectId: 'demo' },
      contentType: 'application/json',
    })
    expect(seen[0]?.query.get('projectId')).toBe('demo')
  })

  it('refuses to send an invalid body', async () => {
    const { seen, authApi } = await listen(() => ({ status: 200, json: {} }))
    await expect(
      authApi.verifyEmailOtp({ email: 'ada@example.com', otp: 'abc', deviceId: 'device-123456' }),
    ).rejects.toThrow()
    expect(seen).toEqual([])
  })

  it("raises the server's message, e.g. the login cooldown, as AuthApiError with its status", async () => {
    const { authApi } = await listen(() => ({
      status: 429,
      json: {
        error: 'rate_limited',
        message: 'Please try again after 12 seconds',
        retryAfterSeconds: 12,
      },
    }))
    const error = await authApi
      .startEmailLogin({ email: 'ada@example.com', deviceId: 'device-123456', projectId: 'demo' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AuthApiError)
    expect(error).toMatchObject({ shortMessage: 'Please try again after 12 seconds', status: 429 })
  })

  it("raises a database outage (503 database_unavailable) as the generic 'Server Error'", async () => {
    const { authApi } = await listen(() => ({
      status: 503,
      json: { error: 'database_unavailable', message: 'Server Error', retryAfterSeconds: 5 },
    }))
    const error = await authApi
      .verifyEmailOtp({ email: 'ada@example.com', otp: '123456', deviceId: 'device-123456' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AuthApiError)
    expect(error).toMatchObject({ shortMessage: 'Server Error', status: 503 })
  })

  it('solves the proof of work the server asks for after repeated starts, and sends the start once more with it', async () => {
    const challenge = { challenge: '1700000000000.12.abc.def', difficulty: 12 }
    const { seen, authApi } = await listen((request) =>
      (request.body as { proof?: unknown }).proof
        ? { status: 200, json: { action: 'VERIFY_OTP' } }
        : {
            status: 429,
            json: {
              error: 'proof_required',
              message: 'Many logins were started from your network',
              proofOfWork: challenge,
            },
          },
    )
    const body = { email: 'ada@example.com', deviceId: 'device-123456', projectId: 'demo' }
    expect(await authApi.startEmailLogin(body)).toEqual({ action: 'VERIFY_OTP' })
    expect(seen).toHaveLength(2)
    const { proof } = seen[1]!.body as { proof: { challenge: string; nonce: string } }
    expect(seen[1]!.body).toEqual({ ...body, proof })
    expect(proof.challenge).toBe(challenge.challenge)
    const digest = new Uint8Array(
      await crypto.subtle.digest(
        'SHA-256',
        new TextEncoder().encode(`${proof.challenge}:${proof.nonce}`),
      ),
    )
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(12)

    // Solved once: a refusal of the proof reaches the caller.
    const { authApi: refusing } = await listen(() => ({
      status: 429,
      json: { error: 'proof_required', message: 'Not solved', proofOfWork: challenge },
    }))
    await expect(refusing.startEmailLogin(body)).rejects.toThrow('Not solved')
  })

  it('rejects a response that breaks the contract', async () => {
    const { authApi } = await listen(() => ({ status: 200, json: { user: { userId: 1 } } }))
    await expect(authApi.getSession()).rejects.toThrow()
  })
})
