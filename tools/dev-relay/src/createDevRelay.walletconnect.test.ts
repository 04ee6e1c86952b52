// The official WalletConnect SDKs on both sides (a dapp on UniversalProvider, a wallet on
// WalletKit) pair, sign and disconnect through the dev relay, with nothing leaving loopback.
import { randomBytes } from 'node:crypto'
import { type IWalletKit, WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import UniversalProvider from '@walletconnect/universal-provider'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import { type Hex, toHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type CreateDevRelayReturnType, createDevRelay } from './createDevRelay.ts'

const chains = ['eip155:31337', 'eip155:31338']
const metadata = (name: string) => ({
  name,
  description: `Foyer dev relay test ${name}`,
  url: 'http://127.0.0.1',
  icons: [],
})

let relay: CreateDevRelayReturnType
/** Hosts the SDKs tried to reach beyond loopback (verify, telemetry); refused, never contacted. */
const blockedHosts = new Set<string>()
const teardowns: Array<() => Promise<void> | void> = []

beforeAll(async () => {
  // Two SDK cores in one process need this, or the second reuses the first.
  vi.stubEnv('DISABLE_GLOBAL_CORE', 'true')
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input)
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return realFetch(input, init)
    blockedHosts.add(url.hostname)
    return Promise.reject(new TypeError(`fetch to ${url.hostname} blocked: offline test`))
  })
  relay = await createDevRelay({ port: 0 })
})

afterAll(async () => {
  for (const teardown of teardowns.splice(0).reverse()) await teardown()
  await relay?.close()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})

async function createWallet() {
  const core = new Core({
    relayUrl: relay.url,
    projectId: 'foyer-dev',
    customStoragePrefix: `wallet-${randomBytes(4).toString('hex')}`,
    storageOptions: { database: ':memory:' },
    logger: 'silent',
  })
  teardowns.push(async () => {
    core.heartbeat.stop()
    await core.relayer.transportClose()
  })
  const walletKit = await WalletKit.init({
    core,
    metadata: metadata('wallet'),
    signConfig: { disableRequestQueue: true },
  })
  return walletKit
}

async function createDapp() {
  const provider = await UniversalProvider.init({
    relayUrl: relay.url,
    projectId: 'foyer-dev',
    metadata: metadata('dapp'),
    customStoragePrefix: `dapp-${randomBytes(4).toString('hex')}`,
    storageOptions: { database: ':memory:' },
    disableProviderPing: true,
    logger: 'silent',
  })
  teardowns.push(async () => {
    provider.client.core.heartbeat.stop()
    await provider.client.core.relayer.transportClose()
  })
  return provider
}

/** A wallet that approves every eip155 proposal for `account` and signs `personal_sign`. */
function serveWallet(walletKit: IWalletKit, privateKey: Hex) {
  const account = privateKeyToAccount(privateKey)
  walletKit.on('session_proposal', async ({ id, params }) => {
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        eip155: {
          chains,
          methods: ['personal_sign'],
          events: ['chainChanged', 'accountsChanged'],
          accounts: chains.map((chain) => `${chain}:${account.address}`),
        },
      },
    })
    await walletKit.approveSession({ id, namespaces })
  })
  walletKit.on('session_request', async ({ id, topic, params }) => {
    const [message] = params.request.params as [Hex, string]
    const signature = await account.signMessage({ message: { raw: message } })
    await walletKit.respondSessionRequest({
      topic,
      response: { id, jsonrpc: '2.0', result: signature },
    })
  })
  return account
}

/** The dapp shows a URI, the wallet "scans" it; resolves with the approved session. */
async function connect(provider: UniversalProvider, walletKit: IWalletKit) {
  const pairingFailed = new Promise<never>((_, reject) => {
    provider.once('display_uri', (uri: string) => {
      walletKit.pair({ uri }).catch(reject)
    })
  })
  const session = await Promise.race([
    provider.connect({
      optionalNamespaces: {
        eip155: { chains, methods: ['personal_sign'], events: ['chainChanged', 'accountsChanged'] },
      },
    }),
    pairingFailed,
  ])
  if (!session) throw new Error('connect() resolved without a session')
  return session
}

describe('dev relay with the official WalletConnect SDKs', () => {
  it('pairs a dapp and a wallet, signs a message, changes chain and disconnects', async () => {
    const walletKit = await createWallet()
    const account = serveWallet(walletKit, generatePrivateKey())
    const provider = await createDapp()
    const session = await connect(provider, walletKit)
    expect(session.namespaces.eip155?.accounts).toContain(`eip155:31337:${account.address}`)
    expect(Object.keys(walletKit.getActiveSessions())).toEqual([session.topic])

    const message = 'Sign in to Foyer'
    const signature = await provider.request<Hex>(
      { method: 'personal_sign', params: [toHex(message), account.address] },
      'eip155:31337',
    )
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)

    const chainChanged = new Promise<unknown>((resolve) => provider.on('chainChanged', resolve))
    await walletKit.emitSessionEvent({
      topic: session.topic,
      event: { name: 'chainChanged', data: 31338 },
      chainId: 'eip155:31338',
    })
    expect(Number(await chainChanged)).toBe(31338)

    const sessionDeleted = new Promise((resolve) => walletKit.on('session_delete', resolve))
    await provider.disconnect()
    await sessionDeleted
    expect(walletKit.getActiveSessions()).toEqual({})

    expect(relay.unknownMethods).toEqual([])
  })

  it('keeps the session across a dropped relay connection and replays what the dapp missed offline', async () => {
    const walletKit = await createWallet()
    const account = serveWallet(walletKit, generatePrivateKey())
    const provider = await createDapp()
    const session = await connect(provider, walletKit)

    // Wait for the SDK to notice: a request written into the dying socket is lost, and the SDK
    // only retries it after 15 s (its own behaviour, the same on the public relay).
    const reconnected = new Promise((resolve) =>
      provider.client.core.relayer.once('relayer_connect', resolve),
    )
    relay.dropConnections()
    await reconnected
    const message = 'Still there?'
    const signature = await provider.request<Hex>(
      { method: 'personal_sign', params: [toHex(message), account.address] },
      'eip155:31337',
    )
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)

    // The wallet switches chain while the dapp is offline; the mailbox hands it over on return.
    await provider.client.core.relayer.transportClose()
    await walletKit.emitSessionEvent({
      topic: session.topic,
      event: { name: 'chainChanged', data: 31338 },
      chainId: 'eip155:31338',
    })
    const chainChanged = new Promise<unknown>((resolve) => provider.on('chainChanged', resolve))
    await provider.client.core.relayer.transportOpen()
    expect(Number(await chainChanged)).toBe(31338)

    expect(relay.unknownMethods).toEqual([])
  })
})
