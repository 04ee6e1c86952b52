// @vitest-environment happy-dom
import { toBech32 } from '@cosmjs/encoding'
import { StargateClient } from '@cosmjs/stargate'
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
import { anvilMnemonic } from '@foyer/devnet'
import { type StartCosmosDevnetReturnType, startCosmosDevnet } from '@foyer/devnet/cosmos'
import {
  type CosmosTestWallet,
  type CosmosTestWalletBehaviour,
  injectCosmosTestWallet,
} from '@foyer/test-wallets/cosmos'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { verifyCosmosMessage } from './actions/verifyCosmosMessage.ts'
import { cosmosAdapter } from './cosmosAdapter.ts'
import { InvalidCosmosAddressError } from './errors.ts'
import { type CosmosNetwork, cosmosHub, createCosmosNetwork } from './networks.ts'
import type { CosmosConnector } from './types.ts'

const connectorId = 'cosmos.keplr'
let world: StartCosmosDevnetReturnType
let local: CosmosNetwork
let reader: StargateClient

beforeAll(async () => {
  world = await startCosmosDevnet({ port: 0 })
  local = createCosmosNetwork({ ...world.devnet, name: 'Foyer Local', testnet: true })
  reader = await StargateClient.connect(world.devnet.rpcUrl)
})
afterAll(async () => {
  reader?.disconnect()
  await world?.stop()
})

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  delete (window as { keplr?: unknown }).keplr
  delete (window as { leap?: unknown }).leap
})

const FOY = 1_000_000n
const balanceOf = async (address: string) =>
  BigInt((await reader.getBalance(address, 'ufoy')).amount)

/**
 * A page with the Cosmos test wallet injected as `window.keplr`, holding dev account `index`, and
 * a Foyer on the local chain. The wallet knows no chain: the local one has to be suggested.
 */
async function setup(
  options: {
    index?: number
    storage?: ReturnType<typeof createMemoryStorage>
    behaviour?: Partial<CosmosTestWalletBehaviour>
    /** The same wallet again, as after a reload of the page. */
    wallet?: CosmosTestWallet
    networks?: [CosmosNetwork, ...CosmosNetwork[]]
  } = {},
) {
  const wallet = await injectCosmosTestWallet(window, {
    privateKeyHex: world.devnet.accounts[options.index ?? 0]!.privateKey,
    behaviour: options.behaviour,
    wallet: options.wallet,
  })
  const storage = options.storage ?? createMemoryStorage()
  const foyer = createFoyer({
    networks: options.networks ?? [local],
    adapters: [cosmosAdapter({ storage })],
    storage: createStorage({ storage }),
  })
  cleanups.push(() => foyer.destroy())
  const connector = foyer.getConnector(connectorId) as CosmosConnector
  return { wallet, foyer, connector, address: world.devnet.accounts[options.index ?? 0]!.address }
}

