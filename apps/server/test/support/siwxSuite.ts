import {
  anvilDevAccounts,
  erc1271WalletAbi,
  readArtifactBytecode,
  type StartAnvilReturnType,
  startAnvil,
} from '@foyer/devnet'
import { siwxMessages, siwxSessionResponse } from '@foyer/protocol'
import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Decoder } from '@solana/kit'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  getAddress,
  getContractAddress,
  type Hex,
  http,
  type PublicClient,
  padHex,
  serializeErc6492Signature,
} from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../../src/http/createServer.ts'
import { upsertProject } from '../../src/projects/projects.ts'
import { deleteExpiredSiwxRows } from '../../src/siwx/cleanup.ts'
import { solanaSignInText } from '../../src/siwx/solanaSignInText.ts'
import { verifySiwxSession } from '../../src/siwx/verifySiwxSession.ts'
import type { DatabaseFixture } from './serverSuite.ts'

const projectA = 'siwx-app'
const projectB = 'siwx-other'
const appOrigin = 'https://app.example.com'
const chainId = 31337
/** Arachnid's deterministic deployer, which anvil has at genesis (a CREATE2 factory). */
const create2Deployer: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

type Answer = { status: number; body: Record<string, unknown>; cookie: string | undefined }

/**
 * The SIWX verifier end to end, through the routes, against a real anvil node (smart accounts:
 * ERC-1271 deployed, ERC-6492 not deployed yet) and the given database: real viem accounts sign
 * EIP-4361 messages made by viem's `createSiweMessage`, real ed25519 keys sign Sign In With
 * Solana texts. Run once per database kind.
 */
