// @vitest-environment happy-dom
// wagmi's injected() looks for its provider on `window`.
import {
  type ChainDefinition,
  createFoyer,
  createMemoryStorage,
  createStorage,
  disconnect as disconnectInFoyer,
  type Foyer,
  open,
} from '@foyer/core'
import {
  type StartAnvilReturnType as AnvilInstance,
  anvilDevAccounts,
  startAnvil,
} from '@foyer/devnet'
import { createTestWallet } from '@foyer/test-wallets'
import {
  connect,
  createConfig,
  disconnect,
  getAccount,
  http,
  injected,
  switchChain,
} from '@wagmi/core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WagmiAdapterNotFoundError } from './errors.ts'
import { foyer } from './foyer.ts'
import { wagmiAdapter } from './wagmiAdapter.ts'
import { watchWagmi } from './watchWagmi.ts'

const [keyA, keyB] = anvilDevAccounts()
  .slice(0, 2)
  .map((account) => account.privateKey) as [`0x${string}`, `0x${string}`]
const addressA = privateKeyToAccount(keyA).address
const addressB = privateKeyToAccount(keyB).address
let anvil: AnvilInstance
let anvilB: AnvilInstance

beforeAll(async () => {
  ;[anvil, anvilB] = await Promise.all([
    startAnvil({ chainId: 31337, port: 0 }),
    startAnvil({ chainId: 31338, port: 0 }),
  ])
})
afterAll(async () => {
  await Promise.all([anvil?.stop(), anvilB?.stop()])
})

const teardowns: (() => void)[] = []
afterEach(() => {
  for (const teardown of teardowns.splice(0)) teardown()
})

function setup() {
  const chains = [anvil, anvilB].map(
    (instance, index) =>
      ({
        id: instance.chainId,
        name: index ? 'Anvil B' : 'Anvil',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [instance.rpcUrl] } },
      }) satisfies ChainDefinition,
  ) as unknown as [ChainDefinition & { id: number }, ChainDefinition & { id: number }]
  const wallet = createTestWallet({
    accounts: [keyA, keyB],
    chains: [
      { chainId: anvil.chainId, rpcUrl: anvil.rpcUrl, name: 'Anvil' },
      { chainId: anvilB.chainId, rpcUrl: anvilB.rpcUrl, name: 'Anvil B' },
    ],
  })
  const instance: Foyer = createFoyer({
    networks: chains,
    adapters: [wagmiAdapter()],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  const config = createConfig({
    chains,
    connectors: [
      foyer({ foyer: instance }),
      injected({
        // viem's EIP-1193 type spells out every RPC method; the test wallet's `request` is generic.
        target: () => ({ id: 'testWallet', name: 'Test Wallet', provider: wallet as never }),
      }),
    ],
    transports: { [anvil.chainId]: http(anvil.rpcUrl), [anvilB.chainId]: http(anvilB.rpcUrl) },
    storage: null,
  })
  const stop = watchWagmi({ foyer: instance, config })
  teardowns.push(stop, () => instance.destroy())
  const injectedConnector = config.connectors.find((connector) => connector.id === 'testWallet')!
  return { wallet, foyer: instance, config, injectedConnector }
}

describe('watchWagmi', () => {
  it("shows the wallet wagmi connected with injected() in Foyer's dialog", async () => {
    const { foyer: instance, config, injectedConnector } = setup()
    await connect(config, { connector: injectedConnector })
    await expect.poll(() => instance.getState().account.address).toBe(addressA)
    expect(instance.getState().account.connectedWalletInfo?.name).toBe('Test Wallet')
    open(instance)
    expect(instance.getState().dialog.view).toBe('Account')
    // Still wagmi's own connection: the foyer() connector did not take it over.
    expect(getAccount(config).connector?.id).toBe('testWallet')
  })

  it('follows the account and chain of the wagmi connection', async () => {
    const { foyer: instance, config, injectedConnector, wallet } = setup()
    await connect(config, { connector: injectedConnector })
    await expect.poll(() => instance.getState().account.address).toBe(addressA)
    wallet.selectAccount(addressB)
    await expect.poll(() => instance.getState().account.address).toBe(addressB)
    await switchChain(config, { chainId: anvilB.chainId })
    await expect.poll(() => instance.getState().activeNetwork.id).toBe(anvilB.chainId)
  })

  it('disconnects wagmi when the visitor disconnects in the dialog, and the other way round', async () => {
    const { foyer: instance, config, injectedConnector } = setup()
    await connect(config, { connector: injectedConnector })
    await expect.poll(() => instance.getState().status).toBe('connected')
    await disconnectInFoyer(instance)
    expect(getAccount(config).status).toBe('disconnected')

    await connect(config, { connector: injectedConnector })
    await expect.poll(() => instance.getState().status).toBe('connected')
    await disconnect(config)
    await expect.poll(() => instance.getState().status).toBe('disconnected')
  })

  it('needs wagmiAdapter() among the Foyer adapters', () => {
    const instance = createFoyer({
      networks: [
        {
          id: 1,
          name: 'Ethereum',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
        },
      ],
      storage: createStorage({ storage: createMemoryStorage() }),
    })
    teardowns.push(() => instance.destroy())
    const config = createConfig({
      chains: [
        {
          id: 1,
          name: 'Ethereum',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
        },
      ],
      connectors: [foyer({ foyer: instance })],
      transports: { 1: http('http://127.0.0.1:1') },
      storage: null,
    })
    expect(() => watchWagmi({ foyer: instance, config })).toThrow(WagmiAdapterNotFoundError)
  })
})
