import {
  type ChainDefinition,
  close,
  connect as connectInFoyer,
  createFoyer,
  createMemoryStorage,
  createStorage,
  disconnect as disconnectInFoyer,
  type Foyer,
} from '@foyer/core'
import {
  type StartAnvilReturnType as AnvilInstance,
  anvilDevAccounts,
  startAnvil,
} from '@foyer/devnet'
import { evmAdapter } from '@foyer/evm'
import { createTestWallet, type TestWallet } from '@foyer/test-wallets'
import {
  type Config,
  connect,
  createConfig,
  disconnect,
  getAccount,
  http,
  reconnect,
  signMessage,
  switchChain,
} from '@wagmi/core'
import { type Chain, UserRejectedRequestError, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { foyer } from './foyer.ts'

const [keyA, keyB] = anvilDevAccounts()
  .slice(0, 2)
  .map((account) => account.privateKey) as [`0x${string}`, `0x${string}`]
const addressA = privateKeyToAccount(keyA).address
const addressB = privateKeyToAccount(keyB).address
let anvilA: AnvilInstance
let anvilB: AnvilInstance

beforeAll(async () => {
  ;[anvilA, anvilB] = await Promise.all([
    startAnvil({ chainId: 31337, port: 0 }),
    startAnvil({ chainId: 31338, port: 0 }),
  ])
})
afterAll(async () => {
  await Promise.all([anvilA?.stop(), anvilB?.stop()])
})

const teardowns: (() => void)[] = []
afterEach(() => {
  for (const teardown of teardowns.splice(0)) teardown()
})

const TEST_WALLET_ID = 'dev.foyer.testwallet'

function setup() {
  const networks = [
    { anvil: anvilA, name: 'Anvil' },
    { anvil: anvilB, name: 'Anvil B' },
  ].map(({ anvil, name }): ChainDefinition & Chain => ({
    id: anvil.chainId,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  })) as [ChainDefinition & Chain, ChainDefinition & Chain]
  const wallet: TestWallet = createTestWallet({
    accounts: [keyA, keyB],
    chains: [
      { chainId: anvilA.chainId, rpcUrl: anvilA.rpcUrl, name: 'Anvil' },
      { chainId: anvilB.chainId, rpcUrl: anvilB.rpcUrl, name: 'Anvil B' },
    ],
  })
  const instance: Foyer = createFoyer({
    networks,
    adapters: [
      evmAdapter({
        discover: false,
        providers: [
          {
            info: { name: 'Foyer Test Wallet', rdns: TEST_WALLET_ID, icon: 'data:image/svg+xml,' },
            provider: wallet,
          },
        ],
      }),
    ],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  const config: Config = createConfig({
    chains: networks,
    connectors: [foyer({ foyer: instance })],
    transports: { [anvilA.chainId]: http(anvilA.rpcUrl), [anvilB.chainId]: http(anvilB.rpcUrl) },
    storage: null,
  })
  teardowns.push(() => instance.destroy())
  const connector = config.connectors[0]!
  return { wallet, foyer: instance, config, connector }
}

/** The visitor picks the test wallet once Foyer's dialog is open. */
async function pickTestWalletInDialog(instance: Foyer) {
  await expect.poll(() => instance.getState().dialog.open).toBe(true)
  await connectInFoyer(instance, { connectorId: TEST_WALLET_ID })
}

describe('foyer() connector', () => {
  it("connects with the wallet the visitor picks in Foyer's dialog", async () => {
    const { foyer: instance, config, connector } = setup()
    const [result] = await Promise.all([
      connect(config, { connector }),
      pickTestWalletInDialog(instance),
    ])
    expect(result).toEqual({ accounts: [addressA, addressB], chainId: anvilA.chainId })
    expect(getAccount(config)).toMatchObject({
      status: 'connected',
      address: addressA,
      chainId: anvilA.chainId,
      connector: { id: 'foyer' },
    })
    expect(instance.getState().dialog.open).toBe(false)
  })

  it('rejects with UserRejectedRequestError when the visitor closes the dialog', async () => {
    const { foyer: instance, config, connector } = setup()
    const connecting = connect(config, { connector })
    await expect.poll(() => instance.getState().dialog.open).toBe(true)
    close(instance)
    await expect(connecting).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(getAccount(config).status).toBe('disconnected')
  })

  it("signs a message through Foyer's wallet that viem verifies", async () => {
    const { foyer: instance, config, connector } = setup()
    await Promise.all([connect(config, { connector }), pickTestWalletInDialog(instance)])
    const message = 'Signed through wagmi and Foyer'
    const signature = await signMessage(config, { message })
    expect(await verifyMessage({ address: addressA, message, signature })).toBe(true)
  })

  it('switches chain through Foyer, and Foyer shows the new network', async () => {
    const { foyer: instance, config, connector, wallet } = setup()
    await Promise.all([connect(config, { connector }), pickTestWalletInDialog(instance)])
    const chain = await switchChain(config, { chainId: anvilB.chainId })
    expect(chain.id).toBe(anvilB.chainId)
    expect(wallet.chainId).toBe(anvilB.chainId)
    expect(instance.getState().activeNetwork.id).toBe(anvilB.chainId)
    expect(getAccount(config).chainId).toBe(anvilB.chainId)
  })

  it('follows account and chain changes made in the wallet', async () => {
    const { foyer: instance, config, connector, wallet } = setup()
    await Promise.all([connect(config, { connector }), pickTestWalletInDialog(instance)])
    wallet.selectAccount(addressB)
    await expect.poll(() => getAccount(config).address).toBe(addressB)
    wallet.switchChainFromWallet(anvilB.chainId)
    await expect.poll(() => getAccount(config).chainId).toBe(anvilB.chainId)
  })

  it("hands a connection made with Foyer's own button to wagmi", async () => {
    const { foyer: instance, config } = setup()
    await connectInFoyer(instance, { connectorId: TEST_WALLET_ID })
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: addressA })
  })

  it('reconnects wagmi to the wallet Foyer restored after a reload, without opening the dialog', async () => {
    const { foyer: instance, config } = setup()
    await connectInFoyer(instance, { connectorId: TEST_WALLET_ID })
    // A reloaded page: wagmi starts disconnected and reconnects its remembered connector.
    const reloaded = createConfig({
      chains: config.chains,
      connectors: [foyer({ foyer: instance })],
      transports: { [anvilA.chainId]: http(anvilA.rpcUrl), [anvilB.chainId]: http(anvilB.rpcUrl) },
      storage: null,
    })
    const [connection] = await reconnect(reloaded, { connectors: reloaded.connectors })
    expect(connection?.accounts[0]).toBe(addressA)
    expect(getAccount(reloaded).status).toBe('connected')
    expect(instance.getState().dialog.open).toBe(false)
  })

  it('disconnects in wagmi when the visitor disconnects in Foyer, and the other way round', async () => {
    const { foyer: instance, config, connector } = setup()
    await Promise.all([connect(config, { connector }), pickTestWalletInDialog(instance)])
    await disconnectInFoyer(instance)
    expect(getAccount(config).status).toBe('disconnected')

    await Promise.all([connect(config, { connector }), pickTestWalletInDialog(instance)])
    await disconnect(config)
    expect(instance.getState().status).toBe('disconnected')
    expect(instance.getState().account.address).toBeUndefined()
  })
})
