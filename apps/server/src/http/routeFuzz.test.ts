import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { recordRoutes } from '../../test/support/recordRoutes.ts'
import { createEmbeddedWallet, type EmbeddedWallet } from '../embedded/createEmbeddedWallet.ts'
import { createServer } from './createServer.ts'

// Every route of both listeners, as Fastify registers them: an onRoute hook added to each instance
// the moment it is made, so a route added later (in any file) is fuzzed too.
const routes = recordRoutes()

const projectId = 'foyer-dev'

/** Path parameter values that walk into built-in object properties or break decoding. */
const paramValues = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%F0%9F',
  '%ED%A0%80',
  'x'.repeat(300),
]
/** Query strings: NUL and broken encodings in `projectId` and the other parameters routes read. */
const queries = [
  'projectId=%00',
  `projectId=${projectId}%00`,
  'projectId=__proto__',
  'projectId=%E0%A4%A',
  'projectId=%ED%A0%80',
  'projectId=a&projectId=b',
  'projectId[__proto__]=x',
  `projectId=${projectId}&to=%00&token=%00&chainId=%00&cursor=%00&search=%00`,
  `projectId=${projectId}&chainId=__proto__&cursor=__proto__&token=__proto__&to=__proto__`,
  `projectId=${projectId}&page=%00&entries=constructor&include=%00&exclude=__proto__`,
  `projectId=${projectId}&partnerUserId=%00&network=__proto__`,
  `projectId=${projectId}&partnerUserId=__proto__&network=eip155:1`,
]
/** Cookie headers the browser would never hold from this server. */
const cookies = [
  'foyer_session=%E0%A4%A',
  'foyer_refresh=%E0%A4%A',
  'foyer_session=%; foyer_refresh=%ZZ',
  'foyer_session=__proto__; foyer_refresh=constructor',
  // The SIWX cookie: broken encoding, a built-in name, a well-formed token nobody issued.
  'foyer_siwx=%E0%A4%A; foyer_siwx=__proto__',
  `foyer_siwx=${'A'.repeat(43)}`,
]
const nul = 'a\u0000b'
/** Every field name the JSON routes read, each holding text the database cannot store. */
const fields = {
  projectId,
  email: 'fuzz@example.com',
  newEmail: `fuzz${nul}@example.com`,
  deviceId: `device-${nul}-0000`,
  shareSetId: `set-${nul}`,
  requestId: `request-${nul}-0000`,
  otp: '123456',
  publicKey: '0x00',
  framePublicKey: '0x00',
  currency: nul,
  addresses: [nul],
  eventId: nul,
  url: nul,
  domain: nul,
  timestamp: 0,
  props: { type: nul, event: nul },
  kind: nul,
  credentialId: nul,
  provider: nul,
  response: { id: nul, response: { clientDataJSON: nul } },
  // The on-ramp routes' fields.
  purchaseCurrency: '__proto__',
  paymentCurrency: 'USD',
  amount: '50',
  network: 'eip155:1',
  partnerUserId: nul,
  destinationWallets: [{ address: nul, blockchains: ['__proto__:x'] }],
  // The names routes' fields (registration and the CCIP-read gateway).
  coin_type: '60',
  address: '0x0000000000000000000000000000000000000001',
  message: JSON.stringify({ name: `a${nul}bcd.foyer.eth`, timestamp: Date.now() }),
  signature: '0x00',
  sender: '0x0000000000000000000000000000000000000001',
  data: `0x9061b923${'00'.repeat(64)}`,
  // The SIWX verifier's field (message and signature are the names routes' above).
  namespace: 'eip155',
}
const bodies: string[] = [
  JSON.stringify({ projectId: '\u0000' }),
  JSON.stringify(fields),
  // A lone surrogate (`\ud800`): valid JSON, refused by jsonb.
  JSON.stringify({ ...fields, deviceId: 'device-\ud800-0000', shareSetId: '\ud800' }),
  JSON.stringify({ [nul]: 1, projectId }),
  // A sign-in message whose fields name built-in properties (SIWX verify).
  JSON.stringify({
    projectId,
    namespace: 'solana',
    message:
      'localhost:5173 wants you to sign in with your Solana account:\n__proto__\n\nURI: http://localhost:5173/\nVersion: 1\nChain ID: __proto__\nNonce: constructor0\nIssued At: 2025-01-01T00:00:00Z',
    signature: 'A'.repeat(88),
  }),
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  '[]',
  '"text"',
  'null',
  '{"projectId":',
  // A form post (the social login callback takes one): NUL and broken encodings in its fields.
  'form:state=%00&code=%00&id_token=a%00b&user=%7B%22name%22%3A%22%00%22%7D',
  'form:state=%E0%A4%A&code=__proto__&__proto__=x',
]

type Failure = { app: string; method: string; url: string; variant: string; status: number }

