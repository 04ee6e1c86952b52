import {
  connect,
  createFoyer,
  createMemoryStorage,
  createStorage,
  disconnect,
  getBalance,
  reconnect,
} from '@foyer/core'
import {
  bitcoinDevAccountSats,
  type StartBitcoinDevnetReturnType,
  startBitcoinDevnet,
} from '@foyer/devnet/bitcoin'
import {
  type BitcoinTestWallet,
  type CreateBitcoinTestWalletParameters,
  createBitcoinTestWallet,
} from '@foyer/test-wallets/bitcoin'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { estimateTransferFee } from './actions/estimateTransferFee.ts'
import { getBitcoinBalance } from './actions/getBitcoinBalance.ts'
import { verifyBitcoinMessage } from './actions/verifyBitcoinMessage.ts'
import { bitcoinAdapter } from './bitcoinAdapter.ts'
import { createBitcoinRegtest } from './networks.ts'
import type { BitcoinConnector } from './types.ts'

const connectorId = 'bip122.foyer-test-wallet'
const BTC = 100_000_000n
let world: StartBitcoinDevnetReturnType
let regtest: ReturnType<typeof createBitcoinRegtest>

beforeAll(async () => {
  world = await startBitcoinDevnet({ port: 0 })
  regtest = createBitcoinRegtest(world.devnet)
})
afterAll(async () => {
  await world?.stop()
})

/** The test wallet holding dev account `index`'s payment and ordinal keys. */
function devWallet(index: number, options: Partial<CreateBitcoinTestWalletParameters> = {}) {
  const account = world.devnet.accounts[index]!
  return createBitcoinTestWallet({
    paymentKey: account.payment.privateKey,
    ordinalKey: account.ordinal.privateKey,
    network: 'regtest',
    esploraUrl: world.devnet.esploraUrl,
    ...options,
  })
}

/** A Foyer on the regtest node whose only wallet is `wallet` (sats-connect unless `standard`). */
function setup(
  wallet: BitcoinTestWallet,
  options: { standard?: boolean; storage?: ReturnType<typeof createMemoryStorage> } = {},
) {
  const foyer = createFoyer({
    networks: [regtest],
    adapters: [
      bitcoinAdapter({ discover: false, wallets: [options.standard ? wallet.standard : wallet] }),
    ],
    storage: createStorage({ storage: options.storage ?? createMemoryStorage() }),
  })
  const connector = foyer.getConnector(connectorId) as BitcoinConnector
  return { foyer, connector }
}