describe('cosmosAdapter against the local CometBFT chain', () => {
  it('finds the injected wallet under its own name, and one injected after load', async () => {
    const { connector } = await setup()
    expect(connector).toMatchObject({
      name: 'Foyer Test Wallet',
      type: 'injected',
      namespace: 'cosmos',
    })
    expect(connector.icon).toMatch(/^data:image\/svg\+xml,/)

    delete (window as { keplr?: unknown }).keplr
    const adapter = cosmosAdapter()
    const seen: string[][] = []
    cleanups.push(
      adapter.setup({
        networks: [local],
        onConnectorsChange: (connectors) => seen.push(connectors.map((entry) => entry.id)),
      }),
    )
    expect(adapter.getConnectors()).toEqual([])
    await injectCosmosTestWallet(window, { mnemonic: anvilMnemonic, as: 'leap' })
    window.dispatchEvent(new Event('load'))
    expect(seen.at(-1)).toEqual(['cosmos.leap'])
  })

  it('connects: suggests the local chain, enables it and lists the account', async () => {
    const { foyer, wallet, address } = await setup()
    const result = await connect(foyer, { connectorId })
    expect(result.address).toBe(address)
    const state = foyer.getState()
    expect(state.status).toBe('connected')
    expect(state.activeNamespace).toBe('cosmos')
    expect(state.account.caipAddress).toBe(`cosmos:foyer-local-1:${address}`)
    expect(wallet.prompts).toEqual(['suggestChain:foyer-local-1', 'enable:foyer-local-1'])
    expect(wallet.knowsChain('foyer-local-1')).toBe(true)
  })

  it("rejects with code 4001 'Connection rejected' when the visitor refuses", async () => {
    const { foyer, wallet } = await setup({ behaviour: { connect: 'reject' } })
    await expect(connect(foyer, { connectorId })).rejects.toMatchObject({
      code: 4001,
      shortMessage: 'Connection rejected',
    })
    expect(foyer.getState().status).toBe('disconnected')
    expect(wallet.enabledChains).toEqual([])
  })

  it('reconnects after a reload without a prompt, and forgets the site on disconnect', async () => {
    const storage = createMemoryStorage()
    const first = await setup({ storage })
    await connect(first.foyer, { connectorId })
    first.foyer.destroy()

    const reloaded = await setup({ storage, wallet: first.wallet })
    const prompts = first.wallet.prompts.length
    await reconnect(reloaded.foyer)
    expect(reloaded.foyer.getState().account.address).toBe(first.address)
    expect(first.wallet.prompts).toHaveLength(prompts)

    await disconnect(reloaded.foyer)
    expect(first.wallet.enabledChains).toEqual([])
    // A connector that never connected answers silently with nothing.
    expect(await reloaded.connector.getAccounts()).toEqual([])
    expect(first.wallet.prompts).toHaveLength(prompts)
  })

  it('shows the balance the chain reports', async () => {
    const { foyer, address } = await setup({ index: 1 })
    await connect(foyer, { connectorId })
    const balance = await getBalance(foyer, { force: true })
    expect(balance.value).toBe(await balanceOf(address))
    expect(balance.value).toBe(1_000n * FOY)
    expect(balance.symbol).toBe('FOY')
    expect(balance.decimals).toBe(6)
  })

  it('sends 1 FOY: the receiver gains exactly that, the sender loses it plus the fee', async () => {
    const { foyer, connector, address } = await setup({ index: 2 })
    await connect(foyer, { connectorId })
    const receiver = world.devnet.accounts[3]!.address
    const [senderBefore, receiverBefore] = [await balanceOf(address), await balanceOf(receiver)]
    const hash = await connector.sendTransfer({ from: address, to: receiver, amount: FOY })

    const tx = await reader.getTx(hash)
    expect(tx?.code).toBe(0)
    const fee = tx?.events
      .find((event) => event.type === 'tx' && event.attributes.some((entry) => entry.key === 'fee'))
      ?.attributes.find((entry) => entry.key === 'fee')?.value
    const feePaid = BigInt(String(fee).replace(/ufoy$/, ''))
    expect(feePaid).toBeGreaterThan(0n)
    expect(await balanceOf(receiver)).toBe(receiverBefore + FOY)
    expect(await balanceOf(address)).toBe(senderBefore - FOY - feePaid)
  })

  it('refuses an invalid receiver before the wallet is asked', async () => {
    const { foyer, connector, wallet, address } = await setup({ index: 4 })
    await connect(foyer, { connectorId })
    const prompts = wallet.prompts.length
    const otherChain = toBech32('osmo', new Uint8Array(20).fill(1))
    for (const to of [
      'cosmos1notanaddress',
      otherChain,
      address.slice(0, -1) + (address.endsWith('q') ? 'p' : 'q'),
    ])
      await expect(
        connector.sendTransfer({ from: address, to, amount: FOY }),
      ).rejects.toBeInstanceOf(InvalidCosmosAddressError)
    expect(wallet.prompts).toHaveLength(prompts)
    expect(await reader.getSequence(address)).toMatchObject({ sequence: 0 })
  })

  it('signs an ADR-36 message that verifies; a tampered message or another key does not', async () => {
    const { foyer, connector, address } = await setup({ index: 5 })
    await connect(foyer, { connectorId })
    const signature = await connector.signMessage({ message: 'Sign in to Foyer', address })
    expect(JSON.parse(signature)).toMatchObject({
      pub_key: { type: 'tendermint/PubKeySecp256k1', value: world.devnet.accounts[5]!.publicKey },
    })
    expect(await verifyCosmosMessage({ address, message: 'Sign in to Foyer', signature })).toBe(
      true,
    )
    expect(await verifyCosmosMessage({ address, message: 'Sign in to Foyer.', signature })).toBe(
      false,
    )
    const other = world.devnet.accounts[6]!
    expect(
      await verifyCosmosMessage({ address: other.address, message: 'Sign in to Foyer', signature }),
    ).toBe(false)
    // A bare signature verifies with the key given beside it, and not with another key.
    const { signature: bare } = JSON.parse(signature) as { signature: string }
    const pubKey = world.devnet.accounts[5]!.publicKey
    expect(
      await verifyCosmosMessage({ address, message: 'Sign in to Foyer', signature: bare, pubKey }),
    ).toBe(true)
    expect(
      await verifyCosmosMessage({
        address,
        message: 'Sign in to Foyer',
        signature: bare,
        pubKey: other.publicKey,
      }),
    ).toBe(false)
  })

  it('maps a refusal to sign or send to code 4001, and nothing reaches the chain', async () => {
    const { foyer, connector, wallet, address } = await setup({ index: 7 })
    await connect(foyer, { connectorId })
    wallet.setBehaviour({ signing: 'reject' })
    await expect(connector.signMessage({ message: 'hi', address })).rejects.toMatchObject({
      code: 4001,
    })
    const receiver = world.devnet.accounts[8]!.address
    const before = await balanceOf(receiver)
    await expect(
      connector.sendTransfer({ from: address, to: receiver, amount: FOY }),
    ).rejects.toMatchObject({ code: 4001, shortMessage: 'Transaction rejected' })
    expect(await balanceOf(receiver)).toBe(before)
    expect(await reader.getSequence(address)).toMatchObject({ sequence: 0 })
  })

  it('follows an account switch in the wallet (keplr_keystorechange)', async () => {
    const { foyer, wallet } = await setup({ index: 0 })
    await connect(foyer, { connectorId })
    await wallet.changeKey({ privateKeyHex: world.devnet.accounts[9]!.privateKey })
    await expect
      .poll(() => foyer.getState().account.address)
      .toBe(world.devnet.accounts[9]!.address)
  })

  it('switches to another chain id: enables it and reports the address with its prefix', async () => {
    const other = await startCosmosDevnet({ port: 0, chainId: 'foyer-other-2' })
    cleanups.push(() => void other.stop())
    const otherNetwork = createCosmosNetwork({
      ...other.devnet,
      name: 'Foyer Other',
      bech32Prefix: 'cosmos',
    })
    const { foyer, wallet, connector, address } = await setup({ networks: [local, otherNetwork] })
    await connect(foyer, { connectorId })
    await switchNetwork(foyer, { network: otherNetwork })
    expect(await connector.getCaipNetworkId()).toBe('cosmos:foyer-other-2')
    expect(wallet.enabledChains).toEqual(['foyer-local-1', 'foyer-other-2'])
    expect(foyer.getState().account.caipAddress).toBe(`cosmos:foyer-other-2:${address}`)
    await expect(connector.switchNetwork({ network: cosmosHub })).rejects.toMatchObject({
      shortMessage: 'Unsupported chain',
    })
  })
})
