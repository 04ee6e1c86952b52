import {
  deriveSolanaDevAccounts,
  type StartSolanaDevnetReturnType,
  startSolanaDevnet,
} from '@foyer/devnet/solana'
import { address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxOffer } from './currencies.ts'
import { DeliveryError } from './errors.ts'
import { createSolanaTreasury, lamportsPerSignature } from './solanaTreasury.ts'
import type { SandboxNetwork } from './types.ts'

let world: StartSolanaDevnetReturnType
let network: Extract<SandboxNetwork, { kind: 'solana' }>

beforeAll(async () => {
  world = await startSolanaDevnet({ port: 0 })
  network = {
    kind: 'solana',
    name: 'foyer-solana-local',
    displayName: 'Solana Localnet',
    rpcUrl: world.devnet.rpcUrl,
    tokens: [],
  }
})

afterAll(async () => {
  await world?.stop()
})

const treasury = () => createSolanaTreasury(new Uint8Array(world.devnet.onRampTreasury!.secretKey))
const offer = (symbol: string, mint: string, decimals: number): SandboxOffer => ({
  network,
  symbol,
  name: symbol,
  decimals,
  address: mint,
})

describe('createSolanaTreasury', () => {
  it('prices a delivery at one signature', async () => {
    expect(await (await treasury()).deliveryCost(network, offer('SOL', '', 9))).toBe(
      lamportsPerSignature,
    )
  })

  it('sends USDC, creating the receiver’s token account the first time, and SOL', async () => {
    const sender = await treasury()
    expect(sender.address).toBe(world.devnet.onRampTreasury!.address)
    const rpc = createSolanaRpc(network.rpcUrl)
    const owner = (await generateKeyPairSigner()).address
    const mint = world.devnet.tokens[0]!.address
    const usdc = offer('USDC', mint, 6)
    const sent: string[] = []
    const onSent = (signature: string) => sent.push(signature)
    const first = await sender.send({ network, offer: usdc, to: owner, units: 1_500_000n, onSent })
    const second = await sender.send({ network, offer: usdc, to: owner, units: 250_000n, onSent })
    const sol = await sender.send({
      network,
      offer: offer('SOL', '', 9),
      to: owner,
      units: 2_000_000_000n,
      onSent,
    })
    expect(sent).toEqual([first, second, sol])
    const [ata] = await findAssociatedTokenPda({
      mint: address(mint),
      owner,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    expect((await rpc.getTokenAccountBalance(ata).send()).value.uiAmountString).toBe('1.75')
    expect((await rpc.getBalance(owner).send()).value).toBe(2_000_000_000n)
  })

  it('refuses a mint that is no account of the Token program', async () => {
    const sender = await treasury()
    const notAMint = (await generateKeyPairSigner()).address
    const attempt = sender.send({
      network,
      offer: offer('FAKE', notAMint, 6),
      to: (await generateKeyPairSigner()).address,
      units: 1n,
      onSent: () => {
        throw new Error('nothing may be sent')
      },
    })
    await expect(attempt).rejects.toBeInstanceOf(DeliveryError)
    await expect(attempt).rejects.toThrow(/is not an account of the Token program/)
  })

  it('throws a DeliveryError when the treasury cannot pay', async () => {
    // A dev-mnemonic account far from the funded ones: it holds no lamports.
    const [unfunded] = await deriveSolanaDevAccounts({ count: 1, start: 500 })
    const broke = await createSolanaTreasury(new Uint8Array(unfunded!.account.secretKey))
    const attempt = broke.send({
      network,
      offer: offer('SOL', '', 9),
      to: (await generateKeyPairSigner()).address,
      units: 1_000n,
      onSent: () => undefined,
    })
    await expect(attempt).rejects.toBeInstanceOf(DeliveryError)
    await expect(attempt).rejects.toThrow(/could not send SOL on Solana Localnet/)
  })
})
