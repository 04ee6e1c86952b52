// @vitest-environment happy-dom
import '@polkadot/api-augment'
import {
  connect,
  createFoyer,
  createMemoryStorage,
  createStorage,
  disconnect,
  getBalance,
  reconnect,
  switchNetwork,
} from '@foyer/core'
import { type StartPolkadotDevnetReturnType, startPolkadotDevnet } from '@foyer/devnet/polkadot'
import {
  type InjectPolkadotTestWalletParameters,
  injectPolkadotTestWallet,
} from '@foyer/test-wallets/polkadot'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { decodeAddress, encodeAddress } from '@polkadot/util-crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { verifyPolkadotMessage } from './actions/verifyPolkadotMessage.ts'
import { createPolkadotNetwork, kusama } from './networks.ts'
import { polkadotAdapter } from './polkadotAdapter.ts'
import type { PolkadotConnector, PolkadotNetwork } from './types.ts'

const connectorId = 'polkadot.foyer-test-wallet'
const ROC = 10n ** 12n
let world: StartPolkadotDevnetReturnType
let localnet: PolkadotNetwork
/** Another network on the same node, in Polkadot's address format: no traffic leaves the machine. */
let otherLocalnet: PolkadotNetwork
let api: ApiPromise

beforeAll(async () => {
  world = await startPolkadotDevnet({ port: 0 })
  localnet = createPolkadotNetwork({ ...world.devnet, name: 'Local Asset Hub', testnet: true })
  otherLocalnet = createPolkadotNetwork({
    ...world.devnet,
    genesisHash: `0x${'01'.repeat(32)}`,
    ss58Prefix: 0,
    name: 'Local, Polkadot format',
    testnet: true,
  })
  api = await ApiPromise.create({ provider: new WsProvider(world.devnet.wsUrl), noInitWarn: true })
}, 120_000)
afterAll(async () => {
  await api?.disconnect()
  await world?.stop()
})

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

/** A page with the test wallet holding dev account `index`, and a Foyer with the Polkadot adapter. */
async function setup(
  options: {
    index?: number
    behaviour?: InjectPolkadotTestWalletParameters['behaviour']
    /** The app's storage and the wallet's, shared across "page loads". */
    appStorage?: ReturnType<typeof createMemoryStorage>
    walletStorage?: ReturnType<typeof createMemoryStorage>
  } = {},
) {
  const account = world.devnet.accounts[options.index ?? 0]!
  const { wallet, remove } = await injectPolkadotTestWallet(window, {
    mnemonic: account.mnemonic,
    derivationPaths: [account.derivationPath],
    ss58Prefix: world.devnet.ss58Prefix,
    behaviour: options.behaviour,
    storage: options.walletStorage as Storage | undefined,
  })
  cleanups.push(remove)
  const appStorage = options.appStorage ?? createMemoryStorage()
  const foyer = createFoyer({
    networks: [localnet, otherLocalnet],
    adapters: [polkadotAdapter({ appName: 'Foyer tests', storage: appStorage })],
    storage: createStorage({ storage: appStorage }),
  })
  cleanups.push(() => foyer.destroy())
  const connector = foyer.getConnector(connectorId) as PolkadotConnector
  return { wallet, foyer, connector, address: account.address }
}

const freeBalance = async (address: string) =>
  (await api.query.system.account(address)).data.free.toBigInt()

