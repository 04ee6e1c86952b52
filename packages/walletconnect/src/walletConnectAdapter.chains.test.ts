// WalletConnect's bip122, polkadot and cosmos namespaces against the real protocol: the official
// SDK on the dapp side, a WalletKit wallet in Node holding the dev mnemonic's EVM, Bitcoin, Polkadot
// and Cosmos keys, the dev relay, and each chain's local devnet, all on loopback and free ports.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBitcoinRegtest, getBitcoinBalance, verifyBitcoinMessage } from '@foyer/bitcoin'
import {
  type CaipNetwork,
  type ChainDefinition,
  connect,
  createFoyer,
  createMemoryStorage,
  createStorage,
  disconnect,
} from '@foyer/core'
import { createCosmosNetwork, getCosmosBalance, verifyCosmosMessage } from '@foyer/cosmos'
import { type CreateDevRelayReturnType, createDevRelay } from '@foyer/dev-relay'
import {
  anvilDevAccounts,
  anvilMnemonic,
  type StartAnvilReturnType,
  startAnvil,
} from '@foyer/devnet'
import { type StartBitcoinDevnetReturnType, startBitcoinDevnet } from '@foyer/devnet/bitcoin'
import { type StartCosmosDevnetReturnType, startCosmosDevnet } from '@foyer/devnet/cosmos'
import { type StartPolkadotDevnetReturnType, startPolkadotDevnet } from '@foyer/devnet/polkadot'
import { createApiPool, createPolkadotNetwork, getFreeBalance } from '@foyer/polkadot'
import { u8aWrapBytes } from '@polkadot/util'
import { signatureVerify } from '@polkadot/util-crypto'
import { Address, OutScript, Transaction } from '@scure/btc-signer'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createNodeTestWallet, type NodeTestWallet } from './createNodeTestWallet.ts'
import type { WalletConnectBitcoinConnector } from './createWalletConnectBitcoinConnector.ts'
import type { WalletConnectConnector } from './createWalletConnectConnector.ts'
import type { WalletConnectCosmosConnector } from './createWalletConnectCosmosConnector.ts'
import type { WalletConnectPolkadotConnector } from './createWalletConnectPolkadotConnector.ts'
import { walletConnectAdapter } from './walletConnectAdapter.ts'

let relay: CreateDevRelayReturnType
let anvil: StartAnvilReturnType
let bitcoinWorld: StartBitcoinDevnetReturnType
let cosmosWorld: StartCosmosDevnetReturnType
let polkadotWorld: StartPolkadotDevnetReturnType
let bitcoinNetwork: CaipNetwork
let cosmosNetwork: CaipNetwork
let polkadotNetwork: ReturnType<typeof createPolkadotNetwork>
let storageDirectory: string
const apis = createApiPool()
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
  ;[relay, anvil, bitcoinWorld, cosmosWorld, polkadotWorld, storageDirectory] = await Promise.all([
    createDevRelay({ port: 0 }),
    startAnvil({ chainId: 31337, port: 0 }),
    startBitcoinDevnet({ port: 0 }),
    startCosmosDevnet({ port: 0 }),
    startPolkadotDevnet({ port: 0 }),
    mkdtemp(join(tmpdir(), 'foyer-walletconnect-chains-')),
  ])
  bitcoinNetwork = createBitcoinRegtest({ esploraUrl: bitcoinWorld.devnet.esploraUrl })
  cosmosNetwork = createCosmosNetwork({ ...cosmosWorld.devnet, name: 'Foyer Local' })
  polkadotNetwork = createPolkadotNetwork({ ...polkadotWorld.devnet, name: 'Local Asset Hub' })
}, 180_000)

afterEach(async () => {
  for (const teardown of teardowns.splice(0).reverse()) await teardown()
  expect(relay.unknownMethods).toEqual([])
})

afterAll(async () => {
  await apis.disconnect()
  await Promise.all([
    relay?.close(),
    anvil?.stop(),
    bitcoinWorld?.stop(),
    cosmosWorld?.stop(),
    polkadotWorld?.stop(),
  ])
  if (storageDirectory)
    await rm(storageDirectory, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
}, 60_000)

const evmChain = (): ChainDefinition => ({
  id: anvil.chainId,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [anvil.rpcUrl] } },
})

let clientCount = 0

