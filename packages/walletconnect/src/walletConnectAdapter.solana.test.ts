// WalletConnect's solana namespace against the real protocol: the official SDK on the dapp side, a
// WalletKit wallet in Node holding an EVM and a Solana key, the dev relay, anvil and a LiteSVM
// cluster, all on loopback.
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
  signMessage,
  switchNetwork,
} from '@foyer/core'
import { type CreateDevRelayReturnType, createDevRelay } from '@foyer/dev-relay'
import { anvilDevAccounts, type StartAnvilReturnType, startAnvil } from '@foyer/devnet'
import { type StartSolanaDevnetReturnType, startSolanaDevnet } from '@foyer/devnet/solana'
import { createSolanaLocalnet } from '@foyer/solana'
import {
  type Address,
  createSolanaRpc,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getUtf8Encoder,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createNodeTestWallet, type NodeTestWallet } from './createNodeTestWallet.ts'
import type { WalletConnectConnector } from './createWalletConnectConnector.ts'
import type { WalletConnectSolanaConnector } from './createWalletConnectSolanaConnector.ts'
import {
  type WalletConnectAdapterParameters,
  walletConnectAdapter,
} from './walletConnectAdapter.ts'

let relay: CreateDevRelayReturnType
let anvil: StartAnvilReturnType
let solanaWorld: StartSolanaDevnetReturnType
let localnet: ReturnType<typeof createSolanaLocalnet>
let storageDirectory: string
const teardowns: Array<() => Promise<unknown> | unknown> = []
const [devAccount] = anvilDevAccounts()

beforeAll(async () => {
  // Several SDK clients live in this one process.
  vi.stubEnv('DISABLE_GLOBAL_CORE', 'true')
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input)
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return realFetch(input, init)
    return Promise.reject(new TypeError(`fetch to ${url.hostname} blocked: offline test`))
  })
  ;[relay, anvil, solanaWorld, storageDirectory] = await Promise.all([
    createDevRelay({ port: 0 }),
    startAnvil({ chainId: 31337, port: 0 }),
    startSolanaDevnet({ port: 0 }),
    mkdtemp(join(tmpdir(), 'foyer-walletconnect-solana-')),
  ])
  localnet = createSolanaLocalnet(solanaWorld.devnet)
})

afterEach(async () => {
  for (const teardown of teardowns.splice(0).reverse()) await teardown()
  expect(relay.unknownMethods).toEqual([])
})

afterAll(async () => {
  await Promise.all([relay?.close(), anvil?.stop(), solanaWorld?.stop()])
  // The SDK's file storage may still be writing after destroy(): retry while it finishes.
  if (storageDirectory)
    await rm(storageDirectory, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})

const evmChain = (): ChainDefinition => ({
  id: anvil.chainId,
  name: 'Anvil',
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
    networks: [evmChain(), localnet],
    adapters: [
      walletConnectAdapter({
        relayUrl: relay.url,
        metadata: {
          name: 'Foyer test dapp',
          description: 'tests',
          url: 'http://127.0.0.1',
          icons: [],
        },
        storagePrefix: `solana-dapp-${clientCount}`,
        storageOptions: { database: join(storageDirectory, `solana-dapp-${clientCount}.db`) },
        ...adapterOptions,
      }),
    ],
    storage: createStorage({ storage }),
  })
  const evm = foyer.getConnector('walletConnect') as WalletConnectConnector
  const solana = foyer.getConnector('walletConnect:solana') as WalletConnectSolanaConnector
  teardowns.push(async () => {
    foyer.destroy()
    await evm.destroy()
  })
  return { foyer, evm, solana }
}

async function createWallet(): Promise<NodeTestWallet> {
  const wallet = await createNodeTestWallet({
    relayUrl: relay.url,
    privateKey: devAccount!.privateKey,
    chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
    solana: {
      secretKey: solanaWorld.devnet.accounts[0]!.secretKey,
      chains: [{ caipNetworkId: localnet.caipNetworkId, rpcUrl: solanaWorld.devnet.rpcUrl }],
    },
  })
  teardowns.push(() => wallet.close())
  return wallet
}