describe('route fuzzing: inputs that used to answer 500', () => {
  let server: FastifyInstance
  let embedded: EmbeddedWallet
  let dataDir: string
  let sessionCookie = ''

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'foyer-fuzz-'))
    // No chains: no route calls a node, so any 5xx is the server's own failure.
    server = await createServer({
      dataDir: 'memory://',
      dev: true,
      // Names on, so their routes (and the gateway) are fuzzed too; no chain, so no RPC.
      names: { zone: 'foyer.eth', gatewayKey: generatePrivateKey() },
      logger: false,
      rateLimit: false,
      indexer: { enabled: false },
    })
    const wallet = await createEmbeddedWallet({
      server,
      dev: true,
      dataDir,
      host: '127.0.0.1',
      framePort: 0,
      rateLimit: false,
      logger: false,
    })
    if (!wallet) throw new Error('embedded wallet did not start')
    embedded = wallet
    await server.ready()
    await embedded.frame.ready()
    sessionCookie = await logIn(embedded.frame, server)
  }, 60_000)

  afterAll(async () => {
    routes.stop()
    await server?.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  const routesOf = (app: FastifyInstance) => {
    const list = routes.routesOf(app) ?? []
    expect(list.length).toBeGreaterThan(5)
    return list
  }

  async function fuzz(name: string, app: FastifyInstance): Promise<Failure[]> {
    const failures: Failure[] = []
    const send = async (
      method: string,
      url: string,
      variant: string,
      options: { headers?: Record<string, string>; payload?: string } = {},
    ) => {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: {
          ...(options.payload !== undefined
            ? {
                'content-type': options.payload.startsWith('form:')
                  ? 'application/x-www-form-urlencoded'
                  : 'application/json',
              }
            : {}),
          ...options.headers,
        },
        ...(options.payload !== undefined
          ? { payload: options.payload.replace(/^form:/, '') }
          : {}),
      })
      if (response.statusCode >= 500)
        failures.push({ app: name, method, url, variant, status: response.statusCode })
    }
    for (const { method, url } of routesOf(app)) {
      const path = (value: string) =>
        url.replace(/:[A-Za-z]+/g, value).replace('*', value === '%00' ? 'x' : value)
      const hasBody = method === 'POST'
      const body = hasBody ? { payload: JSON.stringify({ projectId }) } : {}
      for (const value of paramValues)
        await send(method, `${path(value)}?projectId=${projectId}`, `param ${value}`, body)
      for (const query of queries) await send(method, `${path('x')}?${query}`, query, body)
      for (const cookie of cookies)
        await send(method, `${path('x')}?projectId=${projectId}`, cookie, {
          ...body,
          headers: { cookie, origin: 'http://localhost:5173' },
        })
      if (!hasBody) continue
      for (const payload of bodies) {
        for (const cookie of ['', sessionCookie])
          await send(
            method,
            `${path('x')}?projectId=${projectId}`,
            `body ${payload.slice(0, 60)}`,
            {
              payload,
              headers: cookie ? { cookie } : {},
            },
          )
      }
    }
    return failures
  }

  it('no route of the main server answers 500', async () => {
    expect(await fuzz('server', server)).toEqual([])
  }, 120_000)

  it('no route of the frame listener answers 500, signed out or signed in', async () => {
    const session = await embedded.frame.inject({
      url: `/v1/embedded/session?projectId=${projectId}`,
      headers: { cookie: sessionCookie },
    })
    expect(session.json().user).toMatchObject({ email: 'fuzz@example.com' })
    expect(await fuzz('frame', embedded.frame)).toEqual([])
  }, 120_000)

  it('a network id naming a built-in property is an unknown network (404)', async () => {
    for (const id of ['__proto__', 'constructor', 'toString']) {
      const response = await server.inject({ url: `/public/getAssetImage/${id}` })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ message: `No image for network ${id}` })
    }
    const currency = await server.inject({ url: '/public/getCurrencyImage/__proto__' })
    expect(currency.statusCode).toBe(404)
  })

  it('a broken percent-encoded session cookie is a 400 that clears the cookie', async () => {
    const response = await embedded.frame.inject({
      url: `/v1/embedded/session?projectId=${projectId}`,
      headers: { cookie: 'foyer_session=%E0%A4%A' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'invalid_cookie',
      message: 'The foyer_session cookie is not validly encoded; it was cleared, sign in again',
    })
    expect(String(response.headers['set-cookie'])).toContain('foyer_session=; Path=/; Max-Age=0')
  })

  it('a NUL in projectId is a 400 naming projectId, on the page and on the API', async () => {
    const page = await embedded.frame.inject({ url: '/?projectId=%00' })
    expect(page.statusCode).toBe(400)
    expect(page.body).toContain('query.projectId must not contain NUL')
    const malformed = await embedded.frame.inject({ url: '/?projectId=a%20b' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.body).toContain('Invalid projectId')
    const api = await embedded.frame.inject({ url: '/v1/embedded/session?projectId=%00' })
    expect(api.statusCode).toBe(400)
    expect(api.json()).toMatchObject({ error: 'invalid_input' })
    expect(api.json().message).toContain('query.projectId')
    const signedIn = await embedded.frame.inject({
      method: 'POST',
      url: `/v1/embedded/device-requests/status?projectId=${projectId}`,
      headers: { cookie: sessionCookie },
      payload: { requestId: `request-${nul}-0000` },
    })
    expect(signedIn.statusCode).toBe(400)
    expect(signedIn.json().message).toContain('body.requestId must not contain NUL')
  })
})

/** An email login through the routes and the dev mailbox; the session's cookie header. */
async function logIn(frame: FastifyInstance, server: FastifyInstance): Promise<string> {
  const email = 'fuzz@example.com'
  const deviceId = 'device-fuzz-0000'
  const start = await frame.inject({
    method: 'POST',
    url: `/v1/embedded/email/start?projectId=${projectId}`,
    payload: { email, deviceId, projectId },
  })
  expect(start.statusCode).toBe(200)
  let code: string | undefined
  await vi.waitFor(async () => {
    const mailbox = await server.inject({ url: `/dev/mailbox.json?to=${email}` })
    const mails = mailbox.json<{ mails: { text: string }[] }>().mails
    code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1]
    expect(code).toBeDefined()
  })
  const verify = await frame.inject({
    method: 'POST',
    url: `/v1/embedded/email/verify?projectId=${projectId}`,
    payload: { email, deviceId, otp: code },
  })
  expect(verify.statusCode).toBe(200)
  return [verify.headers['set-cookie']]
    .flat()
    .map((cookie) => String(cookie).split(';')[0])
    .join('; ')
}
