import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { FarcasterRelayListenError, InvalidFarcasterRelayParametersError } from './errors.ts'
import {
  type AuthenticateRequest,
  type CreateChannelRequest,
  type FarcasterAuthMethod,
  validateAuthenticateRequest,
  validateCreateChannelRequest,
} from './validateRequests.ts'

export type CreateFarcasterRelayParameters = {
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string | undefined
  /** Port to listen on; 0 picks a free one. */
  port: number
  /** The shared secret a Farcaster client sends as `X-Farcaster-Auth-Relay-Key` to authenticate. */
  relayKey: string
  /**
   * Base of the sign-in `url` a channel gets (the QR code's link), e.g.
   * `http://127.0.0.1:4403/farcaster` (the local client stand-in's page). The relay appends
   * `channelToken`, `nonce`, `siweUri`, `domain` and, when given, `notBefore`, `expirationTime`,
   * `requestId` and `redirectUrl` as query parameters.
   */
  signInUrlBase: string
  /** How long a channel lives from its creation, completed or not. Default 300 000 (5 minutes). */
  channelTtlMs?: number | undefined
  /**
   * JSON-RPC of a chain holding Farcaster's IdRegistry (any devnet chain). When set, a completed
   * channel's `custody` is `custodyOf(fid)` read there, as the reference relay reads it from a
   * hub; without it `custody` is left out.
   */
  rpcUrl?: string | undefined
}

export type CreateFarcasterRelayReturnType = {
  /** `http://host:port`: the `relay` to give `@farcaster/auth-client` (it appends `/v1/…`). */
  url: string
  port: number
  /** Channels open right now (pending or completed and not yet read), expired ones excluded. */
  readonly openChannels: number
  /** Stops listening, cuts open connections and forgets every channel. */
  close(): Promise<void>
}

export type CreateFarcasterRelayErrorType =
  | FarcasterRelayListenError
  | InvalidFarcasterRelayParametersError

/** What `GET /v1/channel/status` and `POST /v1/channel/authenticate` answer. */
export type FarcasterChannel = {
  state: 'pending' | 'completed'
  nonce: string
  url: string
  message?: string | undefined
  signature?: `0x${string}` | undefined
  authMethod?: FarcasterAuthMethod | undefined
  fid?: number | undefined
  username?: string | undefined
  displayName?: string | undefined
  bio?: string | undefined
  pfpUrl?: string | undefined
  custody?: `0x${string}` | undefined
  verifications?: string[] | undefined
  signatureParams: CreateChannelRequest & { nonce: string }
  metadata: { ip: string; userAgent: string }
  acceptAuthAddress: boolean
}

/** Farcaster's IdRegistry on OP mainnet (the devnet installs a stand-in at the same address). */
const idRegistryAddress = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/** `custodyOf(uint256)`. */
const custodyOfSelector = '0x65269e47'

export const farcasterRelayLimits = {
  /** Largest request body accepted (413 beyond). */
  maxBodyBytes: 64 * 1024,
  /** Channels open at once (429 beyond). */
  maxOpenChannels: 1000,
} as const

const defaultChannelTtlMs = 300_000
const relayKeyHeader = 'x-farcaster-auth-relay-key'
/** The header's former name, which the reference relay still accepts. */
const legacyRelayKeyHeader = 'x-farcaster-connect-auth-key'
const tokenAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
const corsHeaders = { 'access-control-allow-origin': '*' }
const preflightHeaders = {
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-max-age': '600',
}
const defaultAllowedHeaders = `authorization, content-type, ${relayKeyHeader}`
const routes: Record<string, string> = {
  '/v1/channel': 'POST',
  '/v1/channel/status': 'GET',
  '/v1/channel/authenticate': 'POST',
  '/healthcheck': 'GET',
}

type StoredChannel = { expiresAt: number; channel: FarcasterChannel }

class HttpError extends Error {
  readonly status: number
  readonly body: Record<string, string>
  constructor(status: number, error: string, message?: string) {
    super(message ?? error)
    this.status = status
    this.body = message === undefined ? { error } : { error, message }
  }
}

const unauthorized = () => new HttpError(401, 'Unauthorized')
const validationError = (message: string) => new HttpError(400, 'Validation error', message)

/**
 * A development stand-in of Farcaster's auth relay (FIP-11 "Sign In With Farcaster"), speaking
 * the protocol of `@farcaster/auth-client` 0.7.1 on node:http: an app opens a channel, a
 * Farcaster client posts the signed sign-in message to it with the shared relay key, and the app
 * polls the channel's status. Channels live in memory.
 */