/** The visitor scans each URI the dialog shows with `wallet`. */
function scanWith(connector: WalletConnectConnector, wallet: NodeTestWallet) {
  const unwatch = connector.watchPairingUri((pairingUri) => {
    if (pairingUri) void wallet.pair(pairingUri.uri)
  })
  teardowns.push(unwatch)
}

async function connectWithWallet(wallet?: NodeTestWallet) {
  const connected = wallet ?? (await createWallet())
  const dapp = createDapp()
  scanWith(dapp.evm, connected)
  await connect(dapp.foyer, { connectorId: 'walletConnect' })
  return { wallet: connected, ...dapp }
}

const untilState = (
  foyer: ReturnType<typeof createDapp>['foyer'],
  predicate: (state: ReturnType<typeof foyer.getState>) => boolean,
) =>
  new Promise<void>((resolve) => {
    if (predicate(foyer.getState())) return resolve()
    const unsubscribe = foyer.subscribe((state) => {
      if (!predicate(state)) return
      unsubscribe()
      resolve()
    })
  })

describe('walletConnectAdapter with solana networks', () => {
  it('lists one connector per namespace, sharing a group', () => {
    const { evm, solana } = createDapp()
    expect(evm).toMatchObject({
      namespace: 'eip155',
      group: 'walletConnect',
      type: 'walletConnect',
    })
    expect(solana).toMatchObject({
      id: 'walletConnect:solana',
      namespace: 'solana',
      group: 'walletConnect',
      type: 'walletConnect',
      name: evm.name,
      icon: evm.icon,
    })
  })

  it('connects both namespaces from one approved session', async () => {
    const { foyer, wallet } = await connectWithWallet()
    const state = foyer.getState()
    expect(state.account.address).toBe(wallet.address)
    expect(state.activeNamespace).toBe('eip155')
    expect(state.connections.solana).toEqual([
      {
        connectorId: 'walletConnect:solana',
        accounts: [{ address: wallet.solanaAddress, type: 'eoa' }],
        status: 'active',
      },
    ])
    expect(state.networkByNamespace.solana?.caipNetworkId).toBe(localnet.caipNetworkId)
    // Both namespaces came from one session in the wallet.
    expect(Object.keys(wallet.walletKit.getActiveSessions())).toHaveLength(1)
  })

  it('switches to the Solana network without a prompt and signs a message that verifies', async () => {
    const { foyer, wallet } = await connectWithWallet()
    const requests = vi.fn()
    wallet.walletKit.on('session_request', requests)
    await switchNetwork(foyer, { network: localnet.caipNetworkId })
    expect(foyer.getState().account).toMatchObject({
      address: wallet.solanaAddress,
      caipAddress: `${localnet.caipNetworkId}:${wallet.solanaAddress}`,
    })
    expect(requests).not.toHaveBeenCalled()

    const message = 'Sign in to Foyer on Solana'
    const signature = await signMessage(foyer, { message })
    const publicKey = await getPublicKeyFromAddress(wallet.solanaAddress as Address)
    const verified = await verifySignature(
      publicKey,
      new Uint8Array(getBase58Encoder().encode(signature)) as SignatureBytes,
      new Uint8Array(getUtf8Encoder().encode(message)),
    )
    expect(verified).toBe(true)
  })

  it('sends a SOL transfer that moves lamports on the cluster', async () => {
    const { solana, wallet } = await connectWithWallet()
    const rpc = createSolanaRpc(solanaWorld.devnet.rpcUrl)
    const receiver = solanaWorld.devnet.accounts[4]!.address
    const before = (await rpc.getBalance(receiver, { commitment: 'confirmed' }).send()).value
    const signature = await solana.sendTransfer({
      from: wallet.solanaAddress!,
      to: receiver,
      amount: 1_500_000n,
    })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    const after = (await rpc.getBalance(receiver, { commitment: 'confirmed' }).send()).value
    expect(after - before).toBe(1_500_000n)
  })

  it('sends through solana_signTransaction when the wallet does not send itself', async () => {
    const { solana, wallet } = await connectWithWallet()
    // The wallet takes solana_signAndSendTransaction out of the session.
    const provider = await solana.getProvider()
    const topic = provider.session!.topic
    const approved = wallet.walletKit.getActiveSessions()[topic]!.namespaces
    await wallet.walletKit.updateSession({
      topic,
      namespaces: {
        ...approved,
        solana: {
          ...approved.solana!,
          methods: approved.solana!.methods.filter((m) => m !== 'solana_signAndSendTransaction'),
        },
      },
    })
    await vi.waitFor(() =>
      expect(provider.session!.namespaces.solana!.methods).not.toContain(
        'solana_signAndSendTransaction',
      ),
    )
    const rpc = createSolanaRpc(solanaWorld.devnet.rpcUrl)
    const receiver = solanaWorld.devnet.accounts[6]!.address
    const before = (await rpc.getBalance(receiver, { commitment: 'confirmed' }).send()).value
    await solana.sendTransfer({ from: wallet.solanaAddress!, to: receiver, amount: 7_000n })
    const after = (await rpc.getBalance(receiver, { commitment: 'confirmed' }).send()).value
    expect(after - before).toBe(7_000n)
  })

  it('restores both namespaces after a reload, from the same storage', async () => {
    const wallet = await createWallet()
    const storage = createMemoryStorage()
    const storageOptions = { database: join(storageDirectory, 'solana-reload.db') }
    const first = createDapp({ storage, storageOptions, storagePrefix: 'solana-reload' })
    scanWith(first.evm, wallet)
    await connect(first.foyer, { connectorId: 'walletConnect' })
    // The page goes away: socket closed, nothing disconnected.
    first.foyer.destroy()
    await first.evm.destroy()

    const second = createDapp({ storage, storageOptions, storagePrefix: 'solana-reload' })
    const restored = await reconnect(second.foyer)
    expect(restored.map((connection) => connection.connectorId).sort()).toEqual([
      'walletConnect',
      'walletConnect:solana',
    ])
    expect(second.foyer.getState().account.address).toBe(wallet.address)
    expect(second.foyer.getState().connections.solana?.[0]?.accounts[0]?.address).toBe(
      wallet.solanaAddress,
    )
    // The restored session still signs on Solana.
    const message = 'Still here after a reload'
    const signature = await second.solana.signMessage({
      message,
      address: wallet.solanaAddress!,
    })
    const verified = await verifySignature(
      await getPublicKeyFromAddress(wallet.solanaAddress as Address),
      new Uint8Array(getBase58Encoder().encode(signature)) as SignatureBytes,
      new Uint8Array(getUtf8Encoder().encode(message)),
    )
    expect(verified).toBe(true)
  })

  it('drops both namespaces when the wallet ends the session', async () => {
    const { foyer, solana, wallet } = await connectWithWallet()
    const solanaDisconnected = new Promise<void>((resolve) =>
      solana.on('disconnect', () => resolve()),
    )
    await wallet.disconnectAll()
    await solanaDisconnected
    await untilState(foyer, (state) => state.status === 'disconnected')
    expect(foyer.getState().connections).toEqual({})
  })

  it('ends the one session for both namespaces when the visitor disconnects', async () => {
    const { foyer, wallet } = await connectWithWallet()
    const deleted = new Promise((resolve) => wallet.walletKit.on('session_delete', resolve))
    await disconnect(foyer)
    await deleted
    expect(foyer.getState()).toMatchObject({ status: 'disconnected', connections: {} })
    expect(wallet.walletKit.getActiveSessions()).toEqual({})
  })

  it('leaves solana unconnected when the wallet approves eip155 only', async () => {
    const wallet = await createWallet()
    wallet.approveNamespaces = ['eip155']
    const { foyer, solana } = await connectWithWallet(wallet)
    expect(foyer.getState().account.address).toBe(wallet.address)
    expect(foyer.getState().connections.solana).toBeUndefined()
    expect(await solana.getAccounts()).toEqual([])
  })

  it('connects a Solana-only wallet through the solana connector, leaving eip155 unconnected', async () => {
    const wallet = await createWallet()
    wallet.approveNamespaces = ['solana']
    const { foyer, evm } = createDapp()
    // The pairing URI is the session's, whichever connector asked for it.
    scanWith(evm, wallet)
    const result = await connect(foyer, { connectorId: 'walletConnect:solana' })
    expect(result).toMatchObject({
      address: wallet.solanaAddress,
      caipNetworkId: localnet.caipNetworkId,
    })
    expect(foyer.getState().activeNamespace).toBe('solana')
    expect(foyer.getState().connections.eip155).toBeUndefined()
  })
})
