// @vitest-environment happy-dom
import { connect, createFoyer, createMemoryStorage, createStorage } from '@foyer/core'
import {
  BITCOIN_TEST_WALLET_ICON,
  createBitcoinTestWallet,
  registerBitcoinTestWallet,
} from '@foyer/test-wallets/bitcoin'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { afterEach, describe, expect, it } from 'vitest'
import { verifyBitcoinMessage } from './actions/verifyBitcoinMessage.ts'
import { bitcoinAdapter } from './bitcoinAdapter.ts'
import { bitcoinRegtest } from './networks.ts'
import type { BitcoinConnector } from './types.ts'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function createTestFoyer() {
  const foyer = createFoyer({
    networks: [bitcoinRegtest],
    adapters: [bitcoinAdapter()],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  cleanups.push(() => foyer.destroy())
  return foyer
}

function register(parameters: Parameters<typeof registerBitcoinTestWallet>[1] = {}) {
  const { wallet, unregister } = registerBitcoinTestWallet(window, parameters)
  cleanups.push(unregister)
  return wallet
}

const bitcoinConnectors = (foyer: ReturnType<typeof createTestFoyer>) =>
  foyer
    .getState()
    .connectors.filter((connector) => connector.namespace === 'bip122') as BitcoinConnector[]

describe('Bitcoin wallet discovery in the browser', () => {
  it('lists a wallet that injected itself before Foyer started, once though it registered both ways', () => {
    register()
    expect((window as { btc_providers?: unknown[] }).btc_providers).toHaveLength(1)
    const foyer = createTestFoyer()
    expect(bitcoinConnectors(foyer)).toMatchObject([
      {
        id: 'bip122.foyer-test-wallet',
        name: 'Foyer Test Wallet',
        namespace: 'bip122',
        type: 'announced',
        icon: BITCOIN_TEST_WALLET_ICON,
        protocol: 'sats-connect',
      },
    ])
  })

  it('finds a sats-connect wallet injected after Foyer started, which announces nothing', async () => {
    const foyer = createTestFoyer()
    expect(bitcoinConnectors(foyer)).toEqual([])
    register({ walletStandard: false })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(bitcoinConnectors(foyer).map((connector) => connector.protocol)).toEqual([
      'sats-connect',
    ])
  })

  it('lists a wallet-standard registration at once, and keeps each connector across re-discovery', () => {
    const foyer = createTestFoyer()
    register()
    const [first] = bitcoinConnectors(foyer)
    expect(first?.protocol).toBe('sats-connect')
    const other = createBitcoinTestWallet()
    const standard = { ...other.standard, name: 'Other Wallet' } as Wallet
    cleanups.push(getWallets().register(standard))
    const listed = bitcoinConnectors(foyer)
    expect(listed.map((connector) => connector.id)).toEqual([
      'bip122.foyer-test-wallet',
      'bip122.other-wallet',
    ])
    expect(listed[0]).toBe(first)
    expect(listed[1]?.protocol).toBe('wallet-standard')
  })

  it("speaks sats-connect to a wallet that hands out its provider as a wallet-standard 'sats-connect:' feature", async () => {
    const foyer = createTestFoyer()
    const wallet = createBitcoinTestWallet()
    cleanups.push(
      getWallets().register({
        version: '1.0.0',
        name: 'Xverse Like',
        icon: BITCOIN_TEST_WALLET_ICON,
        chains: [],
        accounts: [],
        features: { 'sats-connect:': { provider: wallet.provider } },
      } as unknown as Wallet),
    )
    const [connector] = bitcoinConnectors(foyer)
    expect(connector).toMatchObject({ id: 'bip122.xverse-like', protocol: 'sats-connect' })
    const result = await connect(foyer, { connectorId: 'bip122.xverse-like' })
    expect(result.address).toBe(wallet.payment.address)
  })

  it('ignores wallets that are not Bitcoin wallets', () => {
    const foyer = createTestFoyer()
    cleanups.push(
      getWallets().register({
        version: '1.0.0',
        name: 'Solana Only',
        icon: BITCOIN_TEST_WALLET_ICON,
        chains: ['solana:mainnet'],
        accounts: [],
        features: {
          'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) },
        },
      } as unknown as Wallet),
    )
    expect(bitcoinConnectors(foyer)).toEqual([])
  })

  it('connects the discovered wallet and signs with it', async () => {
    const wallet = register()
    const foyer = createTestFoyer()
    await connect(foyer, { connectorId: 'bip122.foyer-test-wallet' })
    const [connector] = bitcoinConnectors(foyer)
    const signature = await connector!.signMessage({
      message: 'hi',
      address: wallet.payment.address,
    })
    expect(
      verifyBitcoinMessage({ address: wallet.payment.address, message: 'hi', signature }),
    ).toBe(true)
  })
})