export async function createFarcasterRelay(
  parameters: CreateFarcasterRelayParameters,
): Promise<CreateFarcasterRelayReturnType> {
  const {
    host = '127.0.0.1',
    port,
    relayKey,
    signInUrlBase,
    channelTtlMs = defaultChannelTtlMs,
    rpcUrl,
  } = parameters
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new InvalidFarcasterRelayParametersError(`port must be an integer from 0 to 65535`)
  }
  if (typeof relayKey !== 'string' || relayKey.length === 0) {
    throw new InvalidFarcasterRelayParametersError('relayKey must be a non-empty string')
  }
  if (!URL.canParse(signInUrlBase)) {
    throw new InvalidFarcasterRelayParametersError(
      `signInUrlBase must be an absolute URL, got "${signInUrlBase}"`,
    )
  }
  if (!Number.isFinite(channelTtlMs) || channelTtlMs <= 0) {
    throw new InvalidFarcasterRelayParametersError('channelTtlMs must be a positive number')
  }
  if (rpcUrl !== undefined && !URL.canParse(rpcUrl)) {
    throw new InvalidFarcasterRelayParametersError(`rpcUrl must be a URL, got "${rpcUrl}"`)
  }
  const relayKeyDigest = sha256(relayKey)

  const channels = new Map<string, StoredChannel>()
  const sweep = () => {
    const now = Date.now()
    for (const [token, stored] of channels) if (stored.expiresAt <= now) channels.delete(token)
  }
  const sweeper = setInterval(sweep, Math.min(channelTtlMs, 60_000))
  sweeper.unref()

  /** The live channel of a request's `Authorization: Bearer <channelToken>`, else 401. */
  const readChannel = (request: IncomingMessage): [string, StoredChannel] => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
    const token = match?.[1]
    const stored = token === undefined ? undefined : channels.get(token)
    if (!token || !stored) throw unauthorized()
    if (stored.expiresAt <= Date.now()) {
      channels.delete(token)
      throw unauthorized()
    }
    return [token, stored]
  }

  const createChannel = async (request: IncomingMessage, response: ServerResponse) => {
    const validation = validateCreateChannelRequest(await readJsonBody(request))
    if (!validation.ok) throw validationError(validation.message)
    sweep()
    if (channels.size >= farcasterRelayLimits.maxOpenChannels) {
      throw new HttpError(
        429,
        'Too Many Requests',
        `The relay already has ${farcasterRelayLimits.maxOpenChannels} open channels; retry once some complete or expire`,
      )
    }
    const body = validation.value
    const channelToken = newChannelToken(channels)
    const nonce = body.nonce ?? randomBytes(16).toString('hex')
    const url = signInUrl(signInUrlBase, channelToken, { ...body, nonce })
    channels.set(channelToken, {
      expiresAt: Date.now() + channelTtlMs,
      channel: {
        state: 'pending',
        nonce,
        url,
        signatureParams: { ...body, nonce },
        metadata: {
          ip: request.socket.remoteAddress ?? 'unknown',
          userAgent: request.headers['user-agent'] ?? 'Unknown',
        },
        acceptAuthAddress: body.acceptAuthAddress ?? true,
      },
    })
    // `connectUri` is `url`'s former name; the reference relay still sends both.
    sendJson(response, 201, { channelToken, url, connectUri: url, nonce })
  }

  const status = (request: IncomingMessage, response: ServerResponse) => {
    const [token, { channel }] = readChannel(request)
    if (channel.state === 'completed') {
      // Read once: the app has what it waited for, and the token is of no further use.
      channels.delete(token)
      sendJson(response, 200, channel)
    } else {
      sendJson(response, 202, channel)
    }
  }

  const authenticate = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readJsonBody(request)
    const [, stored] = readChannel(request)
    const key = request.headers[relayKeyHeader] ?? request.headers[legacyRelayKeyHeader]
    if (typeof key !== 'string' || !timingSafeEqual(sha256(key), relayKeyDigest)) {
      throw unauthorized()
    }
    const validation = validateAuthenticateRequest(body)
    if (!validation.ok) throw validationError(validation.message)
    if (stored.channel.state === 'completed') {
      throw new HttpError(409, 'Conflict', 'The channel is already completed')
    }
    const { message, signature, authMethod, fid, username, displayName, bio, pfpUrl } =
      validation.value satisfies AuthenticateRequest
    const custody = rpcUrl === undefined ? undefined : await readCustody(rpcUrl, fid)
    stored.channel = {
      ...stored.channel,
      state: 'completed',
      message,
      signature,
      authMethod: authMethod ?? 'custody',
      fid,
      username,
      displayName,
      bio,
      pfpUrl,
      custody,
      // Verified addresses come from a hub in production; the stand-in has none to report.
      verifications: [],
    }
    sendJson(response, 201, stored.channel)
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://relay').pathname.replace(/\/+$/, '') || '/'
    const handle = async () => {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          ...corsHeaders,
          ...preflightHeaders,
          'access-control-allow-headers':
            request.headers['access-control-request-headers'] ?? defaultAllowedHeaders,
          'content-length': '0',
        })
        response.end()
        return
      }
      const method = routes[path]
      if (method === undefined) {
        throw new HttpError(404, 'Not Found', `Route ${request.method}:${path} not found`)
      }
      if (request.method !== method) {
        response.setHeader('allow', `${method}, OPTIONS`)
        throw new HttpError(405, 'Method Not Allowed', `${path} accepts ${method} only`)
      }
      if (path === '/v1/channel') return createChannel(request, response)
      if (path === '/v1/channel/status') return status(request, response)
      if (path === '/v1/channel/authenticate') return authenticate(request, response)
      sendJson(response, 200, { status: 'OK' })
    }
    handle().catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy()
        return
      }
      if (error instanceof HttpError) {
        sendJson(response, error.status, error.body)
        return
      }
      sendJson(response, 500, {
        error: 'Internal Server Error',
        message: error instanceof Error ? error.message : String(error),
      })
    })
  })

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    clearInterval(sweeper)
    throw new FarcasterRelayListenError(`${host}:${port}`, { cause: error })
  }
  const address = server.address() as AddressInfo
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    get openChannels() {
      sweep()
      return channels.size
    },
    async close() {
      clearInterval(sweeper)
      channels.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}