const balanceOf = (address: string) => getBitcoinBalance({ network: regtest, address })
const esplora = async (path: string, body?: unknown) => {
  const response = await fetch(`${world.devnet.esploraUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return response.json() as Promise<Record<string, unknown>>
}
const mine = () => esplora('/regtest/mine', { blocks: 1 })

describe('bitcoinAdapter against the regtest node', () => {
  it("names the regtest network by regtest's genesis hash, as the node does", () => {
    expect(regtest.caipNetworkId).toBe(world.devnet.caipNetworkId)
    expect(regtest.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    expect(regtest).toMatchObject({ name: 'Bitcoin Regtest', testnet: true })
    expect(regtest.rpcUrls.default.http[0]).toBe(world.devnet.esploraUrl)
  })

  it('connects the payment and ordinals addresses of the wallet, payment first', async () => {
    const wallet = devWallet(0)
    const { foyer } = setup(wallet)
    const result = await connect(foyer, { connectorId })
    const account = world.devnet.accounts[0]!
    expect(result.accounts).toEqual([
      { address: account.payment.address, type: 'payment' },
      { address: account.ordinal.address, type: 'ordinal' },
    ])
    const state = foyer.getState()
    expect(state.status).toBe('connected')
    expect(state.activeNamespace).toBe('bip122')
    expect(state.account.caipAddress).toBe(`${regtest.caipNetworkId}:${account.payment.address}`)
  })

  it("rejects with 'Connection rejected' when the visitor refuses in the wallet", async () => {
    const wallet = devWallet(0, { behaviour: { connect: 'reject' } })
    const { foyer } = setup(wallet)
    await expect(connect(foyer, { connectorId })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
      shortMessage: 'Connection rejected',
    })
    expect(foyer.getState().status).toBe('disconnected')
    expect(wallet.isAuthorized).toBe(false)
  })

  it('connects an older sats-connect wallet without wallet_connect through getAccounts', async () => {
    const wallet = devWallet(0, {
      methods: ['getInfo', 'getAccounts', 'wallet_getAccount', 'signMessage', 'signPsbt'],
    })
    const { foyer } = setup(wallet)
    const result = await connect(foyer, { connectorId })
    expect(result.address).toBe(wallet.payment.address)
  })

  it('shows the balance the node reports, in BTC with 8 decimals', async () => {
    const { foyer } = setup(devWallet(1))
    await connect(foyer, { connectorId })
    const balance = await getBalance(foyer, { force: true })
    expect(balance.value).toBe(await balanceOf(world.devnet.accounts[1]!.payment.address))
    expect(balance.value).toBe(BigInt(bitcoinDevAccountSats))
    expect(balance).toMatchObject({ symbol: 'BTC', decimals: 8 })
  })

  it('sends 0.1 BTC between two dev accounts: the receiver gains exactly that, the sender pays it plus the fee', async () => {
    const wallet = devWallet(2)
    const { foyer, connector } = setup(wallet)
    await connect(foyer, { connectorId })
    const from = wallet.payment.address
    const to = world.devnet.accounts[3]!.payment.address
    const [senderBefore, receiverBefore] = await Promise.all([balanceOf(from), balanceOf(to)])
    const estimate = await estimateTransferFee({ network: regtest, from, to, amount: BTC / 10n })

    const txid = await connector.sendTransfer({ from, to, amount: BTC / 10n })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    // Known to the node, not yet in a block: Bitcoin cannot wait for a confirmation here.
    expect(await esplora(`/tx/${txid}/status`)).toMatchObject({ confirmed: false })
    await mine()
    expect(await esplora(`/tx/${txid}/status`)).toMatchObject({ confirmed: true })

    const { fee, vin } = (await esplora(`/tx/${txid}`)) as { fee: number; vin: unknown[] }
    expect(BigInt(fee)).toBe(estimate.fee)
    expect(estimate.signatures).toBe(vin.length)
    expect(await balanceOf(to)).toBe(receiverBefore + BTC / 10n)
    expect(await balanceOf(from)).toBe(senderBefore - BTC / 10n - BigInt(fee))
  })

  it('sends from the Taproot ordinals address, signed with its key-path key', async () => {
    const wallet = devWallet(4)
    const { foyer, connector } = setup(wallet)
    await connect(foyer, { connectorId })
    await esplora('/regtest/fund', { address: wallet.ordinal.address, sats: 50_000_000 })
    await mine()
    const to = world.devnet.accounts[5]!.payment.address
    const before = await balanceOf(to)
    await connector.sendTransfer({ from: wallet.ordinal.address, to, amount: 1_000_000n })
    expect(await balanceOf(to)).toBe(before + 1_000_000n)
  })

  it('refuses an address of another network before the wallet is asked anything', async () => {
    const wallet = devWallet(2)
    const { foyer, connector } = setup(wallet)
    await connect(foyer, { connectorId })
    // A refusing wallet would turn any signing request into a rejection instead.
    wallet.setBehaviour({ signing: 'reject' })
    for (const to of ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'not an address'])
      await expect(
        connector.sendTransfer({ from: wallet.payment.address, to, amount: 10_000n }),
      ).rejects.toMatchObject({
        name: 'InvalidBitcoinAddressError',
        shortMessage: 'Invalid Bitcoin address',
      })
  })

  it("refuses with 'Insufficient funds' when the coins do not cover amount and fee", async () => {
    const wallet = devWallet(6)
    const { foyer, connector } = setup(wallet)
    await connect(foyer, { connectorId })
    wallet.setBehaviour({ signing: 'reject' })
    await expect(
      connector.sendTransfer({
        from: wallet.payment.address,
        to: world.devnet.accounts[7]!.payment.address,
        amount: BigInt(bitcoinDevAccountSats),
      }),
    ).rejects.toMatchObject({
      name: 'InsufficientFundsError',
      available: BigInt(bitcoinDevAccountSats),
    })
  })

  it('rejects with code 4001 when the visitor refuses to sign, and sends nothing', async () => {
    const wallet = devWallet(6)
    const { foyer, connector } = setup(wallet)
    await connect(foyer, { connectorId })
    wallet.setBehaviour({ signing: 'reject' })
    const to = world.devnet.accounts[7]!.payment.address
    const before = await balanceOf(to)
    await expect(
      connector.sendTransfer({ from: wallet.payment.address, to, amount: 10_000n }),
    ).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(await balanceOf(to)).toBe(before)
  })

  it('signs messages with BIP-322 for both addresses', async () => {
    const wallet = devWallet(8)
    const { foyer, connector } = setup(wallet)
    await connect(foyer, { connectorId })
    for (const address of [wallet.payment.address, wallet.ordinal.address]) {
      const signature = await connector.signMessage({ message: 'Sign in to Foyer', address })
      // BIP-322 simple: a witness stack, never the 65 bytes of the legacy format.
      expect(Buffer.from(signature, 'base64').length).not.toBe(65)
      expect(verifyBitcoinMessage({ address, message: 'Sign in to Foyer', signature })).toBe(true)
      expect(verifyBitcoinMessage({ address, message: 'Sign in to Foyer!', signature })).toBe(false)
    }
    await expect(
      connector.signMessage({ message: 'x', address: world.devnet.accounts[0]!.payment.address }),
    ).rejects.toMatchObject({ name: 'AccountNotConnectedError' })
  })

  it('has a sats-connect wallet broadcast a PSBT it signs when asked to', async () => {
    const wallet = devWallet(9)
    const { foyer, connector } = setup(wallet)
    await connect(foyer, { connectorId })
    const { buildTransferPsbt } = await import('./actions/buildTransferPsbt.ts')
    const to = world.devnet.accounts[0]!.ordinal.address
    const built = await buildTransferPsbt({
      network: regtest,
      from: wallet.payment.address,
      to,
      amount: 20_000n,
    })
    const signed = await connector.signPsbt({
      psbt: built.psbt,
      signInputs: built.signInputs,
      broadcast: true,
    })
    expect(signed.txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await esplora(`/tx/${signed.txid}/status`)).toMatchObject({ confirmed: false })
  })

  it('reconnects silently to a wallet that authorised the site, and not to one that did not', async () => {
    const storage = createMemoryStorage()
    const items = new Map<string, string>()
    const walletStorage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    }
    const first = setup(devWallet(1, { storage: walletStorage }), { storage })
    await connect(first.foyer, { connectorId })

    // A new page load: the wallet still trusts the site and now refuses every prompt.
    const reloaded = devWallet(1, { storage: walletStorage, behaviour: { connect: 'reject' } })
    const again = setup(reloaded, { storage })
    const restored = await reconnect(again.foyer)
    expect(restored.map((connection) => connection.connectorId)).toEqual([connectorId])
    expect(again.foyer.getState().account.address).toBe(reloaded.payment.address)

    const stranger = setup(devWallet(1), { storage })
    expect(await reconnect(stranger.foyer)).toEqual([])
  })

  it('forgets the site on disconnect, and follows a wallet that revokes it', async () => {
    const wallet = devWallet(1)
    const { foyer } = setup(wallet)
    await connect(foyer, { connectorId })
    await disconnect(foyer)
    expect(wallet.isAuthorized).toBe(false)
    expect(foyer.getState().status).toBe('disconnected')

    await connect(foyer, { connectorId })
    wallet.revoke()
    expect(foyer.getState().connections.bip122 ?? []).toEqual([])
  })
})

describe('bitcoinAdapter with a Bitcoin wallet-standard wallet', () => {
  it('connects, signs with BIP-322, and sends, broadcasting what the wallet signed', async () => {
    const wallet = devWallet(3)
    const { foyer, connector } = setup(wallet, { standard: true })
    expect(connector.protocol).toBe('wallet-standard')
    const result = await connect(foyer, { connectorId })
    expect(result.accounts).toEqual([
      { address: wallet.payment.address, type: 'payment' },
      { address: wallet.ordinal.address, type: 'ordinal' },
    ])
    const signature = await connector.signMessage({
      message: 'hi',
      address: wallet.ordinal.address,
    })
    expect(
      verifyBitcoinMessage({ address: wallet.ordinal.address, message: 'hi', signature }),
    ).toBe(true)
    const to = world.devnet.accounts[8]!.ordinal.address
    const before = await balanceOf(to)
    await connector.sendTransfer({ from: wallet.payment.address, to, amount: 30_000n })
    expect(await balanceOf(to)).toBe(before + 30_000n)
  })

  it('rejects with code 4001 when the visitor refuses', async () => {
    const wallet = devWallet(3, { behaviour: { connect: 'reject' } })
    const { foyer, connector } = setup(wallet, { standard: true })
    await expect(connect(foyer, { connectorId })).rejects.toMatchObject({
      shortMessage: 'Connection rejected',
    })
    wallet.setBehaviour({ connect: 'approve', signing: 'reject' })
    await connect(foyer, { connectorId })
    await expect(
      connector.signMessage({ message: 'hi', address: wallet.payment.address }),
    ).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
  })
})

describe('bitcoinAdapter outside the browser', () => {
  it('lists no wallet and touches no window (server rendering)', () => {
    expect(typeof window).toBe('undefined')
    let listed: readonly unknown[] | undefined
    const teardown = bitcoinAdapter().setup({
      networks: [regtest],
      onConnectorsChange: (connectors) => {
        listed = connectors
      },
    })
    expect(listed).toEqual([])
    teardown()
  })
})
