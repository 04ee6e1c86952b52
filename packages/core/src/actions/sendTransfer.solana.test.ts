import { createSolanaLocalnet, solanaAdapter } from '@foyer/solana'
import { createSolanaTestWallet } from '@foyer/test-wallets/solana'
import { type Address, createSolanaRpc, generateKeyPairSigner, type Signature } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../api/testServer.ts'
import { createFoyer } from '../createFoyer.ts'
import { createMemoryStorage, createStorage } from '../storage/createStorage.ts'
import type { CaipNetwork } from '../types/network.ts'
import { formatUnits } from '../utils/format.ts'
import { connect } from './connect.ts'
import { getSendTokenBalances } from './getSendTokenBalances.ts'
import { getTokenBalances } from './getTokenBalances.ts'
import { sendTransfer } from './sendTransfer.ts'
import { setReceiverAddress } from './setReceiverAddress.ts'
import { setSendToken } from './setSendToken.ts'
import { setSendTokenAmount } from './setSendTokenAmount.ts'

const connectorId = 'solana.foyer-test-wallet'
let server: TestServer
let localnet: CaipNetwork
let rpc: ReturnType<typeof createSolanaRpc>

beforeAll(async () => {
  server = await startTestServer({ solana: true })
  const solana = server.devnet.solana!
  localnet = createSolanaLocalnet(solana)
  rpc = createSolanaRpc(solana.rpcUrl)
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

const lamportsOf = async (address: string) =>
  (await rpc.getBalance(address as Address, { commitment: 'confirmed' }).send()).value

/** A Foyer on the local cluster and the Foyer server, connected with the Solana test wallet. */
async function setup(index: number) {
  const solana = server.devnet.solana!
  const wallet = await createSolanaTestWallet({
    key: solana.accounts[index]!.secretKey,
    rpcUrls: { 'solana:localnet': solana.rpcUrl },
  })
  const foyer = createFoyer({
    networks: [localnet],
    adapters: [solanaAdapter({ discover: false, wallets: [wallet] })],
    storage: createStorage({ storage: createMemoryStorage() }),
    serverUrl: server.serverUrl,
    projectId: server.projectId,
  })
  await connect(foyer, { connectorId })
  return { foyer, wallet, address: wallet.signer.address as string }
}

describe('sendTransfer on Solana', () => {
  it('reads SOL and the SPL USDC through the server balance route', async () => {
    const { foyer, address } = await setup(3)
    const balances = await getTokenBalances(foyer, { force: true })
    const usdc = server.devnet.solana!.tokens[0]!
    expect(balances).toEqual([
      expect.objectContaining({
        symbol: 'SOL',
        chainId: localnet.caipNetworkId,
        quantity: { decimals: '9', numeric: formatUnits(await lamportsOf(address), 9) },
      }),
      expect.objectContaining({
        symbol: 'USDC',
        address: `${localnet.caipNetworkId}:${usdc.address}`,
        quantity: { decimals: '6', numeric: '1000000' },
      }),
    ])
    expect(foyer.getState().account.tokenBalance).toEqual(balances)
  })

  it('sends 0.5 SOL: the receiver gains exactly that, the sender loses it plus the fee', async () => {
    const { foyer, address } = await setup(4)
    const receiver = (await generateKeyPairSigner()).address
    const before = await lamportsOf(address)
    const [sol] = await getSendTokenBalances(foyer)
    expect(sol).toMatchObject({ symbol: 'SOL', address: undefined })
    setSendToken(foyer, { token: sol })
    setSendTokenAmount(foyer, { amount: '0.5' })
    setReceiverAddress(foyer, { address: receiver })

    const { hash } = await sendTransfer(foyer)
    const transaction = await rpc
      .getTransaction(hash as Signature, {
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
        commitment: 'confirmed',
      })
      .send()
    const fee = transaction!.meta!.fee
    expect(fee).toBeGreaterThan(0n)
    expect(await lamportsOf(receiver)).toBe(500_000_000n)
    expect(await lamportsOf(address)).toBe(before - 500_000_000n - fee)

    const { send, pendingTransactions, account } = foyer.getState()
    expect(send).toMatchObject({ sendTokenAmount: undefined, receiverAddress: undefined })
    expect(pendingTransactions[0]).toMatchObject({ hash, to: receiver, amount: '0.5' })
    // The account's balances were read again after the transfer.
    expect(account.tokenBalance.find((token) => token.symbol === 'SOL')?.quantity.numeric).toBe(
      formatUnits(before - 500_000_000n - fee, 9),
    )
  })

  it('sends SPL USDC to a key without a token account', async () => {
    const { foyer } = await setup(5)
    const receiver = (await generateKeyPairSigner()).address
    await getTokenBalances(foyer, { force: true })
    const tokens = await getSendTokenBalances(foyer)
    const usdc = tokens.find((token) => token.symbol === 'USDC')!
    setSendToken(foyer, { token: usdc })
    setSendTokenAmount(foyer, { amount: '12.5' })
    setReceiverAddress(foyer, { address: receiver })
    await sendTransfer(foyer)

    const { value } = await rpc
      .getTokenAccountsByOwner(
        receiver,
        { mint: server.devnet.solana!.tokens[0]!.address },
        { encoding: 'jsonParsed', commitment: 'confirmed' },
      )
      .send()
    const info = value[0]!.account.data.parsed.info as { tokenAmount: { amount: string } }
    expect(info.tokenAmount.amount).toBe('12500000')
    expect(foyer.getState().send.token?.quantity.numeric).toBe('999987.5')
  })

  it('refuses an EVM receiver on Solana before the wallet is asked', async () => {
    const { foyer, address } = await setup(6)
    const [sol] = await getSendTokenBalances(foyer)
    setSendToken(foyer, { token: sol })
    setSendTokenAmount(foyer, { amount: '0.1' })
    setReceiverAddress(foyer, { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    const before = await lamportsOf(address)
    await expect(sendTransfer(foyer)).rejects.toMatchObject({ name: 'InvalidReceiverAddressError' })
    expect(await lamportsOf(address)).toBe(before)
  })

  it("rejects with 'Transaction rejected' when the visitor refuses in the wallet", async () => {
    const { foyer, wallet, address } = await setup(7)
    const [sol] = await getSendTokenBalances(foyer)
    setSendToken(foyer, { token: sol })
    setSendTokenAmount(foyer, { amount: '0.1' })
    setReceiverAddress(foyer, { address: (await generateKeyPairSigner()).address })
    wallet.setBehaviour({ sign: 'reject' })
    const before = await lamportsOf(address)
    await expect(sendTransfer(foyer)).rejects.toMatchObject({
      name: 'SendRejectedError',
      shortMessage: 'Transaction rejected',
      code: 4001,
    })
    expect(await lamportsOf(address)).toBe(before)
    expect(foyer.getState().send.loading).toBe(false)
  })
})