function createDapp(networks: readonly (ChainDefinition | CaipNetwork)[] = allNetworks()) {
  clientCount++
  const foyer = createFoyer({
    networks: [...networks] as unknown as Parameters<typeof createFoyer>[0]['networks'],
    adapters: [
      walletConnectAdapter({
        relayUrl: relay.url,
        metadata: {
          name: 'Foyer test dapp',
          description: 'tests',
          url: 'http://127.0.0.1',
          icons: [],
        },
        storagePrefix: `chains-dapp-${clientCount}`,
        storageOptions: { database: join(storageDirectory, `chains-dapp-${clientCount}.db`) },
      }),
    ],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  const evm = foyer.getConnector('walletConnect') as WalletConnectConnector
  teardowns.push(async () => {
    foyer.destroy()
    await evm.destroy()
  })
  return {
    foyer,
    evm,
    bitcoin: foyer.getConnector('walletConnect:bip122') as WalletConnectBitcoinConnector,
    polkadot: foyer.getConnector('walletConnect:polkadot') as WalletConnectPolkadotConnector,
    cosmos: foyer.getConnector('walletConnect:cosmos') as unknown as WalletConnectCosmosConnector,
  }
}

const allNetworks = () => [evmChain(), bitcoinNetwork, polkadotNetwork, cosmosNetwork]

async function createWallet(): Promise<NodeTestWallet> {
  const [bitcoinAccount] = bitcoinWorld.devnet.accounts
  const [polkadotAccount] = polkadotWorld.devnet.accounts
  const wallet = await createNodeTestWallet({
    relayUrl: relay.url,
    privateKey: devAccount!.privateKey,
    chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
    bitcoin: {
      paymentKey: bitcoinAccount!.payment.privateKey,
      ordinalKey: bitcoinAccount!.ordinal.privateKey,
      caipNetworkIds: [bitcoinNetwork.caipNetworkId],
    },
    polkadot: {
      uri: `${polkadotAccount!.mnemonic}${polkadotAccount!.derivationPath}`,
      chains: [
        { caipNetworkId: polkadotNetwork.caipNetworkId, ss58Prefix: polkadotNetwork.ss58Prefix },
      ],
    },
    cosmos: {
      mnemonic: anvilMnemonic,
      index: 0,
      chains: [
        { chainId: cosmosWorld.devnet.chainId, bech32Prefix: cosmosWorld.devnet.bech32Prefix },
      ],
    },
  })
  teardowns.push(() => wallet.close())
  return wallet
}

/** The visitor scans each URI the dialog shows with `wallet`. */
function scanWith(connector: WalletConnectConnector, wallet: NodeTestWallet) {
  teardowns.push(
    connector.watchPairingUri((pairingUri) => {
      if (pairingUri) void wallet.pair(pairingUri.uri)
    }),
  )
}

async function connectWithWallet(wallet?: NodeTestWallet) {
  const connected = wallet ?? (await createWallet())
  const dapp = createDapp()
  scanWith(dapp.evm, connected)
  await connect(dapp.foyer, { connectorId: 'walletConnect' })
  return { wallet: connected, ...dapp }
}

/** The namespaces of the next proposal the wallet receives. */
function nextProposal(wallet: NodeTestWallet) {
  return new Promise<Record<string, { chains?: string[]; methods: string[] }>>((resolve) =>
    wallet.walletKit.once('session_proposal', ({ params }) =>
      resolve({ ...params.requiredNamespaces, ...params.optionalNamespaces }),
    ),
  )
}

describe('walletConnectAdapter with bip122, polkadot and cosmos networks', () => {
  it('lists one connector per configured namespace, sharing the session group', () => {
    const { evm, bitcoin, polkadot, cosmos } = createDapp()
    for (const [connector, namespace] of [
      [bitcoin, 'bip122'],
      [polkadot, 'polkadot'],
      [cosmos, 'cosmos'],
    ] as const)
      expect(connector).toMatchObject({
        id: `walletConnect:${namespace}`,
        namespace,
        group: 'walletConnect',
        type: 'walletConnect',
        name: evm.name,
      })
    expect(evm.group).toBe('walletConnect')
  })

  it('proposes each configured namespace with its chains and methods, and no other', async () => {
    const wallet = await createWallet()
    const full = createDapp()
    scanWith(full.evm, wallet)
    const proposed = nextProposal(wallet)
    await connect(full.foyer, { connectorId: 'walletConnect' })
    expect(await proposed).toMatchObject({
      bip122: {
        chains: [bitcoinNetwork.caipNetworkId],
        methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
      },
      polkadot: {
        chains: [polkadotNetwork.caipNetworkId],
        methods: ['polkadot_signTransaction', 'polkadot_signMessage'],
      },
      cosmos: {
        chains: [cosmosNetwork.caipNetworkId],
        methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
      },
    })

    const other = await createWallet()
    const bitcoinOnly = createDapp([evmChain(), bitcoinNetwork])
    expect(bitcoinOnly.polkadot).toBeUndefined()
    expect(bitcoinOnly.cosmos).toBeUndefined()
    scanWith(bitcoinOnly.evm, other)
    const narrower = nextProposal(other)
    await connect(bitcoinOnly.foyer, { connectorId: 'walletConnect' })
    expect(Object.keys(await narrower).sort()).toEqual(['bip122', 'eip155'])
  })

  it('connects every namespace of one approved session with the wallet addresses', async () => {
    const { foyer, wallet } = await connectWithWallet()
    const { connections } = foyer.getState()
    expect(connections.bip122?.[0]).toMatchObject({
      connectorId: 'walletConnect:bip122',
      accounts: [
        { address: wallet.bitcoin!.payment.address, type: 'payment' },
        { address: wallet.bitcoin!.ordinal.address, type: 'ordinal' },
      ],
    })
    expect(wallet.bitcoin!.payment.address).toBe(bitcoinWorld.devnet.accounts[0]!.payment.address)
    expect(connections.polkadot?.[0]).toMatchObject({
      connectorId: 'walletConnect:polkadot',
      accounts: [{ address: polkadotWorld.devnet.accounts[0]!.address, type: 'eoa' }],
    })
    expect(connections.cosmos?.[0]).toMatchObject({
      connectorId: 'walletConnect:cosmos',
      accounts: [{ address: cosmosWorld.devnet.accounts[0]!.address, type: 'eoa' }],
    })
    expect(foyer.getState().networkByNamespace).toMatchObject({
      bip122: { caipNetworkId: bitcoinNetwork.caipNetworkId },
      polkadot: { caipNetworkId: polkadotNetwork.caipNetworkId },
      cosmos: { caipNetworkId: cosmosNetwork.caipNetworkId },
    })
    // One session in the wallet for all of them, and nothing asked of it to list the accounts.
    expect(Object.keys(wallet.walletKit.getActiveSessions())).toHaveLength(1)
    expect(wallet.requests).toEqual([])
  })

  it('learns the ordinals address from getAccountAddresses when the bip122 connector connects', async () => {
    const wallet = await createWallet()
    // The wallet shares only its payment address in the session itself.
    wallet.approveNamespaces = ['bip122']
    wallet.shareOrdinalsAddress = false
    const { foyer, evm, bitcoin } = createDapp()
    scanWith(evm, wallet)
    const result = await connect(foyer, { connectorId: 'walletConnect:bip122' })
    expect(result).toMatchObject({ address: wallet.bitcoin!.payment.address })
    expect(await bitcoin.getAccounts()).toEqual([
      { address: wallet.bitcoin!.payment.address, type: 'payment' },
      { address: wallet.bitcoin!.ordinal.address, type: 'ordinal' },
    ])
    expect(wallet.requests.map((request) => request.method)).toEqual(['getAccountAddresses'])
    expect(wallet.requests[0]!.params).toMatchObject({
      account: wallet.bitcoin!.payment.address,
      intentions: ['payment', 'ordinal'],
    })
  })

  it('signs a message in each namespace that verifies with the chain verifier', async () => {
    const { wallet, bitcoin, polkadot, cosmos } = await connectWithWallet()
    const message = 'Sign in to Foyer over WalletConnect'

    for (const address of [wallet.bitcoin!.payment.address, wallet.bitcoin!.ordinal.address]) {
      const signature = await bitcoin.signMessage({ message, address })
      expect(verifyBitcoinMessage({ address, message, signature }), address).toBe(true)
      expect(verifyBitcoinMessage({ address, message: `${message}!`, signature })).toBe(false)
    }
    expect(
      wallet.requests.find((request) => request.method === 'signMessage')?.params,
    ).toMatchObject({ protocol: 'bip322', account: wallet.bitcoin!.payment.address })

    const polkadotAddress = polkadotWorld.devnet.accounts[0]!.address
    const polkadotSignature = await polkadot.signMessage({ message, address: polkadotAddress })
    expect(signatureVerify(u8aWrapBytes(message), polkadotSignature, polkadotAddress).isValid).toBe(
      true,
    )
    expect(
      signatureVerify(u8aWrapBytes(`${message}!`), polkadotSignature, polkadotAddress).isValid,
    ).toBe(false)

    const cosmosAddress = cosmosWorld.devnet.accounts[0]!.address
    const cosmosSignature = await cosmos.signMessage({ message, address: cosmosAddress })
    expect(
      await verifyCosmosMessage({ address: cosmosAddress, message, signature: cosmosSignature }),
    ).toBe(true)
    expect(
      await verifyCosmosMessage({
        address: cosmosWorld.devnet.accounts[1]!.address,
        message,
        signature: cosmosSignature,
      }),
    ).toBe(false)
  })

  it('sends BTC with a PSBT built here, paying the receiver the amount, signed by the wallet', async () => {
    const { wallet, bitcoin } = await connectWithWallet()
    const from = wallet.bitcoin!.payment.address
    const to = bitcoinWorld.devnet.accounts[3]!.payment.address
    const before = await getBitcoinBalance({ network: bitcoinNetwork, address: to })
    const txid = await bitcoin.sendTransfer({ from, to, amount: 123_456n, feeRate: 2n })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)

    // What the wallet was asked to sign: an input of the sender's, and the amount to the receiver.
    const asked = wallet.requests.find((request) => request.method === 'signPsbt')!.params as {
      account: string
      psbt: string
      signInputs: { address: string; index: number }[]
      broadcast: boolean
    }
    expect(asked).toMatchObject({ account: from, broadcast: false })
    expect(asked.signInputs.length).toBeGreaterThan(0)
    expect(asked.signInputs.every((input) => input.address === from)).toBe(true)
    const psbt = Transaction.fromPSBT(Buffer.from(asked.psbt, 'base64'))
    const regtest = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
    const outputs = Array.from({ length: psbt.outputsLength }, (_, index) => {
      const output = psbt.getOutput(index)
      return {
        address: Address(regtest).encode(OutScript.decode(output.script!)),
        amount: output.amount,
      }
    })
    expect(outputs).toContainEqual({ address: to, amount: 123_456n })
    expect(outputs.every((output) => output.address === to || output.address === from)).toBe(true)

    const after = await getBitcoinBalance({ network: bitcoinNetwork, address: to })
    expect(after - before).toBe(123_456n)
  })

  it('sends FOY with a bank transfer the wallet signs with cosmos_signDirect', async () => {
    const { wallet, cosmos } = await connectWithWallet()
    const chain = createCosmosNetwork({ ...cosmosWorld.devnet, name: 'Foyer Local' }).cosmos
    const from = cosmosWorld.devnet.accounts[0]!.address
    const to = cosmosWorld.devnet.accounts[4]!.address
    const before = await getCosmosBalance({ chain, address: to })
    const hash = await cosmos.sendTransfer({ from, to, amount: 2_500n })
    expect(hash).toMatch(/^[0-9A-F]{64}$/)
    expect(await getCosmosBalance({ chain, address: to })).toBe(before + 2_500n)
    expect(wallet.requests.map((request) => request.method)).toContain('cosmos_signDirect')
  })

  it('sends ROC with balances.transferKeepAlive the wallet signs with polkadot_signTransaction', async () => {
    const { wallet, polkadot } = await connectWithWallet()
    const api = await apis.get(polkadotNetwork)
    const from = polkadotWorld.devnet.accounts[0]!.address
    const to = polkadotWorld.devnet.accounts[5]!.address
    const before = await getFreeBalance({ api, address: to })
    const hash = await polkadot.sendTransfer({ from, to, amount: 10n ** 12n })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await getFreeBalance({ api, address: to })).toBe(before + 10n ** 12n)
    expect(wallet.requests.map((request) => request.method)).toEqual(['polkadot_signTransaction'])
  }, 60_000)

  it('leaves the namespaces the wallet did not approve unconnected, and the others working', async () => {
    const wallet = await createWallet()
    wallet.approveNamespaces = ['eip155', 'cosmos']
    const { foyer, bitcoin, polkadot, cosmos } = await connectWithWallet(wallet)
    const { connections } = foyer.getState()
    expect(connections.eip155?.[0]?.accounts[0]?.address).toBe(wallet.address)
    expect(connections.cosmos?.[0]?.accounts[0]?.address).toBe(
      cosmosWorld.devnet.accounts[0]!.address,
    )
    expect(connections.bip122).toBeUndefined()
    expect(connections.polkadot).toBeUndefined()
    expect(await bitcoin.getAccounts()).toEqual([])
    expect(await polkadot.getAccounts()).toEqual([])
    await expect(
      bitcoin.signMessage({ message: 'hi', address: wallet.bitcoin!.payment.address }),
    ).rejects.toThrow(/No WalletConnect session/)
    const signature = await cosmos.signMessage({
      message: 'still signing',
      address: cosmosWorld.devnet.accounts[0]!.address,
    })
    expect(
      await verifyCosmosMessage({
        address: cosmosWorld.devnet.accounts[0]!.address,
        message: 'still signing',
        signature,
      }),
    ).toBe(true)
  })

  it('ends the one session for every namespace when the visitor disconnects', async () => {
    const { foyer, wallet, bitcoin, polkadot, cosmos } = await connectWithWallet()
    expect(Object.keys(foyer.getState().connections).sort()).toEqual([
      'bip122',
      'cosmos',
      'eip155',
      'polkadot',
    ])
    const deleted = new Promise((resolve) => wallet.walletKit.on('session_delete', resolve))
    await disconnect(foyer)
    await deleted
    expect(foyer.getState()).toMatchObject({ status: 'disconnected', connections: {} })
    expect(wallet.walletKit.getActiveSessions()).toEqual({})
    for (const connector of [bitcoin, polkadot, cosmos])
      expect(await connector.getAccounts()).toEqual([])
  })
})
