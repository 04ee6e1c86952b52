import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAppClient, createWalletClient, viemConnector } from '@farcaster/auth-client'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type CreateFarcasterRelayParameters,
  type CreateFarcasterRelayReturnType,
  createFarcasterRelay,
  type FarcasterChannel,
  farcasterRelayLimits,
} from './createFarcasterRelay.ts'
import { FarcasterRelayListenError, InvalidFarcasterRelayParametersError } from './errors.ts'

const relayKey = 'test-relay-key'
const signInUrlBase = 'http://127.0.0.1:4403/farcaster'
const signature = `0x${'ab'.repeat(65)}` as const
const cleanups: Array<() => Promise<unknown>> = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function startRelay(
  parameters: Partial<CreateFarcasterRelayParameters> = {},
): Promise<CreateFarcasterRelayReturnType> {
  const relay = await createFarcasterRelay({ port: 0, relayKey, signInUrlBase, ...parameters })
  cleanups.push(() => relay.close())
  return relay
}

type Answer = { status: number; headers: Headers; body: Record<string, unknown> }

async function call(
  relay: { url: string },
  path: string,
  init: { method?: string; body?: unknown; token?: string; key?: string; raw?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`
  if (init.key !== undefined) headers['x-farcaster-auth-relay-key'] = init.key
  const response = await fetch(`${relay.url}${path}`, {
    method: init.method ?? (init.body === undefined && init.raw === undefined ? 'GET' : 'POST'),
    headers,
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} }
}

const openChannel = async (relay: { url: string }, body: Record<string, unknown> = {}) => {
  const answer = await call(relay, '/v1/channel', {
    body: { siweUri: 'http://localhost:5173/login', domain: 'localhost:5173', ...body },
  })
  expect(answer.status).toBe(201)
  return answer.body as { channelToken: string; url: string; nonce: string }
}

const authenticateBody = {
  message: 'localhost:5173 wants you to sign in with your Ethereum account: …',
  signature,
  fid: 1,
  username: 'alice',
  displayName: 'Alice Devnet',
  bio: 'Devnet account',
  pfpUrl: 'http://127.0.0.1:4403/alice.svg',
}

describe('createFarcasterRelay', () => {
  it('runs a channel from pending to completed, then forgets it', async () => {
    const relay = await startRelay()
    const { channelToken, url, nonce } = await openChannel(relay)
    expect(channelToken).toMatch(/^[2-9A-HJ-NP-Z]{16}$/)
    expect(nonce).toMatch(/^[a-zA-Z0-9]{8,}$/)
    const link = new URL(url)
    expect(`${link.origin}${link.pathname}`).toBe(signInUrlBase)
    expect(Object.fromEntries(link.searchParams)).toEqual({
      channelToken,
      nonce,
      siweUri: 'http://localhost:5173/login',
      domain: 'localhost:5173',
    })
    expect(relay.openChannels).toBe(1)

    const pending = await call(relay, '/v1/channel/status', { token: channelToken })
    expect(pending.status).toBe(202)
    expect(pending.body).toMatchObject({
      state: 'pending',
      nonce,
      url,
      signatureParams: { siweUri: 'http://localhost:5173/login', domain: 'localhost:5173', nonce },
      metadata: { ip: '127.0.0.1', userAgent: expect.any(String) },
      acceptAuthAddress: true,
    })

    const noKey = await call(relay, '/v1/channel/authenticate', {
      token: channelToken,
      body: authenticateBody,
    })
    expect(noKey).toMatchObject({ status: 401, body: { error: 'Unauthorized' } })
    const wrongKey = await call(relay, '/v1/channel/authenticate', {
      token: channelToken,
      key: 'not-the-key',
      body: authenticateBody,
    })
    expect(wrongKey).toMatchObject({ status: 401, body: { error: 'Unauthorized' } })
    expect((await call(relay, '/v1/channel/status', { token: channelToken })).status).toBe(202)

    const completed = await call(relay, '/v1/channel/authenticate', {
      token: channelToken,
      key: relayKey,
      body: authenticateBody,
    })
    expect(completed.status).toBe(201)
    const expected: Partial<FarcasterChannel> = {
      state: 'completed',
      nonce,
      url,
      ...authenticateBody,
      authMethod: 'custody',
      verifications: [],
      acceptAuthAddress: true,
    }
    expect(completed.body).toMatchObject(expected)
    expect(completed.body).not.toHaveProperty('custody')

    const again = await call(relay, '/v1/channel/authenticate', {
      token: channelToken,
      key: relayKey,
      body: { ...authenticateBody, fid: 2 },
    })
    expect(again).toMatchObject({ status: 409, body: { error: 'Conflict' } })

    const done = await call(relay, '/v1/channel/status', { token: channelToken })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject(expected)
    // Completed channels are read once.
    const gone = await call(relay, '/v1/channel/status', { token: channelToken })
    expect(gone).toMatchObject({ status: 401, body: { error: 'Unauthorized' } })
    expect(relay.openChannels).toBe(0)
  })

  it('is what @farcaster/auth-client 0.7.1 expects of a relay', async () => {
    const relay = await startRelay()
    // The connector is never called by these actions: no chain is needed.
    const ethereum = viemConnector({ rpcUrl: 'http://127.0.0.1:9' })
    const appClient = createAppClient({ relay: relay.url, ethereum })
    const walletClient = createWalletClient({ relay: relay.url, ethereum })
    const created = await appClient.createChannel({
      siweUri: 'https://app.example/login',
      domain: 'app.example',
      nonce: 'abcdef123456',
      notBefore: '2030-01-01T00:00:00.000Z',
      expirationTime: '2030-01-02T00:00:00.000Z',
      requestId: 'request-1',
      redirectUrl: 'https://app.example/done',
    })
    expect(created.isError).toBe(false)
    if (created.isError) return
    const { channelToken, url, nonce } = created.data
    expect(nonce).toBe('abcdef123456')
    const parsed = walletClient.parseSignInURI({ uri: url })
    expect(parsed).toMatchObject({ isError: false, channelToken })
    expect(Object.fromEntries(new URL(url).searchParams)).toMatchObject({
      notBefore: '2030-01-01T00:00:00.000Z',
      expirationTime: '2030-01-02T00:00:00.000Z',
      requestId: 'request-1',
      redirectUrl: 'https://app.example/done',
    })

    const pending = await appClient.status({ channelToken })
    expect(pending.isError).toBe(false)
    expect(pending.response?.status).toBe(202)
    expect(pending.data?.state).toBe('pending')

    const authenticated = await walletClient.authenticate({
      channelToken,
      authKey: relayKey,
      message: 'signed message',
      signature,
      fid: 2,
      username: 'bob',
      authMethod: 'authAddress',
    })
    expect(authenticated.response?.status).toBe(201)

    const completed = await appClient.status({ channelToken })
    expect(completed.response?.status).toBe(200)
    expect(completed.data).toMatchObject({
      state: 'completed',
      fid: 2,
      username: 'bob',
      authMethod: 'authAddress',
      message: 'signed message',
      signature,
    })
  })

  it('keeps acceptAuthAddress: false and answers 401 without a valid channel token', async () => {
    const relay = await startRelay()
    const { channelToken } = await openChannel(relay, { acceptAuthAddress: false })
    const status = await call(relay, '/v1/channel/status', { token: channelToken })
    expect(status.body).toMatchObject({
      acceptAuthAddress: false,
      signatureParams: { acceptAuthAddress: false },
    })
    expect((await call(relay, '/v1/channel/status')).status).toBe(401)
    expect((await call(relay, '/v1/channel/status', { token: 'UNKNOWNTOKEN' })).status).toBe(401)
    const unknownChannel = await call(relay, '/v1/channel/authenticate', {
      token: 'UNKNOWNTOKEN',
      key: relayKey,
      body: authenticateBody,
    })
    expect(unknownChannel.status).toBe(401)
  })

  it('expires channels after channelTtlMs and sweeps them', async () => {
    const relay = await startRelay({ channelTtlMs: 150 })
    const first = await openChannel(relay)
    const second = await openChannel(relay)
    expect(relay.openChannels).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await call(relay, '/v1/channel/status', { token: first.channelToken })).status).toBe(
      401,
    )
    const late = await call(relay, '/v1/channel/authenticate', {
      token: second.channelToken,
      key: relayKey,
      body: authenticateBody,
    })
    expect(late.status).toBe(401)
    expect(relay.openChannels).toBe(0)
  })

  it(`refuses more than ${farcasterRelayLimits.maxOpenChannels} open channels with 429`, async () => {
    const relay = await startRelay()
    const batch = 100
    for (let start = 0; start < farcasterRelayLimits.maxOpenChannels; start += batch) {
      await Promise.all(Array.from({ length: batch }, () => openChannel(relay)))
    }
    expect(relay.openChannels).toBe(farcasterRelayLimits.maxOpenChannels)
    const refused = await call(relay, '/v1/channel', {
      body: { siweUri: 'http://localhost:5173/login', domain: 'localhost:5173' },
    })
    expect(refused).toMatchObject({ status: 429, body: { error: 'Too Many Requests' } })
  })

  it('refuses bodies over 64 KiB with 413', async () => {
    const relay = await startRelay()
    const big = await call(relay, '/v1/channel', {
      body: {
        siweUri: 'http://localhost:5173/login',
        domain: 'localhost:5173',
        requestId: 'x'.repeat(farcasterRelayLimits.maxBodyBytes),
      },
    })
    expect(big).toMatchObject({ status: 413, body: { error: 'Payload Too Large' } })
    expect(relay.openChannels).toBe(0)
    // The relay still serves new connections.
    await openChannel(relay)
  })

  it.each([
    [{}, 'body must have the required property "siweUri"'],
    [{ siweUri: 'http://a.example' }, 'body must have the required property "domain"'],
    [{ siweUri: 'not a uri', domain: 'a.example' }, 'body/siweUri must be an absolute URI'],
    [{ siweUri: 'http://a.example', domain: 'a example' }, 'body/domain must be a host name'],
    [{ siweUri: 'http://a.example', domain: 'a.example', nonce: 'short' }, 'body/nonce must'],
    [{ siweUri: 'http://a.example', domain: 'a.example', nonce: 'has spaces in' }, 'body/nonce'],
    [
      { siweUri: 'http://a.example', domain: 'a.example', notBefore: 'tomorrow' },
      'body/notBefore must be an RFC 3339 date-time',
    ],
    [
      { siweUri: 'http://a.example', domain: 'a.example', expirationTime: '2030-13-45T00:00:00Z' },
      'body/expirationTime must be an RFC 3339 date-time',
    ],
    [{ siweUri: 'http://a.example', domain: 'a.example', requestId: 7 }, 'body/requestId must'],
    [
      { siweUri: 'http://a.example', domain: 'a.example', acceptAuthAddress: 'yes' },
      'body/acceptAuthAddress must be a boolean',
    ],
    [
      { siweUri: 'http://a.example', domain: 'a.example', extra: 1 },
      'body must NOT have the additional property "extra"',
    ],
    [{ siweUri: 'https://farcaster.xyz', domain: 'farcaster.xyz' }, 'Domain not allowed'],
    [[], 'body must be a JSON object'],
  ])('answers 400 to the channel request %j', async (body, message) => {
    const relay = await startRelay()
    const answer = await call(relay, '/v1/channel', { body })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('Validation error')
    expect(answer.body.message).toContain(message)
    expect(relay.openChannels).toBe(0)
  })

  it.each([
    [{ ...authenticateBody, message: undefined }, 'required property "message"'],
    [{ ...authenticateBody, message: '' }, 'body/message must be a non-empty string'],
    [{ ...authenticateBody, signature: '0x1234' }, 'body/signature must be 65 bytes of hex'],
    [{ ...authenticateBody, fid: 0 }, 'body/fid must be a positive integer'],
    [{ ...authenticateBody, fid: '1' }, 'body/fid must be a positive integer'],
    [{ ...authenticateBody, authMethod: 'other' }, 'body/authMethod must be equal to one of'],
    [{ ...authenticateBody, username: 'Alice!' }, 'body/username must be a Farcaster username'],
    [{ ...authenticateBody, pfpUrl: 'alice.png' }, 'body/pfpUrl must be an absolute URI'],
    [{ ...authenticateBody, custody: '0x00' }, 'additional property "custody"'],
  ])('answers 400 to the authenticate request %j', async (body, message) => {
    const relay = await startRelay()
    const { channelToken } = await openChannel(relay)
    const answer = await call(relay, '/v1/channel/authenticate', {
      token: channelToken,
      key: relayKey,
      body,
    })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toContain(message)
    expect((await call(relay, '/v1/channel/status', { token: channelToken })).status).toBe(202)
  })

  it('answers 400 to a body that is not JSON and 415 to one that is not sent as JSON', async () => {
    const relay = await startRelay()
    const broken = await call(relay, '/v1/channel', { raw: '{"siweUri":' })
    expect(broken).toMatchObject({ status: 400, body: { message: 'body must be JSON' } })
    const form = await fetch(`${relay.url}/v1/channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'siweUri=http://a.example&domain=a.example',
    })
    expect(form.status).toBe(415)
  })

  it('answers 404 to unknown routes and 405 to the wrong method', async () => {
    const relay = await startRelay()
    const unknown = await call(relay, '/v2/channel')
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Not Found' } })
    const wrongMethod = await call(relay, '/v1/channel')
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('POST, OPTIONS')
    expect(await call(relay, '/healthcheck')).toMatchObject({
      status: 200,
      body: { status: 'OK' },
    })
  })

  it('lets browser apps of any origin call it (CORS)', async () => {
    const relay = await startRelay()
    const preflight = await fetch(`${relay.url}/v1/channel/status`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type')
    const created = await fetch(`${relay.url}/v1/channel`, {
      method: 'POST',
      headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
      body: JSON.stringify({ siweUri: 'http://localhost:5173', domain: 'localhost:5173' }),
    })
    expect(created.headers.get('access-control-allow-origin')).toBe('*')
    const refused = await call(relay, '/v1/channel/status', { token: 'NOPE' })
    expect(refused.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('reports custody as custodyOf(fid) when given an rpcUrl', async () => {
    const custody = '0x1111111111111111111111111111111111111111'
    const calls: unknown[] = []
    const rpc: Server = createServer((request, response) => {
      let text = ''
      request.on('data', (chunk) => {
        text += chunk
      })
      request.on('end', () => {
        const { id, params } = JSON.parse(text)
        calls.push(params)
        const fid = BigInt(`0x${params[0].data.slice(10)}`)
        const result = `0x${(fid === 1n ? custody.slice(2) : '').padStart(64, '0')}`
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ jsonrpc: '2.0', id, result }))
      })
    })
    await new Promise<void>((resolve) => rpc.listen(0, '127.0.0.1', resolve))
    cleanups.push(() => new Promise((resolve) => rpc.close(resolve)))
    const rpcUrl = `http://127.0.0.1:${(rpc.address() as AddressInfo).port}`
    const relay = await startRelay({ rpcUrl })

    const first = await openChannel(relay)
    const one = await call(relay, '/v1/channel/authenticate', {
      token: first.channelToken,
      key: relayKey,
      body: authenticateBody,
    })
    expect(one.body.custody).toBe(custody)
    expect(calls[0]).toEqual([
      {
        to: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
        data: `0x65269e47${'1'.padStart(64, '0')}`,
      },
      'latest',
    ])
    const second = await openChannel(relay)
    const unregistered = await call(relay, '/v1/channel/authenticate', {
      token: second.channelToken,
      key: relayKey,
      body: { ...authenticateBody, fid: 99 },
    })
    expect(unregistered.status).toBe(201)
    expect(unregistered.body).not.toHaveProperty('custody')
  })

  it('checks its parameters and reports a port it cannot listen on', async () => {
    await expect(createFarcasterRelay({ port: 0, relayKey: '', signInUrlBase })).rejects.toThrow(
      InvalidFarcasterRelayParametersError,
    )
    await expect(
      createFarcasterRelay({ port: 0, relayKey, signInUrlBase: '/farcaster' }),
    ).rejects.toThrow('signInUrlBase must be an absolute URL')
    await expect(
      createFarcasterRelay({ port: 0, relayKey, signInUrlBase, channelTtlMs: 0 }),
    ).rejects.toThrow('channelTtlMs must be a positive number')
    await expect(createFarcasterRelay({ port: -1, relayKey, signInUrlBase })).rejects.toThrow(
      'port must be an integer',
    )
    const relay = await startRelay()
    const attempt = createFarcasterRelay({ port: relay.port, relayKey, signInUrlBase })
    await expect(attempt).rejects.toBeInstanceOf(FarcasterRelayListenError)
  })
})