describe('polkadotAdapter against a local chopsticks chain', () => {
  it('connects the test extension and lists its account in the chain’s SS58 format', async () => {
    const { foyer, wallet, address } = await setup()
    const result = await connect(foyer, { connectorId })
    expect(result.address).toBe(address)
    expect(result.caipNetworkId).toBe(world.devnet.caipNetworkId)
    expect(wallet.enabledBy).toEqual(['Foyer tests'])
    const state = foyer.getState()
    expect(state.status).toBe('connected')
    expect(state.activeNamespace).toBe('polkadot')
    expect(state.account.caipAddress).toBe(`${world.devnet.caipNetworkId}:${address}`)
  })

  it('shows the free balance the chain reports', async () => {
    const { foyer, address } = await setup({ index: 1 })
    await connect(foyer, { connectorId })
    const balance = await getBalance(foyer, { force: true })
    expect(balance.value).toBe(await freeBalance(address))
    expect(balance.value).toBe(1_000n * ROC)
    expect(balance.symbol).toBe('ROC')
  })

  it('sends 1 ROC: the receiver gains exactly that, the sender loses it plus the fee', async () => {
    const { foyer, connector, address, wallet } = await setup({ index: 2 })
    await connect(foyer, { connectorId })
    const receiver = world.devnet.accounts[8]!.address
    const before = { from: await freeBalance(address), to: await freeBalance(receiver) }

    const hash = await connector.sendTransfer({ from: address, to: receiver, amount: ROC })

    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(wallet.requests).toEqual([{ method: 'signPayload', address, answer: 'signed' }])
    const after = { from: await freeBalance(address), to: await freeBalance(receiver) }
    expect(after.to - before.to).toBe(ROC)
    const fee = before.from - after.from - ROC
    expect(fee).toBeGreaterThan(0n)
    // A fee, not another transfer: well under a thousandth of a ROC on this chain.
    expect(fee).toBeLessThan(ROC / 1000n)
    // The adapter's balance read agrees with the chain.
    expect((await getBalance(foyer, { force: true })).value).toBe(after.from)
  })

  it('refuses an invalid receiver with a named error before the extension is asked', async () => {
    const { foyer, connector, address, wallet } = await setup({ index: 3 })
    await connect(foyer, { connectorId })
    const before = await freeBalance(address)
    for (const to of [
      'not an address',
      `${address.slice(0, -1)}${address.endsWith('a') ? 'b' : 'a'}`, // checksum broken
      '0x8ba1f109551bd432803012645ac136ddd64dba72', // an Ethereum address
    ]) {
      await expect(
        connector.sendTransfer({ from: address, to, amount: ROC }),
      ).rejects.toMatchObject({
        name: 'InvalidPolkadotAddressError',
        shortMessage: 'Invalid Polkadot address',
      })
    }
    expect(wallet.requests).toEqual([])
    expect(await freeBalance(address)).toBe(before)
  })

  it('signs a message whose signature verifies, and not for a tampered message', async () => {
    const { foyer, connector, address } = await setup({ index: 4 })
    await connect(foyer, { connectorId })
    const message = 'Sign in to Foyer\nNonce: 7f3a'
    const signature = await connector.signMessage({ address, message })
    expect(signature).toMatch(/^0x[0-9a-f]{128}$/)
    expect(await verifyPolkadotMessage({ address, message, signature })).toBe(true)
    expect(
      await verifyPolkadotMessage({ address, message: 'Sign in to Foyer\nNonce: 7f3b', signature }),
    ).toBe(false)
    const other = world.devnet.accounts[5]!.address
    expect(await verifyPolkadotMessage({ address: other, message, signature })).toBe(false)
  })

  it('answers polkadot_signMessage as WalletConnect’s polkadot namespace does', async () => {
    const { foyer, connector, address } = await setup({ index: 4 })
    await connect(foyer, { connectorId })
    const message = 'Hello from WalletConnect'
    const { signature } = (await connector.request({
      method: 'polkadot_signMessage',
      params: { address, message },
    })) as { signature: string }
    expect(await verifyPolkadotMessage({ address, message, signature })).toBe(true)
  })

  it('signs a transaction payload for polkadot_signTransaction that the chain accepts', async () => {
    const { foyer, connector, address } = await setup({ index: 7 })
    await connect(foyer, { connectorId })
    const receiver = world.devnet.accounts[9]!.address
    const before = await freeBalance(receiver)
    const transfer = api.tx.balances.transferKeepAlive(receiver, ROC)
    // An immortal payload, as an app (or WalletConnect peer) would hand it over.
    const payload = api.registry.createType('SignerPayload', {
      address,
      method: transfer.method,
      nonce: await api.rpc.system.accountNextIndex(address),
      genesisHash: api.genesisHash,
      blockHash: api.genesisHash,
      blockNumber: 0,
      runtimeVersion: api.runtimeVersion,
      signedExtensions: api.registry.signedExtensions,
      version: api.extrinsicVersion,
    })
    const { signature } = (await connector.request({
      method: 'polkadot_signTransaction',
      params: { address, transactionPayload: payload.toPayload() },
    })) as { signature: `0x${string}` }

    transfer.addSignature(address, signature, payload.toPayload())
    await new Promise<void>((resolve, reject) => {
      transfer
        .send(({ status, dispatchError }) => {
          if (dispatchError) reject(new Error(dispatchError.toString()))
          // Finalized may be the first status seen (see startPolkadotDevnet.test.ts).
          else if (status.isInBlock || status.isFinalized) resolve()
        })
        .catch(reject)
    })
    expect(await freeBalance(receiver)).toBe(before + ROC)
    // A block is built and imported on the chain: seconds alone, far more on a loaded runner.
  }, 120_000)

  it('forwards other JSON-RPC methods to the network’s node', async () => {
    const { foyer, connector } = await setup()
    await connect(foyer, { connectorId })
    expect(await connector.request({ method: 'chain_getBlockHash', params: [0] })).toBe(
      world.devnet.genesisHash,
    )
    await expect(connector.request({ method: 'polkadot_unknown' })).rejects.toMatchObject({
      name: 'MethodNotSupportedError',
      code: 4200,
    })
  })

  it('turns a refused transfer into code 4001 and sends nothing', async () => {
    const { foyer, connector, address, wallet } = await setup({
      index: 5,
      behaviour: { signing: 'reject' },
    })
    await connect(foyer, { connectorId })
    const receiver = world.devnet.accounts[9]!.address
    const before = await freeBalance(receiver)
    const attempt = connector.sendTransfer({ from: address, to: receiver, amount: ROC })
    await expect(attempt).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    await expect(attempt).rejects.toThrow('Cancelled')
    expect(wallet.requests).toEqual([{ method: 'signPayload', address, answer: 'cancelled' }])
    expect(await freeBalance(receiver)).toBe(before)
    await expect(connector.signMessage({ address, message: 'hi' })).rejects.toMatchObject({
      code: 4001,
    })
  })

  it("rejects with 'Connection rejected' when the visitor refuses the site", async () => {
    const { foyer, wallet } = await setup({ behaviour: { connect: 'reject' } })
    await expect(connect(foyer, { connectorId })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
      shortMessage: 'Connection rejected',
    })
    expect(foyer.getState().status).toBe('disconnected')
    expect(wallet.isAuthorized).toBe(false)
  })

  it('fails the transfer with the chain’s reason when the sender cannot pay it', async () => {
    const { foyer, connector, address } = await setup({ index: 6 })
    await connect(foyer, { connectorId })
    const receiver = world.devnet.accounts[7]!.address
    await expect(
      connector.sendTransfer({ from: address, to: receiver, amount: 2_000n * ROC }),
    ).rejects.toMatchObject({
      name: 'TransactionFailedError',
      details: expect.stringMatching(/^balances\.InsufficientBalance/),
    })
  })

  it('reconnects silently after a reload, only for a site the extension authorised', async () => {
    const appStorage = createMemoryStorage()
    const walletStorage = createMemoryStorage()
    const first = await setup({ index: 0, appStorage, walletStorage })
    await connect(first.foyer, { connectorId })
    for (const cleanup of cleanups.splice(0).reverse()) cleanup()

    // The next page load: a visitor would refuse a popup, so any prompt would fail the reconnect.
    const second = await setup({
      index: 0,
      appStorage,
      walletStorage,
      behaviour: { connect: 'reject' },
    })
    await reconnect(second.foyer)
    expect(second.foyer.getState().account.address).toBe(second.address)

    // After a disconnect the site is not enabled any more: getAccounts asks nothing.
    await disconnect(second.foyer)
    const enabledBefore = second.wallet.enabledBy.length
    expect(await second.connector.getAccounts()).toEqual([])
    expect(second.wallet.enabledBy.length).toBe(enabledBefore)
  })

  it('disconnects when the visitor revokes the site in the extension', async () => {
    const { foyer, wallet } = await setup()
    await connect(foyer, { connectorId })
    wallet.revoke()
    await expect.poll(() => foyer.getState().status).toBe('disconnected')
  })

  it('switches network without a prompt and shows the addresses in that chain’s format', async () => {
    const { foyer, wallet, connector } = await setup()
    await connect(foyer, { connectorId })
    const enabled = wallet.enabledBy.length
    await switchNetwork(foyer, { network: otherLocalnet })
    expect(await connector.getCaipNetworkId()).toBe(otherLocalnet.caipNetworkId)
    expect(wallet.enabledBy.length).toBe(enabled)
    const address = world.devnet.accounts[0]!.address
    expect(foyer.getState().account.address).toBe(encodeAddress(decodeAddress(address), 0))
    expect(foyer.getState().account.address).not.toBe(address)
  })
})

describe('accounts a network cannot use', () => {
  it('leaves out accounts pinned to another chain and Ethereum accounts', async () => {
    const mnemonic = world.devnet.accounts[0]!.mnemonic
    const { remove, wallet } = await injectPolkadotTestWallet(window, {
      ss58Prefix: world.devnet.ss58Prefix,
      seeds: [
        { uri: `${mnemonic}//0`, genesisHash: null },
        { uri: `${mnemonic}//1`, genesisHash: kusama.genesisHash },
        { uri: `${mnemonic}//2`, genesisHash: world.devnet.genesisHash },
        { uri: mnemonic, type: 'ethereum' },
      ],
    })
    cleanups.push(remove)
    const foyer = createFoyer({
      networks: [localnet],
      adapters: [polkadotAdapter({ appName: 'Foyer tests', storage: createMemoryStorage() })],
      storage: createStorage({ storage: createMemoryStorage() }),
    })
    cleanups.push(() => foyer.destroy())
    const result = await connect(foyer, { connectorId })
    expect(result.accounts.map((account) => account.address)).toEqual([
      world.devnet.accounts[0]!.address,
      world.devnet.accounts[2]!.address,
    ])
    expect(wallet.accounts).toHaveLength(4)
  })
})
