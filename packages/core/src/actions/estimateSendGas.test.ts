import { type StartSolanaDevnetReturnType, startSolanaDevnet } from '@foyer/devnet/solana'
import { createSolanaLocalnet, solanaAdapter } from '@foyer/solana'
import { createSolanaTestWallet } from '@foyer/test-wallets/solana'
import {
  type Address,
  createSolanaRpc,
  generateKeyPairSigner,
  lamports,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFoyer } from '../createFoyer.ts'
import { createMemoryStorage, createStorage } from '../storage/createStorage.ts'
import type { CaipNetwork } from '../types/network.ts'
import { formatUnits } from '../utils/format.ts'
import { connect } from './connect.ts'
import { estimateSendGas } from './estimateSendGas.ts'
import { getSendTokenBalances } from './getSendTokenBalances.ts'
import { sendTransfer } from './sendTransfer.ts'
import { setReceiverAddress } from './setReceiverAddress.ts'
import { setSendToken } from './setSendToken.ts'
import { setSendTokenAmount } from './setSendTokenAmount.ts'

let world: StartSolanaDevnetReturnType
let localnet: CaipNetwork
let rpc: Rpc<SolanaRpcApi>

beforeAll(async () => {
  world = await startSolanaDevnet({ port: 0 })
  localnet = createSolanaLocalnet(world.devnet)
  rpc = createSolanaRpc(world.devnet.rpcUrl)
})
afterAll(async () => {
  await world?.stop()
})

const lamportsOf = async (address: string) =>
  (await rpc.getBalance(address as Address, { commitment: 'confirmed' }).send()).value

/** A Foyer connected with a Solana wallet whose key holds exactly `balance` lamports. */
async function setupFunded(balance: bigint) {
  const owner = await generateKeyPairSigner()
  await rpc.requestAirdrop(owner.address, lamports(balance)).send()
  const wallet = await createSolanaTestWallet({
    key: owner,
    rpcUrls: { 'solana:localnet': world.devnet.rpcUrl },
  })
  const foyer = createFoyer({
    networks: [localnet],
    adapters: [solanaAdapter({ discover: false, wallets: [wallet] })],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  await connect(foyer, { connectorId: 'solana.foyer-test-wallet' })
  return { foyer, address: owner.address as string }
}

describe('estimateSendGas on Solana', () => {
  it('prices the transfer the wallet would send, as the RPC prices its message', async () => {
    const { foyer } = await setupFunded(1_000_000_000n)
    const [sol] = await getSendTokenBalances(foyer)
    setSendToken(foyer, { token: sol })
    setSendTokenAmount(foyer, { amount: '0.25' })
    setReceiverAddress(foyer, { address: (await generateKeyPairSigner()).address })
    // LiteSVM charges 5000 lamports per signature; the transfer carries one.
    expect(await estimateSendGas(foyer)).toEqual({
      gas: 1n,
      gasPrice: 5_000n,
      fee: 5_000n,
      formatted: '0.000005',
      symbol: 'SOL',
    })
  })

  it('rejects an incomplete form with the SPEC text', async () => {
    const { foyer } = await setupFunded(1_000_000_000n)
    const [sol] = await getSendTokenBalances(foyer)
    setSendToken(foyer, { token: sol })
    await expect(estimateSendGas(foyer)).rejects.toThrow(
      'An amount and receiver address are required',
    )
  })

  it('lets "everything but the fee" be sent: the sender ends at 0 lamports', async () => {
    const { foyer, address } = await setupFunded(1_500_000_000n)
    await expect.poll(() => lamportsOf(address)).toBe(1_500_000_000n)
    const receiver = (await generateKeyPairSigner()).address
    const [sol] = await getSendTokenBalances(foyer)
    setSendToken(foyer, { token: sol })
    setSendTokenAmount(foyer, { amount: sol!.quantity.numeric })
    setReceiverAddress(foyer, { address: receiver })
    const { fee } = await estimateSendGas(foyer)
    setSendTokenAmount(foyer, { amount: formatUnits(1_500_000_000n - fee, 9) })
    await sendTransfer(foyer)
    expect(await lamportsOf(address)).toBe(0n)
    expect(await lamportsOf(receiver)).toBe(1_500_000_000n - fee)
  })
})