export function describeSiwxSuite(
  name: string,
  openDatabase: () => Promise<DatabaseFixture>,
): void {
  describe(name, () => {
    let app: FastifyInstance
    let anvil: StartAnvilReturnType
    let fixture: DatabaseFixture
    let client: PublicClient
    let chain: Chain
    let baseUrl: string

    beforeAll(async () => {
      ;[anvil, fixture] = await Promise.all([startAnvil({ chainId, port: 0 }), openDatabase()])
      chain = {
        id: chainId,
        name: 'Anvil',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [anvil.rpcUrl] } },
      }
      client = createPublicClient({ chain, transport: http(anvil.rpcUrl) }) as PublicClient
      app = await createServer({
        database: fixture.database,
        chains: [
          {
            chainId,
            name: 'Anvil',
            rpcUrl: anvil.rpcUrl,
            nativeCurrency: chain.nativeCurrency,
            tokens: [],
          },
        ],
        logger: false,
        rateLimit: false,
        indexer: { enabled: false },
      })
      const db = fixture.database.db
      await upsertProject({
        db,
        id: projectA,
        name: 'SIWX app',
        allowedOrigins: [appOrigin, 'http://localhost:*'],
      })
      await upsertProject({
        db,
        id: projectB,
        name: 'Another app',
        allowedOrigins: ['https://other.example.org'],
      })
      await app.listen({ host: '127.0.0.1', port: 0 })
      baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    }, 120_000)

    afterAll(async () => {
      await app?.close()
      await Promise.allSettled([anvil?.stop(), fixture?.stop()])
    })

    const answer = (response: LightMyRequestResponse): Answer => {
      const setCookie = [response.headers['set-cookie'] ?? []].flat()
      const cookie = setCookie.find((line) => line.startsWith('foyer_siwx='))
      return { status: response.statusCode, body: response.json(), cookie }
    }
    /** `foyer_siwx=<token>` of a Set-Cookie line (what the browser sends back). */
    const cookieHeader = (setCookie: string | undefined) => setCookie?.split(';')[0] ?? ''
    const nonce = async (project = projectA, origin = appOrigin): Promise<string> => {
      const response = await app.inject({
        method: 'POST',
        url: '/v1/siwx/nonce?st=foyer&sv=test',
        headers: { origin },
        payload: { projectId: project },
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().nonce
    }
    const verify = async (
      body: { message: string; signature: string; namespace?: string },
      options: { cookie?: string; origin?: string; project?: string } = {},
    ): Promise<Answer> =>
      answer(
        await app.inject({
          method: 'POST',
          url: `/v1/siwx/verify?projectId=${options.project ?? projectA}`,
          headers: {
            origin: options.origin ?? appOrigin,
            ...(options.cookie ? { cookie: options.cookie } : {}),
          },
          payload: { namespace: 'eip155', ...body },
        }),
      )
    const session = async (cookie: string, project = projectA, origin = appOrigin) =>
      answer(
        await app.inject({
          url: `/v1/siwx/session?projectId=${project}`,
          headers: { origin, cookie },
        }),
      )
    const evmMessage = async (
      address: Address,
      fields: Partial<SiweMessage> = {},
    ): Promise<string> =>
      createSiweMessage({
        address,
        chainId,
        domain: 'app.example.com',
        uri: `${appOrigin}/`,
        version: '1',
        nonce: fields.nonce ?? (await nonce()),
        issuedAt: new Date(),
        statement: 'Sign in to the SIWX app.',
        ...fields,
      })
    const signIn = async (account: PrivateKeyAccount, fields: Partial<SiweMessage> = {}) => {
      const message = await evmMessage(account.address, fields)
      return { message, signature: await account.signMessage({ message }) }
    }
    const expectRefused = (result: Answer, message: string, field = 'message') => {
      expect({ status: result.status, body: result.body, cookie: result.cookie }).toEqual({
        status: 400,
        body: { statusCode: 400, code: 'INVALID_INPUT', error: 'Bad Request', message, field },
        cookie: undefined,
      })
    }
    const solanaKey = () => {
      const secretKey = ed25519.utils.randomSecretKey()
      return { secretKey, address: base58(ed25519.getPublicKey(secretKey)) }
    }
    const solanaSignIn = async (
      key: { secretKey: Uint8Array; address: string },
      fields: { chainId?: string; nonce?: string } = {},
    ) => {
      const message = solanaSignInText({
        domain: 'app.example.com',
        address: key.address,
        statement: 'Sign in to the SIWX app.',
        uri: `${appOrigin}/`,
        version: '1',
        chainId: fields.chainId ?? 'mainnet',
        nonce: fields.nonce ?? (await nonce()),
        issuedAt: new Date().toISOString(),
      })
      const signature = ed25519.sign(new TextEncoder().encode(message), key.secretKey)
      return { message, signature, namespace: 'solana' }
    }

    it('signs an EVM account in: the cookie is set and the session answers, to the app and to its backend', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const before = Date.now()
      const result = await verify(await signIn(account))
      expect(result.status, JSON.stringify(result.body)).toBe(200)
      const { session: signedIn } = v.parse(siwxSessionResponse, result.body)
      expect(signedIn).toMatchObject({
        address: account.address,
        chainId: `eip155:${chainId}`,
        namespace: 'eip155',
      })
      expect(signedIn.accounts).toEqual([
        {
          address: account.address,
          chainId: `eip155:${chainId}`,
          namespace: 'eip155',
          expiresAt: signedIn.expiresAt,
        },
      ])
      // No Expiration Time in the message: the longest session, 7 days.
      const lifetime = Date.parse(signedIn.expiresAt) - before
      expect(lifetime).toBeGreaterThanOrEqual(7 * 86_400_000)
      expect(lifetime).toBeLessThan(7 * 86_400_000 + 60_000)
      // HttpOnly, SameSite=None; Secure (production), Path=/, as long as the session.
      expect(result.cookie).toMatch(
        /^foyer_siwx=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=(604800|60479\d); HttpOnly; SameSite=None; Secure$/,
      )

      const cookie = cookieHeader(result.cookie)
      const again = await session(cookie)
      expect(again.status).toBe(200)
      expect(again.body).toEqual({ session: signedIn })

      // The app's backend asks with the request's Cookie header (other cookies are not sent on).
      expect(
        await verifySiwxSession({
          serverUrl: baseUrl,
          projectId: projectA,
          cookie: `theme=dark; ${cookie}; other=1`,
        }),
      ).toEqual(signedIn)
      expect(
        await verifySiwxSession({
          serverUrl: baseUrl,
          projectId: projectA,
          cookie: cookie.split('=')[1],
        }),
      ).toEqual(signedIn)
      expect(
        await verifySiwxSession({ serverUrl: baseUrl, projectId: projectA, cookie: 'theme=dark' }),
      ).toBeNull()
      // Another project's backend learns nothing from this cookie.
      expect(
        await verifySiwxSession({ serverUrl: baseUrl, projectId: projectB, cookie }),
      ).toBeNull()
      await expect(
        verifySiwxSession({ serverUrl: baseUrl, projectId: 'no-such-project', cookie }),
      ).rejects.toThrow('The Foyer server answered HTTP 403: Unauthorized: invalid key')
    })

    it('answers the page with credentials allowed for its own origins only', async () => {
      const url = `${baseUrl}/v1/siwx/session?projectId=${projectA}`
      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: { origin: appOrigin, 'access-control-request-method': 'DELETE' },
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin')).toBe(appOrigin)
      expect(preflight.headers.get('access-control-allow-credentials')).toBe('true')
      expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE')

      const account = privateKeyToAccount(generatePrivateKey())
      const response = await fetch(`${baseUrl}/v1/siwx/verify?projectId=${projectA}`, {
        method: 'POST',
        headers: { origin: appOrigin, 'content-type': 'application/json' },
        body: JSON.stringify({ ...(await signIn(account)), namespace: 'eip155' }),
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe(appOrigin)
      expect(response.headers.get('access-control-allow-credentials')).toBe('true')
      expect(response.headers.get('cache-control')).toBe('no-store')

      // A 401 stays readable by the page (with credentials), so it is not a network error.
      const signedOut = await fetch(url, { headers: { origin: appOrigin } })
      expect(signedOut.status).toBe(401)
      expect(signedOut.headers.get('access-control-allow-credentials')).toBe('true')
      expect(await signedOut.json()).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: siwxMessages.noSession,
      })
      // A page of another origin gets no session data: the origin is refused first.
      const foreign = await fetch(url, {
        headers: { origin: 'https://evil.example', cookie: 'foyer_siwx=x' },
      })
      expect(foreign.status).toBe(403)
      // Other routes still never allow credentials.
      const config = await fetch(`${baseUrl}/appkit/v1/config?projectId=${projectA}`, {
        headers: { origin: appOrigin },
      })
      expect(config.headers.get('access-control-allow-credentials')).toBeNull()
    })

    it('refuses a replayed nonce, a nonce never issued and a nonce of another project', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const signed = await signIn(account)
      expect((await verify(signed)).status).toBe(200)
      expectRefused(await verify(signed), 'nonce was already used or never issued')
      expectRefused(
        await verify(await signIn(account, { nonce: 'abcdef0123456789abcdef0123456789' })),
        'nonce was already used or never issued',
      )
      const foreignNonce = await nonce(projectB, 'https://other.example.org')
      expectRefused(
        await verify(await signIn(account, { nonce: foreignNonce })),
        'nonce was already used or never issued',
      )
      // Concurrent replays: exactly one signs in.
      const once = await signIn(account)
      const results = await Promise.all([verify(once), verify(once), verify(once)])
      expect(results.map((result) => result.status).sort()).toEqual([200, 400, 400])
    })

    it('refuses a nonce issued more than 10 minutes ago', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const issued = await nonce()
      // Ten minutes pass (the row is aged, the clock stays).
      await fixture.database.db
        .updateTable('siwx_nonces')
        .set({ expires_at: new Date(Date.now() - 1_000) })
        .where('nonce', '=', issued)
        .execute()
      expectRefused(
        await verify(await signIn(account, { nonce: issued })),
        siwxMessages.nonceExpired,
      )
    })

    it('refuses a foreign domain, a URI on another origin, an expired message and one not yet valid', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      expectRefused(
        await verify(
          await signIn(account, { domain: 'evil.example', uri: 'https://evil.example/' }),
        ),
        'domain evil.example is not an allowed origin of this project',
      )
      expectRefused(
        await verify(await signIn(account, { uri: 'https://evil.example/login' })),
        "uri https://evil.example/login is not on the origin of the message's domain (https://app.example.com)",
      )
      // Another project's origin is foreign here too.
      expectRefused(
        await verify(
          await signIn(account, { domain: 'other.example.org', uri: 'https://other.example.org/' }),
        ),
        'domain other.example.org is not an allowed origin of this project',
      )
      const expiredAt = new Date(Date.now() - 1_000)
      expectRefused(
        await verify(
          await signIn(account, {
            issuedAt: new Date(Date.now() - 60_000),
            expirationTime: expiredAt,
          }),
        ),
        `this sign-in message has expired (Expiration Time ${expiredAt.toISOString()}); sign a new one`,
      )
      const notBefore = new Date(Date.now() + 3_600_000)
      expectRefused(
        await verify(await signIn(account, { notBefore })),
        `this sign-in message is not yet valid (Not Before ${notBefore.toISOString()} is in the future)`,
      )
      const issuedAt = new Date(Date.now() + 3_600_000)
      expectRefused(
        await verify(await signIn(account, { issuedAt })),
        `this sign-in message is not yet valid (Issued At ${issuedAt.toISOString()} is in the future)`,
      )
      // None of these spent its nonce: the nonce still signs in once.
      const kept = await nonce()
      expectRefused(
        await verify(
          await signIn(account, {
            nonce: kept,
            domain: 'evil.example',
            uri: 'https://evil.example/',
          }),
        ),
        'domain evil.example is not an allowed origin of this project',
      )
      expect((await verify(await signIn(account, { nonce: kept }))).status).toBe(200)
    })

    it('refuses a forged signature, a tampered message, bad text and an unsupported namespace', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const impostor = privateKeyToAccount(generatePrivateKey())
      const message = await evmMessage(account.address)
      expectRefused(
        await verify({ message, signature: await impostor.signMessage({ message }) }),
        "signature does not match the message's account",
        'signature',
      )
      const genuine = await account.signMessage({ message })
      expectRefused(
        await verify({ message: message.replace('Sign in to', 'Sign into'), signature: genuine }),
        "signature does not match the message's account",
        'signature',
      )
      expectRefused(
        await verify({ message, signature: 'not-hex' }),
        'signature must be 0x followed by hex bytes',
        'signature',
      )
      expectRefused(
        await verify({ message: 'hello', signature: genuine }),
        'message is not a valid EIP-4361 sign-in message: the first line must be "<domain> wants you to sign in with your Ethereum account:"',
      )
      expectRefused(
        await verify({ message, signature: genuine, namespace: 'tezos' }),
        'namespace tezos is not supported by this verifier',
        'namespace',
      )
      expectRefused(
        await verify({ message, signature: genuine, namespace: 'EIP155!' }),
        'namespace: namespace must be a CAIP-2 namespace such as eip155 or solana',
        'namespace',
      )
      // The genuine pair still signs in: the refusals spent nothing.
      expect((await verify({ message, signature: genuine })).status).toBe(200)
    })

    it('verifies a smart account (ERC-1271) on the network it signs for, and says when it cannot', async () => {
      const owner = privateKeyToAccount(generatePrivateKey())
      const deployer = createWalletClient({
        chain,
        transport: http(anvil.rpcUrl),
        account: privateKeyToAccount(anvilDevAccounts()[0]!.privateKey),
      })
      const hash = await deployer.deployContract({
        abi: erc1271WalletAbi,
        bytecode: readArtifactBytecode('Erc1271Wallet'),
        args: [owner.address],
      })
      const wallet = getAddress((await client.waitForTransactionReceipt({ hash })).contractAddress!)

      const forged = await evmMessage(wallet)
      expectRefused(
        await verify({
          message: forged,
          signature: await privateKeyToAccount(generatePrivateKey()).signMessage({
            message: forged,
          }),
        }),
        "signature does not match the message's account",
        'signature',
      )
      const message = await evmMessage(wallet)
      const result = await verify({ message, signature: await owner.signMessage({ message }) })
      expect(result.status, JSON.stringify(result.body)).toBe(200)
      expect(result.body.session).toMatchObject({ address: wallet, chainId: `eip155:${chainId}` })

      // On a network this server has no node for, only EOA signatures can be checked.
      const elsewhere = await evmMessage(wallet, { chainId: 8453 })
      expectRefused(
        await verify({
          message: elsewhere,
          signature: await owner.signMessage({ message: elsewhere }),
        }),
        "signature does not match the message's account (this server has no node for eip155:8453, so only an EOA signature can be checked: a smart-contract account cannot be verified on that network here)",
        'signature',
      )
      // …while an EOA signs in on any EVM chain.
      const eoa = privateKeyToAccount(generatePrivateKey())
      const onBase = await verify(await signIn(eoa, { chainId: 8453 }))
      expect(onBase.status).toBe(200)
      expect(onBase.body.session).toMatchObject({ address: eoa.address, chainId: 'eip155:8453' })
    })

    it('verifies a smart account that is not deployed yet (ERC-6492)', async () => {
      expect(await client.getCode({ address: create2Deployer })).toMatch(/^0x.+/)
      const owner = privateKeyToAccount(generatePrivateKey())
      const salt = padHex('0x6492', { size: 32 })
      const initCode = encodeDeployData({
        abi: erc1271WalletAbi,
        bytecode: readArtifactBytecode('Erc1271Wallet'),
        args: [owner.address],
      })
      const wallet = getContractAddress({
        opcode: 'CREATE2',
        from: create2Deployer,
        salt,
        bytecode: initCode,
      })
      expect(await client.getCode({ address: wallet })).toBeUndefined()
      const wrap = (signature: Hex) =>
        serializeErc6492Signature({
          address: create2Deployer,
          data: `${salt}${initCode.slice(2)}` as Hex,
          signature,
        })
      const message = await evmMessage(wallet)
      const impostor = await privateKeyToAccount(generatePrivateKey()).signMessage({ message })
      expectRefused(
        await verify({ message, signature: wrap(impostor) }),
        "signature does not match the message's account",
        'signature',
      )
      const result = await verify({
        message,
        signature: wrap(await owner.signMessage({ message })),
      })
      expect(result.status, JSON.stringify(result.body)).toBe(200)
      expect(result.body.session).toMatchObject({ address: wallet })
      // Verifying deploys nothing (the check is a simulated call).
      expect(await client.getCode({ address: wallet })).toBeUndefined()
    })

    it('signs a Solana account in (base58 or base64 signature) and refuses a forged one', async () => {
      const key = solanaKey()
      const signed = await solanaSignIn(key)
      const result = await verify({ ...signed, signature: base58(signed.signature) })
      expect(result.status, JSON.stringify(result.body)).toBe(200)
      expect(result.body.session).toMatchObject({
        address: key.address,
        namespace: 'solana',
        chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      })
      expect((await session(cookieHeader(result.cookie))).body).toEqual(result.body)

      const local = await solanaSignIn(key, { chainId: 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K' })
      const inBase64 = await verify({
        ...local,
        signature: Buffer.from(local.signature).toString('base64'),
      })
      expect(inBase64.status, JSON.stringify(inBase64.body)).toBe(200)
      expect(inBase64.body.session).toMatchObject({
        chainId: 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K',
      })

      const forged = await solanaSignIn(key)
      expectRefused(
        await verify({
          ...forged,
          signature: base58(
            ed25519.sign(new TextEncoder().encode(forged.message), solanaKey().secretKey),
          ),
        }),
        "signature does not match the message's account",
        'signature',
      )
      expectRefused(
        await verify({ ...forged, signature: base58(forged.signature), namespace: 'eip155' }),
        'message is not a valid EIP-4361 sign-in message: it signs in with a Solana account, not with a Ethereum account',
      )
    })

    it('holds an EVM and a Solana account in one session, rotating the cookie on every sign-in', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const evm = await verify(await signIn(account))
      const first = cookieHeader(evm.cookie)
      const key = solanaKey()
      const signed = await solanaSignIn(key)
      const solana = await verify(
        { ...signed, signature: base58(signed.signature) },
        { cookie: first },
      )
      expect(solana.status, JSON.stringify(solana.body)).toBe(200)
      const second = cookieHeader(solana.cookie)
      expect(second).not.toBe(first)
      const { session: both } = v.parse(siwxSessionResponse, solana.body)
      // The newest sign-in is the top level; both accounts are listed, newest first.
      expect(both).toMatchObject({ address: key.address, namespace: 'solana' })
      expect(both.accounts.map((entry) => entry.address)).toEqual([key.address, account.address])
      expect((await session(second)).body).toEqual({ session: both })
      // The replaced token is no session any more.
      expect((await session(first)).status).toBe(401)

      // Signing in again on eip155 replaces that namespace's account.
      const next = privateKeyToAccount(generatePrivateKey())
      const replaced = await verify(await signIn(next), { cookie: second })
      expect(
        v.parse(siwxSessionResponse, replaced.body).session.accounts.map((entry) => entry.address),
      ).toEqual([next.address, key.address])
    })

    it('ends the session at the message’s Expiration Time', async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const expirationTime = new Date(Date.now() + 1_500)
      const result = await verify(await signIn(account, { expirationTime }))
      expect(result.status).toBe(200)
      expect(result.body.session).toMatchObject({ expiresAt: expirationTime.toISOString() })
      expect(result.cookie).toMatch(/Max-Age=1;/)
      const cookie = cookieHeader(result.cookie)
      expect((await session(cookie)).status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 1_600))
      expect((await session(cookie)).body).toMatchObject({
        statusCode: 401,
        code: 'UNAUTHENTICATED',
        message: siwxMessages.sessionExpired,
      })
    })

    it('signs out (DELETE or POST /v1/siwx/revoke) and clears the cookie', async () => {
      for (const method of ['DELETE', 'POST'] as const) {
        const account = privateKeyToAccount(generatePrivateKey())
        const cookie = cookieHeader((await verify(await signIn(account))).cookie)
        const response = await app.inject(
          method === 'DELETE'
            ? {
                method,
                url: `/v1/siwx/session?projectId=${projectA}`,
                headers: { origin: appOrigin, cookie },
              }
            : {
                method,
                url: '/v1/siwx/revoke',
                headers: { origin: appOrigin, cookie, 'content-type': 'text/plain' },
                payload: JSON.stringify({ projectId: projectA }),
              },
        )
        const revoked = answer(response)
        expect(revoked.status).toBe(200)
        expect(revoked.body).toEqual({ revoked: true })
        expect(revoked.cookie).toBe(
          'foyer_siwx=; Path=/; Max-Age=0; HttpOnly; SameSite=None; Secure',
        )
        expect((await session(cookie)).body).toMatchObject({
          statusCode: 401,
          message: siwxMessages.sessionRevoked,
        })
        expect(
          await verifySiwxSession({ serverUrl: baseUrl, projectId: projectA, cookie }),
        ).toBeNull()
      }
      // Signing out twice, or without a session, is no error.
      const none = await app.inject({
        method: 'DELETE',
        url: `/v1/siwx/session?projectId=${projectA}`,
        headers: { origin: appOrigin },
      })
      expect(none.json()).toEqual({ revoked: false })
      // A page of another site cannot sign the visitor out.
      const account = privateKeyToAccount(generatePrivateKey())
      const cookie = cookieHeader((await verify(await signIn(account))).cookie)
      const foreign = await app.inject({
        method: 'POST',
        url: '/v1/siwx/revoke',
        headers: { origin: 'https://evil.example', cookie, 'content-type': 'text/plain' },
        payload: JSON.stringify({ projectId: projectA }),
      })
      expect(foreign.statusCode).toBe(403)
      expect((await session(cookie)).status).toBe(200)
    })

    it("keeps project A's session out of project B", async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const cookie = cookieHeader((await verify(await signIn(account))).cookie)
      const other = await session(cookie, projectB, 'https://other.example.org')
      expect(other.status).toBe(401)
      expect(other.body).toMatchObject({ message: siwxMessages.noSession })
      // Project A's page cannot ask project B, nor verify under it.
      expect((await session(cookie, projectB)).status).toBe(403)
      expect((await verify(await signIn(account), { project: projectB })).status).toBe(403)

      // Signing in to B with the same browser keeps its A session (one cookie, one session each).
      const signedB = createSiweMessage({
        address: account.address,
        chainId,
        domain: 'other.example.org',
        uri: 'https://other.example.org/',
        version: '1',
        nonce: await nonce(projectB, 'https://other.example.org'),
        issuedAt: new Date(),
      })
      const inB = await verify(
        { message: signedB, signature: await account.signMessage({ message: signedB }) },
        { project: projectB, origin: 'https://other.example.org', cookie },
      )
      expect(inB.status, JSON.stringify(inB.body)).toBe(200)
      const both = cookieHeader(inB.cookie)
      expect((await session(both)).status).toBe(200)
      expect((await session(both, projectB, 'https://other.example.org')).status).toBe(200)
      // Signing out of B keeps the cookie for A.
      const out = await app.inject({
        method: 'DELETE',
        url: `/v1/siwx/session?projectId=${projectB}`,
        headers: { origin: 'https://other.example.org', cookie: both },
      })
      expect(out.json()).toEqual({ revoked: true })
      expect(answer(out).cookie).toBeUndefined()
      expect((await session(both)).status).toBe(200)
    })

    it('applies the rate limits, and the refusal stays readable by the page', async () => {
      const limited = await createServer({
        database: fixture.database,
        logger: false,
        indexer: { enabled: false },
        rateLimit: { perIpPerMinute: 2, perProjectPerMinute: 1_000 },
      })
      try {
        const statuses: number[] = []
        let last: LightMyRequestResponse | undefined
        for (let i = 0; i < 3; i++) {
          last = await limited.inject({
            method: 'POST',
            url: `/v1/siwx/nonce?projectId=${projectA}`,
            headers: { origin: appOrigin },
          })
          statuses.push(last.statusCode)
        }
        expect(statuses).toEqual([200, 200, 429])
        expect(last!.headers['retry-after']).toBeDefined()
        expect(last!.headers['access-control-allow-credentials']).toBe('true')
        expect(last!.json()).toMatchObject({ code: 'RATE_LIMITED' })
      } finally {
        await limited.close()
      }
    })

    it('makes the cookie Secure except for --dev on plain http from a non-loopback host', async () => {
      const dev = await createServer({
        database: fixture.database,
        dev: true,
        logger: false,
        rateLimit: false,
        indexer: { enabled: false },
      })
      try {
        const account = privateKeyToAccount(generatePrivateKey())
        const signInVia = async (host: string) => {
          const signed = await signIn(account)
          return answer(
            await dev.inject({
              method: 'POST',
              url: `/v1/siwx/verify?projectId=${projectA}`,
              headers: { origin: appOrigin, host },
              payload: { ...signed, namespace: 'eip155' },
            }),
          ).cookie
        }
        expect(await signInVia('127.0.0.1:4400')).toMatch(/; SameSite=None; Secure$/)
        expect(await signInVia('localhost:4400')).toMatch(/; SameSite=None; Secure$/)
        expect(await signInVia('192.168.1.20:4400')).toMatch(/; HttpOnly; SameSite=Lax$/)
      } finally {
        await dev.close()
      }
    })

    it('deletes expired nonces and sessions ended more than a day ago', async () => {
      const db = fixture.database.db
      const account = privateKeyToAccount(generatePrivateKey())
      const cookie = cookieHeader((await verify(await signIn(account))).cookie)
      const unused = await nonce()
      const count = async () => ({
        nonces: Number(
          (
            await db
              .selectFrom('siwx_nonces')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
        accounts: Number(
          (
            await db
              .selectFrom('siwx_session_accounts')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      })
      const before = await count()
      // Now: nothing is past its time.
      expect(await deleteExpiredSiwxRows({ db, now: Date.now() })).toEqual({
        siwx_nonces: 0,
        siwx_sessions: 0,
      })
      // In 8 days: every nonce has expired, every session ended more than a day ago.
      const later = await deleteExpiredSiwxRows({ db, now: Date.now() + 8 * 86_400_000 })
      expect(later.siwx_nonces).toBe(before.nonces)
      expect(later.siwx_sessions).toBeGreaterThan(0)
      expect(await count()).toEqual({ nonces: 0, accounts: 0 })
      expectRefused(
        await verify(await signIn(account, { nonce: unused })),
        siwxMessages.nonceUnknown,
      )
      expect((await session(cookie)).body).toMatchObject({ message: siwxMessages.noSession })
    })
  })
}
