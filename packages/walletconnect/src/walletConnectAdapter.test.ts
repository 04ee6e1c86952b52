// The adapter against the real protocol: the official SDK on the dapp side, a WalletKit wallet in
// Node, the dev relay and anvil, all on loopback.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type ChainDefinition,
  connect,
  createFoyer,
  createMemoryStorage,
  createStorage,
  disconnect,
  reconnect,
  sendCalls,
  switchNetwork,
} from '@foyer/core'
import { type CreateDevRelayReturnType, createDevRelay } from '@foyer/dev-relay'
import { anvilDevAccounts, type StartAnvilReturnType, startAnvil } from '@foyer/devnet'
import {
  createPublicClient,
  type Hex,
  http,
  parseEther,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createNodeTestWallet, type NodeTestWallet } from './createNodeTestWallet.ts'
import type { WalletConnectConnector } from './createWalletConnectConnector.ts'
import type { PairingUri } from './pairingUri.ts'
import {
  type WalletConnectAdapterParameters,
  walletConnectAdapter,
} from './walletConnectAdapter.ts'

let relay: CreateDevRelayReturnType
let chainA: StartAnvilReturnType
let chainB: StartAnvilReturnType
let storageDirectory: string
const blockedHosts = new Set<string>()
const teardowns: Array<() => Promise<unknown> | unknown> = []
const [devAccount] = anvilDevAccounts()

beforeAll(async () => {
  // Several SDK clients live in this one process.
  vi.stubEnv('DISABLE_GLOBAL_CORE', 'true')
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input)
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return realFetch(input, init)
    blockedHosts.add(url.hostname)
    return Promise.reject(new TypeError(`fetch to ${url.hostname} blocked: offline test`))
  })
  ;[relay, chainA, chainB, storageDirectory] = await Promise.all([
    createDevRelay({ port: 0 }),
    startAnvil({ chainId: 31337, port: 0 }),
    startAnvil({ chainId: 31338, port: 0 }),
    mkdtemp(join(tmpdir(), 'foyer-walletconnect-')),
  ])
})

afterEach(async () => {
  for (const teardown of teardowns.splice(0).reverse()) await teardown()
  expect(relay.unknownMethods).toEqual([])
})

afterAll(async () => {
  await Promise.all([relay?.close(), chainA?.stop(), chainB?.stop()])
  // The SDK's file storage may still be writing after destroy(): retry while it finishes.
  if (storageDirectory)
    await rm(storageDirectory, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})

const chain = (anvil: StartAnvilReturnType, name: string): ChainDefinition => ({
  id: anvil.chainId,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [anvil.rpcUrl] } },
})

let clientCount = 0

type SetupOptions = Partial<WalletConnectAdapterParameters> & {
  storage?: ReturnType<typeof createMemoryStorage>
}

function createDapp(options: SetupOptions = {}) {
  const { storage = createMemoryStorage(), ...adapterOptions } = options
  clientCount++
  const foyer = createFoyer({
    networks: [chain(chainA, 'Anvil'), chain(chainB, 'Anvil B')],
    adapters: [
      walletConnectAdapter({
        relayUrl: relay.url,
        metadata: {
          name: 'Foyer test dapp',
          description: 'tests',
          url: 'http://127.0.0.1',
          icons: [],
        },
        storagePrefix: `dapp-${clientCount}`,
        storageOptions: { database: join(storageDirectory, `dapp-${clientCount}.db`) },
        ...adapterOptions,
      }),
    ],
    storage: createStorage({ storage }),
  })
  const connector = foyer.getConnector('walletConnect') as WalletConnectConnector
  teardowns.push(async () => {
    foyer.destroy()
    await connector.destroy()
  })
  return { foyer, connector }
}

async function createWallet(): Promise<NodeTestWallet> {
  const wallet = await createNodeTestWallet({
    relayUrl: relay.url,
    privateKey: devAccount!.privateKey,
    chains: [chainA, chainB].map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
  })
  teardowns.push(() => wallet.close())
  return wallet
}

/** The visitor scans each URI the dialog shows with `wallet`. */
function scanWith(connector: WalletConnectConnector, wallet: NodeTestWallet) {
  const shown: PairingUri[] = []
  const pairings: Promise<void>[] = []
  const unwatch = connector.watchPairingUri((pairingUri) => {
    if (!pairingUri) return
    shown.push(pairingUri)
    pairings.push(wallet.pair(pairingUri.uri))
  })
  teardowns.push(unwatch)
  return { shown, pairings }
}

async function connectWithWallet() {
  const wallet = await createWallet()
  const dapp = createDapp()
  scanWith(dapp.connector, wallet)
  await connect(dapp.foyer, { connectorId: 'walletConnect' })
  return { wallet, ...dapp }
}

