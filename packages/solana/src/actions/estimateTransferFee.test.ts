import type { CaipNetwork } from '@foyer/core'
import { type StartSolanaDevnetReturnType, startSolanaDevnet } from '@foyer/devnet/solana'
import { generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSolanaLocalnet } from '../networks.ts'
import { estimateTransferFee } from './estimateTransferFee.ts'

let world: StartSolanaDevnetReturnType
let localnet: CaipNetwork

beforeAll(async () => {
  world = await startSolanaDevnet({ port: 0 })
  localnet = createSolanaLocalnet(world.devnet)
})
afterAll(async () => {
  await world?.stop()
})

describe('estimateTransferFee', () => {
  it('prices a SOL transfer as the RPC prices its message: one signature', async () => {
    const from = world.devnet.accounts[1]!.address
    const to = (await generateKeyPairSigner()).address
    expect(await estimateTransferFee({ network: localnet, from, to, amount: 1_000_000n })).toEqual({
      fee: 5_000n,
      signatures: 1,
      createsTokenAccount: false,
    })
  })

  it("says when an SPL transfer also creates the receiver's token account", async () => {
    const from = world.devnet.accounts[1]!.address
    const to = (await generateKeyPairSigner()).address
    const mint = world.devnet.tokens[0]!.address
    expect(
      await estimateTransferFee({ network: localnet, from, to, amount: 1_000n, mint }),
    ).toEqual({ fee: 5_000n, signatures: 1, createsTokenAccount: true })
  })

  it('rejects a transfer the sender cannot make before pricing it', async () => {
    const from = (await generateKeyPairSigner()).address
    const to = (await generateKeyPairSigner()).address
    const mint = world.devnet.tokens[0]!.address
    await expect(
      estimateTransferFee({ network: localnet, from, to, amount: 1n, mint }),
    ).rejects.toThrow('Insufficient token balance')
  })
})
