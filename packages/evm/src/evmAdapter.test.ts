import {
  type ChainDefinition,
  close,
  connect,
  createFoyer,
  createMemoryStorage,
  createStorage,
  disconnect,
  getBalance,
  getRecentWallets,
  open,
  reconnect,
  SwitchNetworkError,
  sendTransaction,
  signMessage,
  switchNetwork,
  UnsupportedChainError,
  UserRejectedRequestError,
} from '@foyer/core'
import {
  type StartAnvilReturnType as AnvilInstance,
  anvilDevAccounts,
  startAnvil,
} from '@foyer/devnet'
import { createTestWallet, type TestWallet } from '@foyer/test-wallets'
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { evmAdapter } from './evmAdapter.ts'
import type { Eip1193Provider } from './types.ts'

// anvil's well-known dev accounts 0 and 1 (10,000 ETH each at genesis).
const ANVIL_PRIVATE_KEYS = anvilDevAccounts()
  .slice(0, 2)
  .map((account) => account.privateKey) as [`0x${string}`, `0x${string}`]
let chainA: AnvilInstance
let chainB: AnvilInstance
const [addressA, addressB] = ANVIL_PRIVATE_KEYS.map((key) => privateKeyToAccount(key).address) as [
  `0x${string}`,
  `0x${string}`,
]

beforeAll(async () => {
  ;[chainA, chainB] = await Promise.all([
    startAnvil({ chainId: 31337, port: 0 }),
    startAnvil({ chainId: 31338, port: 0 }),
  ])
})
afterAll(async () => {
  await Promise.all([chainA?.stop(), chainB?.stop()])
})

const chain = (anvil: AnvilInstance, name: string): ChainDefinition => ({
  id: anvil.chainId,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [anvil.rpcUrl] } },
})

function setup(
  options: {
    wallet?: TestWallet
    storage?: ReturnType<typeof createMemoryStorage>
    /** What the adapter talks to instead of the wallet itself (a wrapper around it). */
    provider?: (wallet: TestWallet) => Eip1193Provider
  } = {},
) {
  const wallet =
    options.wallet ??
    createTestWallet({
      accounts: [...ANVIL_PRIVATE_KEYS],
      chains: [
        { chainId: 31337, rpcUrl: chainA.rpcUrl, name: 'Anvil' },
        { chainId: 31338, rpcUrl: chainB.rpcUrl, name: 'Anvil B' },
      ],
    })
  const foyer = createFoyer({
    networks: [chain(chainA, 'Anvil'), chain(chainB, 'Anvil B')],
    adapters: [
      evmAdapter({
        discover: false,
        providers: [
          {
            info: {
              name: 'Foyer Test Wallet',
              rdns: 'dev.foyer.testwallet',
              icon: 'data:image/svg+xml,',
            },
            provider: options.provider ? options.provider(wallet) : wallet,
          },
        ],
      }),
    ],
    storage: createStorage({ storage: options.storage ?? createMemoryStorage() }),
  })
  return { wallet, foyer }
}

/**
 * The test wallet behind a provider that can emit EIP-1193 `disconnect` with any error (the test
 * wallet itself only emits 4900) and can stop listing accounts to `eth_accounts`.
 */
function disconnectControl(wallet: TestWallet) {
  const disconnectListeners = new Set<(error: { code: number; message: string }) => void>()
  let accountsGone = false
  const provider: Eip1193Provider = {
    request: (arguments_) =>
      arguments_.method === 'eth_accounts' && accountsGone
        ? Promise.resolve([])
        : wallet.request(arguments_),
    on(event, listener) {
      if (event === 'disconnect') disconnectListeners.add(listener as never)
      else wallet.on(event as never, listener)
      return provider
    },
    removeListener(event, listener) {
      if (event === 'disconnect') disconnectListeners.delete(listener as never)
      else wallet.removeListener(event as never, listener)
      return provider
    },
  }
  return {
    provider,
    emitDisconnect(code: number) {
      for (const listener of [...disconnectListeners]) listener({ code, message: 'Disconnected' })
    },
    loseAccounts() {
      accountsGone = true
    },
  }
}

