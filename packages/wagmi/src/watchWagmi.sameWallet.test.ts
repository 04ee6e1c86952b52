// @vitest-environment happy-dom
// wagmi's injected() looks for its provider on `window`.
import {
  type ChainDefinition,
  connect as connectInFoyer,
  createFoyer,
  createMemoryStorage,
  createStorage,
  type Foyer,
  getActiveConnection,
} from '@foyer/core'
import {
  type StartAnvilReturnType as AnvilInstance,
  anvilDevAccounts,
  startAnvil,
} from '@foyer/devnet'
import { evmAdapter } from '@foyer/evm'
import { createTestWallet } from '@foyer/test-wallets'
import { createConfig, getAccount, http, injected } from '@wagmi/core'
import type { Chain } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { foyer } from './foyer.ts'
import { wagmiAdapter } from './wagmiAdapter.ts'
import { watchWagmi } from './watchWagmi.ts'

const [key] = anvilDevAccounts().map((account) => account.privateKey) as [`0x${string}`]
const address = privateKeyToAccount(key).address
let anvil: AnvilInstance

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
})
afterAll(async () => {
  await anvil?.stop()
})
const teardowns: (() => void)[] = []
afterEach(() => {
  for (const teardown of teardowns.splice(0)) teardown()
})

/**
 * An app whose wagmi config has both `foyer()` and wagmi's own `injected()` on the wallet that
 * Foyer's dialog also lists. `answersWagmiLate` holds the wallet's answer to wagmi's `eth_accounts`
 * until Foyer has connected: wagmi then hears of the wallet after the `foyer()` connection.
 */
function setup() {
  const network = {
    id: anvil.chainId,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  } satisfies ChainDefinition & Chain
  const wallet = createTestWallet({
    accounts: [key],
    chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl, name: 'Anvil' }],
  })
  const instance: Foyer = createFoyer({
    networks: [network],
    adapters: [
      evmAdapter({
        discover: false,
        providers: [
          {
            info: {
              name: 'Test Wallet',
              rdns: 'dev.foyer.testwallet',
              icon: 'data:image/svg+xml,',
            },
            provider: wallet,
          },
        ],
      }),
      wagmiAdapter(),
    ],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  let releaseWagmi = () => {}
  const wagmiMayAsk = new Promise<void>((resolve) => {
    releaseWagmi = resolve
  })
  // The same wallet as wagmi's injected() sees it, answering wagmi's account query late.
  const lateProvider = {
    on: wallet.on.bind(wallet),
    removeListener: wallet.removeListener.bind(wallet),
    async request(arguments_: { method: string; params?: unknown }) {
      if (arguments_.method === 'eth_accounts') await wagmiMayAsk
      return wallet.request(arguments_)
    },
  }
  const config = createConfig({
    chains: [network],
    connectors: [
      foyer({ foyer: instance }),
      injected({
        target: () => ({ id: 'testWallet', name: 'Test Wallet', provider: lateProvider as never }),
      }),
    ],
    transports: { [anvil.chainId]: http(anvil.rpcUrl) },
    storage: null,
  })
  const stop = watchWagmi({ foyer: instance, config })
  teardowns.push(stop, () => instance.destroy())
  return { foyer: instance, config, releaseWagmi }
}

it("keeps a wallet connected with Foyer's button wagmi's foyer() connection when wagmi's injected() hears of it last", async () => {
  const { foyer: instance, config, releaseWagmi } = setup()
  await connectInFoyer(instance, { connectorId: 'dev.foyer.testwallet' })
  await expect.poll(() => getAccount(config).connector?.id).toBe('foyer')
  // Now wagmi's injected() learns that the wallet connected (from the wallet's 'connect' event).
  releaseWagmi()
  await expect
    .poll(() => [...config.state.connections.values()].map((c) => c.connector.id).sort())
    .toEqual(['foyer', 'testWallet'])
  await expect.poll(() => getAccount(config).connector?.id).toBe('foyer')
  expect(getAccount(config).address).toBe(address)
  // Foyer still shows the wallet it connected, not wagmi's copy of it.
  expect(getActiveConnection(instance.getState(), 'eip155')?.connectorId).toBe(
    'dev.foyer.testwallet',
  )
  expect(instance.getState().account.address).toBe(address)
})
