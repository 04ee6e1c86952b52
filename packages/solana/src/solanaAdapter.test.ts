import {
  connect,
  createFoyer,
  createMemoryStorage,
  createStorage,
  disconnect,
  type FoyerConfig,
  getBalance,
  reconnect,
  switchNetwork,
} from '@foyer/core'
import { anvil, anvilB, solanaDevnet } from '@foyer/core/networks'
import { type StartSolanaDevnetReturnType, startSolanaDevnet } from '@foyer/devnet/solana'
import { createSolanaTestWallet, type SolanaTestWallet } from '@foyer/test-wallets/solana'
import {
  type Address,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase58Encoder,
  getUtf8Encoder,
  type Signature,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTransferTransaction } from './actions/buildTransferTransaction.ts'
import { getTokenBalances } from './actions/getTokenBalances.ts'
import { toAddress } from './actions/toAddress.ts'
import { createSolanaLocalnet, SOLANA_LOCALNET_GENESIS_HASH, solanaLocalnet } from './networks.ts'
import { solanaAdapter } from './solanaAdapter.ts'
import type { SolanaConnector } from './types.ts'

const connectorId = 'solana.foyer-test-wallet'
let world: StartSolanaDevnetReturnType
let localnet: ReturnType<typeof createSolanaLocalnet>
let rpc: ReturnType<typeof createSolanaRpc>

beforeAll(async () => {
  world = await startSolanaDevnet({ port: 0 })
  localnet = createSolanaLocalnet(world.devnet)
  rpc = createSolanaRpc(world.devnet.rpcUrl)
})
afterAll(async () => {
  await world?.stop()
})

/** A Foyer with the Solana test wallet holding dev account `index` (1000 SOL, 1,000,000 USDC). */
async function setup(
  options: {
    index?: number
    wallet?: SolanaTestWallet
    storage?: ReturnType<typeof createMemoryStorage>
    networks?: FoyerConfig['networks']
  } = {},
) {
  const wallet =
    options.wallet ??
    (await createSolanaTestWallet({
      key: world.devnet.accounts[options.index ?? 0]!.secretKey,
      rpcUrls: { 'solana:localnet': world.devnet.rpcUrl },
    }))
  const adapter = solanaAdapter({ discover: false, wallets: [wallet] })
  const foyer = createFoyer({
    networks: options.networks ?? [localnet, solanaDevnet],
    adapters: [adapter],
    storage: createStorage({ storage: options.storage ?? createMemoryStorage() }),
  })
  const connector = foyer.getConnector(connectorId) as SolanaConnector
  return { wallet, foyer, connector, address: wallet.signer.address }
}

const balanceOf = async (address: Address) => (await rpc.getBalance(address).send()).value