describe('evmAdapter against anvil', () => {
  it('connects with an injected wallet and reports its address and network', async () => {
    const { foyer } = setup()
    open(foyer)
    const result = await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    expect(result.address).toBe(addressA)
    const state = foyer.getState()
    expect(state.status).toBe('connected')
    expect(state.account.caipAddress).toBe(`eip155:31337:${addressA}`)
    expect(state.activeNetwork.caipNetworkId).toBe('eip155:31337')
    expect(state.connections.eip155?.[0]).toMatchObject({
      connectorId: 'dev.foyer.testwallet',
      status: 'active',
    })
    expect(state.dialog.open).toBe(false)
  })

  it('rejects with "Connection rejected" when the visitor refuses', async () => {
    const { foyer, wallet } = setup()
    wallet.setBehaviour({ connect: 'reject' })
    await expect(connect(foyer, { connectorId: 'dev.foyer.testwallet' })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
      shortMessage: 'Connection rejected',
    })
    expect(foyer.getState().status).toBe('disconnected')
    expect(foyer.getState().account.address).toBeUndefined()
  })

  it("rejects a pending connect with 'Modal closed' when the dialog closes", async () => {
    const { foyer } = setup()
    const events: string[] = []
    foyer.subscribeEvents((event) => events.push(event.type))
    open(foyer)
    const pending = connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    close(foyer)
    await expect(pending).rejects.toMatchObject({
      name: 'ConnectionClosedError',
      shortMessage: 'Modal closed',
    })
    expect(foyer.getState().status).toBe('disconnected')
    expect(events).toEqual(['MODAL_OPEN', 'SELECT_WALLET', 'MODAL_CLOSE', 'CONNECT_ERROR'])
  })

  it('remembers the wallet as recent after connecting', async () => {
    const { foyer } = setup()
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    expect(getRecentWallets(foyer)).toEqual(['dev.foyer.testwallet'])
  })

  it('switches the wallet to another configured chain', async () => {
    const { foyer, wallet } = setup()
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    await switchNetwork(foyer, { network: 'eip155:31338' })
    expect(wallet.chainId).toBe(31338)
    expect(foyer.getState().activeNetwork.caipNetworkId).toBe('eip155:31338')
    expect(foyer.getState().account.caipAddress).toBe(`eip155:31338:${addressA}`)
  })

  it('adds a chain the wallet does not know (4902) and then switches to it', async () => {
    const { foyer, wallet } = setup()
    wallet.setBehaviour({ unknownChains: [31338] })
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    await switchNetwork(foyer, { network: 'eip155:31338' })
    expect(wallet.chainId).toBe(31338)
    expect(wallet.getBehaviour().unknownChains).toEqual([])
    // The added chain is usable: the wallet reads through the RPC URL Foyer handed it.
    expect(await wallet.request({ method: 'eth_blockNumber' })).toMatch(/^0x/)
  })

  it('keeps the network when the visitor refuses to switch', async () => {
    const { foyer, wallet } = setup()
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    wallet.setBehaviour({ switchChain: 'reject' })
    const failure = switchNetwork(foyer, { network: 'eip155:31338' })
    await expect(failure).rejects.toMatchObject({
      name: 'SwitchNetworkRejectedError',
      shortMessage: 'Network switch rejected',
      code: 4001,
    })
    await expect(failure).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(foyer.getState().activeNetwork.caipNetworkId).toBe('eip155:31337')
  })

  it("rejects with 'Unsupported chain' (code 32603) when the wallet refuses the chain id with -32603", async () => {
    const { foyer, wallet } = setup()
    const errors: string[] = []
    foyer.subscribeEvents((event) => {
      if (event.type === 'SWITCH_NETWORK_ERROR') errors.push(event.data.message)
    })
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    wallet.setBehaviour({ switchChain: 'invalidChainId' })
    const failure = switchNetwork(foyer, { network: 'eip155:31338' })
    await expect(failure).rejects.toBeInstanceOf(UnsupportedChainError)
    await expect(failure).rejects.toMatchObject({
      shortMessage: 'Unsupported chain',
      code: 32603,
      cause: { code: -32603 },
    })
    expect(errors).toEqual(['Unsupported chain'])
    expect(wallet.chainId).toBe(31337)
    expect(foyer.getState().activeNetwork.caipNetworkId).toBe('eip155:31337')
  })

  it("rejects with 'Unsupported chain' when the wallet refuses to add the chain with -32603", async () => {
    const { foyer, wallet } = setup()
    wallet.setBehaviour({ unknownChains: [31338], addChain: 'invalidChainId' })
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    await expect(switchNetwork(foyer, { network: 'eip155:31338' })).rejects.toMatchObject({
      name: 'UnsupportedChainError',
      code: 32603,
    })
    expect(wallet.getBehaviour().unknownChains).toEqual([31338])
    expect(foyer.getState().activeNetwork.caipNetworkId).toBe('eip155:31337')
  })

  it("rejects any other wallet failure with 'Failed to switch network' and the default code 5000", async () => {
    const { foyer, wallet } = setup()
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    wallet.setBehaviour({ switchChain: 'busy' })
    const failure = switchNetwork(foyer, { network: 'eip155:31338' })
    await expect(failure).rejects.toBeInstanceOf(SwitchNetworkError)
    await expect(failure).rejects.toMatchObject({
      shortMessage: 'Failed to switch network',
      code: 5000,
      cause: { code: -32002 },
    })
    // An unknown failure while adding the chain is the default error too.
    wallet.setBehaviour({ switchChain: 'approve', unknownChains: [31338], addChain: 'busy' })
    await expect(switchNetwork(foyer, { network: 'eip155:31338' })).rejects.toMatchObject({
      name: 'SwitchNetworkError',
      code: 5000,
    })
    expect(foyer.getState().activeNetwork.caipNetworkId).toBe('eip155:31337')
  })

  it('adds a chain the wallet reports as 4902 wrapped in -32603, then switches to it', async () => {
    const { foyer, wallet } = setup()
    wallet.setBehaviour({ unknownChains: [31338], wrapUnrecognizedChain: true })
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    await switchNetwork(foyer, { network: 'eip155:31338' })
    expect(wallet.chainId).toBe(31338)
    expect(foyer.getState().activeNetwork.caipNetworkId).toBe('eip155:31338')
  })

  it('follows accountsChanged from the wallet', async () => {
    const { foyer, wallet } = setup()
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    wallet.selectAccount(addressB)
    await vi.waitFor(() => expect(foyer.getState().account.address).toBe(addressB))
    wallet.lock()
    await vi.waitFor(() => expect(foyer.getState().status).toBe('disconnected'))
    expect(foyer.getState().account.address).toBeUndefined()
  })

  it("disconnects on the wallet's EIP-1193 disconnect event, and a reload stays disconnected", async () => {
    const storage = createMemoryStorage()
    const first = setup({ storage })
    await connect(first.foyer, { connectorId: 'dev.foyer.testwallet' })
    first.wallet.disconnect()
    await vi.waitFor(() => expect(first.foyer.getState().status).toBe('disconnected'))
    expect(first.foyer.getState().account.address).toBeUndefined()
    expect(first.foyer.getState().connections.eip155 ?? []).toEqual([])
    const second = setup({ storage, wallet: first.wallet })
    expect(await reconnect(second.foyer)).toEqual([])
  })

  it('stays connected through a 1013 disconnect (wallet reconnecting) while it still lists the account', async () => {
    let control: ReturnType<typeof disconnectControl> | undefined
    const { foyer, wallet } = setup({
      provider: (wallet) => {
        control = disconnectControl(wallet)
        return control.provider
      },
    })
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    control!.emitDisconnect(1013)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(foyer.getState().status).toBe('connected')
    expect(foyer.getState().account.address).toBe(addressA)
    // Still listening: the wallet's later events are followed.
    wallet.selectAccount(addressB)
    await vi.waitFor(() => expect(foyer.getState().account.address).toBe(addressB))
  })

  it('disconnects on a 1013 disconnect once the wallet no longer lists the account, and on any other code', async () => {
    let control: ReturnType<typeof disconnectControl> | undefined
    const { foyer } = setup({
      provider: (wallet) => {
        control = disconnectControl(wallet)
        return control.provider
      },
    })
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    control!.loseAccounts()
    control!.emitDisconnect(1013)
    await vi.waitFor(() => expect(foyer.getState().status).toBe('disconnected'))

    const other = setup({
      provider: (wallet) => {
        control = disconnectControl(wallet)
        return control.provider
      },
    })
    await connect(other.foyer, { connectorId: 'dev.foyer.testwallet' })
    // 4900: disconnected from every chain, even though eth_accounts still answers.
    control!.emitDisconnect(4900)
    await vi.waitFor(() => expect(other.foyer.getState().status).toBe('disconnected'))
  })

  it('opens UnsupportedChain when the wallet moves to a network the app does not list', async () => {
    const wallet = createTestWallet({
      accounts: [ANVIL_PRIVATE_KEYS[0]],
      chains: [
        { chainId: 31337, rpcUrl: chainA.rpcUrl, name: 'Anvil' },
        { chainId: 31338, rpcUrl: chainB.rpcUrl, name: 'Anvil B' },
      ],
    })
    const foyer = createFoyer({
      networks: [chain(chainA, 'Anvil')],
      adapters: [
        evmAdapter({
          discover: false,
          providers: [
            { info: { name: 'T', rdns: 'dev.foyer.testwallet', icon: '' }, provider: wallet },
          ],
        }),
      ],
      storage: createStorage({ storage: createMemoryStorage() }),
    })
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    wallet.switchChainFromWallet(31338)
    expect(foyer.getState().unsupportedNetwork).toBe(true)
    expect(foyer.getState().dialog).toMatchObject({ open: true, view: 'UnsupportedChain' })
    await switchNetwork(foyer, { network: 'eip155:31337' })
    expect(foyer.getState().unsupportedNetwork).toBe(false)
    expect(foyer.getState().dialog.open).toBe(false)
  })

  it('reconnects silently after a reload and never prompts', async () => {
    const storage = createMemoryStorage()
    const first = setup({ storage })
    await connect(first.foyer, { connectorId: 'dev.foyer.testwallet' })
    await switchNetwork(first.foyer, { network: 'eip155:31338' })

    // A reload: a new Foyer on the same storage and wallet, which now refuses every prompt.
    first.wallet.setBehaviour({ connect: 'reject', switchChain: 'reject' })
    const second = setup({ storage, wallet: first.wallet })
    expect(second.foyer.getState().activeNetwork.caipNetworkId).toBe('eip155:31338')
    const restored = await reconnect(second.foyer)
    expect(restored).toHaveLength(1)
    expect(second.foyer.getState().status).toBe('connected')
    expect(second.foyer.getState().account.address).toBe(addressA)
  })

  it('does not reconnect a wallet that no longer authorises the site', async () => {
    const storage = createMemoryStorage()
    const first = setup({ storage })
    await connect(first.foyer, { connectorId: 'dev.foyer.testwallet' })
    first.wallet.lock()
    const second = setup({ storage, wallet: first.wallet })
    expect(await reconnect(second.foyer)).toEqual([])
    expect(second.foyer.getState().status).toBe('disconnected')
  })

  it('forgets the connection on disconnect, so a reload stays disconnected', async () => {
    const storage = createMemoryStorage()
    const first = setup({ storage })
    await connect(first.foyer, { connectorId: 'dev.foyer.testwallet' })
    await disconnect(first.foyer)
    expect(first.foyer.getState().status).toBe('disconnected')
    const second = setup({ storage, wallet: first.wallet })
    expect(await reconnect(second.foyer)).toEqual([])
  })

  it("shows the native balance equal to anvil's eth_getBalance, to 3 decimals", async () => {
    const { foyer } = setup()
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    const balance = await getBalance(foyer)
    const expected = await createPublicClient({ transport: http(chainA.rpcUrl) }).getBalance({
      address: addressA,
    })
    expect(balance.value).toBe(expected)
    expect(balance.symbol).toBe('ETH')
    expect(foyer.getState().account.balanceSymbol).toBe('ETH')
    const whole = expected / 10n ** 18n
    const milli = (expected % 10n ** 18n) / 10n ** 15n
    expect(foyer.getState().account.balance).toBe(
      `${whole.toLocaleString('en-US')}.${milli.toString().padStart(3, '0')}`,
    )
  })
})

describe('sending through the connector', () => {
  it('sends a transaction signed by the wallet and anvil mines it', async () => {
    const { foyer } = setup()
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    const connector = foyer.getConnector('dev.foyer.testwallet')!
    const client = createPublicClient({ transport: http(chainA.rpcUrl) })
    const before = await client.getBalance({ address: addressB })
    const hash = await connector.sendTransaction!({ from: addressA, to: addressB, value: 12345n })
    const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: addressB })).toBe(before + 12345n)
  })

  it('signs a message and sends a transaction headlessly through the connected wallet', async () => {
    const { foyer } = setup()
    await expect(signMessage(foyer, { message: 'hello' })).rejects.toThrow(
      'Address or auth connector not found',
    )
    await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
    const signature = await signMessage(foyer, { message: 'Sign in to Foyer' })
    expect(
      await verifyMessage({
        address: addressA,
        message: 'Sign in to Foyer',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)

    const client = createPublicClient({ transport: http(chainA.rpcUrl) })
    const before = await client.getBalance({ address: addressB })
    const hash = await sendTransaction(foyer, { to: addressB, value: parseEther('0.25') })
    const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(addressA.toLowerCase())
    expect(await client.getBalance({ address: addressB })).toBe(before + parseEther('0.25'))
  })
})