describe('walletConnectAdapter', () => {
  it('connects through a pairing URI and shows the wallet address', async () => {
    const wallet = await createWallet()
    const { foyer, connector } = createDapp()
    const { shown } = scanWith(connector, wallet)
    const result = await connect(foyer, { connectorId: 'walletConnect' })
    expect(shown[0]?.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(result.address).toBe(wallet.address)
    expect(foyer.getState()).toMatchObject({
      status: 'connected',
      account: { address: wallet.address, caipAddress: `eip155:31337:${wallet.address}` },
    })
    // The URI is gone once the wallet approved: nothing left to scan.
    expect(connector.getPairingUri()).toBeUndefined()
  })

  it('signs a message and typed data that verify with viem', async () => {
    const { wallet, connector } = await connectWithWallet()
    const message = 'Sign in to Foyer'
    const signature = (await connector.signMessage!({ message, address: wallet.address })) as Hex
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)

    const typedData = {
      domain: { name: 'Foyer', version: '1', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'hello' },
    } as const
    const typedSignature = (await connector.request({
      method: 'eth_signTypedData_v4',
      params: [wallet.address, JSON.stringify(typedData)],
    })) as Hex
    expect(
      await verifyTypedData({ address: wallet.address, ...typedData, signature: typedSignature }),
    ).toBe(true)
  })

  it('sends a transaction that lands on anvil', async () => {
    const { wallet, connector } = await connectWithWallet()
    const to = '0x000000000000000000000000000000000000f0e1'
    const hash = await connector.sendTransaction!({
      from: wallet.address,
      to,
      value: parseEther('0.01'),
    })
    const client = createPublicClient({ transport: http(chainA.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash: hash as Hex })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBeGreaterThanOrEqual(parseEther('0.01'))
  })

  it('names a batch the wallet did not approve for the session (EIP-5792 not supported), sending nothing', async () => {
    const { foyer, wallet } = await connectWithWallet()
    const requests: string[] = []
    wallet.walletKit.on('session_request', ({ params }) => requests.push(params.request.method))
    await expect(
      sendCalls(foyer, { calls: [{ to: '0x000000000000000000000000000000000000f0e1' }] }),
    ).rejects.toMatchObject({
      name: 'WalletMethodNotSupportedError',
      method: 'wallet_sendCalls',
      shortMessage: 'The wallet does not support wallet_sendCalls',
    })
    expect(requests).toEqual([])
  })

  it('switches chain through the session', async () => {
    const { foyer, connector } = await connectWithWallet()
    await switchNetwork(foyer, { network: 'eip155:31338' })
    expect(foyer.getState().activeNetwork.caipNetworkId).toBe('eip155:31338')
    expect(await connector.getCaipNetworkId()).toBe('eip155:31338')
    // Requests now run on chain B: the wallet signs and sends there.
    const hash = await connector.sendTransaction!({
      from: foyer.getState().account.address!,
      to: '0x000000000000000000000000000000000000f0e2',
      value: 1n,
    })
    const receipt = await createPublicClient({
      transport: http(chainB.rpcUrl),
    }).waitForTransactionReceipt({ hash: hash as Hex })
    expect(receipt.status).toBe('success')
  })

  it('follows a chain change made in the wallet', async () => {
    const { foyer, wallet } = await connectWithWallet()
    const [topic] = Object.keys(wallet.walletKit.getActiveSessions())
    const followed = new Promise<void>((resolve) => {
      const unsubscribe = foyer.subscribe((state) => {
        if (state.activeNetwork.caipNetworkId !== 'eip155:31338') return
        unsubscribe()
        resolve()
      })
    })
    await wallet.walletKit.emitSessionEvent({
      topic: topic!,
      event: { name: 'chainChanged', data: 31338 },
      chainId: 'eip155:31338',
    })
    await followed
    expect(foyer.getState().account.caipAddress).toBe(`eip155:31338:${wallet.address}`)
  })

  it('follows the accounts when the wallet updates the session', async () => {
    const { foyer, wallet } = await connectWithWallet()
    const [topic, session] = Object.entries(wallet.walletKit.getActiveSessions())[0]!
    const second = anvilDevAccounts()[1]!.address
    const eip155 = session.namespaces.eip155!
    const updated = new Promise<void>((resolve) => {
      const unsubscribe = foyer.subscribe((state) => {
        if ((state.connections.eip155?.[0]?.accounts.length ?? 0) < 2) return
        unsubscribe()
        resolve()
      })
    })
    await wallet.walletKit.updateSession({
      topic,
      namespaces: {
        eip155: {
          ...eip155,
          accounts: [...eip155.accounts, ...eip155.chains!.map((chain) => `${chain}:${second}`)],
        },
      },
    })
    await updated
    expect(foyer.getState().connections.eip155?.[0]?.accounts.map((a) => a.address)).toEqual([
      wallet.address,
      second,
    ])
  })

  it('shows disconnected when the wallet ends the session', async () => {
    const { foyer, wallet } = await connectWithWallet()
    const disconnected = new Promise<void>((resolve) => {
      const unsubscribe = foyer.subscribe((state) => {
        if (state.status !== 'disconnected') return
        unsubscribe()
        resolve()
      })
    })
    await wallet.disconnectAll()
    await disconnected
    expect(foyer.getState().account.address).toBeUndefined()
  })

  it('ends the session in the wallet when the visitor disconnects', async () => {
    const { foyer, wallet } = await connectWithWallet()
    const deleted = new Promise((resolve) => wallet.walletKit.on('session_delete', resolve))
    await disconnect(foyer)
    await deleted
    expect(foyer.getState().status).toBe('disconnected')
    expect(wallet.walletKit.getActiveSessions()).toEqual({})
  })

  it("rejects with 'Connection rejected' when the wallet refuses", async () => {
    const wallet = await createWallet()
    wallet.answerProposals = 'reject'
    const { foyer } = createDapp()
    scanWith(foyer.getConnector('walletConnect') as WalletConnectConnector, wallet)
    await expect(connect(foyer, { connectorId: 'walletConnect' })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
      shortMessage: 'Connection rejected',
    })
    expect(foyer.getState().status).toBe('disconnected')
  })

  it('replaces an expiring pairing URI with a new one the wallet can use', async () => {
    const wallet = await createWallet()
    // 10.3 s lifetime: expired (≤ 10 s left) after 300 ms.
    const { foyer, connector } = createDapp({ pairingLifetimeMs: 10_300 })
    const shown: PairingUri[] = []
    let paired: Promise<void> | undefined
    connector.watchPairingUri((pairingUri) => {
      if (!pairingUri) return
      shown.push(pairingUri)
      // The visitor is slow: only the second URI gets scanned.
      if (shown.length === 2) paired = wallet.pair(pairingUri.uri)
    })
    const result = await connect(foyer, { connectorId: 'walletConnect' })
    await paired
    expect(shown.length).toBeGreaterThanOrEqual(2)
    expect(shown[1]!.uri).not.toBe(shown[0]!.uri)
    expect(result.address).toBe(wallet.address)
  })

  it('stops offering URIs when pairing is cancelled', async () => {
    const { foyer, connector } = createDapp()
    const first = new Promise<PairingUri>((resolve) =>
      connector.watchPairingUri((pairingUri) => pairingUri && resolve(pairingUri)),
    )
    const connecting = connect(foyer, { connectorId: 'walletConnect' })
    await first
    connector.cancelPairing()
    await expect(connecting).rejects.toMatchObject({ shortMessage: 'Modal closed' })
    expect(connector.getPairingUri()).toBeUndefined()
  })

  it('shows the wallet as reconnecting while the relay is down, and resumes the session when it is back', async () => {
    const { foyer, connector, wallet } = await connectWithWallet()
    const provider = await connector.getProvider()
    const topic = provider.session!.topic
    const pairings = provider.client.core.pairing.getPairings().length

    await relay.suspend()
    await expect
      .poll(() => foyer.getState().reconnectingConnectors, { timeout: 10_000 })
      .toEqual(['walletConnect'])
    // Still connected: the session is not lost, only out of reach.
    expect(foyer.getState()).toMatchObject({
      status: 'connected',
      account: { address: wallet.address },
    })

    // A request made while the relay is down waits for it, then goes through.
    const message = 'Asked while the relay was down'
    let settled = false
    const signing = connector.signMessage!({ message, address: wallet.address }).finally(() => {
      settled = true
    })
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(settled).toBe(false)
    await relay.resume()

    const signature = (await signing) as Hex
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
    await expect.poll(() => foyer.getState().reconnectingConnectors).toEqual([])
    // The same session, without a new pairing.
    expect(provider.session?.topic).toBe(topic)
    expect(Object.keys(wallet.walletKit.getActiveSessions())).toEqual([topic])
    expect(provider.client.core.pairing.getPairings()).toHaveLength(pairings)
  })

  it('restores the session after a reload, from the same storage', async () => {
    const wallet = await createWallet()
    const storage = createMemoryStorage()
    const storageOptions = { database: join(storageDirectory, 'reload.db') }
    const first = createDapp({ storage, storageOptions, storagePrefix: 'reload' })
    scanWith(first.connector, wallet)
    await connect(first.foyer, { connectorId: 'walletConnect' })
    // The page goes away: socket closed, nothing disconnected.
    first.foyer.destroy()
    await first.connector.destroy()

    const second = createDapp({ storage, storageOptions, storagePrefix: 'reload' })
    const restored = await reconnect(second.foyer)
    expect(restored.map((connection) => connection.connectorId)).toEqual(['walletConnect'])
    expect(second.foyer.getState()).toMatchObject({
      status: 'connected',
      account: { address: wallet.address },
    })
    const message = 'Still here after a reload'
    const signature = (await second.connector.signMessage!({
      message,
      address: wallet.address,
    })) as Hex
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
  })
})