describe('solanaAdapter against the local LiteSVM cluster', () => {
  it('gives the local cluster a stable network id matching its genesis hash', () => {
    expect(world.devnet.genesisHash).toBe(SOLANA_LOCALNET_GENESIS_HASH)
    expect(solanaLocalnet.caipNetworkId).toBe(localnet.caipNetworkId)
  })

  it('connects the Solana test wallet and reports its address on the local cluster', async () => {
    const { foyer, address } = await setup()
    const result = await connect(foyer, { connectorId })
    expect(result.address).toBe(world.devnet.accounts[0]!.address)
    const state = foyer.getState()
    expect(state.status).toBe('connected')
    expect(state.activeNamespace).toBe('solana')
    expect(state.account.caipAddress).toBe(`${localnet.caipNetworkId}:${address}`)
    expect(state.connections.solana?.[0]).toMatchObject({ connectorId, status: 'active' })
  })

  it("rejects with 'Connection rejected' when the visitor refuses", async () => {
    const { foyer, wallet } = await setup()
    wallet.setBehaviour({ connect: 'reject' })
    await expect(connect(foyer, { connectorId })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
      shortMessage: 'Connection rejected',
    })
    expect(foyer.getState().status).toBe('disconnected')
    expect(wallet.isAuthorized).toBe(false)
  })

  it('shows the SOL balance the RPC reports', async () => {
    const { foyer, address } = await setup({ index: 1 })
    await connect(foyer, { connectorId })
    const balance = await getBalance(foyer, { force: true })
    expect(balance.value).toBe(await balanceOf(address))
    expect(balance.symbol).toBe('SOL')
    expect(foyer.getState().account.balance).toBe(balance.formatted)
  })

  it('sends 0.5 SOL: the receiver gains exactly that, the sender loses it plus the fee', async () => {
    const { foyer, connector, address } = await setup({ index: 2 })
    await connect(foyer, { connectorId })
    const receiver = (await generateKeyPairSigner()).address
    const before = await balanceOf(address)
    const signature = await connector.sendTransaction({
      from: address,
      to: receiver,
      value: 500_000_000n,
    })
    const transaction = await rpc
      .getTransaction(signature as Signature, {
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send()
    const fee = transaction?.meta?.fee
    expect(fee).toBeGreaterThan(0n)
    expect(await balanceOf(receiver)).toBe(500_000_000n)
    expect(await balanceOf(address)).toBe(before - 500_000_000n - fee!)
  })

  it("sends an SPL token, creating the receiver's token account", async () => {
    const { foyer, connector, address } = await setup({ index: 3 })
    await connect(foyer, { connectorId })
    const [usdc] = world.devnet.tokens
    const receiver = (await generateKeyPairSigner()).address
    const [held] = await getTokenBalances({
      network: localnet,
      owner: address,
      mint: usdc!.address,
    })
    expect(held?.amount).toBe(1_000_000n * 10n ** BigInt(usdc!.decimals))
    expect(await getTokenBalances({ network: localnet, owner: receiver })).toEqual([])

    const built = await buildTransferTransaction({
      network: localnet,
      from: address,
      to: receiver,
      amount: 1n,
      mint: usdc!.address,
    })
    expect(built.createsTokenAccount).toBe(true)
    await connector.sendTransfer({
      from: address,
      to: receiver,
      amount: 2_500_000n,
      mint: usdc!.address,
    })

    const [received] = await getTokenBalances({ network: localnet, owner: receiver })
    expect(received).toMatchObject({
      mint: usdc!.address,
      amount: 2_500_000n,
      decimals: usdc!.decimals,
    })
    const [left] = await getTokenBalances({
      network: localnet,
      owner: address,
      mint: usdc!.address,
    })
    expect(left?.amount).toBe(held!.amount - 2_500_000n)
    // The receiver's account now exists, so a second transfer does not create it again.
    const again = await buildTransferTransaction({
      network: localnet,
      from: address,
      to: receiver,
      amount: 1n,
      mint: usdc!.address,
    })
    expect(again.createsTokenAccount).toBe(false)
  })

  it('refuses to send more of a token than the sender holds', async () => {
    const { foyer, connector, address } = await setup({ index: 4 })
    await connect(foyer, { connectorId })
    const [usdc] = world.devnet.tokens
    const receiver = (await generateKeyPairSigner()).address
    await expect(
      connector.sendTransfer({
        from: address,
        to: receiver,
        amount: 10n ** 30n,
        mint: usdc!.address,
      }),
    ).rejects.toMatchObject({ name: 'InsufficientTokenBalanceError' })
  })

  it('signs a message with an ed25519 signature of the connected key', async () => {
    const { foyer, connector, wallet, address } = await setup({ index: 5 })
    await connect(foyer, { connectorId })
    const message = 'Sign in to Foyer'
    const signature = await connector.signMessage({ message, address })
    const verified = await verifySignature(
      wallet.signer.keyPair.publicKey,
      getBase58Encoder().encode(signature) as SignatureBytes,
      getUtf8Encoder().encode(message),
    )
    expect(verified).toBe(true)
    const forged = await verifySignature(
      wallet.signer.keyPair.publicKey,
      getBase58Encoder().encode(signature) as SignatureBytes,
      getUtf8Encoder().encode(`${message}!`),
    )
    expect(forged).toBe(false)
  })

  it('answers WalletConnect-style Solana requests and forwards cluster reads to the RPC', async () => {
    const { foyer, connector, wallet, address } = await setup({ index: 9 })
    await connect(foyer, { connectorId })
    const read = (await connector.request({ method: 'getBalance', params: [address] })) as {
      value: number
    }
    expect(BigInt(read.value)).toBe(await balanceOf(address))
    const message = getBase58Decoder().decode(getUtf8Encoder().encode('hi'))
    const { signature } = (await connector.request({
      method: 'solana_signMessage',
      params: { message, pubkey: address },
    })) as { signature: string }
    expect(
      await verifySignature(
        wallet.signer.keyPair.publicKey,
        getBase58Encoder().encode(signature) as SignatureBytes,
        getUtf8Encoder().encode('hi'),
      ),
    ).toBe(true)
  })

  it('reconnects silently to a wallet that authorised the site, and not to one that did not', async () => {
    const storage = createMemoryStorage()
    const first = await setup({ index: 6, storage })
    await connect(first.foyer, { connectorId })
    // A new page load: same wallet (still authorising the site), new Foyer, same storage.
    const again = await setup({ wallet: first.wallet, storage })
    const restored = await reconnect(again.foyer)
    expect(restored.map((connection) => connection.connectorId)).toEqual([connectorId])
    expect(again.foyer.getState().account.address).toBe(first.address)

    const stranger = await setup({ index: 6, storage })
    expect(await reconnect(stranger.foyer)).toEqual([])
    expect(stranger.wallet.isAuthorized).toBe(false)
  })

  it('disconnects through standard:disconnect, and follows a wallet that revokes the site', async () => {
    const { foyer, wallet } = await setup({ index: 7 })
    await connect(foyer, { connectorId })
    await disconnect(foyer)
    expect(wallet.isAuthorized).toBe(false)
    expect(foyer.getState().status).toBe('disconnected')

    await connect(foyer, { connectorId })
    await wallet.features['standard:disconnect'].disconnect()
    expect(foyer.getState().connections.solana ?? []).toEqual([])
  })

  it('is back on the second of two clusters after a reload, without a prompt', async () => {
    const storage = createMemoryStorage()
    const first = await setup({ index: 8, storage })
    await connect(first.foyer, { connectorId })
    await switchNetwork(first.foyer, { network: solanaDevnet.caipNetworkId })

    // A new page load: a new Foyer on the same storage; the wallet still authorises the site and
    // refuses every prompt.
    first.wallet.setBehaviour({ connect: 'reject', sign: 'reject' })
    const again = await setup({ wallet: first.wallet, storage })
    expect(await again.connector.getCaipNetworkId()).toBe(localnet.caipNetworkId)
    await reconnect(again.foyer)
    const state = again.foyer.getState()
    expect(state.status).toBe('connected')
    expect(state.activeNetwork.caipNetworkId).toBe(solanaDevnet.caipNetworkId)
    expect(state.account.caipAddress).toBe(`${solanaDevnet.caipNetworkId}:${first.address}`)
    expect(await again.connector.getCaipNetworkId()).toBe(solanaDevnet.caipNetworkId)
  })

  it('restores Solana as the active namespace, on its stored cluster, when eip155 networks are listed first', async () => {
    const storage = createMemoryStorage()
    const networks: FoyerConfig['networks'] = [anvil, anvilB, localnet, solanaDevnet]
    const first = await setup({ index: 8, storage, networks })
    expect(first.foyer.getState().activeNamespace).toBe('eip155')
    await connect(first.foyer, { connectorId, network: solanaDevnet.caipNetworkId })
    expect(first.foyer.getState().activeNetwork.caipNetworkId).toBe(solanaDevnet.caipNetworkId)

    const again = await setup({ wallet: first.wallet, storage, networks })
    await reconnect(again.foyer)
    const state = again.foyer.getState()
    expect(state.activeNamespace).toBe('solana')
    expect(state.activeNetwork.caipNetworkId).toBe(solanaDevnet.caipNetworkId)
    expect(state.account.address).toBe(first.address)
    expect(await again.connector.getCaipNetworkId()).toBe(solanaDevnet.caipNetworkId)
  })

  it('switches cluster without prompting the wallet', async () => {
    const { foyer, address, wallet } = await setup({ index: 8 })
    await connect(foyer, { connectorId })
    wallet.setBehaviour({ sign: 'reject', connect: 'reject' })
    await switchNetwork(foyer, { network: solanaDevnet.caipNetworkId })
    expect(foyer.getState().activeNetwork.caipNetworkId).toBe(solanaDevnet.caipNetworkId)
    expect(foyer.getState().account.caipAddress).toBe(`${solanaDevnet.caipNetworkId}:${address}`)
  })
})

describe('Solana address validation', () => {
  it('accepts every 32-byte public key in base58', () => {
    const base58 = getBase58Encoder()
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const text = base58Decode(bytes)
        expect(toAddress(text)).toBe(text)
        expect(base58.encode(text)).toEqual(bytes)
      }),
    )
  })

  it("rejects what is not a Solana address with 'Invalid Solana address'", async () => {
    for (const text of [
      '',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      'O0Il'.repeat(10),
      '1'.repeat(45),
    ])
      expect(() => toAddress(text)).toThrowError(
        expect.objectContaining({ shortMessage: 'Invalid Solana address' }),
      )
    await expect(
      buildTransferTransaction({
        network: localnet,
        from: world.devnet.accounts[0]!.address,
        to: 'not-an-address',
        amount: 1n,
      }),
    ).rejects.toMatchObject({ name: 'InvalidSolanaAddressError' })
  })
})

function base58Decode(bytes: Uint8Array): string {
  return getBase58Decoder().decode(bytes)
}