/** 16 characters of the reference relay's alphabet (32 symbols, so `byte & 31` is unbiased). */
function newChannelToken(channels: Map<string, unknown>): string {
  for (;;) {
    const token = Array.from(randomBytes(16), (byte) => tokenAlphabet[byte & 31]).join('')
    if (!channels.has(token)) return token
  }
}

function signInUrl(
  base: string,
  channelToken: string,
  parameters: CreateChannelRequest & { nonce: string },
): string {
  const url = new URL(base)
  url.searchParams.set('channelToken', channelToken)
  url.searchParams.set('nonce', parameters.nonce)
  url.searchParams.set('siweUri', parameters.siweUri)
  url.searchParams.set('domain', parameters.domain)
  for (const key of ['notBefore', 'expirationTime', 'requestId', 'redirectUrl'] as const) {
    const value = parameters[key]
    if (value !== undefined) url.searchParams.set(key, value)
  }
  return url.toString()
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  response.writeHead(status, {
    ...corsHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    // A body left unread (too large) must not be taken as the next request.
    ...(status === 413 ? { connection: 'close' } : {}),
  })
  response.end(text)
}

/** The request's JSON body, at most `maxBodyBytes` (413 beyond, 415 if not JSON, 400 if bad). */
async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const contentType = request.headers['content-type'] ?? ''
  const text = await readBody(request)
  if (!/^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i.test(contentType)) {
    throw new HttpError(415, 'Unsupported Media Type', 'Content-Type must be application/json')
  }
  try {
    return JSON.parse(text)
  } catch {
    throw validationError('body must be JSON')
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  const { maxBodyBytes } = farcasterRelayLimits
  const tooLarge = () =>
    new HttpError(413, 'Payload Too Large', `The body must be at most ${maxBodyBytes} bytes`)
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > maxBodyBytes) {
      // Unread: answer at once and close the connection (see sendJson) rather than take it in.
      request.resume()
      reject(tooLarge())
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let overflowed = false
    request.on('data', (chunk: Buffer) => {
      if (overflowed) return
      size += chunk.length
      if (size > maxBodyBytes) {
        overflowed = true
        chunks.length = 0
        reject(tooLarge())
      } else {
        chunks.push(chunk)
      }
    })
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.once('error', reject)
  })
}

/** `IdRegistry.custodyOf(fid)` by a raw `eth_call`; undefined when the fid has no custody. */
async function readCustody(rpcUrl: string, fid: number): Promise<`0x${string}` | undefined> {
  let result: unknown
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_call',
        params: [
          {
            to: idRegistryAddress,
            data: `${custodyOfSelector}${fid.toString(16).padStart(64, '0')}`,
          },
          'latest',
        ],
      }),
      signal: AbortSignal.timeout(5_000),
    })
    const answer = (await response.json()) as { result?: unknown; error?: { message?: string } }
    if (answer.error) throw new Error(answer.error.message ?? 'JSON-RPC error')
    result = answer.result
  } catch (error) {
    throw new HttpError(
      500,
      'Internal Server Error',
      `Could not look up the custody address of fid ${fid}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(result)) return undefined
  const address = `0x${result.slice(26)}` as const
  return /^0x0{40}$/.test(address) ? undefined : address
}
